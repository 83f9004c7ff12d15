"""A rack at the terminal is one decision: the best split a press of Enter away, or a split typed in one line
(checked, refused with a sentence and nothing moved), and the log tells it in one line, after a load too."""
import pytest

from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.chapters.deer_examples import act, roll
from deerbook.deer import position
from deerbook.engine import make_game
from deerbook.engine.seeding import stream
from deerbook.play.page import PageTable
from deerbook.play.session import Session
from deerbook.play.split_prompt import split_offers
from deerbook.play.terminal import Terminal

RACK_PHASES = ("rack", "rack_pawn", "rack_amount", "bullseye_pawn", "bullseye_amount")
SEATS = ["human", "greedy", "greedy"]


class Person:
    """Answers the terminal: the queued answers first (and `after_rack`'s once a rack of yours is told), then the first
    choice of a numbered prompt and Enter at any other (a roll, a rack); keeps every line and, per prompt, the phase
    it was asked in and the state."""

    def __init__(self, session: Session, answers=(), after_rack=()):
        self.session, self.answers, self.output, self.asked = session, list(answers), [], []
        self.after_rack = list(after_rack)  # the answers once the log told a rack of yours

    def read(self, prompt: str) -> str:
        self.output.append(prompt)
        self.asked.append((prompt, str(self.session.state.phase), self.session.state))
        if self.after_rack and any(line.startswith("  You played ") and "):" in line for line in self.output):
            self.answers, self.after_rack = self.answers + self.after_rack, []
        if self.answers:
            return self.answers.pop(0)
        return "1" if prompt.startswith("Your choice (1-") else ""

    def write(self, text: str) -> None:
        self.output.append(text)

    def play(self) -> int:
        return Terminal(self.session, self.read, self.write).play()


def rack_session(hand=("1", "Fox", "Wolf", "Bear", "9"), pawns=(6, 12, 20)) -> Session:
    """You (P0, on 6) at the rack decision of your turn, holding `hand` less the 1 the roll discarded, against two
    greedy bots (on 12 and 20)."""
    game = make_game("deer", num_players=3)
    state = act(roll(position(game, [list(hand), ["2", "3"], ["4", "5"]], pawns=list(pawns)), 1, 2, 4, "discard"),
                "discard nothing")
    assert state.phase == "rack"
    return Session(game, SEATS, seed=1, state=state)


def rack_runs(asked) -> list[int]:
    """The number of prompts each rack took: from its offer to the next prompt that is not the rack's."""
    runs, previous = [], None
    for _, phase, _ in asked:
        if phase in RACK_PHASES and previous in RACK_PHASES:
            runs[-1] += 1
        elif phase in RACK_PHASES:
            runs.append(1)
        previous = phase
    return runs


@pytest.mark.parametrize("seed", [5, 8, 13])
def test_a_rack_takes_at_most_two_prompts_and_enter_plays_the_best_split(seed):
    person = Person(Session(make_game("deer", num_players=3), SEATS, seed=seed))
    person.play()
    assert person.session.state.is_terminal()
    runs = rack_runs(person.asked)
    assert all(run <= 2 for run in runs), runs
    firsts = [line for line in person.output if line.startswith("  1) Play the rack ")]
    assert len(firsts) == len(runs) and not any("lost" in line for line in firsts), "no option that wastes first"
    if seed == 5:  # this game offers you racks (before: 42 prompts for the first one)
        assert runs and all(run == 1 for run in runs), "Enter plays the rack at its best split at once"
        played = [line for line in person.output if line.startswith("  You played ") and "):" in line]
        assert len(played) == len(runs) and not any("lost" in line for line in played)


def test_enter_plays_the_greedy_agents_rack_at_the_split_that_helps_you_most():
    session = rack_session(("1", "Bear", "Bear", "Bear", "Fox", "Wolf", "9"))
    best = split_offers(session)[0]
    greedy = GreedyAgent().act(session.state.observation(0), session.state.legal_actions(), stream(0))
    assert best.opening == str(greedy), "the rack worth most"
    assert best.best == [-6, 15, 0], "your pawn back to 0, the rest onto the leader"
    person = Person(session, ["", "q", "n"])
    person.play()
    prompt = next(i for i, line in enumerate(person.output) if line.startswith("Your rack ("))
    assert person.output[prompt - 2].split("\n") == [
        "  1) Play the rack Bear + Bear + Bear (21): your pawn back 6, P1 (greedy)'s pawn forward 15 (the split that "
        "helps you most)", "  2) Play the rack Fox + Wolf + Bear (15), then its split", "  3) No rack (or n)"]
    assert '"-6 +15 0" is the split above' in person.output[prompt - 1]
    assert session.state.pawns == (0, 27, 20)
    assert "  You played Bear+Bear+Bear (21): your pawn back 6, P1 (greedy)'s pawn forward 15" in person.output


