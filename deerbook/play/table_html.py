"""The parts of a table every HTML front end shows, written once: the choices in plain words, the prompt with its
ruling linked, the log in time order with a divider per turn, the hints, the rules card and legend, the result.

The book page's table (`play.page`) and the notebook table (`widgets.table.GameTable`) both show these; the
terminal (`play.terminal`) writes the same words as text. Everything reads a `Session` as its viewing seat may
see it. The choices come in the view's order (`order_choices`: never one that hurts you first when a better one
exists), and a decision the view offers whole (`split_offered`: a Deer rack's moves) is shown as one control per pawn
instead. Standard library only.
"""
from __future__ import annotations

import base64
from html import escape
from typing import TYPE_CHECKING, NamedTuple

from ..engine import RuleViolation
from .log import in_words
from .session import Session, Stop, TableMismatch
from .views import Split

if TYPE_CHECKING:  # the hints (and the advisors they run) are imported only when asked for
    from .hints import Hint
    from .replay import Replay

ROLL, NEXT = "roll", "next"  # the names of the two choices that are not a legal action
# The log's own style, so it reads the same in a notebook as on the book's page (which styles it further).
LOG, FIRST = "list-style:none;margin:0;padding:0 0.4em", "font-weight:bold"
DIVIDER = f"{FIRST};margin-top:0.5em;border-top:1px solid #999"
LEFT = "text-align:left"
ROW_HEAD = f"{LEFT};padding-right:1em;vertical-align:top"  # a row's name in the text laid out as a table


class Choice(NamedTuple):
    """One thing the person at the table may do now: `name` (a legal action's text, or ROLL / NEXT) and its
    label in plain words."""

    name: str
    label: str


def choices(session: Session, stop: Stop) -> list[Choice]:
    """What the viewer may do after `advance` stopped at `stop`: each legal choice (a forced one too), roll,
    or see the next bot turn; nothing once the game is over."""
    if stop == Stop.DECIDE and session.person_to_move() == session.viewer:
        observation = session.state.observation(session.viewer)
        views = session.view_module
        ordered = views.order_choices(observation, session.game, session.state.legal_actions())
        return [Choice(str(action), views.choice_label(observation, session.game, action, session.names))
                for action in ordered]
    if stop == Stop.ROLL and session.roller() == session.viewer:
        return [Choice(ROLL, "Roll the dice")]
    if stop == Stop.TURN:
        return [Choice(NEXT, "Next turn ▸")]
    return []


def split_offered(session: Session, stop: Stop) -> Split | None:
    """The decision the viewer takes whole now (a rack's moves, one number per pawn), or None."""
    if stop != Stop.DECIDE or session.person_to_move() != session.viewer:
        return None
    return session.view_module.split(session.state.observation(session.viewer), session.game, session.names)


class Opening(NamedTuple):
    """A choice that opens a split (playing a rack) offered with that split, so that both are one decision: the
    choice (its name and label) and the split that follows it."""

    choice: Choice
    split: Split


def openings(session: Session, stop: Stop) -> list[Opening]:
    """The viewer's choices now that lead straight to a split of the viewer's (a Deer rack: play it and move the
    pawns at once), each with that split; [] where none does (or a split is asked already)."""
    if stop != Stop.DECIDE or session.person_to_move() != session.viewer or split_offered(session, stop) is not None:
        return []
    if not hasattr(session.view_module, "split_moves"):  # a game whose view offers no split
        return []
    found = []
    for choice in choices(session, stop):
        after = session.state.apply(session.state.find_action(choice.name))
        if not after.is_chance_node() and not after.is_terminal() and after.current_player() == session.viewer:
            offered = session.view_module.split(after.observation(session.viewer), session.game, session.names)
            if offered is not None:
                found.append(Opening(choice, offered))
    return found


def play_split(session: Session, amounts, opening: str = "") -> None:
    """The viewer's whole split (one signed number per pawn, in `split_offered`'s order), made as the engine's own
    steps (each checked by the engine; all or none). `opening`: the choice that opens it (`openings`: the rack
    played), made with it as one decision."""
    first: list = []  # the opening choice's text, then the split's engine steps
    state = session.state
    if opening:
        if opening not in [found.choice.name for found in openings(session, Stop.DECIDE)]:
            raise RuleViolation(state.rule(), f"{opening!r} is not a choice that opens a split now")
        first, state = [opening], state.apply(state.find_action(opening))
    observation = state.observation(session.viewer)
    offered = session.view_module.split(observation, session.game, session.names)
    if offered is None or session.person_to_move() != session.viewer:
        raise RuleViolation(session.state.rule(), "no split is asked of you now: make one of the choices offered")
    steps = first + session.view_module.split_moves(observation, session.game, [int(amount) for amount in amounts])
    parts = offered.parts
    moved = [f"{part.label.split(' (on ')[0].replace('Your ', 'your ')} {int(amount):+d}"
             for part, amount in zip(parts, amounts) if int(amount)]
    session.decide(steps, "your split (" + ", ".join(moved) + ")")


