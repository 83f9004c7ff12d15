"""The tables' words: each wording fault a reader met is checked over whole seeded games (every prompt, choice, status
and log line), and each roll names its chart row, a roll that moves no card says so, every seat's score is shown."""
import html
import re

import pytest

from deerbook.engine import make_game
from deerbook.play.hints import deer_hints
from deerbook.play.session import HUMAN, Session, Stop
from deerbook.play.table_html import choices, prompt_text, status_html
from table_play import play_out

GAMES = [("deer", {"num_players": 3}), ("deer", {"num_players": 4, "advanced": True}),
         ("deer-cards", {"num_players": 3}), ("football", {"num_players": 2}), ("football", {"num_players": 1}),
         ("football", {"num_players": 4})]


def everything_shown(name: str, options: dict, seed: int) -> tuple[Session, list[str]]:
    """A whole seeded game played by random clicks, and every text the table showed: prompts, choices' labels,
    statuses (a bot's turn shown included), and in the end the log."""
    game = make_game(name, **options)
    session = Session(game, [HUMAN] + ["greedy"] * (game.num_players - 1), seed=seed)
    shown: list[str] = []
    play_out(session, seed, lambda session, stop: shown.extend(
        [prompt_text(session, stop), status_html(session, stop), *(c.label for c in choices(session, stop))]))
    return session, shown + session.history


@pytest.fixture(scope="module")
def shown_everywhere():
    """Every text of two seeded games of each configuration, by configuration."""
    return {f"{name}-{options}": [text for seed in (1, 2) for text in everything_shown(name, options, seed)[1]]
            for name, options in GAMES}


FAULTS = {  # what a reader saw, as a pattern no table may show again
    "an empty count of dice left": r"\(\s*left\)",
    "a bot's picks 'is over'": r"'s picks is over",
    "'1 power dice' (one die is a die)": r"\b1 (\w+ )?dice\b",
    "'Keep the rest' where nothing was given": r"Keep the rest",
    "'the turn is lost and frozen: you'": r"frozen: (you|P\d)",
    "'1 spaces' (one space)": r"\b1 spaces\b",
    "a turn 'is over' in the status": r"</b>.{0,3}is over|\bis over</b>",
    "a rule cut short: 'take every other player's' (take what?)": r"take every other player's",
    "a rule cut short: 'may hand over theirs'": r"hand over theirs",
    "'Your hand: in Bear' / 'out 7'": r"Your hand: (in|out) |\bout \d",
    "'0 play dice' taken": r"\b0 play dice\b",
    "an action's engine text after a colon": r"You: decline|: decline",
}


@pytest.mark.parametrize("fault", FAULTS, ids=list(FAULTS))
def test_no_table_shows_a_wording_fault_again(shown_everywhere, fault):
    pattern = re.compile(FAULTS[fault])
    found = [text for texts in shown_everywhere.values() for text in texts if pattern.search(text)]
    assert not found, found[:3]


def test_the_prompt_of_a_checked_hand_counts_no_dice(shown_everywhere):
    prompts = [text for key, texts in shown_everywhere.items() if key.startswith("football") for text in texts
               if text.startswith(("Check your dice", "Every die of yours is checked"))]
    assert any(p.startswith("Every die of yours is checked. You may kick") for p in prompts), \
        "a field goal between the last die and the next turn: asked without a count of dice"
    assert all(re.match(r"Check your dice one at a time \(\d", p) for p in prompts if p.startswith("Check"))


def test_a_bot_turn_shown_is_named_as_done(shown_everywhere):
    done = [html.unescape(text) for texts in shown_everywhere.values() for text in texts if "<b>Done: " in text]
    assert any("'s picks.</b>" in text for text in done) and any("'s turn.</b>" in text for text in done)


def test_power_dice_are_counted_in_words():
    labels = [text for seed in range(1, 4) for text in everything_shown("football", {"num_players": 2}, seed)[1]]
    assert any(re.search(r"\b1 power die\b", text) for text in labels)
    assert any(re.search(r"\b[2-9] (play|power) dice\b", text) for text in labels)


def test_a_predator_keep_names_the_cards_kept(shown_everywhere):
    texts = [text for key, texts in shown_everywhere.items() if key.startswith("deer-{") for text in texts]
    keeps = [text for text in texts if text.startswith("Keep your ")]
    assert keeps and all(re.fullmatch(r"Keep your (Fox|Wolf|Bear)( ×\d)?", text) for text in keeps)
    assert any(text.endswith("discard them face down to the Predator pile, or keep them.") for text in texts)


