"""Every sentence a person reads comes from the catalogue (issue 21 part 4), proved with a
pseudo-language: a catalogue made from the extracted template in which every message reads
as its English id between guillemets, ‹like this›. Run with it, the commands a table uses
should show no English word outside the guillemets, but for the names that are data (the
players', the clans', the units', goods' and lands' names), ids and numbers.

The same commands and menus are read in Spanish too (CALEDONIA_LANG=es, the committed
catalogue), where no common English word may show but in what people type (players' and
clans' names, commands, flags): the data's names included. An entry the Spanish catalogue
has not translated yet reads there between guillemets, as in the pseudo-language, so
that this check finds the English the catalogue cannot fix; tests/test_catalogues.py
lists the entries left to translate.

`python tests/test_translation_coverage.py [es]` prints, for each command, the lines that
still hold English outside the guillemets; the tests hold every one of them to none.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
OPEN, CLOSE = "‹", "›"
INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
TOKEN = re.compile(r"[A-Za-z0-9£'_-]+")  # a word, or a code: A-07, R1, £9, 1shp, GF£5


def pseudo_catalogue(folder: Path) -> Path:
    """The pseudo-language "xx" compiled into `folder` (a gettext locale folder)."""
    from catalogues import compile_catalogue, extracted, marked

    folder.mkdir(parents=True, exist_ok=True)
    template = extracted(folder / "caledonia.pot")
    return compile_catalogue(folder, "xx", marked(template, OPEN, CLOSE))


def spanish_catalogue(folder: Path) -> Path:
    """The committed Spanish catalogue compiled into `folder`, with each entry not yet
    translated (empty, fuzzy, or a plural form missing) reading as its English between
    guillemets."""
    from catalogues import compile_catalogue, marked, read_catalogue, spanish_po

    catalogue = read_catalogue(spanish_po(), "es")
    for entry in catalogue:
        said = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.id and (entry.fuzzy or not all(said)):
            marked([entry], OPEN, CLOSE)
            entry.flags.discard("fuzzy")
    return compile_catalogue(folder, "es", catalogue)


@cache
def data_words() -> frozenset[str]:
    """Words that are names from the data, not sentences: players, clans, units, goods,
    lands, tiles."""
    from caledonia.rules.components import IMPORT_GOODS, components

    parts = components()
    names: set[str] = {"Caledonia"}
    for sample in (ROOT / "sample_games").glob("*.yaml"):  # the players' names
        names |= set(re.findall(r"name: (\w+)", sample.read_text()))
    names |= set(parts.clans) | set(parts.economy.goods) | set(IMPORT_GOODS)
    for unit in parts.economy.units.values():
        names |= {unit.name, *unit.land}
    contracts = parts.contracts.values() if isinstance(parts.contracts, dict) else parts.contracts
    for contract in contracts:  # goods and rewards: wool, mutton, free space, bonus upgrade
        names |= {*contract.pay, *contract.gain}
    names |= {level.replace("_", "-") for level in parts.economy.shipping_levels}
    names |= {"hop", "loch", "lochs"}  # the singular of hops; the lochs of shipping levels
    words = set()
    for name in names:
        words |= {w.lower() for w in _words(str(name).replace("_", " ").replace("-", " "))}
    return frozenset(words | {f"{word}s" for word in words})


def _words(text: str) -> list[str]:
    """The words of `text`: its tokens of two letters or more with no digit or £ in them
    (those are codes and ids), that are not words typed on a command line: a flag
    (`--json`), a placeholder (`GAME`), a command or an event's verb (`trade`)."""
    return [
        part.strip("'")
        for token in TOKEN.findall(text)
        if not re.search(r"[0-9£]", token)
        and not token.startswith("-")
        and not token.isupper()
        and token.lower() not in command_words()
        for part in re.split(r"[-_]", token)
        if len(part.strip("'")) > 1
    ]


