"""The table on the book's "Play in your browser" page: a `Session` driven by the page's script, in the page's
own Python (Pyodide in a web worker), answered with the table's parts as HTML.

The page's script sends requests as JSON (`handle`) and puts each answered part into its place; it keeps no game
logic of its own beyond pacing (how long to pause after a bot's turn). Requests, by `op`:

- "setup": the form for picking a game (`form` values so far: a change of game or player count redraws it;
  `changed` "game" resets the players, seats and options to the new game's);
- "start": a new game from the form's values (game, players, rule options, seats, seed, pace);
- "choose" (`name`: a legal action's text), "roll", "next" (the next bot turn), "seat" (hot seat: the next person
  takes the table), "hint", "new" (same table, a fresh seed), "again" (the same seed once more), "width" (`px`: the
  drawing is laid out to the page's width, up to its natural 780 px, so its text keeps its size on a phone).

Every answer holds the regions that changed: "form", "status", "choices" (buttons, each legal choice one
`<button>`), "view" (the drawing), "log", "hint", "help" (rules card and legend), and "stop" (what the table waits
for: "decide", "roll", "turn", "over", "pass", or "error" with "message"). An answer to a move (start, new, again,
choose, roll, next, seat) also says what a screen reader is told: "news", the lines the viewing seat's log gained
since that seat was last told (`table_html.Announcer`: at a hot-seat table each seat hears only its own log), and
"prompt", what the reader is asked now ("" when nothing; the pass screen tells only whom to pass the table to).
Standard library only.
"""
from __future__ import annotations

import json
from html import escape
from typing import Any

from ..engine import DeerbookError, make_game
from ..engine.registry import STRENGTHS, game_info, game_names, table_agents
from ..engine.seeding import Seed, parse_seed
from .session import HUMAN, Session, Stop
from .table_html import NEXT, ROLL, Announcer, choices, help_html, hints_html, log_html, prompt_text, status_html

PACES = {"pause": "a short pause after each bot turn", "step": "step by step: a Next button after each bot turn",
         "quick": "no pause (bots play straight on)"}
