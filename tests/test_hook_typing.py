"""A misspelt hook is caught before a game is played: mypy refuses a call to a hook that does
not exist and an `@override` that overrides nothing (rules/game/hooks.py), and the registered
units define no other public method, which no fold would ever ask."""

from __future__ import annotations

import subprocess
import sys

import pytest
from caledonia.rules.game.clans import CLANS
from caledonia.rules.game.hooks import RulesUnit
from caledonia.rules.game.variants import VARIANTS
from mypy_run import mypy_errors as run_mypy

HEAD = """
from caledonia.rules.game.hooks import RulesUnit, override
from caledonia.rules.game.rulebook import fold
from caledonia.rules.game.state import GameState, PlayerState
"""

# each module asks a fold for a hook and overrides one; the first three misspell or mistype
MODULES = {
    "misspelt_call": HEAD
    + """
def pass_money(units: list[RulesUnit], state: GameState, player: PlayerState) -> int:
    return fold(units, lambda u, money: u.pas_money(state, player, money), 0)
""",
    "misspelt_override": HEAD
    + """
class Boxes(RulesUnit):
    @override
    def contract_boxs(self, state: GameState, player: PlayerState, boxes: int) -> int:
        return 2
""",
    "mistyped_result": HEAD
    + """
def cost(units: list[RulesUnit], state: GameState, player: PlayerState) -> str:
    return fold(units, lambda u, cost: u.contract_cost(state, player, cost), 3)
""",
    "spelt_right": HEAD
    + """
class Boxes(RulesUnit):
    @override
    def contract_boxes(self, state: GameState, player: PlayerState, boxes: int) -> int:
        return 2


def boxes(units: list[RulesUnit], state: GameState, player: PlayerState) -> int:
    return fold(units, lambda u, boxes: u.contract_boxes(state, player, boxes), 1)
""",
}


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory) -> dict[str, list[str]]:
    """mypy's errors in each module of MODULES, checked against the package in one run."""
    return run_mypy(MODULES, tmp_path_factory.mktemp("hooks"))


@pytest.mark.long
def test_a_misspelt_hook_call_fails_mypy(mypy_errors):
    [error] = mypy_errors["misspelt_call"]
    assert '"RulesUnit" has no attribute "pas_money"' in error


@pytest.mark.long
def test_a_misspelt_override_fails_mypy(mypy_errors):
    [error] = mypy_errors["misspelt_override"]
    assert 'Method "contract_boxs" is marked as an override, but no base method' in error


@pytest.mark.long
def test_a_fold_gives_the_hook_type_not_any(mypy_errors):
    assert mypy_errors["mistyped_result"]
    assert all('"int"' in error for error in mypy_errors["mistyped_result"])


@pytest.mark.long
def test_the_right_spelling_passes_mypy(mypy_errors):
    assert mypy_errors["spelt_right"] == []


def stray_names(unit_class: type) -> list[str]:
    """Public names a unit class defines that no fold asks: a method RulesUnit does not declare
    as a hook, or (on the unit's own class) an attribute its base does not declare."""
    stray = []
    for cls in unit_class.__mro__:
        if cls is RulesUnit or not issubclass(cls, RulesUnit):
            continue
        for name, value in vars(cls).items():
            if name.startswith("_") or (not callable(value) and cls is not unit_class):
                continue  # a base of the unit (Clan) may declare attributes of its own
            declared_on = RulesUnit if callable(value) else cls.__mro__[1]
            if not hasattr(declared_on, name):
                stray.append(f"{cls.__name__}.{name}")
    return stray


def test_every_unit_defines_only_hooks():
    units = list(VARIANTS) + list(CLANS.values())
    assert VARIANTS and CLANS  # the check has units to look at
    assert [name for unit in units for name in stray_names(type(unit))] == []


def test_a_misspelt_hook_without_override_is_stray():
    class Misspelt(RulesUnit):
        sumary = "a misspelt summary"

        def contract_boxs(self, state, player, boxes):  # no @override: mypy cannot know
            return 2

        def contract_boxes(self, state, player, boxes):
            return 2

    assert stray_names(Misspelt) == ["Misspelt.sumary", "Misspelt.contract_boxs"]


def test_the_mark_imports_nothing_at_run_time():
    """`override` is typing_extensions' for mypy only: no game command pays for the import."""
    code = "import sys, caledonia.rules.game.registry; print('typing_extensions' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False"]