# A saved game refused, by what its loader said, in words about the file or the game (never the parser's or the
# engine's own): the first pattern found in the refusal's text names it.
LOAD_PROBLEMS = (
    (("cannot read JSON", "not UTF-8", "is not a JSON number", "digits", "nested more than", "expected JSON text"),
     "it is not a saved game: its text is not JSON, or it is damaged"),
    (("characters, more than",), "it is far too big to be a saved game"),
    (("not a deerbook saved game", "missing field"), "it is not a deerbook saved game"),
    (("unsupported save version",), "it was saved by another version of deerbook, which this one cannot read"),
    (("digest mismatch",), "it was changed after it was saved, so it cannot be trusted"),
    (("options: cannot rebuild game", "field 'game'"), "it holds a game or edition this deerbook does not know"),
)
BROKEN_GAME = "the game in it breaks the rules (it was changed or damaged), so it cannot be played on"


def load_problem(refusal: Exception, source: str) -> str:
    """Why the saved game `source` cannot be loaded, as a sentence about the file or the game."""
    text = str(refusal)
    if isinstance(refusal, TableMismatch):
        why = text
    else:
        why = next((words for patterns, words in LOAD_PROBLEMS if any(p in text for p in patterns)), BROKEN_GAME)
    return f"{source} cannot be loaded: {why}. The game at the table goes on as it was."


#: what Undo may take back, said by its button and prompt (`Session.undo`)
UNDO_RULE = "Undo takes back your decisions since the last roll or draw, or another player's move"


def undone_words(decision: str) -> str:
    """What the table says after an undo."""
    return f"Undone: {decision}. Decide again: undo goes back only as far as the last roll or draw, or another " \
           "player's move."


def prompt_text(session: Session, stop: Stop) -> str:
    """What the viewer is asked now, in plain words (no rule-text section letters)."""
    views, state = session.view_module, session.state
    observation = state.observation(session.viewer)
    if stop == Stop.ROLL:
        return views.roll_prompt(observation, session.game)
    if stop == Stop.DECIDE:
        offered = split_offered(session, stop)
        if offered is not None:
            return offered.prompt
        return views.prompt(observation, session.game, state.rule(), state.legal_actions(), session.names)
    return session.result() if state.is_terminal() else ""


def rule_link(session: Session, rulings_url: str | None) -> str:
    """The ruling the current decision follows, as a link to the book's rulings page (plain words without a
    page to link to), or ""."""
    reference = session.view_module.rule_reference(session.state.rule())
    if reference is None:
        return ""
    words, anchor = reference
    if rulings_url is None:
        return f' <small class="deerbook-rule">({escape(words)})</small>'
    return (f' <small class="deerbook-rule">(<a href="{escape(rulings_url)}#{escape(anchor)}" target="_blank">'
            f'{escape(words)}</a>)</small>')


def status_html(session: Session, stop: Stop, rulings_url: str | None = None) -> str:
    """The headline of the table: whose move, the prompt and its ruling; every seat's score; the seed and seats."""
    if stop == Stop.OVER:
        head = f"<b>Game over.</b> {escape(session.result())}"
    elif stop == Stop.TURN:
        head = f"<b>{escape(turn_done(session))}</b> The log tells every move; the next turn follows."
    elif stop == Stop.ROLL:
        head = f"<b>Your turn:</b> {escape(prompt_text(session, stop))}"
    else:
        head = f"<b>Your move:</b> {escape(prompt_text(session, stop))}{rule_link(session, rulings_url)}"
    seats = ", ".join(seat_words(session))
    scores = scores_text(session)
    return (f'<p class="deerbook-status">{head}</p>'
            + (f'<p class="deerbook-scores">{escape(scores)}</p>' if scores else "")
            + f'<p class="deerbook-seats"><small>Seed {escape(session.seed_text)} · seats: {escape(seats)}</small></p>')


def turn_done(session: Session) -> str:
    """The turn just shown, in words: "Done: Round 2, turn 5: P1 (greedy)'s turn."."""
    turn = session.last_turn
    return f"Done: {in_words(turn.title, session.listener, session.names) if turn else 'a turn'}."


def scores_text(session: Session) -> str:
    """Every seat's score in a line, as the listener reads it ("" for a game whose view has no score line)."""
    seat = max(session.listener, 0)
    observation = session.state.observation(seat)
    if session.listener < 0:
        observation = {**observation, "player": session.listener}
    return session.view_module.score_line(observation, session.game, session.names)


def seat_words(session: Session) -> list[str]:
    """Each seat as the listener reads it, each bot with its strength: "you (P0)", "P1 (search, strong)" (at a
    table of bots no seat is "you")."""
    names = [f"{name}, {session.strength(p)}" if session.strength(p) else name for p, name in enumerate(session.names)]
    return [in_words(f"{{P{p}}}", session.listener, names) + f" (P{p})" * (p == session.listener)
            for p in range(len(session.seats))]


