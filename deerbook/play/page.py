"""The table on the book's "Play in your browser" page: a `Session` driven by the page's script, in the page's
own Python (Pyodide in a web worker), answered with the table's parts as HTML.

The page's script sends requests as JSON (`handle`) and puts each answered part into its place; it keeps no game
logic of its own beyond pacing (how long to pause after a bot's turn). Requests, by `op`:

- "setup": the form for picking a game (`form` values so far: a change of game or player count redraws it;
  `changed` "game" resets the players, seats and options to the new game's; the pace and "one by one" apply to the
  game in play at once);
- "start": a new game from the form's values (`play.setup`: game, players, rule options, seats, seed, pace, one by
  one);
- "choose" (`name`: a legal action's text), "split" (`amounts`: a Deer rack's whole split, one signed number per
  pawn), "roll", "next" (the next bot turn), "seat" (hot seat: the next person takes the table), "undo" (take back
  your last decision, in a game against bots, as far back as the last roll or draw, or another player's move),
  "hint", "new" (same table, a fresh seed), "again" (the same seed once more), "width" (`px`: the drawing is laid
  out to the page's width, up to its natural 780 px, so its text keeps its size on a phone);
- "open" (`link`: a game's link, `engine.link`, as the page's address carries it after `#game=`): a finished game
  stepped through (answered with the stop "replay": its turn, scores, the drawing of the seat shown, the log up to
  that turn, and Back, Next, a turn box and a seat menu, with Every hand, in place of the choices: `replay_html`),
  a game in progress at the table to play on; a link that cannot be opened is refused in its one sentence;
- "back", "forward", "goto" (`turn`), "as_seat" (`seat`, -1 for every hand): the replay's steps;
- "link" (`address`: the page's): the page's address opening the game (answered "link"), or why the table offers
  none now (answered "message": a game with hidden hands has one once it is over or when every seat is a bot;
  `Session.why_no_link`);
- "review" (the replay shown, or the finished game at the table, graded decision by decision against the reviewer,
  `analysis.review`: answered after its first decision), "review_step" (one decision more), "review_stop": each
  answered with "reviewing" (whether decisions remain: the page asks for the next one itself, so it stays
  responsive and Stop works between decisions), "review_line" (`review_words.progress_line`), "done" and "total",
  and "review" (the region: the progress line, bar and Stop button at the start; the whole review, `review_html`,
  and "news", its sentence for a screen reader, once done or stopped). A new game or link drops the review.

Every answer holds the regions that changed: "form", "status", "choices" (buttons, each legal choice one
`<button>`; a rack's split a number field per pawn and one button), "view" (the drawing), "log", "hint" (also
a note, such as what an undo took back), "help" (rules card and legend), whether the Hint and Undo tools apply
("hint_available", "undo_available"), and "stop" (what the table waits for: "decide", "roll", "turn", "over",
"pass", or "error" with "message"). At the pace "pause" a bot's turn shown offers no button (the page asks for the
next turn itself after its pause: nothing shows up only to vanish). An answer to a move (start, new, again, choose,
split, roll, next, seat, undo) also says what a screen reader is told: "news", the lines the viewing seat's log
gained since that seat was last told (`table_html.Announcer`: at a hot-seat table each seat hears only its own log),
and "prompt", what the reader is asked now ("" when nothing; the pass screen tells only whom to pass the table to).
Every request is checked against one schema before use (`play.requests`): a bad one, or one the table does not take
now (at the pass screen only the next person may take the table), is answered "error" with one sentence and changes
nothing; no answer ever holds a traceback. Standard library only.
"""
from __future__ import annotations

import json
import traceback
from html import escape
from typing import Any

from ..engine import DeerbookError
from ..engine.link import LinkError, page_link, record_from_link
from ..engine.record import GameRecord
from ..engine.registry import game_info, game_names
from . import replay_html
from .replay import Replay
from .requests import BadRequest, parse_request, read_request
from .session import HUMAN, Session, Stop
from .setup import DEFAULT, changed, checked, form_html, form_of, game_and_seats
from .table_html import (NEXT, ROLL, Announcer, choices, drawing_html, help_html, hints_html, log_html, openings,
                         play_split, prompt_text, split_offered, status_html, undone_words)

