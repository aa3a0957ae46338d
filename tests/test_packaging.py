"""The installed package holds every module: each folder of the code is listed in
pyproject.toml, so `pip install .` (not only an editable install) has it all."""

from __future__ import annotations

import tomllib

from conftest import ROOT


def test_every_code_folder_is_a_listed_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {folder: name for name, folder in config["package-dir"].items()}
    found = set()
    for folder, name in folders.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            inner = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((name, *inner)))
    assert found == set(config["packages"])