def drawing_html(view_module, observation: dict, game, names: list[str], width: int) -> str:
    """A seat's drawing of the table (laid out `width` px wide), with its plain-text twin for screen readers."""
    svg = view_module.svg(observation, game, names, width)
    text = view_module.render_text(observation, game, names)
    return (f'<div class="deerbook-view">{svg}<details><summary>The table as text</summary>'
            f"<pre>{escape(text)}</pre></details></div>")


def log_html(session: Session, turns: int | None = None) -> str:
    """The viewer's log, oldest first, a divider with its title before each turn (the last `turns` turns only,
    if given)."""
    return turns_html(session.turn_log()[-turns:] if turns else session.turn_log())


def turns_html(groups: list[tuple[str, list[str]]]) -> str:
    """A log given as (turn title, lines) per turn, oldest first: a divider with its title before each turn."""
    items = "".join(f'<li class="deerbook-turn" style="{DIVIDER if i else FIRST}">{escape(title)}</li>'
                    + "".join(f"<li>{escape(line)}</li>" for line in lines) for i, (title, lines) in enumerate(groups))
    return f'<ol class="deerbook-log" style="{LOG}">{items}</ol>'


class Announcer:
    """What a screen reader is told after each redraw of a table: the lines the viewing seat's log gained since
    this seat was last told (never another seat's log: a hot-seat table counts per seat; after an undo shortened the
    log, from where it ends now). Call `reset` when a new game starts at the table."""

    def __init__(self) -> None:
        self.told: dict[int, int] = {}

    def reset(self) -> None:
        """A new game: nothing told yet."""
        self.told.clear()

    def news(self, session: Session) -> list[str]:
        """The viewer's log lines not told to the viewer yet, oldest first (and from now on told)."""
        lines = session.history
        start = min(self.told.get(session.listener, 0), len(lines))
        self.told[session.listener] = len(lines)
        return lines[start:]


def hints_html(session: Session, hints: "list[Hint]") -> str:
    """The advisor's hints, best first: each choice in plain words with what it gains."""
    if not hints:
        return '<p class="deerbook-hints">No hint here: the advisor cannot answer this decision.</p>'
    labels = {choice.name: choice.label for choice in choices(session, Stop.DECIDE)}
    rows = "".join(f"<li><b>{escape(labels.get(h.action, h.action))}</b>: {escape(h.label)}</li>" for h in hints)
    return (f'<div class="deerbook-hints" data-best="{escape(hints[0].action)}">'
            f"<p>The advisor's values, best first:</p><ol>{rows}</ol></div>")


def help_html(session: "Session | Replay", open_rules: bool = False) -> str:
    """The rules card and the legend of the drawing of a table's (or a replay's) game, each a section the reader
    opens."""
    card, _ = session.view_module.rules_card(session.game)
    legend = session.view_module.legend(session.game)
    parts = []
    if card:
        opened = " open" * open_rules
        parts.append(f'<details class="deerbook-rules"{opened}><summary>How to play</summary>{card}</details>')
    if legend:
        rows = "".join(f"<dt>{escape(mark)}</dt><dd>{escape(meaning)}</dd>" for mark, meaning in legend)
        parts.append(f'<details class="deerbook-legend"><summary>What the drawing shows</summary>'
                     f"<dl>{rows}</dl></details>")
    return "".join(parts)


def snapshot_html(session: Session, stop: Stop, passing_to: int | None, status: str, log: str) -> str:
    """A table drawn for a page where it cannot run (the static book; a notebook not yet run, whose HTML JupyterLab
    cleans of pictures and styles): the status and scores, the drawing as an image (its words are its alt text), the
    table as text laid out in a table, and the log. Nothing of a hand at the "pass the table" screen."""
    if passing_to is not None:
        return f"<div>{status}</div>"
    observation = session.state.observation(session.viewer)
    views = session.view_module
    svg = views.render_svg(observation, session.game, session.names)
    picture = base64.b64encode(svg.encode()).decode()
    headline = views.headline(observation, session.game, session.names)
    alt = f"The table as {'you see it' if session.listener >= 0 else 'it stands'}: {headline}"
    return (f"<div>{status}</div>"
            f'<img src="data:image/svg+xml;base64,{picture}" alt="{escape(alt)}" '
            'style="max-width:100%;background:#fff;border-radius:4px">'
            f"{text_table(views.render_text(observation, session.game, session.names))}{log}")


def text_table(text: str) -> str:
    """A view's plain-text twin as an HTML table: its first line the caption, each "name: value" line a row."""
    head, *lines = text.splitlines() or [""]
    rows = []
    for line in lines:
        name, sep, value = line.partition(": ")
        cells = (f'<th scope="row" style="{ROW_HEAD}">{escape(name)}</th><td style="{LEFT}">{escape(value)}</td>'
                 if sep and len(name) < 40 else f'<td colspan="2" style="{LEFT}">{escape(line)}</td>')
        rows.append(f"<tr>{cells}</tr>")
    return (f'<table class="deerbook-text-table"><caption style="{LEFT};color:inherit">{escape(head)}</caption>'
            f"{''.join(rows)}</table>")