WIDE, NARROWEST = 780, 300  # px: the drawing's natural width; a narrower page gets it laid out to its width
PASS = "Pass the table to P{seat}."  # the hot seat's screen between two people, shown and told
#: the requests that move the game
MOVES = ("start", "new", "again", "open", "choose", "split", ROLL, NEXT, "seat", "undo")
AT_YOUR_SEAT = ("choose", "split", ROLL, NEXT, "undo", "hint")  # what only the seat at the table may ask
REPLAYING = "replay"  # the stop of a recorded game stepped through (a link of a finished game)
REVIEW_OPS = ("review", "review_step", "review_stop")  # a game's review, one decision a request
REVIEW_LABEL = "Review: grade each decision"
UNFORESEEN = "the table could not answer this request (an unforeseen error: the browser's console has its details)"


class PageTable:
    """The page's one table. `rulings_url` is the rulings page relative to the play page."""

    def __init__(self, rulings_url: str = "rulings.html"):
        self.rulings_url = rulings_url
        self.session: Session | None = None
        self.form: dict[str, Any] = dict(DEFAULT)
        self.stop = Stop.OVER
        self.width = WIDE
        self.passing_to: int | None = None
        self.announcer = Announcer()
        self.replay: Replay | None = None  # a finished game's link, stepped through (then there is no session)
        self.reviewer: Any = None  # the review under way (`analysis.review.Reviewer`, imported when first asked)
        self.reviewed: Replay | None = None  # the game it reviews, stepped through for its turns and names

    # -- requests ------------------------------------------------------------------------------------------
    def handle_json(self, request: str) -> str:
        """The page's entry point: a request as JSON in, the answer as JSON out. A request that is not JSON or not
        one the table takes (`play.requests`) is refused in one sentence, and nothing changes; no answer ever holds
        a traceback (an unforeseen error is told in a sentence, its traceback goes to the browser's console)."""
        try:
            return json.dumps(self.handle(parse_request(request)))
        except BadRequest as refused:
            return json.dumps({"stop": "error", "message": str(refused)})
        except Exception:  # noqa: BLE001 (the page's last resort: a page never shows a traceback)
            traceback.print_exc()
            return json.dumps({"stop": "error", "message": UNFORESEEN})

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer one request from the page (see the module's docstring), checked first against the requests'
        schema (`play.requests.read_request`): a bad one is refused in a sentence and changes nothing."""
        note = ""
        try:
            request = read_request(request)
            op = request["op"]
            if self.passing_to is not None and op in AT_YOUR_SEAT:
                raise BadRequest(f"the table waits for P{self.passing_to} to take it first")
            if op == "setup":
                form = changed(self.form, request.get("form", {}), request.get("changed"))
                drawn = form_html(form)  # a form that cannot be drawn is refused before anything changes
                self.form = form
                if self.session is not None:  # the pace and one by one apply at once
                    self.session.one_by_one = checked(self.form.get("one_by_one"))
                return {"form": drawn}
            if op == "width":
                self.width = max(NARROWEST, min(WIDE, request["px"]))
                return self.answer(full=False)
            if op == "link":
                return self.link_answer(request["address"])
            if op in REVIEW_OPS:
                return self.review_answer(op)
            if op in replay_html.STEPS:
                return self.step_replay(op, request.get("turn", request.get("seat", 0)))
            if op == "open":
                self.open_link(request["link"])  # a link that cannot be opened is refused before anything changes
            elif op == "start":
                form = {**self.form, **request.get("form", {})}
                self.start(form)  # a bad seed is refused before anything changes
                self.form = form
            elif op in ("new", "again"):
                self.start({**self.form, "seed": self.session.seed_text if op == "again" and self.session else ""})
            elif op == "hint":
                return {"hint": self.hint_html()}
            elif op == "undo":
                note = self.undo()
            else:
                self.play(str(op), str(request.get("name", "")), request.get("amounts"))
        except (DeerbookError, ValueError) as refused:
            return {"stop": "error", "message": str(refused)}
        answer = self.answer(full=op in ("start", "new", "again", "open"), told=op in MOVES)
        if note:
            answer.update(hint=f'<p class="deerbook-note">{escape(note)}</p>',
                          prompt=f"{note} {answer.get('prompt', '')}".strip())
        return answer

    def start(self, form: dict[str, Any]) -> None:
        """A new game from a form's values (a blank seed: a fresh one)."""
        game, seats, seed = game_and_seats(form)
        self.session, self.replay, self.reviewer = Session(game, seats, seed), None, None
        self.session.one_by_one = checked(form.get("one_by_one"))
        self.passing_to = None
        self.announcer.reset()
        self.advance()

    def open_link(self, link: str) -> None:
        """Open a game's link (`engine.link`): a finished game to step through (`Replay`, from the first person's
        seat), a game in progress at the table to play on (its seats, its log told again, fresh randomness); the
        set-up form set to its game. A link that cannot be opened raises LinkError, one sentence, nothing changed."""
        record = record_from_link(link)
        game, seats = record.make_game(), list(record.seats)
        form = form_of(game, seats, "", self.form.get("pace", "pause"), checked(self.form.get("one_by_one")))
        if record.final_state().is_terminal():
            replay = Replay(record)
            replay.view_seat(seats.index(HUMAN) if HUMAN in seats else 0)
            self.session, self.replay, self.form, self.reviewer = None, replay, form, None
            return
        try:
            session = Session(game, seats)
            session.load_record(record)
        except (ValueError, DeerbookError) as exc:
            raise LinkError(f"The link's game cannot be opened at a table here: {exc}.") from None
        session.one_by_one = checked(form["one_by_one"])
        self.session, self.replay, self.form, self.passing_to, self.reviewer = session, None, form, None, None
        self.announcer.reset()
        self.advance()

    def link_answer(self, address: str) -> dict[str, str]:
        """The game at the table as the play page at `address` opening it ("link": `ADDRESS#game=LINK`), or why the
        table offers none now ("message")."""
        if self.replay is not None:
            return {"link": page_link(address, self.replay.record)}
        why = "no game yet: choose one and press Start" if self.session is None else self.session.why_no_link()
        if why:
            return {"link": "", "message": f"No link to this game now: {why}."}
        assert self.session is not None
        return {"link": page_link(address, self.session.record())}

    def step_replay(self, op: str, number: int) -> dict[str, Any]:
        """A step of the replay (`replay_html.STEPS`), answered with the replay's parts and what a screen reader is
        told (the turn's title and lines); a step that cannot be made is refused in a sentence, nothing changed."""
        if self.replay is None:
            raise ValueError("there is no replay at the table: open a finished game's link")
        why = replay_html.replay_step(self.replay, op, number)
        if why:
            return {"stop": "error", "message": why}
        return self.answer(full=False, told=True)

    def review_answer(self, op: str) -> dict[str, Any]:
        """A review request (`REVIEW_OPS`): start a review of the replay shown or the finished game at the table and
        review its first decision, review one more, or stop; answered with the progress, and the whole review (or
        what was reviewed before Stop) once no decision remains."""
        from .review_html import progress_html, review_html, summary  # imported only now: the page starts without
        from .review_words import progress_line  # the reviewer and its words

        if op == "review":
            from ..analysis.review import Reviewer

            reviewed = self.replay or Replay(self.finished_record())
            self.reviewer, self.reviewed = Reviewer(reviewed.record), reviewed
        reviewer, shown = self.reviewer, self.reviewed
        if reviewer is None or shown is None:
            raise ValueError("no review is under way: press Review to start one")
        if op != "review_stop" and reviewer.step() is not None and reviewer.done < reviewer.total:
            answer: dict[str, Any] = {"reviewing": True, "review_line": progress_line(reviewer.done, reviewer.total),
                                      "done": reviewer.done, "total": reviewer.total}
            return {**answer, "review": progress_html(reviewer.done, reviewer.total)} if op == "review" else answer
        self.reviewer, review = None, reviewer.review()
        return {"reviewing": False, "review_line": progress_line(reviewer.done, reviewer.total), "done": reviewer.done,
                "total": reviewer.total, "review": review_html(review, shown.names, shown.ends),
                "news": [summary(review, shown.names, shown.ends)]}

    def finished_record(self) -> GameRecord:
        """The record of the finished game at the table; ValueError, in a sentence, when there is none."""
        if self.session is None or not self.session.state.is_terminal():
            raise ValueError("a game is reviewed once it is over: finish it, or open a finished game's link")
        return self.session.record()

    def undo(self) -> str:
        """Take back the viewer's last decision since the last roll or draw, or another player's move; what the
        table says of it."""
        if self.session is None:
            raise ValueError("no game yet: choose one and press Start")
        words = undone_words(self.session.undo())
        self.advance()
        return words

    def play(self, op: str, name: str, amounts: Any = None) -> None:
        """The viewer's choice, split, roll, next turn or taking the seat; then the table moves on."""
        session = self.session
        if session is None:
            raise ValueError("a recorded game is shown: it is stepped through, not played (start a new game to play)"
                             if self.replay else "no game yet: choose one and press Start")
        if op == "choose":
            session.choose(name)
        elif op == "split":
            if not isinstance(amounts, list):
                raise ValueError("a split needs one number of spaces for each pawn")
            play_split(session, amounts, name)
        elif op == ROLL:
            session.roll()
        elif op == "seat" and self.passing_to is not None:
            session.viewer, self.passing_to = self.passing_to, None
            return
        elif op == "seat":
            raise ValueError("nobody is waiting to take the table")
        elif op != NEXT:
            raise ValueError(f"unknown request {op!r}")
        self.advance()

    def advance(self) -> None:
        """Move the game on to the next stop; in "quick" pace, straight past the bots' turns."""
        session = self.session
        assert session is not None
        self.stop = session.run() if self.form.get("pace") == "quick" else session.advance()
        person = session.person_to_move() if self.stop == Stop.DECIDE else session.roller()
        if person is not None and person != session.viewer:
            self.passing_to = person

    # -- answers -------------------------------------------------------------------------------------------
    def answer(self, full: bool, told: bool = False) -> dict[str, Any]:
        """The regions of the table now (`full`: also the rules card and legend, which change with the game;
        `told`: also what a screen reader is told after this move)."""
        if self.replay is not None:
            return self.replay_answer(full, told)
        session = self.session
        if session is None:
            return {"form": self.form_html(), "stop": "none"}
        parts: dict[str, Any] = {"stop": "pass" if self.passing_to is not None else str(self.stop), "hint": ""}
        if told:
            parts.update(self.told())
        if self.passing_to is not None:
            parts.update(status=f'<p class="deerbook-status"><b>{PASS.format(seat=self.passing_to)}</b> The other '
                                "players look away.</p>",
                         choices=_button("seat", f"I am P{self.passing_to}: show my table"), view="", log="")
        else:
            parts.update(status=status_html(session, self.stop, self.rulings_url), choices=self.choices_html(),
                         view=self.view_html(), log=log_html(session))
        parts["hint_available"] = (self.stop == Stop.DECIDE and self.passing_to is None
                                   and game_info(session.game.name).hints is not None)
        parts["undo_available"] = session.can_undo() and self.passing_to is None
        if full:
            parts.update(help=help_html(session, open_rules=True), form=self.form_html(), review="")
        return parts

    def replay_answer(self, full: bool, told: bool) -> dict[str, Any]:
        """The replay's parts (`replay_html`): its controls in place of the choices; `told`: the turn's title and
        lines for a screen reader."""
        replay = self.replay
        assert replay is not None
        parts: dict[str, Any] = {
            "stop": REPLAYING, "hint": "", "status": replay_html.status_html(replay),
            "choices": replay_html.controls_html(replay), "view": replay_html.view_html(replay, self.width),
            "log": replay_html.log_html(replay), "hint_available": False, "undo_available": False}
        if replay.over:
            parts["choices"] += _button("review", REVIEW_LABEL)
        if told:
            parts.update(news=[replay.title(), *replay.lines()], prompt=replay.result())
        if full:
            parts.update(help=help_html(replay, open_rules=True), form=self.form_html(), review="")
        return parts

    def told(self) -> dict[str, Any]:
        """What a screen reader is told after a move: the viewer's new log lines and the prompt (at the pass screen
        only whom to pass the table to: the lines wait until their seat takes the table)."""
        session = self.session
        assert session is not None
        if self.passing_to is not None:
            return {"news": [], "prompt": PASS.format(seat=self.passing_to)}
        asked = self.stop in (Stop.DECIDE, Stop.ROLL, Stop.OVER)  # the reader must act: move, roll or start anew
        return {"news": self.announcer.news(session), "prompt": prompt_text(session, self.stop) if asked else ""}

    def choices_html(self) -> str:
        """The viewer's choices as buttons (a rack's split: a number field per pawn and one button; New game and
        Play the same seed again once the game is over; nothing while a bot's turn pauses)."""
        session = self.session
        assert session is not None
        if self.stop == Stop.OVER:
            again = _button("again", "Play the same seed again") if isinstance(session.seed, (int, tuple)) else ""
            review = _button("review", REVIEW_LABEL)
            return _button("new", "New game") + again + review  # a game from a link has no seed to play again
        if self.stop == Stop.TURN and self.form.get("pace", "pause") == "pause":
            return ""
        offered = split_offered(session, self.stop)
        if offered is not None:
            return split_html(offered)
        ops = {ROLL: "roll", NEXT: "next"}
        opened = openings(session, self.stop)[:1]  # a rack: played and split in one form, "No rack" beside it (the
        # rare second rack a hand holds stays a choice, its split asked next)
        apart = {opening.choice.name for opening in opened}
        return "".join(split_html(opening.split, opening.choice.name, opening.choice.label) for opening in opened) + \
            "".join(_button(ops.get(choice.name, "choose"), choice.label, choice.name)
                    for choice in choices(session, self.stop) if choice.name not in apart)

    def view_html(self) -> str:
        """The viewer's drawing of the table, with its plain-text twin for screen readers."""
        session = self.session
        assert session is not None
        observation = session.state.observation(session.viewer)
        return drawing_html(session.view_module, observation, session.game, session.names, self.width)

    def hint_html(self) -> str:
        """The advisor's value of every legal choice, for the person to move (the advisor is imported only now:
        the page starts without it)."""
        from .hints import hint_function

        session = self.session
        hint = hint_function(session.game.name) if session else None
        if session is None or hint is None or session.person_to_move() != session.viewer:
            return ""
        return hints_html(session, hint(session.state, session.viewer))

    def form_html(self) -> str:
        """The form that picks a game: game, players, rule options, each seat, seed and pace."""
        return form_html(self.form)


def warm_up() -> None:
    """Deal the first game of every registered game once, so that what a deal needs is imported and ready: the
    page's start snapshot (book/lite/table_snapshot.mjs) is taken after it."""
    for name in game_names():
        PageTable().handle({"op": "start", "form": {"game": name, "seed": "1"}})


def split_html(offered, opening: str = "", label: str = "") -> str:
    """A split decision as one number field per pawn (starting at the split that helps the reader most) and the
    button that makes it; `opening` (and its `label`): the choice that opens the split, made with it (a rack)."""
    fields = "".join(
        f'<label class="deerbook-field"><span>{escape(part.label)}</span><input type="number" name="split" '
        f'data-seat="{part.seat}" value="{part.start}" min="{-offered.total}" max="{offered.total}" step="1">'
        "</label>" for part in offered.parts)
    legend = label or "Move the pawns: minus back, plus forward"  # the prompt above says the rest
    return (f'<fieldset class="deerbook-split"><legend>{escape(legend)}</legend>{fields}'
            f'{_button("split", f"Move the pawns ({offered.total} spaces)", opening)}</fieldset>')


def _button(op: str, label: str, name: str = "") -> str:
    data = f' data-name="{escape(name)}"' if name else ""
    return f'<button type="button" class="deerbook-choice" data-op="{op}"{data}>{escape(label)}</button>'

