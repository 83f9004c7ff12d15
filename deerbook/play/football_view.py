"""The Football Highlights table as one seat sees it: a drawing (SVG) and its plain-text twin.

Pure functions of `observation(p)` (the whole table is public) and the game (for the play sheet);
`render_svg(..., width=)` lays the drawing out for a narrower page (a phone: each track shows the boxes around
its next one). The table's words and help are `football_words`, offered here as the view's hooks. Standard
library only (no numpy, plotting or widgets).
"""
from __future__ import annotations

from typing import Sequence

from .log import in_words, seat_label
from .drawing import HIGHLIGHT, INK, PAPER, SOFT, Svg, seat_colour, wrap_words
from .football_words import box_label, box_words, marks_kick_range as kick_range  # noqa: F401 (box_words: a hook)
from .football_words import choice_label, legend, prompt, roll_prompt, rule_reference, rules_card  # noqa: F401
from .football_words import dice, score_line  # noqa: F401 (score_line: a hook)
from ..football.rules import BLITZ_CHART, DECLINED, DEFENSE_NAMES, points as score
from ..football.sheet import TRACKS

WIDTH = 780
FIELD = ("45", "40", "35", "30", "25", "20", "15", "10", "5", "End Zone 1", "End Zone 2")
POWER_FILL = "#F5C396"  # power dice: a light Okabe–Ito orange tint; play dice are white
CHECKED_FILL = "#56B4E9"  # checked boxes: Okabe–Ito sky blue, with a tick
PHASE_WORDS = {"defense roll": "rolling the Defense Die", "defense marker roll": "placing the Defense Marker",
               "play roll": "rolling the play dice", "power roll": "rolling power dice",
               "blitz roll": "Blitz Bach's turn", "overtime roll": "rolling for overtime",
               "area": "taking the dice of one area", "active": "checking dice", "picks": "picking up to two tracks",
               "final kicks": "may kick a last field goal", "overtime": "overtime", "over": "game over"}


def points(marks: dict) -> int:
    """The points of a player's marks as observed."""
    return score(marks["touchdowns"], marks["field_goals"])


def headline(observation: dict, game, names=None) -> str:
    """One line: the round (or overtime), whose turn it is and the phase."""
    s, n = observation["state"], game.num_players
    if s["phase"] == "over":
        return "Football Highlights: game over"
    regulation = s["turn"] < game.total_turns
    when = f"round {s['turn'] // n + 1} of {game.rounds}" if regulation else "end of regulation"
    when += f", overtime {s['overtime']}" if s["overtime"] else ""
    active = f"P{s['turn'] % n}'s turn, " if regulation and n > 1 else ""
    who = "you" if s["actor"] == observation["player"] else seat_label(observation["player"], s["actor"], names)
    return f"Football Highlights: {when}; {active}{who}: {PHASE_WORDS.get(s['phase'], s['phase'])}"


def result_text(observation: dict, game, winners: Sequence[int], names: Sequence[str] | None = None) -> str:
    """Who won and why: the final score, and each player's touchdowns and field goals (solo: against Blitz Bach,
    who wins ties)."""
    s, me = observation["state"], observation["player"]
    scores = [points(m) for m in s["marks"]]
    tally = [_tally(m) for m in s["marks"]]
    if game.num_players == 1:
        blitz = sum(s["blitz"])
        beat = in_words(f"{{P0}} {'beat' if me == 0 else 'beats'}", me, names)  # a bot's solo game: "P0 beats"
        head = f"{beat} Blitz Bach {scores[0]}–{blitz}" if winners else f"Blitz Bach wins {blitz}–{scores[0]}"
        tie = " (he wins ties)" if blitz == scores[0] else ""
        whose = "your" if me == 0 else in_words("{P0}'s", me, names)
        rounds = " + ".join(map(str, s["blitz"])) or "0"
        return (f"{head}{tie}: {whose} {tally[0]} against his points of {len(s['blitz'])} rounds ({rounds}); each "
                "round he scored from the area with the most dice once his power dice had cleared the areas they "
                "showed, leaving out the Defense Marker's area.")
    verb = "wins" if len(winners) == 1 and winners[0] != me else "win"
    verb = "share the win" if len(winners) > 1 else verb
    rest = ", ".join(f"{{P{p}}} {scores[p]}" for p in sorted(range(len(scores)), key=lambda p: -scores[p])
                     if p not in winners)
    best = " and ".join(f"{{P{p}}}" for p in winners)
    then = f"; then {rest}" if rest else ""
    why = " ".join(f"{{P{p}}}: {tally[p]}." for p in range(len(scores)))
    extra = f" After {s['overtime']} overtime round{'s' * (s['overtime'] > 1)}." if s["overtime"] else ""
    return in_words(f"{best} {verb} with {scores[winners[0]]} points{then}. The most points wins.{extra} {why}",
                    me, names)


