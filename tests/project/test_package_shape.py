"""Both games have the same modules, each meaning the same thing, in the same layer (one shape for every game)."""
import enum
import importlib

import pytest

CORE = ("game", "spec", "state", "rules", "save", "decisions", "registration", "codec")  # the rules core
LAYERED = {"bots": ("greedy", "advisor"), "analysis": ("odds",), "play": ("view", "log", "words"),
           "chapters": ("examples",)}
COMPONENTS = {"deer": "components", "football": "sheet"}  # the game's component data, replaceable by the user's own


@pytest.mark.parametrize("package", sorted(COMPONENTS))
@pytest.mark.parametrize("module", CORE + ("components",))
def test_every_rules_core_has_the_shared_modules(package, module):
    name = COMPONENTS[package] if module == "components" else module
    assert importlib.import_module(f"deerbook.{package}.{name}").__doc__


@pytest.mark.parametrize("package", sorted(COMPONENTS))
@pytest.mark.parametrize("layer, module", [(layer, module) for layer, modules in LAYERED.items() for module in modules])
def test_every_game_has_its_modules_in_the_upper_layers(package, layer, module):
    assert importlib.import_module(f"deerbook.{layer}.{package}_{module}").__doc__


@pytest.mark.parametrize("package", sorted(COMPONENTS))
def test_each_package_names_its_phases_once_and_its_decisions_in_one_list(package):
    rules, decisions = (importlib.import_module(f"deerbook.{package}.{m}") for m in ("rules", "decisions"))
    assert issubclass(rules.Phase, enum.StrEnum) and len(rules.Phase) >= 5  # saves keep the phase strings
    assert decisions.DECISIONS and all(d.endswith(".") for d in decisions.DECISIONS)
    assert importlib.import_module(f"deerbook.{package}").DECISIONS is decisions.DECISIONS