def test_being_frozen_is_told_in_a_sentence():
    lines = [line for seed in range(1, 6) for line in everything_shown("deer", {"num_players": 3}, seed)[0].history]
    frozen = [line.lower() for line in lines if "(frozen)" in line]
    assert any("from now on your turns need a deer head (frozen)" in line for line in frozen)
    assert any(re.search(r"from now on p\d \(greedy\)'s turns need a deer head \(frozen\)", line) for line in frozen)


def test_each_roll_names_its_chart_row_and_a_roll_that_moves_nothing_says_so():
    lines = [line for seed in range(1, 4) for name in ("deer", "deer-cards")
             for line in everything_shown(name, {"num_players": 3}, seed)[0].history]
    rolls = [line for line in lines if re.match(r"(You|P\d \(greedy\)) rolled ", line)]
    named = [line for line in rolls if "; chart row: " in line]
    lost = [line for line in rolls if "still frozen" in line or "on the re-roll: the turn ends" in line]  # no row
    assert rolls and len(named) + len(lost) == len(rolls)
    assert any("(not on the chart): no card play; the turn passes" in line for line in named)
    assert any(line.endswith("; no card moves") for line in named)


def test_hints_say_net_and_exact_in_words():
    game = make_game("deer", num_players=3)
    session = Session(game, [HUMAN, "greedy", "greedy"], seed=218)
    session.until_decision()
    labels = [hint.label for hint in deer_hints(session.state, 0)]
    assert labels and not any("net: " in label for label in labels)
    assert all(re.fullmatch(r"net -?\d+(\.\d)? points? shed this turn \((exact|an average over \d deals of the "
                            r"cards you cannot see)\)", label) for label in labels), labels


@pytest.mark.parametrize("name, players, line", [
    ("deer", 3, r"Scores \(the lowest wins; Finish at 100\): you \d+ · P1 \(greedy\) \d+ · P2 \(greedy\) \d+"),
    ("football", 2, r"Scores \(the most points wins\): you \d+ · P1 \(greedy\) \d+"),
    ("football", 1, r"Scores \(the most points wins\): you \d+ · Blitz Bach \d+"),
])
def test_every_seats_score_is_always_in_the_status(name, players, line):
    game = make_game(name, num_players=players)
    session = Session(game, [HUMAN] + ["greedy"] * (players - 1), seed=3)
    play_out(session, 3, lambda session, stop: assert_found(line, status_html(session, stop)))
    assert re.search(line, status_html(session, Stop.OVER))


def assert_found(pattern: str, text: str) -> None:
    assert re.search(pattern, text), text


def test_no_choice_that_hurts_comes_first_when_a_better_one_exists():
    """A rack's fine steps (the engine's; every table takes them as one split) lead with your own pawn back and others
    forward; a draw from the Predator pile (one more card) and a knock follow "don't draw" and "roll the dice"."""
    hurts = {"draw from the Predator pile", "knock"}
    firsts = []

    def check(session, stop):
        first = choices(session, stop)[0].name
        legal = {str(a) for a in session.state.legal_actions()} if stop == Stop.DECIDE else set()
        assert first not in hurts or legal <= hurts
        if first.startswith("move player"):
            own = first.startswith(f"move player {session.viewer} ")
            assert first.endswith(" back" if own else " forward"), first
        firsts.append(first)

    for seed in range(1, 4):
        game = make_game("deer", num_players=4, advanced=True)
        play_out(Session(game, [HUMAN, "greedy", "greedy", "greedy"], seed=seed), seed, check)
    assert {"don't draw", "roll the dice"} <= set(firsts)


# -- issue 53: each wording a newcomer tripped on, read where the player reads it ---------------------------------
@pytest.mark.parametrize("name, taken", [
    ("deer", "every other player gives the roller all their cards of those numbers"),
    ("deer-cards", "each other player may hand the roller all their cards of those ranks")])
def test_the_three_numbers_rule_says_what_is_taken_on_the_rules_card_and_in_the_log(name, taken):
    from deerbook.play import deer_words

    game = make_game(name, num_players=3)
    assert f"if the roller holds none of them, {taken}" in deer_words.rules_card(game)[1]
    lines = [line for seed in (1, 2) for line in everything_shown(name, {"num_players": 3}, seed)[0].history]
    assert any("chart row: Three numbers: discard every card of the rolled " in line and taken in line
               for line in lines)