def _tally(marks: dict) -> str:
    """A player's scoring in words: "2 touchdowns and 1 field goal"."""
    tds, fgs = marks["touchdowns"], marks["field_goals"]
    return f"{tds} touchdown{'s' * (tds != 1)} and {fgs} field goal{'s' * (fgs != 1)}"


def render_text(observation: dict, game, names: Sequence[str] | None = None) -> str:
    """The table in plain text for a terminal."""
    o, s, sheet = observation, observation["state"], game.sheet
    lines = [headline(o, game, names), f"Defense Die: {defense_words(s)}"]
    areas = [f"{t}: {s['board'][t - 1]} play"
             + (f" + {s['power_board'][t - 1]} power" if s["power_board"][t - 1] else "")
             for t in TRACKS]
    lines.append("Play Dice areas: " + " | ".join(areas) + f"; {s['pool']} dice to roll next")
    if s["defense_marker"]:
        lines.append(f"Defense Marker on area {s['defense_marker']}")
    if any(s["hand"]):
        lines.append("Dice to check: " + ", ".join(f"{n} on track {t}" for t, n in zip(TRACKS, s["hand"]) if n))
    if s["picks"]:
        lines.append("Tracks picked: " + ", ".join("declined" if t == DECLINED else str(t) for t in s["picks"]))
    if s["wild_from"]:
        lines.append(f"Wild chain from track {s['wild_from']}: name another track")
    for p, m in enumerate(s["marks"]):
        lines.append(f"{seat_label(o['player'], p, names)}: {points(m)} points "
                     f"({m['touchdowns']} TD, {m['field_goals']} FG), "
                     f"ball on the {m['marker']}, kick range {kick_range(m, game)}, {dice(m['power'], 'power')}")
    mine = s["marks"][o["player"]]
    lines.append("Your sheet (checked boxes / boxes):")
    for t in TRACKS:
        track = sheet.track(t)
        upcoming = " ".join(box.code for box in track[mine["checked"][t - 1]:mine["checked"][t - 1] + 4])
        lines.append(f"  track {t}: {mine['checked'][t - 1]}/{len(track)}"
                     + (f", next: {upcoming}" if upcoming else ""))
    lines.append(f"  Breakaway {mine['breakaway']}/{len(sheet.breakaway)}, Yards after Catch {mine['yac']}/"
                 f"{len(sheet.yac)}, Kick Range {mine['kick']}/{len(sheet.kick_range)}, Power {mine['power']}/6")
    if game.num_players == 1:
        lines.append(f"Blitz Bach: {sum(s['blitz'])} points ({', '.join(map(str, s['blitz'])) or 'no rounds yet'}); "
                     f"chart: {blitz_chart_words()}")
    return "\n".join(lines)


def defense_words(s: dict) -> str:
    """What the Defense Die shows: its face, or "not rolled yet" before this turn's roll."""
    return "not rolled yet" if s["phase"] == "defense roll" else DEFENSE_NAMES[s["defense"]]


def blitz_chart_words() -> str:
    """Blitz Bach's scoring chart in words."""
    return ", ".join(f"{n}{'+' if n == len(BLITZ_CHART) - 1 else ''} dice {pts}" for n, pts in enumerate(BLITZ_CHART))


def render_svg(observation: dict, game, names: Sequence[str] | None = None, width: int = WIDTH) -> str:
    """The table as an SVG drawing `width` pixels wide: field, Play Dice areas, Defense Die, scores and your play
    sheet (on a narrow page the areas wrap and each track shows the boxes around its next one)."""
    o = observation
    svg = Svg(width, headline(o, game, names))
    y = svg.headline(headline(o, game, names)) + 14
    y = _field(svg, o, names, y)
    y = _areas(svg, o, y + 8)
    y = _scores(svg, o, game, names, y + 8)
    y = _sheet(svg, o, game, y + 8)
    if game.num_players == 1:
        _blitz(svg, o, y + 8)
    return str(svg)


