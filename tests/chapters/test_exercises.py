"""Every answer to the book's exercises (`deerbook.chapters.exercises`), checked against an independent computation:
brute force over the dice faces read straight from the component files, the rule texts' own arithmetic, or a
recount of the balance study's stored records."""
import gzip
import itertools
import json
import math
import statistics
from fractions import Fraction
from pathlib import Path

import pytest

from deerbook.bots.football_advisor import Advisor
from deerbook.engine.registry import make_agents, make_game
from deerbook.engine.runner import Match
from deerbook.chapters import exercises

DATA = Path(__file__).resolve().parents[2] / "deerbook" / "deer" / "data"
BOARD = json.loads((DATA / "board-2014.json").read_text())
CARDS = json.loads((DATA / "card-game.json").read_text())
STUDY = json.loads(gzip.decompress((Path(__file__).resolve().parents[2] / "deerbook" / "analysis" / "data"
                                    / "balance-study.json.gz").read_bytes()))
SYMBOLS = ("deer_head", "running_deer", "car")


def number_dice(data: dict) -> list[list]:
    return [die["faces"] for die in data["number_dice"]]


def signature(faces) -> tuple[int, int, int, int]:
    return (sum(isinstance(f, int) for f in faces), *(faces.count(s) for s in SYMBOLS))


def brute(data: dict, test) -> Fraction:
    """The chance that the number dice show what `test(faces)` asks, counting every equally likely face tuple."""
    rolls = list(itertools.product(*number_dice(data)))
    return Fraction(sum(1 for faces in rolls if test(faces)), len(rolls))


# -- Introduction and How to play ----------------------------------------------------------------------------------
def test_equally_likely_rolls_of_the_four_dice():
    dice = number_dice(BOARD) + [BOARD["predator_die"]]
    assert exercises.equally_likely_rolls("deer") == math.prod(len(faces) for faces in dice) == 6 ** 4


@pytest.mark.parametrize("data", [BOARD, CARDS])
def test_deck_points(data):
    assert exercises.deck_points(data["game"]) == sum(card["points"] * card["count"] for card in data["cards"])


@pytest.mark.parametrize("game, players", [("deer", n) for n in range(2, 7)] + [("deer-cards", n) for n in range(2, 7)])
def test_cards_per_player_deal_one_at_a_time_from_the_dealers_left(game, players):
    data = BOARD if game == "deer" else CARDS
    decks = int(data["players"].get("decks", {}).get(str(players), 1)) if isinstance(data["players"], dict) else 1
    cards = sum(card["count"] for card in data["cards"]) * decks
    hands = [0] * players
    for card in range(cards):
        hands[(1 + card) % players] += 1  # player 0 deals; player 1 gets the first card
    assert exercises.cards_per_player(game, players) == hands


def test_number_deer_head_running_deer_discards_one_parity():
    hand = ["2", "4", "7", "8", "12", "Fox"]
    after = exercises.hands_after_roll("deer", [hand, ["10"], ["9"]], ("running_deer", "deer_head", 8, "Bear"))
    assert after[0] == [card for card in hand if not (card.isdigit() and int(card) % 2 == 0)]


def test_three_numbers_none_held_pulls_the_others_cards():
    hands = [["5", "6"], ["2", "2", "10"], ["4", "9"]]
    rolled = {"1", "2", "4"}
    after = exercises.hands_after_roll("deer", hands, (1, 2, 4, "Bear"))
    pulled = [card for hand in hands[1:] for card in hand if card in rolled]
    assert sorted(after[0], key=int) == sorted(hands[0] + pulled, key=int)
    assert after[1:] == [[card for card in hand if card not in rolled] for hand in hands[1:]]


@pytest.mark.parametrize("hand, racks", [
    (["Fox", "Wolf", "Joker", "7"], {"Fox+Wolf+Joker": 3 + 5 + 0}),
    (["Fox", "Fox", "Joker", "Wolf", "Bear"], {"Fox+Fox+Joker": 3 + 3 + 0, "Fox+Wolf+Bear": 3 + 5 + 7}),
    (["Bear", "Bear", "Bear"], {"Bear+Bear+Bear": 21}),
    (["Fox", "7"], {}),
])
def test_racks_in_hand(hand, racks):
    assert exercises.racks_in_hand(hand) == racks


