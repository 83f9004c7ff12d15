"""The Football table's words: its choices, prompts, rulings, legend and rules card, in a newcomer's words.

Each choice is named with the box it checks, with the prompt of each decision, the rulings section it follows, the
legend of the play-sheet codes and a short rules card.

Everything here reads a seat's observation (the whole table is public), the legal actions and the play sheet
(so a reader's own sheet is told as it is); nothing is a rule. Standard library only.
"""
from __future__ import annotations

from html import escape
from typing import Sequence

from ..engine import Action
from ..football.marks import FIELD_GOAL_POINTS, TOUCHDOWN_POINTS
from ..football.rules import BLITZ_CHART
from ..football.marks import points as score
from ..football.sheet import PASS_TRACKS, RUN_TRACKS, START_KICK_RANGE, TRACKS
from .drawing import INK, PAPER, Svg
from .log import in_words

FOOTBALL_SECTION = "3-football-highlights-the-dice-game"  # the rulings page's §3 heading anchor
TRACK_KINDS = {1: "short runs", 2: "medium runs", 3: "long runs", 4: "short passes", 5: "medium passes",
               6: "long passes"}
#: A box in short, as the drawings and the sheet's chart both show it: a chained action is its track's number in a
#: circle (the printed sheet's mark), a wild chain a star.
CHAIN_MARKS = dict(zip(TRACKS, "①②③④⑤⑥"))
BOX_SHORT = {"empty": "", "wild": "★", "kick": "K", "power": "P"}


def dice(count: int, kind: str = "") -> str:
    """"1 die", "3 dice", "1 power die": a count of dice in words."""
    return f"{count} {kind + ' ' if kind else ''}{'die' if count == 1 else 'dice'}"


def box_label(box) -> str:
    """A play-sheet box in short (the drawing's code)."""
    if box.action == "chain":
        return CHAIN_MARKS[box.target]
    return BOX_SHORT.get(box.action, box.code)


def box_words(code: str, track: int | None = None) -> str:
    """A play-sheet box code in words: "5B" on track 1 -> "5-yard run + Breakaway"."""
    if code == "empty":
        return "nothing"
    if code == "wild":
        return "wild chain: the next box of any other track"
    if code == "kick":
        return "Kick Range: field goals from further out"
    if code == "power":
        return "a Power Die"
    if code.startswith("chain"):
        return f"chain: the next box of track {code.split()[1]}"
    yards, bonus = code.rstrip("BY"), code[-1] if code[-1] in "BY" else ""
    play = "pass" if bonus == "Y" or track in PASS_TRACKS else "run" if bonus == "B" or track in RUN_TRACKS else ""
    extra = {"B": " + Breakaway", "Y": " + Yards after Catch", "": ""}[bonus]
    return f"{yards}-yard {play or 'play'}{extra}"


def next_box(observation: dict, game, track: int) -> str:
    """The next box the seat to move would check on `track`, in words."""
    s = observation["state"]
    marks = s["marks"][s["actor"]]
    boxes = game.sheet.track(track)
    done = marks["checked"][track - 1]
    if done >= len(boxes):
        return "the track is full: nothing"
    return f"box {done + 1}: {box_words(boxes[done].code, track)}"


def choice_label(observation: dict, game, action: Action, names: Sequence[str] | None = None) -> str:
    """A legal choice in plain words, with the box it would check."""
    kind, args = action.kind, action.args
    s = observation["state"]
    if kind == "take":
        track = args[0]
        play, power = s["board"][track - 1], s["power_board"][track - 1]
        taken = " + ".join(dice(n, kind_) for n, kind_ in ((play, "play"), (power, "power")) if n)
        return f"Area {track}: {taken} for track {track} ({TRACK_KINDS[track]})"
    if kind in ("check", "pick", "wild"):
        track = args[0]
        head = {"check": f"Check a {track}", "pick": f"Pick track {track}", "wild": f"Wild chain to track {track}"}
        return f"{head[kind]}: {next_box(observation, game, track)}"
    if kind == "kick":
        return f"Kick a field goal from the {s['marks'][s['actor']]['marker']} (+{FIELD_GOAL_POINTS})"
    if kind == "no kick":
        return "No field goal"
    return in_words(action.text[:1].upper() + action.text[1:], observation["player"], names)


