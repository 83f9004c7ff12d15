"""One step at a time, at every table: the stepping of `Session.advance`, the log in time order under a divider
per turn, every card that enters or leaves the reader's hand told, and choices and prompts in plain words."""
import re

import pytest

from deerbook.deer import position
from deerbook.engine import make_game
from deerbook.chapters.deer_examples import act, roll
from deerbook.play.session import HUMAN, Session, Stop
from deerbook.play.table_html import NEXT, ROLL, choices, prompt_text
from table_play import play_out

GAMES = [("deer", {"num_players": 3}, ["human", "greedy", "greedy"]),
         ("deer", {"num_players": 4, "advanced": True}, ["human", "advisor", "greedy", "random"]),
         ("deer-cards", {"num_players": 3}, ["human", "greedy", "greedy"]),
         ("football", {"num_players": 2}, ["human", "greedy"]),
         ("football", {"num_players": 1}, ["human"])]


class Recorder(Session):
    """A session that keeps every state it passes through, to check the log against the states themselves."""

    def __init__(self, *args, **kwargs):
        self.states = []
        super().__init__(*args, **kwargs)

    def step(self, action) -> bool:
        self.states.append(self.state)
        return super().step(action)


@pytest.mark.parametrize("name, options, seats", GAMES, ids=[f"{g[0]}-{len(g[2])}" for g in GAMES])
def test_a_game_stops_for_every_roll_decision_and_bot_turn(name, options, seats):
    session = Recorder(make_game(name, **options), seats, seed=11)
    seen = []

    def check(session, stop):
        seen.append((stop, len(session.log)))
        if stop == Stop.DECIDE:
            assert session.person_to_move() == 0 and len(choices(session, stop)) == len(session.state.legal_actions())
        elif stop == Stop.ROLL:
            assert session.roller() == 0 and session.state.is_chance_node()
            assert [c.name for c in choices(session, stop)] == [ROLL]
        else:
            assert stop == Stop.TURN and [c.name for c in choices(session, stop)] == [NEXT]
            assert session.seats[session.last_turn.seat] != HUMAN  # the turn just shown is a bot's

    stops = play_out(session, 3, check)
    assert session.state.is_terminal() and Stop.ROLL in stops and Stop.DECIDE in stops
    assert (Stop.TURN in stops) == (len(seats) > 1)
    # Every person's turn starts with the person's own roll (no human turn passes without a click), but a frozen
    # turn's roll, which the table makes by itself, and a knock (the person's decision instead of the roll).
    own_turns = {turn.key for turn, _ in session.log if turn.seat == 0 and "turn" in turn.key[0]}
    no_roll = {turn.key for turn, narration in session.log if turn.seat == 0 and narration.public
               and (" still frozen" in narration.public or "no longer frozen" in narration.public
                    or narration.public == "{P0} knocked")}
    assert sum(stop == Stop.ROLL for stop in stops) >= len(own_turns - no_roll) > 0


def test_each_bot_turn_is_its_own_step():
    session = Session(make_game("deer", num_players=4), ["human", "greedy", "greedy", "greedy"], seed=6)
    steps, turns = [], []

    def record(session, stop):
        steps.append(len(session.log))
        turns.append(stop == Stop.TURN)

    play_out(session, 1, record)
    assert sum(turns) > 20
    logged = [0, *steps]  # what each click showed: the log between two stops of any kind
    for start, end in zip(logged, logged[1:]):
        bots = {turn.key for turn, narration in session.log[start:end]
                if turn.seat is not None and turn.seat != 0 and narration.lines_for(0)}
        assert len(bots) <= 1, "a step shows one bot's turn, never two"


def single_choice_position():
    game = make_game("deer", num_players=3)
    return game, act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]), 1, 2, 4,
                          "discard"), "discard nothing", "rack Fox+Wolf+Bear (15)", "move player 1 forward",
                     "14 spaces", "move player 2 forward")


