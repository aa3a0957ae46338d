"""`play`'s own words come from the message catalogue (issue 21 part 4): with a language that
has them, its question, first menu, status line and narrowing menus read in that language,
while the menu keys (typed, not read) and the English default stay as they were."""

from __future__ import annotations

import gametools
import pytest
from caledonia.cli.choosing import decision, narrow
from caledonia.cli.play_cmd import _first_menu, _question, status_lines
from catalogues import babel, catalogue_of, compile_catalogue

TRANSLATED = {
    "{player}, what now?": "¿{player}, y ahora?",
    "Save and quit": "Guardar y salir",
    "Expand": "Expandir",
    "Which unit?": "¿Qué unidad?",
    "{unit} £{price} + land {span}": "{unit} £{price} + terreno {span}",
}
PLURALS = {
    # Babel's Spanish has three forms (one, the millions, other)
    ("{count} merchant free", "{count} merchants free"): (
        "{count} mercader",
        *["{count} mercaderes"] * 2,
    ),
    ("{option}: {count} choice", "{option}: {count} choices"): (
        "{option}: {count} opción",
        *["{option}: {count} opciones"] * 2,
    ),
}


@pytest.fixture
def language(tmp_path, monkeypatch):
    """A catalogue of a few of play's ids, compiled as a translator would, and chosen."""
    babel()
    catalogue = catalogue_of({**TRANSLATED, **PLURALS}, locale="es")
    locale = compile_catalogue(tmp_path / "locale", "es", catalogue)
    monkeypatch.setenv("CALEDONIA_LOCALEDIR", str(locale))
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _at_first_action():
    """A two-player game at Ailsa's first action, its set-up taken from the first options."""
    game = gametools.start(2, clans=["Campbell", "Robertson", "Cunningham"])
    while game.state.phase != "action":
        choice = decision(game.state, game.legal())
        game.apply(next(iter(next(iter(choice.events.values())))))
    return game, decision(game.state, game.legal())


def _shown(game, choice):
    player = game.state.by_name(choice.player)
    first = _first_menu(game, choice)
    level, units = narrow(game.state, "expand", list(choice.events["expand"]))
    return {
        "question": _question(game, choice),
        "menu": [(c.key, c.label) for c in first],
        "status": status_lines(game.state, player, 200),
        "narrowed": (level.asked(), [(c.key, c.label) for c in units]),
    }


def test_plays_words_read_in_the_readers_language_and_keep_their_keys(language):
    game, choice = _at_first_action()
    language.setenv("LANGUAGE", "en")  # no catalogue for it: the English source
    english = _shown(game, choice)
    language.setenv("LANGUAGE", "es")
    spanish = _shown(game, choice)

    assert english["question"] == "Ailsa, what now?"
    assert spanish["question"] == "¿Ailsa, y ahora?"
    menu = dict(spanish["menu"])
    assert [key for key, _ in spanish["menu"]] == [key for key, _ in english["menu"]]
    assert menu["q"] == "Guardar y salir" and dict(english["menu"])["q"] == "Save and quit"
    assert (
        menu["e"] == "Expandir: 27 opciones" and dict(english["menu"])["e"] == "Expand: 27 choices"
    )
    assert "2 mercaderes" in spanish["status"][0] and "2 merchants free" in english["status"][0]
    assert english["narrowed"][0] == "Which unit?" and spanish["narrowed"][0] == "¿Qué unidad?"
    units = dict(spanish["narrowed"][1])
    assert [key for key, _ in spanish["narrowed"][1]] == [key for key, _ in english["narrowed"][1]]
    assert units["1"] == "sheep £8 + terreno £1–£4: 4 opciones"  # the unit keeps its board's key
    assert dict(english["narrowed"][1])["1"] == "sheep £8 + land £1–£4: 4 choices"