def prompt(observation: dict, game, rule: str, legal: Sequence[Action], names: Sequence[str] | None = None) -> str:
    """What the seat to move is asked, in plain words."""
    s, me = observation["state"], observation["player"]
    marks = s["marks"][s["actor"]]
    phase, kick = s["phase"], marks_kick_range(marks, game)
    kicking = any(a.kind == "kick" for a in legal)
    field_goal = (f" You may kick a field goal now: the ball is on the {marks['marker']}, within your Kick Range "
                  f"({kick}).") if kicking else ""
    if s["wild_from"]:
        return "Wild chain: pick any other track; you check its next box."
    if phase == "area":
        return ("Take all the dice of one area: each die then checks the next box of the track with its number, "
                "left to right.")
    if phase == "active":
        held = ", ".join(f"{n} × {t}" for t, n in zip(TRACKS, s["hand"]) if n)
        if not held:
            return f"Every die of yours is checked.{field_goal}"
        return f"Check your dice one at a time ({held} left): each checks the next box of its track.{field_goal}"
    if phase == "picks":
        return in_words(f"{{P{s['turn'] % game.num_players}}} took an area. Pick two different tracks whose areas "
                        f"still hold play dice: you check the next box of each.{field_goal}", me, names)
    if phase == "final kicks":
        return f"The last round is over. One last field goal?{field_goal}"
    if phase == "overtime":
        return "Overtime: check one box per rolled die, in any order."
    return rule


def marks_kick_range(marks: dict, game) -> int:
    """The field-goal range of a player's marks as observed."""
    return game.sheet.kick_range[marks["kick"] - 1] if marks["kick"] else START_KICK_RANGE


def score_line(observation: dict, game, names: Sequence[str] | None = None) -> str:
    """Every seat's points in one line (solo: yours and Blitz Bach's)."""
    s, me = observation["state"], observation["player"]
    points = [f"{{P{p}}} {score(m['touchdowns'], m['field_goals'])}" for p, m in enumerate(s["marks"])]
    if game.num_players == 1:
        points.append(f"Blitz Bach {sum(s['blitz'])}")
    return in_words("Scores (the most points wins): " + " · ".join(points), me, names)


def roll_prompt(observation: dict, game) -> str:
    """The prompt of a person's own roll (it follows "Your turn: ")."""
    if observation["state"]["phase"] == "overtime roll":
        return "overtime: roll as many dice as you have Power Dice."
    return "roll the Defense Die and the play dice."


def rule_reference(rule: str) -> tuple[str, str]:
    """(link words, anchor) of the rulings section every Football rule falls under."""
    return "§3 of the rulings", FOOTBALL_SECTION


def legend(game) -> list[tuple[str, str]]:
    """(code, meaning) for the play sheet's codes and the drawing's marks."""
    actions = {box.action for track in game.sheet.tracks for box in track}
    marks = [("5, 10, 15…", "yards: a run on tracks 1–3, a pass on tracks 4–6 (the ball moves 1 space per 5 yards)")]
    found = {box.code[-1] for track in game.sheet.tracks for box in track if box.code[-1] in "BY"}
    if "B" in found:
        marks.append(("5B", "a run that also checks the next Breakaway box (bonus yards)"))
    if "Y" in found:
        marks.append(("10Y", "a pass that also checks the next Yards-after-Catch box (bonus yards)"))
    words = {"chain": (CHAIN_MARKS[2], "chained action: also check the next box of track 2"),
             "wild": (BOX_SHORT["wild"], "wild chain: also check the next box of any other track (you pick)"),
             "kick": ("K", "check the next Kick Range box: field goals from further out"),
             "power": ("P", "unlock a Power Die (rolled with the play dice)"),
             "empty": ("blank", "nothing happens")}
    marks += [words[action] for action in ("chain", "wild", "kick", "power", "empty") if action in actions]
    marks += [("✓ blue box", "checked already"), ("orange die", "a power die; white dice are play dice"),
              ("Defense Die", "the first run (−5) or complete pass (−10) of a turn loses that many yards"),
              ("Kick Range", f"field goals may be kicked from this yard line or closer (it starts at "
                             f"{START_KICK_RANGE})")]
    if game.num_players == 1:
        marks.append(("Defense Marker", "Blitz Bach may not score from the marked area"))
    return marks