def test_a_single_legal_choice_is_made_for_the_person_and_logged():
    game, state = single_choice_position()
    session = Session(game, ["human", "greedy", "greedy"], seed=1, state=state)
    session.advance()
    assert session.state.pawns == (0, 14, 1) and session.state.phase != "rack_amount"
    assert ("You played Fox+Wolf+Bear (15): P1 (greedy)'s pawn forward 14, P2 (greedy)'s pawn forward 1 (your only "
            "choice, made for you)") in session.history, "the rack told in one line with its last move"
    others = [line for entry in session.log for line in entry.narration.lines_for(1, session.names)]
    assert not any("only choice" in line for line in others), "the mark is the person's own"


def test_one_by_one_a_single_legal_choice_waits_for_the_person():
    game, state = single_choice_position()
    session = Session(game, ["human", "greedy", "greedy"], seed=1, state=state)
    session.one_by_one = True
    assert session.advance() == Stop.DECIDE
    assert [(c.name, c.label) for c in choices(session, Stop.DECIDE)] == [("1 space", "1 space")]
    assert "1 still to move" in prompt_text(session, Stop.DECIDE)
    assert session.state == state  # nothing was played for the person


@pytest.mark.parametrize("name, players", [("deer", 2), ("football", 1)])
def test_every_choice_made_for_the_person_is_told_to_them(name, players):
    session = Session(make_game(name, num_players=players), ["human"] + ["greedy"] * (players - 1), seed=2)
    play_out(session, 2)
    made = [entry.narration for entry in session.log if entry.narration.made_for == 0]
    assert len(made) > 2 and all(n.lines_for(0)[0].endswith("(your only choice, made for you)") for n in made)


def test_a_frozen_readers_roll_happens_by_itself_and_is_told():
    for seed in range(60):
        session = Session(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=seed)
        stop = session.advance()
        while stop != Stop.OVER and not session.state.frozen[0]:
            stop = play_out_one(session, stop)
        if stop == Stop.OVER:
            continue
        assert "from now on your turns need a deer head (frozen)" in " ".join(session.history).lower()
        told = len(session.history)
        while session.state.frozen[0] and stop != Stop.OVER:
            assert stop != Stop.ROLL, "a frozen turn's roll waits for nobody"
            stop = play_out_one(session, stop)
        assert re.search(r"You rolled .*(no Deer Head: the turn is lost, still frozen|a Deer Head: no longer frozen)",
                         " ".join(session.history[told:]))
        return
    pytest.fail("no seed froze the reader")


def play_out_one(session: Session, stop: Stop) -> Stop:
    """One click: roll, the first legal choice, or Next."""
    pick = choices(session, stop)[0]
    if pick.name == ROLL:
        session.roll()
    elif pick.name != NEXT:
        session.choose(pick.name)
    return session.advance()


@pytest.mark.parametrize("name, players", [("deer", 3), ("deer", 5), ("deer-cards", 4)])
def test_every_card_into_or_out_of_the_readers_hand_is_told(name, players):
    seats = ["human"] + ["greedy"] * (players - 1)
    session = Recorder(make_game(name, num_players=players), seats, seed=players)
    play_out(session, players)
    comp = session.game.components
    for before, after, (_, narration) in zip(session.states, session.states[1:] + [session.state], session.log):
        own = [text for seat, text in narration.own if seat == 0]
        if before.phase == "deal":
            assert bool(own) == (after.phase != "deal")
            if own:
                dealt = sorted(comp.cards[k].name for k, n in enumerate(after.hands[0]) for _ in range(n))
                assert sorted(cards_named(own[0].split(": ", 1)[1].rstrip("."))) == dealt
            continue
        gained, lost = told_change(own)
        if after.round == before.round and after.phase != "end":
            diff = [a - b for a, b in zip(after.hands[0], before.hands[0])]
            assert gained == sorted(comp.cards[k].name for k, d in enumerate(diff) if d > 0 for _ in range(d))
            assert lost == sorted(comp.cards[k].name for k, d in enumerate(diff) if d < 0 for _ in range(-d))
        others = [line for seat in range(1, players) for line in narration.lines_for(seat)]
        assert not any(line in others for line in own) or not own, "the reader's own lines go to nobody else"
    assert any(line.startswith("Your hand gained ") for line in session.history)


