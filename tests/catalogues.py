"""Message catalogues for the tests, compiled as a translator compiles them (Babel, in the
test extras) into a folder of the shape gettext reads: LOCALE/LANGUAGE/LC_MESSAGES/caledonia.mo."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from typing import Any

import pytest

DOMAIN = "caledonia"
ROOT = Path(__file__).resolve().parent.parent


@cache
def script() -> Any:
    """.ci/catalogues.py, the script that keeps the catalogues, as a module."""
    spec = importlib.util.spec_from_file_location("ci_catalogues", ROOT / ".ci" / "catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extracted(template: Path) -> Any:
    """The template extracted from the code and the data now, as the script extracts it,
    into `template`; returned as a Babel catalogue."""
    script().extract(template)
    return read_catalogue(template)


def spanish_po() -> Path:
    return script().po_path("es")


def babel() -> None:
    """Skip the test where Babel is not installed."""
    pytest.importorskip("babel", reason="Babel (the test extras) compiles the catalogue")


def catalogue_of(translations: dict[Any, Any], locale: str = "en") -> Any:
    """A Babel catalogue holding `translations` (a plural: its ids and forms as tuples)."""
    from babel.messages.catalog import Catalog

    catalogue = Catalog(locale=locale)  # any locale Babel knows: the words are what counts
    for english, said in translations.items():
        catalogue.add(english, said)
    return catalogue


def read_catalogue(path: Path, locale: str | None = None) -> Any:
    """A .po or .pot file as a Babel catalogue."""
    from babel.messages.pofile import read_po

    with path.open("rb") as source:
        return read_po(source, locale=locale)


def marked(catalogue: Any, opening: str, closing: str) -> Any:
    """`catalogue` with every message translated as its own id between two marks, so that
    a test sees which words went through the message layer."""
    for entry in catalogue:
        if entry.id:
            forms = entry.id if isinstance(entry.id, tuple) else (entry.id,)
            said = tuple(f"{opening}{form}{closing}" for form in forms)
            entry.string = said if isinstance(entry.id, tuple) else said[0]
    return catalogue


def compile_catalogue(locale: Path, language: str, catalogue: Any) -> Path:
    """`catalogue` compiled as `language` under the folder `locale`; returns `locale`."""
    from babel.messages.mofile import write_mo

    folder = locale / language / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{DOMAIN}.mo").open("wb") as compiled:
        write_mo(compiled, catalogue)
    return locale