# -- Advanced rules and the card game --------------------------------------------------------------------------------
def knock_by_ruling_18(values: list[int]) -> tuple[int, ...]:
    knocker, others = values[0], values[1:]
    if any(v < knocker for v in others):
        return (knocker + max(others), *(v - knocker for v in others))
    return (0, *(v - knocker for v in others))


@pytest.mark.parametrize("hands, values", [
    ([["1", "2"], ["5", "7"], ["12", "Fox"]], [3, 12, 15]),
    ([["1", "2"], ["1"], ["12", "Fox"]], [3, 1, 15]),
    ([["5", "6"], ["2"], ["12", "11"]], [11, 2, 23]),
])
def test_knock_scores(hands, values):
    assert exercises.knock_scores(hands) == knock_by_ruling_18(values)


@pytest.mark.parametrize("data", [BOARD, CARDS])
def test_unlisted_chance(data):
    listed = {(row["numbers"], row["deer_head"], row["running_deer"], row["car"]) for row in data["chart"]}
    assert exercises.unlisted_chance(data["game"]) == brute(data, lambda faces: signature(faces) not in listed)


# -- Every combination and Explore the odds -------------------------------------------------------------------------
def test_symbol_and_number_chances():
    assert exercises.symbol_chance("deer", "deer_head") == brute(BOARD, lambda faces: "deer_head" in faces)
    assert exercises.any_number_chance("deer", [3, 7, 11]) == brute(BOARD, lambda f: any(n in f for n in (3, 7, 11)))


@pytest.mark.parametrize("data, name, sig", [(BOARD, "Three numbers", (3, 0, 0, 0)),
                                             (BOARD, "Three Deer Heads", (0, 3, 0, 0)),
                                             (CARDS, "Two numbers + Car", (2, 0, 0, 1))])
def test_combination_chance(data, name, sig):
    assert exercises.combination_chance(data["game"], name) == brute(data, lambda faces: signature(faces) == sig)


def reachable(faces) -> set:
    """The signatures a Joker can make of a roll: as rolled, or one die turned into a number."""
    return {signature(faces)} | {signature(faces[:i] + (1,) + faces[i + 1:]) for i in range(len(faces))}


@pytest.mark.parametrize("name, sig", [("Three numbers", (3, 0, 0, 0)), ("Two numbers + Running Deer", (2, 0, 1, 0)),
                                       ("Three Deer Heads", (0, 3, 0, 0))])
def test_combination_chance_with_a_joker(name, sig):
    assert exercises.combination_chance("deer", name, joker=True) == brute(BOARD, lambda faces: sig in reachable(faces))


def test_touchdown_chance_of_a_twenty_yard_pass_from_the_15():
    # Gina's wild chain fixes track 5 box 2 as a 20-yard pass: from the 15 it reaches the End Zone, unless the
    # Defense Die's pass face (one face of six) takes 10 yards off.
    assert exercises.touchdown_chance(5, 2, 15) == 1 - Fraction(1, 6)


# -- Playing well (Deer) ----------------------------------------------------------------------------------------------
def test_naming_a_number_sheds_the_cards_of_the_three_numbers():
    hand = ["5", "7", "9", "9", "3", "12"]
    values = exercises.advice([hand, ["1", "2"], ["4"], ["6"]], ("running_deer", 5, 7, "Fox"))
    expected = {f"choose {n}": sum(int(card) for card in hand if int(card) in (5, 7, n))
                for n in range(1, 13) if n not in (5, 7)}
    assert values == expected and next(iter(values)) == "choose 9"


def test_a_joker_breaks_the_freezing_pair_only_on_die_b_or_c():
    hands = [["4", "4", "1", "Joker"], ["2", "3"], ["5"], ["6"]]
    values = exercises.advice(hands, (1, "deer_head", "deer_head", "Fox"))
    best_pass = max(sum(int(c) for c in ["4", "4", "1"] if int(c) in (1, n)) for n in range(1, 13))
    assert values == {"Joker on die B": best_pass, "Joker on die C": best_pass, "no Joker": 0, "Joker on die A": 0}


