"""The set-up of a table, written once for the book page's form (`play.page`) and the notebook table's controls
(`widgets.table.GameTable`): the game (each registered game and edition), the number of players, a person or a bot
in each seat, the rule options a person may pick (advanced rules, solo difficulty), the seed, the pace of the bots'
turns and whether a single legal choice waits for the person.

A set-up is a form: a dict of field names to values as a page sends them (strings, and booleans for check boxes):
"game", "num_players", "seat0"..., "opt:NAME", "seed", "pace", "one_by_one". `setup_fields(form)` lists the fields
to show for it, `game_and_seats(form)` builds what it sets up. Standard library only.
"""
from __future__ import annotations

from html import escape
from typing import Any, NamedTuple

from ..bots.catalogue import mode_strength, table_words
from ..engine import Game, make_game
from ..engine.registry import STRENGTHS, game_info, game_names, table_agents
from ..engine.seeding import Seed, parse_seed
from .session import HUMAN

PACES = {"pause": "a short pause after each bot turn", "step": "step by step: a Next button after each bot turn",
         "quick": "no pause (bots play straight on)"}
ONE_BY_ONE = "Ask me even when a choice is the only one"
YOU, PERSON = "you, at this screen", "a friend at this screen (the table hides each hand from the others)"
HOT_SEAT = "Play with friends at one screen (hot seat): every seat a person"
EVERY_RULE = "advanced"  # the option that stands for every other on/off rule option of its game (Deer's advanced rules)
# Options told in a newcomer's words: the field's label and each value's words; the value itself (a developer's name)
# is the value's tooltip.
OPTION_WORDS = {"sheet": ("Play sheet", {"calibrated-v2": "the standard sheet",
                                         "reconstructed-v1": "the first reconstruction"}),
                "solo_difficulty": ("Blitz Bach's difficulty (solo)", {})}
STRENGTH_WORDS = {"random": "weakest"}  # a strength in one word beside an agent's name: "random (weakest)"
DEFAULT = {"game": "deer", "num_players": "3", "pace": "pause"}
KEPT = ("game", "seed", "pace", "one_by_one")  # what a change of game keeps of a form


class Field(NamedTuple):
    """One field of the set-up: its form name, label, kind ("select", "check" or "text"), value, the options of a
    select as (value, words), and whether a change of it redraws the set-up (game, players, seats, rule boxes) or
    applies at once (pace, one by one); `about`: what each option is, shown beside the field (a seat's bot);
    `titles`: each option's tooltip (a sheet's developer name)."""

    name: str
    label: str
    kind: str
    value: Any
    options: tuple[tuple[str, str], ...] = ()
    redraw: bool = False
    about: tuple[tuple[str, str], ...] = ()
    titles: tuple[tuple[str, str], ...] = ()


def checked(value: Any) -> bool:
    """A check box's value as a page sends it (True, "true", "on") or a form holds it."""
    return value in (True, "true", "on")


def default_bot(game: str) -> str:
    """The bot a new seat gets: the greedy one where the game has it."""
    return "greedy" if "greedy" in table_agents(game) else next(iter(table_agents(game)))


def strength_words(strength: str) -> str:
    """A strength as the seat menu says it beside the agent's name."""
    return STRENGTH_WORDS.get(strength, strength)


def offered_options(info) -> list:
    """The options of a game a person may pick, besides the player count: those with more than one allowed value
    (files and embedded data are for the command line)."""
    return [option for option in info.options
            if option.name != "num_players" and not option.path and len(option.choices) > 1]


def changed(form: dict[str, Any], change: dict[str, Any], field: str | None) -> dict[str, Any]:
    """`form` with `change` applied; a change of game keeps only the fields every game shares (`KEPT`); the box of
    every rule and the rule boxes stay in step (`in_step`)."""
    form = {**form, **change}
    if field == "game":
        return {key: value for key, value in form.items() if key in KEPT}
    return in_step(form, field)


