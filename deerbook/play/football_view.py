"""The Football Highlights table as one seat sees it: a drawing (SVG) and its plain-text twin.

Pure functions of `observation(p)` (the whole table is public) and the game (for the play sheet).
Standard library only (no numpy, plotting or widgets).
"""
from __future__ import annotations

from typing import Sequence

from .narration import in_words, seat_label
from .drawing import HIGHLIGHT, INK, PAPER, SOFT, Svg, seat_colour
from ..football.rules import BLITZ_CHART, DECLINED, DEFENSE_NAMES, points as score
from ..football.sheet import START_KICK_RANGE, TRACKS

WIDTH = 780
FIELD = ("45", "40", "35", "30", "25", "20", "15", "10", "5", "End Zone 1", "End Zone 2")
POWER_FILL = "#F5C396"  # power dice: a light Okabe–Ito orange tint; play dice are white
CHECKED_FILL = "#56B4E9"  # checked boxes: Okabe–Ito sky blue, with a tick
PHASE_WORDS = {"defense roll": "rolling the Defense Die", "defense marker roll": "placing the Defense Marker",
               "play roll": "rolling the play dice", "power roll": "rolling power dice",
               "blitz roll": "Blitz Bach's turn", "overtime roll": "rolling for overtime",
               "area": "taking the dice of one area", "active": "checking dice", "picks": "picking up to two tracks",
               "final kicks": "may kick a last field goal", "overtime": "overtime", "over": "game over"}
BOX_SHORT = {"empty": "", "wild": "W", "kick": "K", "power": "P"}


def points(marks: dict) -> int:
    """The points of a player's marks as observed."""
    return score(marks["touchdowns"], marks["field_goals"])


def kick_range(marks: dict, sheet) -> int:
    """The field-goal range of a player's marks as observed."""
    return sheet.kick_range[marks["kick"] - 1] if marks["kick"] else START_KICK_RANGE


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
    """The final score in words (solo: against Blitz Bach, who wins ties)."""
    s, me = observation["state"], observation["player"]
    scores = [points(m) for m in s["marks"]]
    if game.num_players == 1:
        blitz = sum(s["blitz"])
        beat = in_words(f"{{P0}} {'beat' if me == 0 else 'beats'}", me, names)  # a bot's solo game: "P0 beats"
        return f"{beat} Blitz Bach {scores[0]}–{blitz}." if winners else f"Blitz Bach wins {blitz}–{scores[0]}."
    verb = "wins" if len(winners) == 1 and winners[0] != me else "win"
    rest = ", ".join(f"{{P{p}}} {scores[p]}" for p in sorted(range(len(scores)), key=lambda p: -scores[p])
                     if p not in winners)
    best = " and ".join(f"{{P{p}}}" for p in winners)
    then = f"; then {rest}" if rest else ""
    return in_words(f"{best} {verb} with {scores[winners[0]]} points{then}.", me, names)


def box_label(box) -> str:
    """A play-sheet box in short words."""
    if box.action == "chain":
        return f"→{box.target}"
    return BOX_SHORT.get(box.action, box.code)


def render_text(observation: dict, game, names: Sequence[str] | None = None) -> str:
    """The table in plain text for a terminal."""
    o, s, sheet = observation, observation["state"], game.sheet
    lines = [headline(o, game, names), f"Defense Die: {DEFENSE_NAMES[s['defense']]}"]
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
                     f"ball on the {m['marker']}, kick range {kick_range(m, sheet)}, {m['power']} power dice")
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


def blitz_chart_words() -> str:
    """Blitz Bach's scoring chart in words."""
    return ", ".join(f"{n}{'+' if n == len(BLITZ_CHART) - 1 else ''} dice {pts}" for n, pts in enumerate(BLITZ_CHART))


def render_svg(observation: dict, game, names: Sequence[str] | None = None) -> str:
    """The table as an SVG drawing: field, Play Dice areas, Defense Die, scores and your play sheet."""
    o = observation
    svg = Svg(WIDTH, headline(o, game, names))
    svg.text(10, 20, headline(o, game, names), size=14, weight="bold")
    y = _field(svg, o, names, 34)
    y = _areas(svg, o, y + 8)
    y = _scores(svg, o, game, names, y + 8)
    y = _sheet(svg, o, game, y + 8)
    if game.num_players == 1:
        _blitz(svg, o, y + 8)
    return str(svg)


