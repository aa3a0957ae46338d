"""Imports where they belong (issue 30, part 7): an import inside a function only at a
command's entry point or for a heavy optional library, so at most 5 in rules/ and at most
150 in rules/, storage/ and cli/ together.

`CEILINGS` holds the counts the hoisting reached, by layer, under `TARGETS`; they only go
down. Every import statement inside a function body counts, at any depth (one
under `if TYPE_CHECKING:` never runs, and is left out).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("rules", "storage", "cli")
TARGETS = {"rules": 5, "all": 150}
CEILINGS = {"rules": 5, "storage": 2, "cli": 67}  # reached: only go down


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def function_imports(source: str, where: str) -> list[str]:
    """Each import statement inside a function of `source`, as `where:line`."""
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child, in_function)
            return
        if in_function and isinstance(node, ast.Import | ast.ImportFrom):
            found.append(f"{where}:{node.lineno}")
        inside = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(ast.parse(source), False)
    return found


def layer_imports(layer: str) -> list[str]:
    return [
        found
        for path in sorted((ROOT / layer).rglob("*.py"))
        for found in function_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]


def test_function_level_imports_stay_under_each_layers_ceiling():
    counts = {layer: len(layer_imports(layer)) for layer in LAYERS}
    over = {layer: n for layer, n in counts.items() if n > CEILINGS[layer]}
    assert over == {}, f"more imports inside functions than the ceiling: {over} > {CEILINGS}"


def test_the_ceilings_are_within_the_targets():
    assert CEILINGS["rules"] <= TARGETS["rules"] and sum(CEILINGS.values()) <= TARGETS["all"]
    assert TARGETS["rules"] <= 5 and TARGETS["all"] <= 150


def test_the_count_sees_nested_imports_and_skips_type_checking_ones():
    source = (
        "import os\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import json\n"
        "def f():\n    import re\n    if True:\n        from x import y\n"
        "    def g():\n        import z\n"
        "    if TYPE_CHECKING:\n        import never\n"
        "class C:\n    def m(self):\n        import sys\n"
    )
    assert function_imports(source, "m.py") == ["m.py:6", "m.py:8", "m.py:10", "m.py:15"]
