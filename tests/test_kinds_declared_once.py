"""An event kind is declared once, in its spec: its menu words, key, place in the first
menu, whether it is optional, the bonus it takes and how `play` narrows it. No table in
cli/ lists the kinds, so a new kind is its spec module (and the registry) and cli/ follows.

A table of kinds is a dict's keys, a set, or a collection bound to a name, more than half
of whose strings are event kind names: a dict keyed by field names that happen to share a
kind's name ('clan', 'shipping', a player's fields) is not one, nor is a comparison
(`kind == "trade"`, `kind in ("expand", "worker")`).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from caledonia.cli.choosing import LEVELS
from caledonia.rules.game.registry import EVENTS, MENU

CLI = Path(__file__).resolve().parent.parent / "cli"
COLLECTIONS = {"frozenset", "set", "tuple", "list", "dict"}


def kind_tables(source: str, kinds: set[str]) -> dict[int, list[str]]:
    """Each table of kinds in `source` (a module's text) by its line: the kinds it names."""
    found = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.Set):
            items = list(node.elts)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and _collection(node.value):
            items = list(ast.walk(node.value))  # a named table: every string in it
        else:
            continue
        words = [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
        named = [w for w in words if w in kinds]
        if named and len(named) * 2 > len(words):
            found[node.lineno] = named
    return dict(sorted(found.items()))


def _collection(node: ast.expr | None) -> bool:
    if isinstance(node, ast.Call):  # frozenset([...]), dict(...)
        return isinstance(node.func, ast.Name) and node.func.id in COLLECTIONS
    return isinstance(node, (ast.Tuple, ast.List, ast.Set))


def test_no_module_in_cli_lists_the_event_kinds():
    kinds = set(EVENTS)
    tables = {
        f"{path.relative_to(CLI)}:{line}": named
        for path in sorted(CLI.rglob("*.py"))
        for line, named in kind_tables(path.read_text(encoding="utf-8"), kinds).items()
    }
    assert tables == {}


def test_a_table_of_kinds_is_found_however_it_is_written():
    kinds = set(EVENTS)
    source = """
KEYS = {"trade": "t", "expand": "e"}
OPTIONAL = {"cellar_out"}
FIRST = ("clan", "produce", "worker")
PAIRS = [("trade", 1), ("expand", 2)]
FROZEN = frozenset(["brew", "row"])
number = e.get("contract")
"""
    assert list(kind_tables(source, kinds)) == [2, 3, 4, 5, 6]


def test_field_names_and_comparisons_are_not_tables_of_kinds():
    kinds = set(EVENTS)
    source = """
row = {"name": p.name, "clan": p.clan, "money": p.money, "shipping": p.shipping}
if kind in ("expand", "worker") or kind == "trade":
    pass
"""
    assert kind_tables(source, kinds) == {}


def test_every_kind_has_words_and_a_place_in_its_menu():
    listed = [spec for spec in EVENTS.values() if not spec.correction]
    assert all(spec.menu_words and spec.menu_order is not None for spec in listed)
    assert set(MENU) == set(listed)
    orders = Counter(spec.menu_order for spec in MENU)
    assert [order for order, count in orders.items() if count > 1] == []


def test_the_menu_keys_of_the_kinds_are_distinct_letters():
    keys = Counter(spec.menu_key for spec in MENU if spec.menu_key)
    assert [key for key, count in keys.items() if count > 1] == []
    assert all(len(key) == 1 and key.isalpha() for key in keys)


def test_every_narrowing_a_spec_names_is_a_question_play_asks():
    named = {(spec.type, name) for spec in EVENTS.values() for name in spec.narrowed_by}
    assert {pair for pair in named if pair[1] not in LEVELS} == set()


def test_a_kind_with_an_open_bonus_says_when_it_is_open():
    from caledonia.rules.game.state import TurnState

    takers = [spec for spec in EVENTS.values() if spec.open_bonus]
    assert {spec.type for spec in takers} == {"neighbourhood", "building_bonus", "brew"}
    assert not any(spec.bonus_open(TurnState()) for spec in takers)
    open_turn = TurnState(expanded=(12,), building_bonus=True, brewing=1)
    assert all(spec.bonus_open(open_turn) for spec in takers)
