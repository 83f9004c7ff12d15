"""Where the Deer advisor walks the turn (`ADVISED_PHASES`) rests on the stored choice measurement
("advisor-knocking" in `analysis.choices.CHOICE_STUDIES`): the knock is where it chooses otherwise than greedy, and
what that is worth is really above 0; at every other kind of decision it chooses as greedy."""
from deerbook.analysis.choices import CHOICE_STUDIES, DEER_KINDS, load_choices
from deerbook.bots.deer_advisor import ADVISED_PHASES
from deerbook.deer.rules import Phase


def test_the_advisor_walks_only_where_the_stored_measurement_says_it_gains():
    assert CHOICE_STUDIES["advisor-knocking"].agent == "advisor"
    found = {d.kind: d for d in load_choices()["advisor-knocking"]}
    advised = {DEER_KINDS[str(phase)] for phase in ADVISED_PHASES}
    assert advised == {DEER_KINDS[str(Phase.KNOCK)]}
    for kind in advised:
        knock = found[kind]
        assert knock.decisions >= 100 and knock.differ.low > 0
        assert knock.worth is not None and knock.worth.low > 0, knock  # a real gain in the seat's win chance
    elsewhere = [d for kind, d in found.items() if kind not in advised]
    assert elsewhere and all(d.differ.mean == 0 for d in elsewhere)