def cards_named(words: str) -> list[str]:
    """'3 ×2, Fox' -> ['3', '3', 'Fox']."""
    cards = []
    for part in words.split(", "):
        name, _, count = part.partition(" ×")
        cards += [name] * int(count or 1)
    return cards


def told_change(own: list[str]) -> tuple[list[str], list[str]]:
    """The cards a step's own line says the hand gained and lost."""
    gained, lost = [], []
    for line in own:
        body = line.removeprefix("Your hand ").split(" (now")[0]
        for part in body.split(" and "):
            verb, _, cards = part.partition(" ")
            (gained if verb == "gained" else lost).extend(cards_named(cards))
    return sorted(gained), sorted(lost)


def test_the_log_reads_in_time_order_with_a_divider_per_turn():
    session = Session(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=2)
    play_out(session, 2)
    groups = session.turn_log()
    titles = [title for title, _ in groups]
    turns = [int(found.group(1)) for title in titles if (found := re.search(r"turn (\d+):", title))]
    assert turns == sorted(turns) and len(set(turns)) == len(turns), "each turn once, in order"
    assert titles[0] == "Round 1: the deal" and any(title.endswith("your turn") for title in titles)
    assert [line for _, lines in groups for line in lines] == session.history
    ends = [line for line in session.history if " ends: " in line]
    assert ends and all(line.startswith("Round ") for line in ends), "a round's end is a line of its own"


@pytest.mark.parametrize("name, options, seats", GAMES, ids=[f"{g[0]}-{len(g[2])}" for g in GAMES])
def test_choices_and_prompts_are_plain_words(name, options, seats):
    session = Session(make_game(name, **options), seats, seed=4)
    engine_words = re.compile(r"\bplayer \d\b|Game Play [A-E]|Non-Active players|\bA-[DE]\b")

    def check(session, stop):
        words = [choice.label for choice in choices(session, stop)] + [prompt_text(session, stop)] * (stop != Stop.TURN)
        assert all(words) and not any(engine_words.search(text) for text in words), words

    play_out(session, 4, check)


@pytest.mark.parametrize("name, options", [("deer", {"num_players": 3, "advanced": True}),
                                           ("deer-cards", {"num_players": 3}), ("football", {"num_players": 1})])
def test_rulings_links_point_at_headings_of_the_rulings_page(name, options):
    from pathlib import Path

    from myst_parser.mdit_to_docutils.base import default_slugify

    page = (Path(__file__).resolve().parents[2] / "book" / "rulings.md").read_text()
    anchors = {default_slugify(heading) for heading in re.findall(r"^#+ (.+)$", page, re.MULTILINE)}
    session = Session(make_game(name, **options), ["human"] + ["greedy"] * (options["num_players"] - 1), seed=6)
    linked = set()

    def check(session, stop):
        if stop == Stop.DECIDE:
            reference = session.view_module.rule_reference(session.state.rule())
            if reference:
                linked.add(reference[1])

    play_out(session, 6, check)
    assert linked and linked <= anchors, linked - anchors


@pytest.mark.parametrize("name,players", [("deer", 3), ("football", 2)])
def test_until_decision_rolls_for_the_person_and_stops_at_their_choice(name, players):
    session = Session(make_game(name, num_players=players), [HUMAN] + ["greedy"] * (players - 1), seed=5)
    assert session.run() == Stop.ROLL and session.roller() == 0
    assert session.until_decision() == Stop.DECIDE
    assert session.person_to_move() == 0 and session.state.legal_actions()
    assert any(line.startswith("You rolled") for line in session.history) or name == "football"
