"""The message catalogues, kept in step with the code: `python .ci/catalogues.py`.

1. extracts the template cli/locale/caledonia.pot from the code and the data (babel.cfg
   says where and how; KEYWORDS below are the functions that take a message id);
2. brings every language's catalogue (cli/locale/LANG/LC_MESSAGES/caledonia.po) up to
   date with it: a new message arrives empty, a changed one fuzzy, a removed one goes;
3. compiles each to the .mo that gettext reads (committed, installed by `pip install .`),
   leaving out what is fuzzy or empty (that reads in English);
4. says what is left to translate: each empty, fuzzy or half-filled plural entry, and each
   translation whose {fields} differ from its message's. Exit 1 if there is any.

`--check` does only step 4 (no file written). `--init LANG` starts a new language first.
`--merge LANG FILE...` first takes into LANG's catalogue every translated entry of the
other catalogues FILE (a translator's share of the messages, in a file of its own).
Needs Babel (the test extras); tests/test_catalogues.py runs the same checks.
"""

from __future__ import annotations

import string
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "cli" / "locale"
TEMPLATE = LOCALE / "caledonia.pot"
DOMAIN = "caledonia"
# the functions whose arguments are message ids (rules/messages.py, cli/translation.py;
# pgettext and npgettext: the data's names with their kind as context, rules/names.py)
KEYWORDS = ("Reason", "N_", "Plural:1,2", "t", "t_n:1,2", "pgettext:1c,2", "npgettext:1c,2,3")


def extract_arguments(output: Path) -> list[str]:
    """The `pybabel` command line that extracts the template into `output`."""
    words = ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "--no-default-keywords"]
    for keyword in KEYWORDS:
        words += ["-k", keyword]
    words += ["-c", "TRANSLATORS:", "--project", DOMAIN]
    return words + ["-o", str(output), str(ROOT)]


def extract(output: Path = TEMPLATE) -> Path:
    """The template, extracted from the code and the data into `output`."""
    import os

    from babel.messages.frontend import CommandLineInterface

    here = os.getcwd()
    os.chdir(ROOT)  # the template's locations are relative to the checkout
    try:
        arguments = extract_arguments(output)
        arguments[-1] = "."
        CommandLineInterface().run(arguments)
    finally:
        os.chdir(here)
    return output


def languages() -> list[str]:
    """The languages with a catalogue: the folders of cli/locale holding one."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def read(path: Path, locale: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as source:
        return read_po(source, locale=locale)


def write(path: Path, catalogue: Any) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalogue, ignore_obsolete=True)


def init(language: str) -> None:
    """Start `language`'s catalogue from the template (an existing one stays)."""
    if po_path(language).exists():
        return
    catalogue = read(TEMPLATE, language)  # as `pybabel init` makes it
    catalogue.fuzzy = False
    write(po_path(language), catalogue)


def merge(language: str, others: list[Path]) -> int:
    """Take into `language`'s catalogue each translated, not fuzzy entry of the catalogues
    `others` whose message it has (the same id and context); how many it took."""
    catalogue = read(po_path(language), language)
    taken = 0
    for other in others:
        for message in read(other, language):
            if not message.id or message.fuzzy or not all(_forms(message)):
                continue
            mine = catalogue.get(message.id, message.context)
            if mine is not None and mine.string != message.string:
                mine.string = message.string
                mine.flags.discard("fuzzy")
                taken += 1
    write(po_path(language), catalogue)
    return taken


def update(language: str) -> Any:
    """`language`'s catalogue brought up to date with the template, and written."""
    catalogue = read(po_path(language), language)
    catalogue.update(read(TEMPLATE))
    write(po_path(language), catalogue)
    return catalogue


def compile_catalogue(catalogue: Any) -> bytes:
    """The .mo of `catalogue`, as gettext reads it: fuzzy and empty entries left out."""
    from io import BytesIO

    from babel.messages.mofile import write_mo

    compiled = BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=False)
    return compiled.getvalue()


def fields(text: str) -> set[tuple[str, str, str]]:
    """The {fields} of a message: (name, conversion, format spec) each."""
    found = set()
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            found.add((name, conversion or "", spec or ""))
    return found


def problems(catalogue: Any) -> list[str]:
    """What keeps `catalogue` from being complete: each entry untranslated, fuzzy, with a
    plural form empty, or whose translation's fields differ from its message's (a plural
    form may leave out the count: "one contract"), one line each."""
    found = []
    forms = catalogue.num_plurals
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        where = repr(ids[0][:70]) + (f" (context {message.context})" if message.context else "")
        if message.fuzzy:
            found.append(f"fuzzy: {where}")
        if not any(said):
            found.append(f"untranslated: {where}")
            continue
        if len(ids) > 1 and (len(said) < forms or not all(said)):
            found.append(f"a plural form is empty ({forms} forms): {where}")
            continue
        wanted = set().union(*(fields(i) for i in ids))
        for form in said:
            got = fields(form)
            missing = wanted - got
            if len(ids) > 1:  # a plural form may leave out its count
                missing = {f for f in missing if f[0] != "count"}
            if missing or got - wanted:
                found.append(f"fields differ: {where}: {sorted(wanted)} vs {sorted(got)}")
                break
    return found


def main(arguments: list[str]) -> int:
    if "--init" in arguments:
        init(arguments[arguments.index("--init") + 1])
    if "--merge" in arguments:
        at = arguments.index("--merge")
        others = [Path(a) for a in arguments[at + 2 :] if not a.startswith("--")]
        print(f"{merge(arguments[at + 1], others)} translations taken")
    check_only = "--check" in arguments
    if not check_only:
        extract()
    left = 0
    for language in languages():
        catalogue = update(language) if not check_only else read(po_path(language), language)
        if not check_only:
            mo_path(language).write_bytes(compile_catalogue(catalogue))
        found = problems(catalogue)
        done = sum(1 for m in catalogue if m.id and not m.fuzzy and all(_forms(m)))
        total = sum(1 for m in catalogue if m.id)
        print(f"{language}: {done} of {total} messages translated, {len(found)} to do")
        for line in found:
            print(f"  {line}")
        left += len(found)
    return 1 if left else 0


def _forms(message: Any) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