DEFAULT = {"game": "deer", "num_players": "3", "pace": "pause"}
WIDE, NARROWEST = 780, 300  # px: the drawing's natural width; a narrower page gets it laid out to its width
PASS = "Pass the table to P{seat}."  # the hot seat's screen between two people, shown and told
MOVES = ("start", "new", "again", "choose", ROLL, NEXT, "seat")  # the requests that move the game on


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

    # -- requests ------------------------------------------------------------------------------------------
    def handle_json(self, request: str) -> str:
        """The page's entry point: a request as JSON in, the answer as JSON out."""
        return json.dumps(self.handle(json.loads(request)))

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer one request from the page (see the module's docstring)."""
        op = request.get("op")
        try:
            if op == "setup":
                self.form = {**self.form, **request.get("form", {})}
                if request.get("changed") == "game":  # another game: its own players, seats and options
                    self.form = {key: value for key, value in self.form.items()
                                 if key in ("game", "seed", "pace")}
                return {"form": self.form_html()}
            if op == "width":
                self.width = max(NARROWEST, min(WIDE, int(request.get("px", WIDE))))
                return self.answer(full=False)
            if op == "start":
                form = {**self.form, **request.get("form", {})}
                seed = form.get("seed", "").strip()
                self.start(form, parse_seed(seed) if seed else None)  # a bad seed is refused before anything changes
                self.form = form
            elif op in ("new", "again"):
                self.start(self.form, self.session.seed if op == "again" and self.session else None)
            elif op == "hint":
                return {"hint": self.hint_html()}
            else:
                self.play(str(op), str(request.get("name", "")))
        except (DeerbookError, ValueError) as refused:
            return {"stop": "error", "message": str(refused)}
        return self.answer(full=op in ("start", "new", "again"), told=op in MOVES)

    def start(self, form: dict[str, Any], seed: Seed | None) -> None:
        """A new game from a form's values and `seed` (None: a fresh one)."""
        name = form.get("game", "deer")
        game = make_game(name, **self.options(game_info(name), form))
        seats = [form.get(f"seat{p}", HUMAN if p == 0 else self.default_bot(name)) for p in range(game.num_players)]
        self.session = Session(game, seats, seed)
        self.passing_to = None
        self.announcer.reset()
        self.advance()

    @staticmethod
    def options(info, form: dict[str, Any]) -> dict[str, Any]:
        """The game options the form sets: the player count, and each option offered with a choice."""
        options: dict[str, Any] = {"num_players": int(form.get("num_players", info.option_spec["num_players"].default))}
        for option in offered_options(info):
            if f"opt:{option.name}" in form:
                value = form[f"opt:{option.name}"]
                options[option.name] = value in (True, "true", "on") if option.type is bool else value
        return options

    @staticmethod
    def default_bot(game: str) -> str:
        """The bot a new seat gets: the greedy one where the game has it."""
        return "greedy" if "greedy" in table_agents(game) else next(iter(table_agents(game)))

    def play(self, op: str, name: str) -> None:
        """The viewer's choice, roll, next turn or taking the seat; then the table moves on."""
        session = self.session
        if session is None:
            raise ValueError("no game yet: choose one and press Start")
        if op == "choose":
            session.choose(name)
        elif op == ROLL:
            session.roll()
        elif op == "seat" and self.passing_to is not None:
            session.viewer, self.passing_to = self.passing_to, None
            return
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
        if full:
            parts.update(help=help_html(session, open_rules=True), form=self.form_html())
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
        """The viewer's choices as buttons (and New game / Play this deal again once the game is over)."""
        session = self.session
        assert session is not None
        if self.stop == Stop.OVER:
            return _button("new", "New game") + _button("again", "Play the same seed again")
        ops = {ROLL: "roll", NEXT: "next"}
        return "".join(_button(ops.get(choice.name, "choose"), choice.label, choice.name)
                       for choice in choices(session, self.stop))

    def view_html(self) -> str:
        """The viewer's drawing of the table, with its plain-text twin for screen readers."""
        session = self.session
        assert session is not None
        observation = session.state.observation(session.viewer)
        svg = session.view_module.svg(observation, session.game, session.names, self.width)
        text = session.view_module.render_text(observation, session.game, session.names)
        return (f'<div class="deerbook-view">{svg}<details><summary>The table as text</summary>'
                f"<pre>{escape(text)}</pre></details></div>")

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


def offered_options(info) -> list:
    """The options of a game a person may pick on the page: those with more than one allowed value, besides
    the player count (files and embedded data are for the command line)."""
    return [option for option in info.options
            if option.name != "num_players" and not option.path and len(option.choices) > 1]


def form_html(form: dict[str, Any]) -> str:
    """The game picker: each registered game, its player counts and options, a seat picker per seat listing
    "you" and every agent of the game with its strength, the seed and the pace."""
    name = form.get("game", "deer")
    info = game_info(name)
    spec = info.option_spec["num_players"]
    players = min(max(int(form.get("num_players", spec.default)), info.min_players), info.max_players)
    games = "".join(_option(game, game_info(game).title, game == name) for game in game_names())
    counts = "".join(_option(str(n), f"{n}" + (" (solo)" if n == 1 else ""), n == players)
                     for n in range(info.min_players, info.max_players + 1))
    fields = [_field("Game", f'<select name="game" data-redraw>{games}</select>'),
              _field("Players", f'<select name="num_players" data-redraw>{counts}</select>')]
    agents = table_agents(name)
    for seat in range(players):
        chosen = form.get(f"seat{seat}", HUMAN if seat == 0 else PageTable.default_bot(name))
        picks = _option(HUMAN, "you (a person)", chosen == HUMAN) + "".join(
            _option(agent, f"{agent} ({agent_info.strength}): {agent_info.description}", agent == chosen)
            for agent, agent_info in sorted(agents.items(), key=lambda item: STRENGTHS.index(item[1].strength)))
        fields.append(_field(f"Seat P{seat}", f'<select name="seat{seat}">{picks}</select>'))
    rules = []
    for option in offered_options(info):
        value = form.get(f"opt:{option.name}", option.default)
        if option.type is bool:
            on = value in (True, "true", "on")
            rules.append(f'<label class="deerbook-check"><input type="checkbox" name="opt:{option.name}"'
                         f'{" checked" * on}> {escape(option.help)}</label>')
        else:
            values = "".join(_option(str(c), str(c), str(c) == str(value)) for c in option.choices)
            rules.append(_field(option.help, f'<select name="opt:{option.name}">{values}</select>'))
    seed = escape(str(form.get("seed", "")))
    paces = "".join(_option(key, words, key == form.get("pace", "pause")) for key, words in PACES.items())
    fields.append(_field("Seed", f'<input name="seed" value="{seed}" placeholder="blank: a new deal" '
                                 'inputmode="text" size="10">'))
    fields.append(_field("Pace", f'<select name="pace" data-redraw>{paces}</select>'))  # applies at once
    extra = f'<div class="deerbook-rule-options">{"".join(rules)}</div>' if rules else ""
    return (f'<div class="deerbook-fields">{"".join(fields)}</div>{extra}'
            '<p><button type="submit" class="deerbook-start">Start this game</button></p>')


def _option(value: str, words: str, selected: bool) -> str:
    return f'<option value="{escape(value)}"{" selected" * selected}>{escape(words)}</option>'


def _field(label: str, control: str) -> str:
    return f'<label class="deerbook-field"><span>{escape(label)}</span>{control}</label>'


def _button(op: str, label: str, name: str = "") -> str:
    data = f' data-name="{escape(name)}"' if name else ""
    return f'<button type="button" class="deerbook-choice" data-op="{op}"{data}>{escape(label)}</button>'

