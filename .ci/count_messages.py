"""Count the sentences a person reads that are still English text in code (issue 21 part 4).

A sentence here is a string literal or an f-string with at least two words that is
returned, raised, or passed to a call that shows or collects text (append, message, print,
emit, say, fail, ...). Docstrings, dictionary keys and single words are not counted. Strings
already given as a message id (`Reason`, `Plural`, `N_` of rules/messages.py; `t`, `t_n` of
cli/translation.py) are counted apart as converted. A message id written as an f-string is
an error (its words differ at every call, so no catalogue can hold it): listed, exit 1.

    python .ci/count_messages.py          # totals
    python .ci/count_messages.py -v       # and the count of each module
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("rules", "cli")
SHOWN = {
    "append", "extend", "insert", "message", "print", "emit", "say", "warn", "echo", "secho",
    "fail", "expected", "note", "Refused", "CaledoniaError", "UsageProblem", "ValueError",
    "Exit", "BadParameter", "ask", "text", "confirm", "select",
}  # fmt: skip
MESSAGE_CALLS = {"Reason": 1, "N_": 1, "t": 1, "Plural": 2, "t_n": 2}  # name: ids it takes
SENTENCE = re.compile(r"[A-Za-z]{2,}[^A-Za-z]+[A-Za-z]{2,}")


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _strings(node: ast.AST) -> list[ast.AST]:
    """The string nodes an expression is made of (through +, if-else, parentheses, lists),
    not those inside a nested call (that call is looked at on its own)."""
    if _text(node) is not None:
        return [node]
    if isinstance(node, ast.BinOp):
        return _strings(node.left) + _strings(node.right)
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.List | ast.Tuple):
        return [s for item in node.elts for s in _strings(item)]
    return []


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def sentences(tree: ast.AST) -> tuple[set[int], set[int]]:
    """(ids of English sentence nodes, ids of Reason message ids) in one module."""
    english: set[int] = set()
    converted: set[int] = set()
    for node in ast.walk(tree):
        found: list[ast.AST] = []
        if isinstance(node, ast.Return | ast.Raise) and getattr(node, "value", None):
            found = _strings(node.value)  # type: ignore[arg-type]
        elif isinstance(node, ast.Call):
            args = [*node.args, *(k.value for k in node.keywords)]
            if _name(node) in MESSAGE_CALLS:
                ids = node.args[: MESSAGE_CALLS[_name(node)]]
                converted |= {id(s) for arg in ids for s in _strings(arg)}
                continue
            if _name(node) in SHOWN:
                found = [s for arg in args for s in _strings(arg)]
        english |= {id(s) for s in found if SENTENCE.search(_text(s) or "")}
    return english - converted, converted


def formatted_ids(tree: ast.AST) -> list[int]:
    """Line numbers of message ids written as f-strings in one module."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _name(node) in MESSAGE_CALLS
        and any(isinstance(arg, ast.JoinedStr) for arg in node.args[: MESSAGE_CALLS[_name(node)]])
    ]


def main(verbose: bool) -> int:
    totals = {"english": 0, "converted": 0}
    modules = wrong = 0
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            english, converted = sentences(tree)
            for line in formatted_ids(tree):
                print(f"{path.relative_to(ROOT)}:{line}: a message id written as an f-string")
                wrong += 1
            totals["english"] += len(english)
            totals["converted"] += len(converted)
            modules += bool(english)
            if verbose and (english or converted):
                print(f"{len(english):4} {len(converted):4}  {path.relative_to(ROOT)}")
    print(
        f"{totals['english']} English sentences in {modules} modules; "
        f"{totals['converted']} message ids converted"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main("-v" in sys.argv))
