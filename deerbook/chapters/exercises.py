"""The solutions to the book's exercises, each computed by the engines and the odds (never typed in).

Every chapter ends with a few exercises; its folded solutions call these functions, and
`tests/chapters/test_exercises.py` checks every answer against an independent computation (brute force over the dice
faces, the rule text's own arithmetic, or a recount of the balance study's records). Grouped by chapter. Standard
library only.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Sequence, cast

from ..analysis.batches import agent_win_rate, figure
from ..analysis.choices import Difference, load_choices
from ..analysis.deer_odds import combination_distribution, edition, joker_reach, roll_state
from ..analysis.football_odds import area_count_tables, blitz_board, board_counts, box_gain
from ..analysis.football_final_turn import final_turn_values
from ..analysis.reviewed_games import load_reviews
from ..analysis.stats import Estimate
from ..analysis.study import as_batch, load_study
from ..bots.deer_turn_walk import advise
from ..bots.football_advisor import active_choice, picks_choice
from ..analysis.deer_combinations import chart_rows
from ..deer.rules import available_racks, card_list, hand_value
from ..deer.save import position
from ..engine import Action
from ..football.marks import NO_EFFECT, RUN_MINUS_5, Marks
from ..football.rules import ACTIVE
from ..football.save import position as football_position
from ..engine.registry import make_game
from ..play.hints import hint_function

if TYPE_CHECKING:
    from ..deer.game import DeerGame
    from ..football.game import FootballGame
from .lessons import dealt_hands
from ..play.session import Session


def deer_game(game_name: str, players: int, **options) -> "DeerGame":
    """A Deer edition's game (for the exercises' positions)."""
    return cast("DeerGame", make_game(game_name, num_players=players, **options))


def football_game(players: int = 2) -> "FootballGame":
    """A Football Highlights game on the reconstructed sheet."""
    return cast("FootballGame", make_game("football", num_players=players))


# -- Introduction -------------------------------------------------------------------------------------------------
def equally_likely_rolls(game_name: str) -> int:
    """How many equally likely ways all the dice of a Deer edition (number dice and predator die) can fall."""
    ways = 1
    for faces in edition(game_name).components.all_dice:
        ways *= len(faces)
    return ways


# -- How to play Deer in the Headlights --------------------------------------------------------------------------
def cards_per_player(game_name: str, players: int) -> list[int]:
    """How many cards each player is dealt (player 0 deals; the deal starts on the dealer's left)."""
    return dealt_hands(game_name, players)


def deck_points(game_name: str) -> int:
    """The points of every card of the edition's deck together (one deck)."""
    comp = deer_game(game_name, 2).components
    return hand_value(comp, comp.full_deck)


def hands_after_roll(game_name: str, hands: Sequence[Sequence[str]], roll: Sequence) -> list[list[str]]:
    """Every hand after player 0, at the start of a turn, rolls `roll` (die by die, as the engine writes faces:
    numbers, "deer_head", "running_deer", a predator name or "discard") and the number dice are resolved; the
    cards nobody holds are on the Discard pile."""
    game = deer_game(game_name, len(hands))
    state = position(game, [list(hand) for hand in hands], discard=None, predator_pile=())
    state = state.apply(Action("roll", tuple(roll)))
    return [card_list(game.components, hand) for hand in state.hands]


def racks_in_hand(hand: Sequence[str]) -> dict[str, int]:
    """Each rack the board game's hand can play (Ruling 13), with the points it moves pawns by."""
    game = deer_game("deer", 2)
    comp = game.components
    counts = position(game, [list(hand), ["1"]]).hands[0]
    racks = {}
    for rack in available_racks(comp, counts):
        cards = [0] * len(comp.cards)
        for kind in rack:
            cards[kind] += 1
        racks["+".join(comp.cards[kind].name for kind in rack)] = hand_value(comp, cards)
    return racks


# -- Advanced rules and the card game ----------------------------------------------------------------------------
def knock_scores(hands: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """Each player's score for the round when player 0 knocks (Ruling 18) holding `hands[0]`."""
    game = deer_game("deer", len(hands), knocking=True)
    state = position(game, [list(hand) for hand in hands])
    return state.apply(state.find_action("knock")).round_points


def unlisted_chance(game_name: str):
    """The exact chance that a roll of the number dice makes a combination the edition's chart does not list."""
    return sum((p for row, p in chance_by_row(game_name) if not row.listed), Fraction(0))


def chance_by_row(game_name: str) -> list:
    """Each row of the edition's chart (listed or not) with the exact chance a roll makes it."""
    comp = deer_game(game_name, 4).components
    return [(row, comp.signature_odds[row.signature]) for row in chart_rows(comp)]


# -- Every combination -------------------------------------------------------------------------------------------
def roll_chance(game_name: str, shows: Callable[[tuple], bool]) -> Fraction:
    """The exact chance that the number dice show what `shows(faces)` asks for, over the engine's own roll
    outcomes (faces as the engine writes them: numbers, "deer_head", "running_deer", "car")."""
    game = edition(game_name)
    dice = len(game.components.number_dice)
    return sum((p for roll, p in roll_state(game).chance_outcomes() if shows(roll.args[:dice])), Fraction(0))


def symbol_chance(game_name: str, symbol: str) -> Fraction:
    """The chance that at least one number die shows `symbol` (e.g. "deer_head")."""
    return roll_chance(game_name, lambda faces: symbol in faces)


def any_number_chance(game_name: str, numbers: Sequence[int]) -> Fraction:
    """The chance that at least one number die shows one of `numbers` (the numbers you hold, say)."""
    return roll_chance(game_name, lambda faces: any(face in numbers for face in faces))


def combination_chance(game_name: str, combination: str, joker: bool = False) -> Fraction:
    """The chance of rolling `combination` (a chart row's name), or with `joker` of being able to make it with a
    Joker in hand."""
    game = edition(game_name)
    chances = joker_reach(game) if joker else combination_distribution(game)
    if chances is None:
        raise ValueError(f"the {game_name} edition has no Jokers")
    return chances[combination]


# -- Playing well (Deer in the Headlights) ------------------------------------------------------------------------
def advice(hands: Sequence[Sequence[str]], roll: Sequence | None = None, **options) -> dict[str, Fraction]:
    """Every legal choice of player 0 with the advisor's exact expected net points shed this turn, best first: at
    the start of the turn, or after rolling `roll`. The cards nobody holds are on the Discard pile; the Predator
    pile is empty, so no draw follows."""
    game = deer_game("deer", len(hands), **options)
    state = position(game, [list(hand) for hand in hands], discard=None, predator_pile=())
    if roll is not None:
        state = state.apply(Action("roll", tuple(roll)))
    return {str(action): value for action, value in advise(state)}


# -- Balance (both games) ------------------------------------------------------------------------------------------
def seat_wins(config_key: str, study: dict | None = None) -> list[float]:
    """How many games each seat won in one configuration of the stored balance study (a win shared by k players
    counts 1/k to each)."""
    batch = as_batch((study or load_study())["configurations"][config_key])
    return [sum(result[seat] for result in batch.returns) for seat in range(len(batch.returns[0]))]


def study_mean(config_key: str, figure_key: str, study: dict | None = None, seat: int | None = None) -> Estimate:
    """The mean of one per-game figure (e.g. "turns"; for a per-seat figure such as "points", one `seat`'s) in a
    configuration of the stored study, with its 95% interval."""
    return figure(as_batch((study or load_study())["configurations"][config_key]), figure_key, seat)



def agent_wins(config_key: str, agent: str, study: dict | None = None) -> tuple[float, int]:
    """How many games `agent` won in one configuration of the stored study (a shared win split), and of how many."""
    config = (study or load_study())["configurations"][config_key]
    return agent_win_rate(as_batch(config), agent).mean * config["games"], config["games"]


def skill_share(config_key: str, agent: str, fair: float, study: dict | None = None) -> float:
    """(win rate - fair share) / (1 - fair share) of `agent` in one configuration of the stored study: the share of
    the way from a fair share to winning every game."""
    won, games = agent_wins(config_key, agent, study)
    return (won / games - fair) / (1 - fair)


def search_difference(game: str, kind: str) -> Difference:
    """The search player's measured difference from greedy play at one kind of decision ("deer" or "football";
    `analysis.choices.load_choices`)."""
    return next(d for d in load_choices()[game] if d.kind == kind)

# -- How to play Football Highlights ------------------------------------------------------------------------------
def area_outcomes(dice: int) -> int:
    """In how many different ways `dice` play dice can fill the six areas, counting only the dice in each area: the
    outcomes of the engine's chance node for the roll."""
    return len(board_counts(dice))


def empty_area_chance(dice: int, area: int) -> Fraction:
    """The exact chance that no die of a roll of `dice` play dice lands in `area` (1 to 6)."""
    return board_counts(dice).probability(lambda board: board[area - 1] == 0)


def breakaway_markers() -> list[int]:
    """The rule text's example of Doug's three 1s under a Defense Die of -5 yards on a run: his marker after each
    die, on a fresh sheet (the first and last 1s are 5-yard Breakaway runs)."""
    game = football_game()
    state = football_position(game, phase=ACTIVE, hand=(3, 0, 0, 0, 0, 0), board=(0, 2, 2, 2, 1, 1),
                              defense=RUN_MINUS_5)
    markers = []
    for _ in range(3):
        state = state.apply(state.find_action("check a 1"))
        markers.append(state.marks[0].marker)
    return markers


# -- Football odds -------------------------------------------------------------------------------------------------
def fullest_area_chance(dice: int, at_least: int) -> Fraction:
    """The exact chance that the fullest area of a roll of `dice` play dice holds at least `at_least` dice."""
    return area_count_tables(dice)["largest area"].probability(lambda n: n >= at_least)


def one_area_chance(dice: int, exactly: int) -> Fraction:
    """The exact chance that one given area receives exactly `exactly` of `dice` play dice."""
    return area_count_tables(dice)["one area"].probability(lambda n: n == exactly)


def touchdown_chance(track: int, box: int, marker: int) -> Fraction:
    """The exact chance that one die checking box `box` of `track` (the boxes before it checked) scores a touchdown
    from the yard line `marker`, Defense Die rolled."""
    return box_gain(football_game(), track, box, marker).probability(lambda g: g.touchdown)


def first_box_yards(track: int) -> dict[int, Fraction]:
    """The yards one die gains on the first box of `track` of a fresh sheet from the 45, Defense Die rolled."""
    return dict(box_gain(football_game(), track, 1).map(lambda gain: gain.yards).items())


# -- Solo against Blitz Bach ---------------------------------------------------------------------------------------
def blitz_score(board: Sequence[int], defense_marker: int, power: int) -> dict[int, Fraction]:
    """Blitz Bach's exact score distribution at his roll: `board` the play dice per area 1-6, the Defense Marker's
    area, and the number of power dice you have unlocked (which you roll for him)."""
    return dict(blitz_board(tuple(board), defense_marker, power).items())


def solo_win_rate(difficulty: str, study: dict | None = None) -> Estimate:
    """The greedy player's win rate against Blitz Bach at `difficulty` ("normal" or "hard") in the stored study."""
    return study_mean(f"football-solo-{difficulty}", "won_vs_blitz_bach", study)


# -- Playing well (Football Highlights) ------------------------------------------------------------------------------
def choice_yards(track: int, dice: int) -> dict[int, Fraction]:
    """The yards the active player gains taking `dice` dice on `track` from a fresh sheet on the 45, Defense Die
    rolled, later choices (wild chains, field goals) the advisor's."""
    return dict(active_choice(Marks(), track, dice).map(lambda outcome: outcome.yards).items())


def kick_then_pass() -> dict[str, int]:
    """The rule text's example of Doug on the 10, Kick Range 10, picking track 3 and then the 20-yard pass of track 5:
    the points and yards of his picks as the advisor plays them (it kicks the field goal before the pass)."""
    outcome = picks_choice(Marks(marker=10, checked=(0, 0, 1, 0, 1, 0)), 5, 3, NO_EFFECT)
    (best, _), = outcome.items()
    return {"points": best.points, "field goals": best.field_goals, "yards": best.yards}


# -- A game reviewed (Playing well) ------------------------------------------------------------------------------------
def final_turn_loss(key: str = "football-solo") -> tuple[str, Fraction, str, Fraction]:
    """The stored solo review's costliest exact decision, worked out again exactly: the move made and its win chance,
    the best move and its."""
    review = load_reviews()[key]
    decision = max((d for d in review.decisions if d.exact), key=lambda d: (d.loss, -d.step))
    values = final_turn_values(review.record.positions()[decision.step])
    made, best = (next(a for a in values if str(a) == text) for text in (decision.made, decision.best))
    return decision.made, values[made], decision.best, values[best]


# -- Play against the computer ---------------------------------------------------------------------------------------
def first_decision(game_name: str, seats: Sequence[str], seed) -> tuple[str, list[str]]:
    """At a table with these seats ("human" or an agent's name) and seed, the rule governing the person's first
    decision and the choices it offers."""
    session = Session(game_name, seats, seed)
    session.until_decision()
    return session.state.rule(), [str(action) for action in session.state.legal_actions()]


def first_hint(game_name: str, seats: Sequence[str], seed) -> tuple[str, Fraction]:
    """The hint ranked first at the person's first decision (the choice and its value)."""
    session = Session(game_name, seats, seed)
    session.until_decision()
    hints = cast(Callable, hint_function(session.game.name))(session.state, session.person_to_move())
    return hints[0].action, hints[0].value


# -- How deerbook checks itself ----------------------------------------------------------------------------------------
def first_card_chance(game_name: str, card: str, players: int = 4) -> Fraction:
    """The exact chance that the first card dealt is a `card`, read off the engine's first chance node."""
    state = make_game(game_name, num_players=players).initial_state()
    return sum((p for action, p in state.chance_outcomes() if str(action).startswith(f"deal {card} ")), Fraction(0))


def same_area_chance(dice: int) -> Fraction:
    """The exact chance that all `dice` play dice land in one area, from the engine's chance node for the roll."""
    return board_counts(dice).probability(lambda board: max(board) == dice)