def test_another_rack_asks_its_split_next_b_goes_back_and_n_declines():
    two = Person(rack_session(("1", "Bear", "Bear", "Bear", "Fox", "Wolf", "9")), ["2", "-6 0 9", "q", "n"])
    two.play()
    assert two.session.state.pawns == (0, 12, 29) and len(two.session.undo_stack) == 1, "one decision"
    assert "  You played Fox+Wolf+Bear (15): your pawn back 6, P2 (greedy)'s pawn forward 9" in two.output
    none = Person(rack_session(("1", "Bear", "Bear", "Bear", "Fox", "Wolf", "9")), ["2", "b", "n", "q", "n"])
    none.play()
    assert none.session.state.pawns == (6, 12, 20) and none.session.state.phase == "draw", "back, then no rack"
    assert sum(prompt.startswith("Your rack (") for prompt, _, _ in none.asked) == 2


def test_a_typed_split_is_played_as_one_decision():
    person = Person(rack_session(), ["-4, +11 0", "q", "n"])
    person.play()
    session = person.session
    assert session.state.pawns == (2, 23, 20) and session.state.phase == "draw"
    assert len(session.undo_stack) == 1 and session.undo_stack[0].decision == \
        "your split (your pawn -4, P1 (greedy)'s pawn +11)"
    assert "  You played Fox+Wolf+Bear (15): your pawn back 4, P1 (greedy)'s pawn forward 11" in person.output


@pytest.mark.parametrize("typed, sentence", [
    ("-6 9 1 0", "Not played: type one number for each of the 3 pawns (your pawn, P1 (greedy)'s pawn, P2 (greedy)'s "
                 "pawn); you typed 4."),
    ("-6 nine 0", "Not played: 'nine' is not a whole number of spaces."),
    ("-6 8 0", "Not played: these moves add up to 14 spaces; Ruling 13 (rack): the sizes of the moves add up exactly "
               "to 15."),
])
def test_a_bad_split_is_refused_with_a_sentence_and_nothing_moves(typed, sentence):
    person = Person(rack_session(), [typed, "", "q", "n"])
    before = person.session.state
    person.play()
    assert any(line.startswith(sentence) for line in person.output), person.output[-12:]
    asked_again = [state for prompt, _, state in person.asked if prompt.startswith("Your rack (")]
    assert asked_again == [before, before], "asked again at the very same table"
    assert person.session.state.phase == "draw", "then Enter played the best split"


def test_the_log_tells_a_rack_in_one_line_at_the_terminal_and_after_a_load(tmp_path):
    path = tmp_path / "rack.json"
    person = Person(Session(make_game("deer", num_players=3), SEATS, seed=5), after_rack=["q", "y", str(path)])
    person.play()
    told = [text.strip() for text in person.output if text.startswith("  You played ") and "):" in text]
    assert len(told) == 1 and told[0].startswith("You played Bear+Bear+Bear (21): ")
    assert not any("moved your own pawn" in text for text in person.output)
    loaded = Session(make_game("deer", num_players=3), SEATS)
    loaded.load_text(path.read_text(), "rack.json")
    assert loaded.history.count(told[0]) == 1, "the load tells the rack again in one line"
    again = Person(loaded, ["q", "n"])
    again.play()
    assert again.output.count(f"  {told[0]}") == 1 and not any("moved your own pawn" in text for text in again.output)


def test_the_page_table_logs_the_same_one_line():
    terminal = Person(rack_session(), ["-4 11 0", "q", "n"])
    terminal.play()
    page = PageTable()
    page.form = {**page.form, "pace": "step"}
    page.session = rack_session()
    page.session.decide(["rack Fox+Wolf+Bear (15)"])
    page.advance()
    answer = page.handle({"op": "split", "amounts": [-4, 11, 0]})
    line = "You played Fox+Wolf+Bear (15): your pawn back 4, P1 (greedy)'s pawn forward 11"
    assert line in answer["news"] and f"  {line}" in terminal.output


def test_a_bullseye_is_one_prompt_and_one_line():
    person = Person(Session(make_game("deer", num_players=3, advanced=True), SEATS, seed=12))
    person.play()
    bullseye = [i for i, (_, phase, _) in enumerate(person.asked) if phase.startswith("bullseye")]
    assert len(bullseye) == 1 and person.asked[bullseye[0]][0].startswith("Your split (Enter or one number per pawn")
    assert "  You moved the pawns with the Bullseye (12): your pawn back 12" in person.output