def test_the_card_editions_hand_over_prompt_says_ranks_as_its_rules_do(shown_everywhere):
    cards = [text for key, texts in shown_everywhere.items() if key.startswith("deer-cards") for text in texts]
    asked = [text for text in cards if "holds none of them: hand over your cards" in text]
    assert asked and all("hand over your cards of those ranks, or keep them." in text for text in asked), asked[:2]
    board = [text for key, texts in shown_everywhere.items() if key.startswith("deer-{") for text in texts]
    assert not any("those ranks" in text for text in board)


def test_the_hand_line_says_gained_and_lost_in_words(shown_everywhere):
    hands = [text for key, texts in shown_everywhere.items() if key.startswith("deer") for text in texts
             if text.startswith("Your hand ")]
    assert any(re.fullmatch(r"Your hand gained [^;]+ \(now \d+ cards?\)\.", text) for text in hands)
    assert any(re.fullmatch(r"Your hand lost [^;]+ \(now \d+ cards?\)\.", text) for text in hands)
    assert all(re.fullmatch(r"Your hand (gained [^;]+?)?( and )?(lost [^;]+)? \(now \d+ cards?\)\.", text)
               for text in hands), [text for text in hands if ";" in text][:2]


def test_a_round_score_stopped_at_finish_says_so():
    lines = [line for seed in (1, 2) for line in everything_shown("deer", {"num_players": 3}, seed)[0].history
             if " ends: each hand's points move its pawn: " in line]
    scores = [part for line in lines for part in line.split(": ", 2)[2].split(", P") if "now 100" in part]
    stopped = [part for part in scores if "stopped at Finish" in part]
    assert stopped and all(re.search(r"\+\d+, stopped at Finish \(now 100: no pawn moves past Finish\)", part)
                           for part in stopped), scores


def test_blitz_bachs_points_are_told_in_the_log_in_the_rules_words():
    from deerbook.football.rules import BLITZ_CHART

    session, _ = everything_shown("football", {"num_players": 1}, 1)
    told = [re.fullmatch(r"Blitz Bach scores (\d+) points? \(now (\d+)\): (his power dice clear areas? [\d, and]+"
                         r"|he has no power dice to clear an area); (?:leaving out the Defense Marker's area \d, "
                         r"areas? [\d, and]+ holds? the most dice \((\d)(?: each)?\): \4 (?:die|dice) scores? \1 on "
                         r"his chart\.|no area outside the Defense Marker's area \d holds a die, and 0 dice score 0 "
                         r"on his chart\.)", line) for line in session.history if line.startswith("Blitz Bach scores")]
    assert len(told) == session.game.rounds and all(told), [line for line in session.history if "Blitz" in line]
    total = 0
    for found in told:
        points, now, most = int(found[1]), int(found[2]), found[4]
        total += points
        assert now == total and (most is None or BLITZ_CHART[min(int(most), 6)] == points)
    assert total == sum(session.state.blitz)
    rolled = [i for i, line in enumerate(session.history) if line.startswith("Blitz Bach rolled ")]
    assert all(session.history[i + 1].startswith("Blitz Bach scores ") for i in rolled)


def test_a_first_picks_hint_says_it_counts_on_your_best_second_pick():
    from deerbook.play.hints import football_hints

    session = Session(make_game("football", num_players=1), [HUMAN], seed=1)
    seen = []

    def look(session, stop):
        if stop == Stop.DECIDE and session.state.phase == "picks":
            seen.append((len(session.state.picks), football_hints(session.state, 0)))

    play_out(session, 1, look)
    firsts = [hint for picks, hints in seen if picks == 0 for hint in hints]
    seconds = [hint for picks, hints in seen if picks == 1 for hint in hints]
    assert firsts and seconds
    assert all(("with your best second pick" in hint.label) == hint.action.startswith("pick") for hint in firsts)
    assert not any("best second pick" in hint.label for hint in seconds)


def test_the_defense_die_is_not_rolled_yet_before_its_roll_and_one_power_die_is_a_die():
    from deerbook.play import football_view

    game = make_game("football", num_players=1)
    start = game.initial_state()
    text, svg = football_view.render_text(start.observation(0), game), football_view.render_svg(start.observation(0),
                                                                                                  game)
    assert "Defense Die: not rolled yet" in text and "Defense Die: not rolled yet" in svg and "no effect" not in text
    assert "1 power die\n" in text and "1 power die<" in svg and "1 power dice" not in text + svg
    rolled = start.apply(next(a for a, _ in start.chance_outcomes() if a.args == (0,)))
    assert "Defense Die: no effect" in football_view.render_text(rolled.observation(0), game)
