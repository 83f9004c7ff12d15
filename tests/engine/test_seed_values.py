"""A seed is read by its value: leading zeros are allowed, and the limit is on its significant digits."""
import pytest

from deerbook.cli.main import main
from deerbook.engine.seeding import parse_seed
from deerbook.play.session import Session


@pytest.mark.parametrize("typed, seed", [("0000000000000001", 1), ("007", 7), ("0", 0), ("000", 0),
                                         ("0" * 5000 + "12", 12), ("0999999999999999", 10 ** 15 - 1),
                                         ("007/0000000000000000012", (7, 12))])
def test_a_seed_with_leading_zeros_is_its_value(typed, seed):
    """"0000000000000001" used to be refused as a number of 16 digits, though its value is 1."""
    assert parse_seed(typed) == seed


@pytest.mark.parametrize("typed", ["1234567890123456", "0001234567890123456", "1/" + "0" * 3 + "9" * 16])
def test_a_seed_of_more_than_15_significant_digits_is_still_refused(typed):
    with pytest.raises(ValueError, match="a seed is a whole number of at most 15 digits"):
        parse_seed(typed)


def test_a_table_and_a_batch_take_a_seed_with_leading_zeros(capsys):
    assert Session("deer", ["human", "greedy"], seed="0000000000000001").seed == 1
    assert main(["simulate", "football", "--solo", "--games", "2", "--seed", "0000000000000001", "--workers", "1",
                 "--json"]) == 0
    assert '"seed": 1' in capsys.readouterr().out