@cache
def command_words() -> frozenset[str]:
    """What is typed, not read: the commands and their groups' commands, the events' verbs
    (`options` heads each kind of event with the verb `act` takes), and "Usage", which
    Typer writes as it is before a command line."""
    from caledonia.cli.help_messages import command_helps
    from caledonia.rules.game.registry import VERBS

    commands = {word for line, _ in command_helps() for word in line.split()}
    return frozenset({"caledonia", "usage", *commands, *VERBS})


def _outside_marks(text: str) -> list[tuple[str, str]]:
    """Each line of `text` with what of it is outside every ‹…› (a message may span lines:
    a help paragraph wrapped in a panel)."""
    bare = text
    while True:  # innermost first: a message may hold messages (its fields)
        fewer = INNERMOST.sub(lambda found: "\n" * found.group().count("\n") or " ", bare)
        if fewer == bare:
            break
        bare = fewer
    bare = re.sub(f"{OPEN}[^\n]*", "", bare)  # a message cut short: a help's first paragraph
    return list(zip(text.splitlines(), bare.splitlines(), strict=True))


def english_left(text: str) -> list[str]:
    """The lines of `text` with a word outside every ‹…› that is not a data name."""
    return [
        line
        for line, left in _outside_marks(text)
        if any(word.lower() not in data_words() for word in _words(left))
    ]


# Common English words, and the data's names in English: none may show to a Spanish reader
# but inside the guillemets of a message not translated yet. Words that are Spanish too
# ("no", "final", "total", "error", "once", "loch", "whisky") are not listed.
ENGLISH_WORDS = frozenset(
    """
    the and or of to is are was were be been have had with for from on at by not this
    that these those it its you your she they their his her there what which who when
    where how all each every any some more most less one two three four five six seven
    eight nine ten first second last next game games player players round rounds turn
    turns money glory contract contracts tile tiles board market goods good unit units
    space spaces shipping technology merchant merchants export exports import imports
    score scores scored points point yes open done ready passed phase action actions
    production scoring preparation bonus upgrade upgrades port ports set only must may can
    will would should then than but if else because so as also now new file files line
    lines help shows list name names used type see here left right free cost costs price
    prices choose chosen take takes taken give gives gets get pay pays paid sold bought
    worker workers settlement settlements neighbour neighbours reach range example
    examples value values box show wool milk grain cheese bread hop hops mutton beef cotton
    tobacco sugar cane sheep cow cows dairy dairies bakery bakeries field fields
    distillery distilleries woodcutter woodcutters miner miners fisherman fishermen
    grassland grasslands forest forests mountain mountains river crossing none
    """.split()
)


@cache
def typed_names() -> frozenset[str]:
    """What the table types and the check lets through in Spanish: the players' and the
    clans' names (and the colours chosen with them on the command line)."""
    from caledonia.rules.components import components

    names: set[str] = {"Caledonia"} | set(components().clans)
    for sample in (ROOT / "sample_games").glob("*.yaml"):
        names |= set(re.findall(r"name: (\w+)", sample.read_text()))
        names |= set(re.findall(r"colour: (\w+)", sample.read_text()))
    return frozenset(w.lower() for name in names for w in _words(name))


# what a Spanish line shows as typed, not read: a command line ('caledonia box market',
# `caledonia act game.yaml ...` to the end of its line), a file's path, the alternatives
# of a syntax (woodcutter|miner)
TYPED = re.compile(r"'[^'\n]*'|`[^`\n]*`|caledonia [^\n]*|\S*/\S*|\S+\.yaml\b|\S*\|\S*")
SPANISH_TOKEN = re.compile(r"[\w£'-]+")


def english_words_in(left: str) -> list[str]:
    """The common English words of a line read in Spanish (what is typed left out)."""
    found = []
    for token in SPANISH_TOKEN.findall(TYPED.sub(" ", left)):
        words = _words(token) if token.isascii() else []
        found += [w for w in words if w.lower() in ENGLISH_WORDS]
    return [w for w in found if w.lower() not in typed_names() | spanish_typed_words()]


