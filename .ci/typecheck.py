"""mypy --strict over the installed package's layout, with a ceiling for each layer.

pyproject.toml installs the folders rules/, storage/, cli/, maps/ and package_root/ as one package
`caledonia`; mypy cannot follow that mapping (the editable install is an import hook), so
it checks a folder of links laid out as installed: caledonia/ with links to the sources.

pyproject.toml runs mypy strict. rules/, storage/ and cli/ have at most RULES_CEILING,
STORAGE_CEILING and CLI_CEILING errors, figures that may only go down: lower them when a
change fixes some.

    python .ci/typecheck.py            # the check CI runs
    python .ci/typecheck.py --list     # and every error
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# caledonia.X is the folder X/
FOLDERS = {"cli": "cli", "rules": "rules", "storage": "storage", "maps": "maps"}
# mypy 2.4 --strict with types-PyYAML; lower them when a layer has fewer
RULES_CEILING = 0
STORAGE_CEILING = 0
CLI_CEILING = 45


def shim(where: Path) -> Path:
    """caledonia/ as installed: package_root/'s files, and cli, rules and maps as its packages."""
    package = where / "caledonia"
    package.mkdir()
    for path in (ROOT / "package_root").glob("*.py"):
        (package / path.name).symlink_to(path)
    for name, folder in FOLDERS.items():
        (package / name).symlink_to(ROOT / folder, target_is_directory=True)
    return package


def errors_by_layer(output: str, package: Path) -> dict[str, list[str]]:
    """mypy's error lines, by the folder they are in (paths shown from the project root)."""
    found: dict[str, list[str]] = {"rules": [], "storage": [], "cli": [], "other": []}
    for line in output.splitlines():
        if ": error:" not in line:
            continue
        for prefix in (str(package) + os.sep, package.name + os.sep):
            line = line.removeprefix(prefix)
        layer = line.split(os.sep, 1)[0]
        found[layer if layer in found else "other"].append(line)
    return found


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        package = shim(Path(tmp))
        run = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
            + ["--no-error-summary", "--cache-dir", str(Path(tmp) / "cache")]
            + ["-p", "caledonia.rules", "-p", "caledonia.storage", "-p", "caledonia.cli"],
            cwd=tmp,
            env={**os.environ, "MYPYPATH": tmp},
            capture_output=True,
            text=True,
        )
        found = errors_by_layer(run.stdout + run.stderr, package)
        if run.returncode not in (0, 1) or (run.returncode == 1 and not any(found.values())):
            print(run.stdout + run.stderr, file=sys.stderr)
            print("mypy did not run", file=sys.stderr)
            return 2
    rules, storage, cli, other = found["rules"], found["storage"], found["cli"], found["other"]
    if "--list" in argv:
        print("\n".join(rules + storage + cli + other))
    print(
        f"mypy: {len(rules)} errors in rules/ (ceiling {RULES_CEILING}),"
        f" {len(storage)} in storage/ (ceiling {STORAGE_CEILING}),"
        f" {len(cli)} in cli/ (ceiling {CLI_CEILING})"
    )
    failed = bool(other)
    if other:
        print("\n".join(other), file=sys.stderr)
        print("mypy errors outside rules/ and cli/", file=sys.stderr)
    for layer, name, ceiling in (
        ("rules", "RULES_CEILING", RULES_CEILING),
        ("storage", "STORAGE_CEILING", STORAGE_CEILING),
        ("cli", "CLI_CEILING", CLI_CEILING),
    ):
        errors = found[layer]
        if len(errors) > ceiling:
            print("\n".join(errors), file=sys.stderr)
            print(
                f"{layer}/ has {len(errors)} mypy errors, more than its ceiling {ceiling}",
                file=sys.stderr,
            )
            failed = True
        elif len(errors) < ceiling:
            print(
                f"{layer}/ is below its ceiling: lower the ceiling {name}"
                f" in .ci/typecheck.py to {len(errors)}"
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