@pytest.mark.parametrize("others", [[["7", "8", "9"], ["10", "11", "12"]], [["1"], ["10", "11", "12"]]])
def test_the_value_of_a_knock(others):
    hands = [["1", "2"], *others]
    values = [sum(int(card) for card in hand) for hand in hands]
    assert exercises.advice(hands, knocking=True)["knock"] == values[0] - knock_by_ruling_18(values)[0]


# -- Balance: recounts of the stored records ---------------------------------------------------------------------------
def recount(key: str) -> list[Fraction]:
    config = STUDY["configurations"][key]
    seats = len(config["agents"])
    wins = [Fraction(0)] * seats
    for mask in config["records"]["winners"]:
        winners = [seat for seat in range(seats) if mask >> seat & 1]
        for seat in winners:
            wins[seat] += Fraction(1, len(winners))
    return wins


@pytest.mark.parametrize("key", ["deer-basic", "deer-cards", "football-2p"])
def test_seat_wins(key):
    wins = exercises.seat_wins(key)  # once: each call reads the stored study again
    assert wins == pytest.approx([float(w) for w in recount(key)])
    assert sum(wins) == pytest.approx(STUDY["configurations"][key]["games"])


@pytest.mark.parametrize("key, figure, seat", [("deer-basic", "turns", None), ("football-2p", "points", 1),
                                               ("football-solo-hard", "won_vs_blitz_bach", None)])
def test_study_means(key, figure, seat):
    values = STUDY["configurations"][key]["records"]["stats"][figure]
    values = [v[seat] for v in values] if seat is not None else values
    estimate = exercises.study_mean(key, figure, seat=seat)
    assert estimate.mean == pytest.approx(statistics.fmean(values))
    assert estimate.se == pytest.approx(statistics.stdev(values) / math.sqrt(len(values)))
    if figure == "won_vs_blitz_bach":
        assert exercises.solo_win_rate("hard") == estimate


# -- Football: dice, the rule text's examples, Blitz Bach -------------------------------------------------------------
def compositions(dice: int):
    """Every way `dice` dice fill six areas, with the number of orderings that give it."""
    for cuts in itertools.combinations(range(dice + 5), 5):
        counts = [b - a - 1 for a, b in zip((-1, *cuts), (*cuts, dice + 5))]
        yield counts, math.factorial(dice) // math.prod(math.factorial(n) for n in counts)


def test_area_outcomes_and_empty_areas():
    assert exercises.area_outcomes(11) == math.comb(16, 5) == sum(1 for _ in compositions(11))
    assert exercises.empty_area_chance(11, 6) == Fraction(5, 6) ** 11


def test_fullest_and_one_area_chances():
    total = 6 ** 11
    assert exercises.fullest_area_chance(11, 5) == Fraction(sum(w for c, w in compositions(11) if max(c) >= 5), total)
    assert exercises.one_area_chance(11, 2) == math.comb(11, 2) * Fraction(1, 6) ** 2 * Fraction(5, 6) ** 9


@pytest.mark.parametrize("dice", [2, 3, 4])
def test_same_area_chance(dice):
    rolls = list(itertools.product(range(6), repeat=dice))
    assert exercises.same_area_chance(dice) == Fraction(sum(len(set(r)) == 1 for r in rolls), len(rolls))