def rules_card(game) -> tuple[str, str]:
    """(HTML, plain text) of a short rules card: the goal, a turn, scoring, with the field and a sheet drawn."""
    rounds = game.rounds
    sections = [("Goal", f"Score the most points in {rounds} rounds: a touchdown is {TOUCHDOWN_POINTS}, a field goal "
                         f"{FIELD_GOAL_POINTS}." + (" Solo: beat Blitz Bach's score; he wins ties."
                                                    if game.num_players == 1 else ""))]
    sections.append(("Your turn", "Roll the Defense Die and the play dice: each die lands in the area of its number "
                                  "(1–6). Take all the dice of one area; each checks the next box of that track, "
                                  "left to right. Tracks 1–3 are runs, 4–6 passes: their yards move your ball from "
                                  "the 45 toward the End Zone. Reaching it is a touchdown, and the ball goes back "
                                  "to the 45."))
    if game.num_players > 1:
        sections.append(("The others", "Then every other player picks two tracks whose areas still hold dice and "
                                       "checks the next box of each, moving their own ball."))
    else:
        chart = ", ".join(f"{dice(n)}{'+' if n == len(BLITZ_CHART) - 1 else ''} {pts}"
                          for n, pts in enumerate(BLITZ_CHART) if pts)
        sections.append(("Blitz Bach", "Then you pick two tracks as a non-active player would, and Blitz Bach rolls "
                                       "your power dice: they clear the areas they show, and he scores from the area "
                                       f"with the most dice left, leaving out the Defense Marker's area: {chart}."))
    sections.append(("Field goals", f"Between two dice, if your ball is on your Kick Range line or closer (it starts "
                                    f"at {START_KICK_RANGE}), you may kick: +{FIELD_GOAL_POINTS}, ball back to the "
                                    "45. K boxes widen the range."))
    text = "\n".join(f"{title}: {body}" for title, body in sections)
    body = "".join(f"<p><b>{escape(title)}.</b> {escape(words)}</p>" for title, words in sections)
    return f'{body}<div class="deerbook-picture">{_sheet_picture(game)}</div>', text


def _sheet_picture(game) -> str:
    """The field, and the first boxes of a run track and a pass track, drawn."""
    svg = Svg(360, "the field and the first boxes of two tracks")
    spaces = ("45", "40", "35", "30", "25", "20", "15", "10", "5", "EZ")
    cell = 340 / len(spaces)
    for i, name in enumerate(spaces):
        svg.rect(10 + i * cell, 4, cell, 26, fill="#8FD19E" if name != "EZ" else "#5DB26E", stroke=INK)
        svg.text(10 + i * cell + cell / 2, 22, name, size=10, fill=INK, anchor="middle", weight="bold")
    svg.text(10, 44, "the ball starts on the 45; EZ is the End Zone (a touchdown)", size=10)
    for row, track in enumerate((1, 4)):
        y = 56 + row * 30
        svg.text(10, y + 16, f"track {track}", size=11, weight="bold")
        for i, box in enumerate(game.sheet.track(track)[:9]):
            svg.rect(64 + i * 30, y, 28, 24, fill=PAPER, stroke=INK, rx=2)
            svg.text(64 + i * 30 + 14, y + 16, box_label(box), size=10, fill=INK, anchor="middle")
    return str(svg)
