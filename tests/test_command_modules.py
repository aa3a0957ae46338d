"""No command module imports another (issue 30): what two commands share lives in a module
of its own, so a command loads only what it runs and can be read on its own."""

from __future__ import annotations

import ast
from pathlib import Path

from caledonia.cli.main import COMMANDS

CLI = Path(__file__).resolve().parent.parent / "cli"
COMMAND_MODULES = {module for module, _ in COMMANDS.values()}


def imported_cli_modules(path: Path) -> set[str]:
    """Every cli module `path` imports, at its top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import x
                found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("caledonia.cli."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(
                a.name.split(".")[2] for a in node.names if a.name.startswith("caledonia.cli.")
            )
    return found


def test_the_command_modules_are_the_ones_main_lists():
    assert COMMAND_MODULES and all((CLI / f"{module}.py").is_file() for module in COMMAND_MODULES)


def test_no_command_module_imports_another():
    crossings = {
        module: sorted(imported_cli_modules(CLI / f"{module}.py") & COMMAND_MODULES - {module})
        for module in sorted(COMMAND_MODULES)
    }
    assert {m: found for m, found in crossings.items() if found} == {}


def test_the_scan_sees_a_function_level_import(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("def f():\n    from .score import x\n    import caledonia.cli.map_cmd\n")
    assert {"score", "map_cmd"} <= imported_cli_modules(planted)