def in_step(form: dict[str, Any], field: str | None) -> dict[str, Any]:
    """`form` with its "every rule" box (`EVERY_RULE`) and the rule boxes it stands for in step, after a change of
    `field`: ticking or unticking it does the same to them all; it is ticked exactly when they all are."""
    switches = [option.name for option in offered_options(game_info(form.get("game", "deer"))) if option.type is bool]
    rules, every = [name for name in switches if name != EVERY_RULE], f"opt:{EVERY_RULE}"
    if not rules or EVERY_RULE not in switches:
        return form
    if field == every:
        return {**form, **{f"opt:{rule}": checked(form.get(every)) for rule in rules}}
    if field in {f"opt:{rule}" for rule in rules}:
        return {**form, every: all(checked(form.get(f"opt:{rule}")) for rule in rules)}
    return form


def hot_seat(form: dict[str, Any]) -> bool:
    """Whether the form seats a person in every seat of a table of two or more (a hot-seat game)."""
    count = players(form)
    return count > 1 and all(seat_of(form, seat) == HUMAN for seat in range(count))


def hot_seats(form: dict[str, Any], on: bool) -> dict[str, Any]:
    """The seats of a hot-seat game (`on`: a person in every seat) or of a game against bots (you and the default
    bot in every other seat)."""
    name = form.get("game", "deer")
    return {f"seat{seat}": HUMAN if on or seat == 0 else default_bot(name) for seat in range(players(form))}


def seat_of(form: dict[str, Any], seat: int) -> str:
    """Who sits in `seat` as the form says (you in the first seat, the default bot in the others, unless set)."""
    return form.get(f"seat{seat}", HUMAN if seat == 0 else default_bot(form.get("game", "deer")))


def players(form: dict[str, Any]) -> int:
    """The number of players the form asks for, within what its game allows."""
    info = game_info(form.get("game", "deer"))
    wanted = int(form.get("num_players", info.option_spec["num_players"].default))
    return min(max(wanted, info.min_players), info.max_players)


def setup_fields(form: dict[str, Any]) -> list[Field]:
    """The set-up's fields for `form`: game, players, a seat picker per seat (a person, or each agent of the game
    with its strength), the game's rule options, the seed, the pace and one by one."""
    name = form.get("game", "deer")
    info = game_info(name)
    count = players(form)
    fields = [Field("game", "Game", "select", name, tuple((g, game_info(g).title) for g in game_names()), True),
              Field("num_players", "Players", "select", str(count),
                    tuple((str(n), f"{n}" + (" (solo)" if n == 1 else ""))
                          for n in range(info.min_players, info.max_players + 1)), True)]
    agents = sorted(table_agents(name).items(), key=lambda item: STRENGTHS.index(item[1].strength))
    mode = game_options(info, form)  # each bot's words and strength as measured in it
    picks = ((HUMAN, "a person"), *((agent, f"{agent} ({strength_words(mode_strength(agent_info, name, mode))})")
                                    for agent, agent_info in agents))
    bots = tuple((agent, table_words(agent_info, name, mode)) for agent, agent_info in agents)
    for seat in range(count):
        person = PERSON if seat else YOU
        fields.append(Field(f"seat{seat}", f"Seat P{seat}", "select", seat_of(form, seat), picks, True,
                            ((HUMAN, person), *bots)))
    for option in offered_options(info):
        value = form.get(f"opt:{option.name}", option.default)
        if option.type is bool:
            fields.append(Field(f"opt:{option.name}", option.help, "check", checked(value), (), True))
        else:
            label, words = OPTION_WORDS.get(option.name, (option.help, {}))
            values = tuple((str(c), words.get(str(c), str(c))) for c in option.choices)
            shown = str(value) if str(value) in dict(values) else values[0][0]  # an unset option: its first choice
            titles = tuple((str(c), str(c)) for c in option.choices if str(c) in words)
            fields.append(Field(f"opt:{option.name}", label, "select", shown, values, True, titles=titles))
    fields += [Field("seed", "Seed", "text", str(form.get("seed", ""))),
               Field("pace", "Pace", "select", form.get("pace", "pause"), tuple(PACES.items()), True),
               Field("one_by_one", ONE_BY_ONE, "check", checked(form.get("one_by_one")), (), True)]
    return fields