def test_the_rule_texts_examples():
    # Doug's three 1s: 5 + 0 - 5 yards (nothing), an empty box, then 5 + 5 yards: two spaces from the 45.
    assert exercises.breakaway_markers() == [45, 45, 45 - 5 * ((5 + 5) // 5)]
    # Gina's three 3s: the 15-yard Breakaway run (its first Breakaway box empty) loses 5 yards on the Defense Die's
    # two run faces of six.
    assert exercises.choice_yards(3, 3) == {15: 1 - Fraction(2, 6), 10: Fraction(2, 6)}
    # Doug on the 10 kicks a field goal first (3 points, back to the 45), then his 20-yard pass completes.
    assert exercises.kick_then_pass() == {"points": 3, "field goals": 1, "yards": 20}
    # Track 1 box 1 is a 5-yard Breakaway run whose Breakaway box is empty: the run faces take it all.
    assert exercises.first_box_yards(1) == {5: 1 - Fraction(2, 6), 0: Fraction(2, 6)}


def blitz_by_brute_force(board, marker: int, power: int) -> dict[int, Fraction]:
    chart = (0, 0, 3, 7, 10, 14, 21)
    scores: dict[int, Fraction] = {}
    rolls = list(itertools.product(range(1, 7), repeat=power))
    for roll in rolls:
        left = [n for area, n in enumerate(board, 1) if area not in roll and area != marker]
        points = chart[min(max(left, default=0), 6)]
        scores[points] = scores.get(points, Fraction(0)) + Fraction(1, len(rolls))
    return scores


@pytest.mark.parametrize("marker, power", [(5, 1), (5, 2), (2, 1), (5, 3)])
def test_blitz_score(marker, power):
    board = (1, 2, 0, 1, 3, 2)
    assert exercises.blitz_score(board, marker, power) == blitz_by_brute_force(board, marker, power)


# -- At the table and in the engine ----------------------------------------------------------------------------------
def test_first_decision_is_the_runners():
    game = make_game("deer", num_players=3)
    match = Match(game, [None, *make_agents(game, ["greedy"] * 3)[1:]], 8)
    while match.awaits() is None:
        match.state = match.state.apply(match.next_action())
    rule, choices = exercises.first_decision("deer", ["human", "greedy", "greedy"], 8)
    assert rule == match.state.rule() and choices == [str(a) for a in match.state.legal_actions()]


def test_first_hint_is_the_advisors_best_choice():
    game = make_game("football", num_players=1)
    match = Match(game, [None], 7)
    while match.awaits() is None:
        match.state = match.state.apply(match.next_action())
    best = Advisor().advise(match.state, by="net")[0]
    assert exercises.first_hint("football", ["human"], 7) == (str(best.action), best.expected_net)


@pytest.mark.parametrize("data, card, players", [(BOARD, "Fox", 4), (BOARD, "7", 3), (CARDS, "K", 4), (CARDS, "K", 5)])
def test_first_card_chance(data, card, players):
    decks = 2 if data is CARDS and players >= 5 else 1
    count = next(c["count"] for c in data["cards"] if c["name"] == card)
    total = sum(c["count"] for c in data["cards"])
    assert exercises.first_card_chance(data["game"], card, players) == Fraction(count * decks, total * decks)


@pytest.mark.parametrize("key, agent, fair", [("deer-search", "search", 1 / 4), ("football-search", "search", 1 / 2)])
def test_agent_wins_and_skill_share_recount_the_records(key, agent, fair):
    config = STUDY["configurations"][key]
    seats = len(config["agents"])
    won = Fraction(0)
    for i, mask in enumerate(config["records"]["winners"]):
        first = config["agents"].index(agent)
        seat = (first - i) % seats if config["rotate"] else first  # the seats rotate left by one a game
        winners = [p for p in range(seats) if mask >> p & 1]
        won += Fraction(1, len(winners)) if seat in winners else 0
    assert exercises.agent_wins(key, agent) == (pytest.approx(float(won)), config["games"])
    share = exercises.skill_share(key, agent, fair, STUDY)  # the study read above: not read from its file again
    assert share == pytest.approx((won / config["games"] - fair) / (1 - fair))


@pytest.mark.parametrize("game, kind", [("deer", "whom to pass a card to"), ("football", "the area to take")])
def test_search_difference_recounts_the_stored_rows(game, kind):
    from deerbook.analysis.choices import CHOICES_FILE

    rows = [row for rows in json.loads(CHOICES_FILE.read_text())[game]["games"] for row in rows if row[0] == kind]
    differing = [row[2] for row in rows if row[1]]
    found = exercises.search_difference(game, kind)
    assert found.decisions == len(rows) and found.differ.mean == pytest.approx(len(differing) / len(rows))
    assert found.worth.mean == pytest.approx(statistics.fmean(differing))


def test_the_final_turn_loss_is_the_stored_exact_review_worked_out_again():
    from deerbook.analysis.reviewed_games import REVIEWS_FILE

    made, made_chance, best, best_chance = exercises.final_turn_loss()
    exact = [d for d in json.loads(REVIEWS_FILE.read_text())["football-solo"]["decisions"] if d["exact"]]
    worst = max(exact, key=lambda d: d["loss"])
    assert (made, best) == (worst["made"], worst["best"]) and best_chance > made_chance
    assert (float(made_chance), float(best_chance)) == (worst["made_value"]["mean"], worst["best_value"]["mean"])