def _field(svg: Svg, o: dict, names, top: float) -> float:
    marks = o["state"]["marks"]
    cell = (svg.width - 20) / len(FIELD)
    narrow = svg.width < 700  # "End Zone 1" fits a space of 64 px or more; "EZ1" any
    levels = [sum(m["marker"] == marks[q]["marker"] for q in range(p)) for p, m in enumerate(marks)]
    for i, name in enumerate(FIELD):
        end_zone = i >= 9
        label = f"EZ{name[-1]}" if end_zone and narrow else name
        svg.rect(10 + i * cell, top, cell, 60, fill="#8FD19E" if not end_zone else "#5DB26E", stroke=INK)
        svg.text(10 + i * cell + cell / 2, top + 54, label, size=11 if end_zone else 12, fill=INK, anchor="middle",
                 weight="bold")
    across = 2 if narrow else 3  # balls on one space: side by side, then a row lower
    for p, (m, level) in enumerate(zip(marks, levels)):
        left = 10 + FIELD.index(str(m["marker"])) * cell
        x = left + (12 + (cell - 24) * (level % 2) if narrow else 14 + 20 * (level % 3))
        y = top + 14 + 19 * (level // across)
        svg.circle(x, y, 9, seat_colour(p), label=f"{seat_label(o['player'], p, names)}: ball on the {m['marker']}")
        svg.text(x, y + 4, p, size=11, fill=INK, anchor="middle", weight="bold")
    return top + 60


def _areas(svg: Svg, o: dict, top: float) -> float:
    """The six Play Dice areas with their dice (three to a row on a narrow page), and the Defense Die beside them, or
    under them where there is no room."""
    s = o["state"]
    per_row = 6 if svg.width >= 690 else 3 if svg.width >= 330 else 2
    width = min(104, (svg.width - 20 - 8 * (per_row - 1)) / per_row)
    svg.text(10, top + 14, "Play Dice areas", size=12, weight="bold")
    for i, track in enumerate(TRACKS):
        x, y = 10 + (i % per_row) * (width + 8), top + 20 + (i // per_row) * 72
        marker = s["defense_marker"] == track
        svg.rect(x, y, width, 64, fill="none", stroke=HIGHLIGHT if marker else SOFT, rx=6, width=2 if marker else 1)
        svg.text(x + 6, y + 14, f"area {track}", size=11)
        if marker:
            svg.text(x + width - 6, y + 14, "marker", size=11, anchor="end", weight="bold")
        dice = ["play"] * s["board"][i] + ["power"] * s["power_board"][i]
        across = int((width - 8) // 18)
        for j, kind in enumerate(dice[:2 * across]):
            svg.die(x + 5 + (j % across) * 18, y + 21 + (j // across) * 20, str(track), size=17,
                    fill=PAPER if kind == "play" else POWER_FILL, label=f"{kind} die in area {track}")
    bottom = top + 20 + 72 * ((len(TRACKS) + per_row - 1) // per_row)
    narrow = svg.width - 82 < 10 + per_row * (width + 8)  # no room for the Defense Die beside the areas: under them
    svg.text(10, bottom + 8, f"{s['pool']} play dice to roll next turn", size=11)
    name, die_top = defense_words(s), bottom if narrow else top + 20
    svg.die(svg.width - 82, die_top, name.replace(" yards", ""), size=58, label=f"Defense Die: {name}")
    svg.text(svg.width - 53, die_top + 72, "Defense Die", size=11, anchor="middle")
    if any(s["hand"]):  # beside the pool's line on a wide page, under it on a narrow one
        held = ", ".join(f"{n} on track {t}" for t, n in zip(TRACKS, s["hand"]) if n)
        svg.text(10 if narrow else 250, bottom + 8 + 16 * narrow, f"dice to check: {held}", size=11, weight="bold")
    return bottom + 12 + 66 * narrow


def _scores(svg: Svg, o: dict, game, names, top: float) -> float:
    y = top
    for p, m in enumerate(o["state"]["marks"]):
        line = (f"{seat_label(o['player'], p, names)}: {points(m)} points ({m['touchdowns']} TD, "
                f"{m['field_goals']} FG), ball on the {m['marker']}, kick range {kick_range(m, game)}, "
                f"{dice(m['power'], 'power')}")
        svg.circle(16, y + 8, 5, seat_colour(p))
        for part in wrap_words(line, int((svg.width - 36) / 7.4)):
            svg.text(26, y + 12, part, size=12)
            y += 16
    return y


#: Where a sheet row's boxes start (after its title); the pitch of its boxes: as wide as the page allows every box,
#: from `PITCH` down to `TIGHT`, else `PITCH` with the row's boxes on as many lines as they need (a phone).
ROW_LEFT, PITCH, TIGHT = 80, 27, 24


def _box_row(svg: Svg, x: float, y: float, labels: Sequence[str], checked: int, title: str, size: float = PITCH,
             per_line: int = 0) -> float:
    """A row of sheet boxes, `per_line` to a line (all on one without it), titled at the left; a checked box is
    filled and ticked. Returns where the row ends."""
    svg.text(10, y + 18, title, size=11, weight="bold")
    row = title.lower().replace(" ", "-") or "power"
    per_line = per_line or max(1, len(labels))
    for i, label in enumerate(labels):
        done, left, top = i < checked, x + (i % per_line) * size, y + (i // per_line) * (PITCH + 1)
        svg.rect(left, top, size - 2, PITCH - 2, fill=CHECKED_FILL if done else PAPER, stroke=INK, rx=2,
                 cls=f"box {row}" + " checked" * done)
        svg.text(left + size / 2 - 1, top + PITCH / 2 + 5, label, size=11, fill=INK, anchor="middle")
        if done:
            svg.tick(left + size - 10, top + 1, size=7)
    return y + -(-len(labels) // per_line) * (PITCH + 1)


def _sheet(svg: Svg, o: dict, game, top: float) -> float:
    """Your play sheet: every box, each row on one line on a wide page, on as many as it needs on a narrow one."""
    sheet, mine = game.sheet, o["state"]["marks"][o["player"]]
    svg.text(10, top + 14, f"Your play sheet (P{o['player']})", size=12, weight="bold")
    longest = max(len(sheet.track(t)) for t in TRACKS)
    room = svg.width - ROW_LEFT - 4
    pitch, fits = min(PITCH, room / longest), longest
    if pitch < TIGHT:  # a row's boxes wrap onto more lines
        pitch, fits = PITCH, int(room // PITCH)
    rows = [*((f"track {t}", [box_label(b) for b in sheet.track(t)], mine["checked"][t - 1]) for t in TRACKS),
            ("Breakaway", [f"+{v}" for v in sheet.breakaway], mine["breakaway"]),
            ("YAC", [f"+{v}" for v in sheet.yac], mine["yac"]),
            ("Kick Range", [str(v) for v in sheet.kick_range], mine["kick"])]
    y = top + 22
    for title, labels, checked in rows:
        y = _box_row(svg, ROW_LEFT, y, labels, checked, title, size=pitch, per_line=fits)
    if fits >= 16:  # the power boxes beside the Kick Range
        _box_row(svg, ROW_LEFT + pitch * 9, y - PITCH - 1, ["P"] * 6, mine["power"], "", size=pitch)
        svg.text(ROW_LEFT + pitch * 9 - 6, y - PITCH - 1 + 18, "Power", size=11, weight="bold", anchor="end")
    else:
        y = _box_row(svg, ROW_LEFT, y, ["P"] * 6, mine["power"], "Power", per_line=fits)
    return y


def _blitz(svg: Svg, o: dict, top: float) -> None:
    blitz = o["state"]["blitz"]
    svg.text(10, top + 14, f"Blitz Bach: {sum(blitz)} points", size=12, weight="bold")
    _box_row(svg, ROW_LEFT, top + 22, [str(v) for v in blitz] + [""] * (6 - len(blitz)), len(blitz), "rounds")
    text = (f"His chart (dice in the area with the most dice once his power dice have cleared the areas they show, "
            f"leaving out the Defense Marker's area): {blitz_chart_words()}")
    for i, line in enumerate(wrap_words(text, int((svg.width - 20) / 6.8))):
        svg.text(10, top + 66 + 15 * i, line, size=11)
