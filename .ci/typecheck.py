"""mypy over the installed package's layout, with a ceiling for the command line.

pyproject.toml installs the folders rules/, storage/, cli/, maps/ and package_root/ as one package
`caledonia`; mypy cannot follow that mapping (the editable install is an import hook), so
it checks a folder of links laid out as installed: caledonia/ with links to the sources.

The rules and storage layers have no error; cli/ has at most CLI_CEILING, a figure that may only go
down: lower it when a change fixes some.

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
CLI_CEILING = 37  # mypy 2.4 with types-PyYAML; lower it when cli/ has fewer


def shim(where: Path) -> Path:
    """caledonia/ as installed: package_root/'s files, and cli, rules, storage and maps as its
    packages."""
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
    rules, cli, other = found["rules"] + found["storage"], found["cli"], found["other"]
    if "--list" in argv:
        print("\n".join(rules + cli + other))
    print(
        f"mypy: {len(rules)} errors in rules/ and storage/, {len(cli)} in cli/ "
        f"(ceiling {CLI_CEILING})"
    )
    failed = False
    if rules or other:
        print("\n".join(rules + other), file=sys.stderr)
        print("the rules and storage layers must have no mypy error", file=sys.stderr)
        failed = True
    if len(cli) > CLI_CEILING:
        print("\n".join(cli), file=sys.stderr)
        print(
            f"cli/ has {len(cli)} mypy errors, more than its ceiling {CLI_CEILING}", file=sys.stderr
        )
        failed = True
    elif len(cli) < CLI_CEILING:
        print(f"cli/ is below its ceiling: lower CLI_CEILING in .ci/typecheck.py to {len(cli)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