@cache
def spanish_typed_words() -> frozenset[str]:
    """Typed words a Spanish help shows besides the commands: the corrections of `fix`,
    the units' codes drawn on the map (`cow`, `shp`), and the keys of a score sheet (a file
    written in English: `players`, `variant`, `examples`)."""
    from caledonia.cli.unit_codes import UNIT_CODES
    from caledonia.rules.game.events.fix import CORRECTIONS

    return (
        frozenset(CORRECTIONS) | frozenset(UNIT_CODES.values()) | {"players", "variant", "examples"}
    )


def spanish_left(text: str) -> list[str]:
    """The lines of `text` with a common English word outside every ‹…› (a message not
    translated yet) that is no name the table types."""
    return [line for line, left in _outside_marks(text) if english_words_in(left)]


def _pseudo_env(folder: Path, language: str = "xx") -> dict[str, str]:
    if language == "es":
        return {
            "CALEDONIA_LANG": "es",
            "CALEDONIA_LOCALEDIR": str(folder),
            "COLUMNS": "400",
            "NO_COLOR": "1",
        }
    return {
        "LANGUAGE": "xx",
        "CALEDONIA_LOCALEDIR": str(folder),
        "COLUMNS": "400",
        "NO_COLOR": "1",
    }


# What a table runs; each a command line (GAME: a copy of a sample game in progress).
COMMANDS = {
    "status": ["status", "GAME"],
    "options": ["options", "GAME"],
    "log": ["log", "GAME"],
    "score": ["score", str(ROOT / "sample_games" / "final-4p.yaml")],
    "score game": ["score", "FINAL"],
    "clans": ["clans"],
    "contracts": ["contracts"],
    "ports": ["ports"],
    "scoring-tiles": ["scoring-tiles"],
    "map show": ["map", "show", "GAME"],
    "map where": ["map", "where", "A-07", "GAME"],
    "report": ["report", "FINAL"],
    "act refused": ["act", "GAME", "worker", "Ailsa", "woodcutter", "A-18"],
    "act wrong words": ["act", "GAME", "trade", "Ailsa", "buy", "gold", "2"],
    "missing file": ["status", "no-such-game.yaml"],
    "bad sheet": ["score", str(ROOT / "sample_games" / "midway-4p.yaml")],
    "undo": ["undo", "GAME"],
    "solo market": [
        "solo",
        "market",
        *("--roll", "whisky:+3", "--roll", "wool:-1"),
        "--roll",
        "cheese:+2",
    ],
    "solo new": ["solo", "new", "SOLO", "--seed", "7"],
    "new": ["new", "NEWGAME", "-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "3"],
    "fix": ["fix", "GAME", "money", "Ailsa", "30"],
    "box show": ["box", "show"],
    "box check": ["box", "check"],
    "stats": ["stats", str(ROOT / "sample_games")],
    "export": ["export", "FINAL"],
    "map legal": ["map", "legal", "GAME", "--player", "Ailsa", "--unit", "cow"],
    "map settlements": ["map", "settlements", "GAME"],
    "help act": ["act", "--help"],
    "help fix": ["fix", "--help"],
    "help box": ["box", "--help"],
    "help map": ["map", "--help"],
    "help new": ["new", "--help"],
    "help solo prepare": ["solo", "prepare", "--help"],
    "help": ["--help"],
}


def run_pseudo(name: str, folder: Path, work: Path, language: str = "xx") -> str:
    import shutil

    from conftest import run_cli

    game = work / "game.yaml"
    final = work / "final.yaml"
    if not game.exists():
        shutil.copy(ROOT / "sample_games" / "midway-4p.yaml", game)
        shutil.copy(ROOT / "sample_games" / "game-4p.yaml", final)
    words = [{"GAME": str(game), "FINAL": str(final)}.get(word, word) for word in COMMANDS[name]]
    done = run_cli(*words, env=_pseudo_env(folder, language), cwd=work)
    return done.stdout + done.stderr


def play_menus(folder: Path, name: str = "game-2p.yaml", language: str = "xx") -> str:
    """Every menu `play` may show at every decision of a sample game, with its question
    and the status line, in the pseudo-language (or `language`; in this process)."""
    import os
    from unittest import mock

    from caledonia.cli.choosing import decision
    from caledonia.cli.play_cmd import status_lines
    from caledonia.rules.game.engine import Game
    from caledonia.storage.games import load_game
    from gametools import PARTS
    from test_play_menus import every_menu, rendered

    shown: list[str] = []
    with mock.patch.dict(os.environ, _pseudo_env(folder, language)):
        recorded = load_game(str(ROOT / "sample_games" / name), PARTS)
        game = Game(recorded.setup, PARTS)
        for event in recorded.events:
            choice = decision(game.state, game.legal())
            if choice:
                for player in game.state.players:
                    if player.name == choice.player:
                        shown += status_lines(game.state, player, 400)
                for choices in every_menu(game, choice):
                    shown += rendered(choices, 400)
            game.apply(event)
    return "\n".join(dict.fromkeys(shown))  # each different line once


@pytest.fixture(scope="module")
def pseudo(tmp_path_factory):
    pytest.importorskip("babel", reason="Babel (the test extras) builds the catalogue")
    return pseudo_catalogue(tmp_path_factory.mktemp("locale"))


def test_the_pseudo_language_marks_what_is_translated(pseudo, tmp_path):
    """The proof works: a converted refusal reads between guillemets, and the check finds
    English outside them."""
    shown = run_pseudo("act refused", pseudo, tmp_path)
    assert f"{OPEN}starting workers are placed only at set-up{CLOSE}" in shown
    assert "{" not in shown  # every field filled in
    assert english_left("‹done› not done") == ["‹done› not done"]
    assert english_left("‹done ‹inner› done› Ailsa 12 A-07") == []


@pytest.mark.parametrize("name", list(COMMANDS))
def test_what_a_table_reads_comes_from_the_catalogue(pseudo, tmp_path, name):
    assert english_left(run_pseudo(name, pseudo, tmp_path)) == []


def test_every_menu_of_play_comes_from_the_catalogue(pseudo):
    """Every question, option and status line at every decision of a 2-player game."""
    shown = play_menus(pseudo)
    assert shown.count(OPEN) > 1000  # the menus were drawn, in the pseudo-language
    assert english_left(shown) == []


@pytest.fixture(scope="module")
def spanish(tmp_path_factory):
    pytest.importorskip("babel", reason="Babel (the test extras) builds the catalogue")
    return spanish_catalogue(tmp_path_factory.mktemp("locale"))


@pytest.mark.parametrize("name", list(COMMANDS))
def test_what_a_spanish_table_reads_is_spanish(spanish, tmp_path, name):
    assert spanish_left(run_pseudo(name, spanish, tmp_path, "es")) == []


def test_every_menu_of_play_is_spanish(spanish):
    shown = play_menus(spanish, language="es")
    assert shown.count("mercaderes libres") > 10  # the menus were drawn, in Spanish
    assert spanish_left(shown) == []


def test_the_spanish_check_finds_english():
    assert spanish_left("Ailsa tiene 2 vacas y 1 wool") == ["Ailsa tiene 2 vacas y 1 wool"]
    assert spanish_left("‹the cows› Ailsa tiene £4 (MacDonald, red)") == []


def main() -> None:
    import tempfile

    language = sys.argv[1] if len(sys.argv) > 1 else "xx"
    make, left_in = (
        (spanish_catalogue, spanish_left) if language == "es" else (pseudo_catalogue, english_left)
    )
    english_left_here = left_in
    with tempfile.TemporaryDirectory() as top:
        folder = make(Path(top) / "locale")
        left = english_left_here(play_menus(folder, language=language))
        total = len(left)
        print(f"## play menus: {len(left)} lines with English left")
        for line in left[:25]:
            print(f"   {line[:160]}")
        for name in COMMANDS:
            work = Path(top) / name.replace(" ", "_")
            work.mkdir()
            left = english_left_here(run_pseudo(name, folder, work, language))
            total += len(left)
            print(f"## {name}: {len(left)} lines with English left")
            for line in left[:15]:
                print(f"   {line[:400]}")
        print(f"total {total}")


if __name__ == "__main__":
    main()