def game_options(info, form: dict[str, Any]) -> dict[str, Any]:
    """The game options the form sets: the player count, and each option offered with a choice."""
    options: dict[str, Any] = {"num_players": players(form)}
    for option in offered_options(info):
        if f"opt:{option.name}" in form:
            value = form[f"opt:{option.name}"]
            options[option.name] = checked(value) if option.type is bool else value
    return options


def game_and_seats(form: dict[str, Any]) -> tuple[Game, list[str], Seed | None]:
    """The game, the seats and the seed (None: a fresh one) the form sets up; a bad seed is refused (ValueError)
    before anything is built."""
    seed_text = str(form.get("seed", "")).strip()
    seed = parse_seed(seed_text) if seed_text else None
    name = form.get("game", "deer")
    game = make_game(name, **game_options(game_info(name), form))
    seats = [form.get(f"seat{p}", HUMAN if p == 0 else default_bot(name)) for p in range(game.num_players)]
    return game, seats, seed


def form_of(game: Game, seats: list[str], seed_text: str, pace: str = "pause", one_by_one: bool = False) -> dict:
    """The form that sets up a table like this one (its game, options, seats and seed)."""
    form: dict[str, Any] = {"game": game.name, "num_players": str(game.num_players), "seed": seed_text,
                            "pace": pace, "one_by_one": one_by_one}
    options = game.options()
    for option in offered_options(game_info(game.name)):
        value = options.get(option.name)
        if value is not None and (option.type is bool or str(value) in map(str, option.choices)):
            form[f"opt:{option.name}"] = value
    form.update({f"seat{p}": seat for p, seat in enumerate(seats)})
    return form


def form_html(form: dict[str, Any]) -> str:
    """The set-up as an HTML form's fields (the page's): a select (a seat's with what its bot does beside it), a
    check box or a text field each, the hot-seat box after the seats, then Start."""
    fields, rules = [], []
    for field in setup_fields(form):
        redraw = " data-redraw" * field.redraw
        if field.kind == "check":
            rules.append(f'<label class="deerbook-check"><input type="checkbox" name="{escape(field.name)}"'
                         f'{" checked" * field.value}{redraw}> {escape(field.label)}</label>')
        elif field.kind == "text":
            fields.append(_field(field.label, f'<input name="{escape(field.name)}" value="{escape(field.value)}" '
                                              'placeholder="blank: a new deal" inputmode="text" size="10">'))
        else:
            titles = dict(field.titles)
            options = "".join(_option(value, words, value == str(field.value), titles.get(value, ""))
                              for value, words in field.options)
            about = dict(field.about).get(str(field.value), "")
            described = f' aria-describedby="about-{escape(field.name)}"' * bool(about)
            control = f'<select name="{escape(field.name)}"{redraw}{described}>{options}</select>'
            (rules if field.name.startswith("opt:") else fields).append(_field(field.label, control, about, field.name))
    if players(form) > 1:
        fields.append(f'<label class="deerbook-check deerbook-hot-seat"><input type="checkbox" id="deerbook-hot-seat" '
                      f'data-hot-seat data-bot="{escape(default_bot(form.get("game", "deer")))}"'
                      f'{" checked" * hot_seat(form)}> {escape(HOT_SEAT)}</label>')
    extra = f'<div class="deerbook-rule-options">{"".join(rules)}</div>' if rules else ""
    return (f'<div class="deerbook-fields">{"".join(fields)}</div>{extra}'
            '<p class="deerbook-submit"><button type="submit">Start this game</button></p>')


def _option(value: str, words: str, selected: bool, title: str = "") -> str:
    titled = f' title="{escape(title)}"' if title else ""
    return f'<option value="{escape(value)}"{titled}{" selected" * selected}>{escape(words)}</option>'


def _field(label: str, control: str, about: str = "", name: str = "") -> str:
    field = f'<label class="deerbook-field"><span>{escape(label)}</span>{control}</label>'
    if not about:
        return field
    return (f'<div class="deerbook-seat">{field}<small class="deerbook-about" id="about-{escape(name)}">'
            f"{escape(about)}</small></div>")
