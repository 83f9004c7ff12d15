"""The advanced rules are listed once, as `DeerOptions`' fields: the registered options, their help and the component
files' `advanced_rules` all read that list."""
import dataclasses
import json

import pytest

from deerbook.deer.component_file import DATA_DIR, components_from_data
from deerbook.deer.spec import ADVANCED_RULES, DeerOptions
from deerbook.engine.errors import ComponentError
from deerbook.engine.registry import game_info


def test_the_options_dataclass_is_the_one_list_of_the_advanced_rules():
    names = [field.name for field in dataclasses.fields(DeerOptions)]
    assert list(ADVANCED_RULES) == names == ["knocking", "headlights_spaces", "bullseye_spaces"]
    assert all(help.startswith("advanced rule: ") and "Ruling" in help for help in ADVANCED_RULES.values())
    assert [game_info("deer").option(name).help for name in names] == list(ADVANCED_RULES.values())
    assert set(names) <= set(game_info("deer-cards").option_spec)  # listed there too, offered by no card game


@pytest.mark.parametrize("offered", [["knocking", "flying"], [{"a": 1}], [["knocking"]]])
def test_a_component_file_may_offer_only_the_listed_rules(offered):
    data = json.loads((DATA_DIR / "board-2014.json").read_text())
    data["advanced_rules"] = offered
    with pytest.raises(ComponentError, match=r"advanced_rules: must list some of \['knocking', 'headlights_spaces', "
                                             r"'bullseye_spaces'\]"):
        components_from_data(data)