def _field(svg: Svg, o: dict, names, top: float) -> float:
    marks = o["state"]["marks"]
    cell = (WIDTH - 20) / len(FIELD)
    levels = [sum(m["marker"] == marks[q]["marker"] for q in range(p)) for p, m in enumerate(marks)]
    for i, name in enumerate(FIELD):
        end_zone = i >= 9
        svg.rect(10 + i * cell, top, cell, 60, fill="#8FD19E" if not end_zone else "#5DB26E", stroke=INK)
        svg.text(10 + i * cell + cell / 2, top + 54, name, size=10 if end_zone else 12, fill=INK, anchor="middle",
                 weight="bold")
    for p, (m, level) in enumerate(zip(marks, levels)):
        x = 10 + FIELD.index(str(m["marker"])) * cell + 14 + 20 * (level % 3)
        y = top + 14 + 18 * (level // 3)
        svg.circle(x, y, 8, seat_colour(p), label=f"{seat_label(o['player'], p, names)}: ball on the {m['marker']}")
        svg.text(x, y + 4, p, size=10, fill=INK, anchor="middle", weight="bold")
    return top + 60


def _areas(svg: Svg, o: dict, top: float) -> float:
    s = o["state"]
    width = 104
    svg.text(10, top + 14, "Play Dice areas", size=12, weight="bold")
    for i, track in enumerate(TRACKS):
        x = 10 + i * (width + 8)
        marker = s["defense_marker"] == track
        svg.rect(x, top + 20, width, 64, fill="none", stroke=HIGHLIGHT if marker else SOFT, rx=6,
                 width=2 if marker else 1)
        svg.text(x + 6, top + 34, f"area {track}" + (" (marker)" * marker), size=10)
        dice = ["play"] * s["board"][i] + ["power"] * s["power_board"][i]
        for j, kind in enumerate(dice[:12]):
            svg.die(x + 6 + (j % 6) * 16, top + 40 + (j // 6) * 20, str(track), size=14,
                    fill=PAPER if kind == "play" else POWER_FILL, label=f"{kind} die in area {track}")
    svg.text(10, top + 100, f"{s['pool']} play dice to roll next turn", size=11)
    svg.die(WIDTH - 82, top + 86 - 58, DEFENSE_NAMES[s["defense"]].replace(" yards", ""), size=58,
            label=f"Defense Die: {DEFENSE_NAMES[s['defense']]}")
    svg.text(WIDTH - 53, top + 100, "Defense Die", size=10, anchor="middle")
    if any(s["hand"]):
        held = ", ".join(f"{n} on track {t}" for t, n in zip(TRACKS, s["hand"]) if n)
        svg.text(250, top + 100, f"dice to check: {held}", size=11, weight="bold")
    return top + 104


def _scores(svg: Svg, o: dict, game, names, top: float) -> float:
    for p, m in enumerate(o["state"]["marks"]):
        y = top + 16 * p + 12
        svg.circle(16, y - 4, 5, seat_colour(p))
        svg.text(26, y, f"{seat_label(o['player'], p, names)}: {points(m)} points "
                        f"({m['touchdowns']} TD, {m['field_goals']} FG), "
                        f"ball on the {m['marker']}, kick range {kick_range(m, game.sheet)}, {m['power']} power dice",
                 size=12)
    return top + 16 * len(o["state"]["marks"])


def _box_row(svg: Svg, x: float, y: float, labels: Sequence[str], checked: int, title: str, size: float = 27) -> None:
    svg.text(10, y + size / 2 + 4, title, size=11, weight="bold")
    for i, label in enumerate(labels):
        done = i < checked
        row = title.lower().replace(" ", "-") or "power"
        svg.rect(x + i * size, y, size - 2, size - 2, fill=CHECKED_FILL if done else PAPER, stroke=INK, rx=2,
                 cls=f"box {row}" + " checked" * done)
        svg.text(x + i * size + size / 2 - 1, y + size / 2 + 3, label, size=9, fill=INK, anchor="middle")
        if done:
            svg.text(x + i * size + size - 5, y + 9, "✓", size=9, fill=INK, anchor="end", weight="bold")


def _sheet(svg: Svg, o: dict, game, top: float) -> float:
    sheet, mine = game.sheet, o["state"]["marks"][o["player"]]
    svg.text(10, top + 14, f"Your play sheet (P{o['player']})", size=12, weight="bold")
    y = top + 22
    for t in TRACKS:
        _box_row(svg, 86, y, [box_label(b) for b in sheet.track(t)], mine["checked"][t - 1], f"track {t}")
        y += 28
    _box_row(svg, 86, y, [f"+{v}" for v in sheet.breakaway], mine["breakaway"], "Breakaway")
    _box_row(svg, 86, y + 28, [f"+{v}" for v in sheet.yac], mine["yac"], "YAC")
    _box_row(svg, 86, y + 56, [str(v) for v in sheet.kick_range], mine["kick"], "Kick Range")
    _box_row(svg, 86 + 27 * 8, y + 56, ["P"] * 6, mine["power"], "")
    svg.text(86 + 27 * 6 + 12, y + 56 + 17, "Power", size=11, weight="bold")
    return y + 84


def _blitz(svg: Svg, o: dict, top: float) -> None:
    blitz = o["state"]["blitz"]
    svg.text(10, top + 14, f"Blitz Bach: {sum(blitz)} points", size=12, weight="bold")
    _box_row(svg, 86, top + 22, [str(v) for v in blitz] + [""] * (6 - len(blitz)), len(blitz), "rounds")
    svg.text(10, top + 66, f"His chart (dice in the fullest area outside the Defense Marker's): {blitz_chart_words()}",
             size=11)
