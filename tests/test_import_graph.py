"""The project's import graph: no cycle among its modules, a rules layer that knows
nothing of the terminal nor of the storage layer, and a game engine that touches no file.

The graph is read from the source, not from what one run happens to import: every
`import` statement counts, at the top of a module or inside a function alike, so an import
moved into a function to hold a cycle open is still seen. Only imports under
`if TYPE_CHECKING:` are left out: they never run, and annotations may refer both ways.

`python tests/test_import_graph.py` lists the cycles (strongly connected components).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# pyproject.toml's package-dir: the installed name of each source folder
PACKAGES = {"package_root": "caledonia", "cli": "caledonia.cli", "rules": "caledonia.rules"}
PACKAGES["storage"] = "caledonia.storage"
PACKAGES["maps"] = "caledonia.maps"
# what rules/ never imports: the storage layer plugs its cache in (rules/keeping.py)
TERMINAL = ("caledonia.cli", "caledonia.storage", "typer", "rich", "questionary")
# what the game engine (rules/game/) never imports: files are the storage layer's
FILE_MODULES = ("os", "pickle", "tempfile", "fcntl", "shutil", "io")


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the installed package by its dotted name."""
    modules = {}
    for folder, package in PACKAGES.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = path.relative_to(root / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join((package, *parts))] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: at any depth, but not under TYPE_CHECKING."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imported_names(module: str, path: Path) -> set[str]:
    """The dotted names a module imports (absolute; `from X import name` gives X and X.name)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in _statements(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - node.level + 1]
            base = ".".join(anchor + ([base] if base else []))
        names.add(base)
        names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _runs(name: str, importer: str, modules: dict[str, Path]) -> set[str]:
    """The project modules that importing `name` runs: the module and each package above it
    that is not already above the importer (those are loaded before the importer starts)."""
    parts = name.split(".")
    found = {".".join(parts[:n]) for n in range(1, len(parts) + 1)} & set(modules)
    return {m for m in found if not (importer + ".").startswith(m + ".")}


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each project module's edges to the project modules it imports."""
    modules = project_modules(root)
    graph = {}
    for module, path in modules.items():
        edges = set()
        for name in imported_names(module, path):
            edges |= _runs(name, module, modules)
        graph[module] = edges - {module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for node in sorted(graph):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found, key=lambda c: (-len(c), c))


def terminal_imports(
    root: Path = ROOT, below: str = "caledonia.rules", forbidden: tuple[str, ...] = TERMINAL
) -> list[str]:
    """Each import by a module `below` (rules/) of one `forbidden` (the command line, the
    storage layer, a terminal library), in words. Type-only imports count too: the rules
    layer does not even name them."""
    said = []
    for module, path in project_modules(root).items():
        if not module.startswith(below):
            continue
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [_absolute(node, package)]
            else:
                continue
            for name in names:
                if any(name == t or name.startswith(t + ".") for t in forbidden):
                    said.append(f"{module} (line {node.lineno}) imports {name}")
    return said


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join(anchor + ([node.module] if node.module else []))


def test_no_import_cycle_among_the_project_modules():
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(
        f"{len(c)} modules: {', '.join(c)}" for c in found
    )


def test_the_rules_layer_imports_no_command_line_or_terminal_library():
    assert terminal_imports() == []


def opened_files(root: Path = ROOT) -> list[str]:
    """Each call of the built-in open() in rules/game/, in words."""
    return [
        f"{path.relative_to(root)} (line {node.lineno}) calls open()"
        for path in sorted((root / "rules" / "game").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open"
    ]


def test_the_game_engine_reads_and_writes_no_file():
    """rules/game/ neither imports os, pickle, tempfile or fcntl nor calls open(): game
    files and their checkpoints are the storage layer's (storage/)."""
    assert terminal_imports(below="caledonia.rules.game", forbidden=FILE_MODULES) == []
    assert opened_files() == []


def test_the_graph_sees_imports_inside_functions_and_skips_type_only_ones(tmp_path):
    """The detector itself: a cycle held open by a function-level import is still a cycle,
    one made only of TYPE_CHECKING imports is none, and rules/ naming rich is caught."""
    for folder in PACKAGES:
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "rules" / "a.py").write_text("from . import b\n")
    (tmp_path / "rules" / "b.py").write_text("def late():\n    from .a import x\n")
    (tmp_path / "rules" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import y\n"
    )
    (tmp_path / "rules" / "d.py").write_text("from .c import z\n")
    (tmp_path / "rules" / "e.py").write_text("def show():\n    from rich.console import C\n")
    (tmp_path / "rules" / "game").mkdir()
    (tmp_path / "rules" / "game" / "__init__.py").write_text("")
    (tmp_path / "rules" / "game" / "f.py").write_text("import pickle\nopen('x')\n")
    assert cycles(import_graph(tmp_path)) == [["caledonia.rules.a", "caledonia.rules.b"]]
    assert terminal_imports(tmp_path) == ["caledonia.rules.e (line 2) imports rich.console"]
    found = terminal_imports(tmp_path, "caledonia.rules.game", FILE_MODULES)
    assert found == ["caledonia.rules.game.f (line 1) imports pickle"]
    assert opened_files(tmp_path) == [f"{Path('rules/game/f.py')} (line 2) calls open()"]


def test_importing_a_submodule_runs_its_package_first(tmp_path):
    """`from .p.m import x` runs p/__init__.py too: a cycle through a package's __init__."""
    for folder in PACKAGES:
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "rules" / "p").mkdir()
    (tmp_path / "rules" / "p" / "__init__.py").write_text("from ..q import z\n")
    (tmp_path / "rules" / "p" / "m.py").write_text("")
    (tmp_path / "rules" / "q.py").write_text("from .p.m import x\n")
    assert cycles(import_graph(tmp_path)) == [["caledonia.rules.p", "caledonia.rules.q"]]


if __name__ == "__main__":
    for component in cycles(import_graph(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)):
        print(f"{len(component)} modules: {' '.join(component)}")
