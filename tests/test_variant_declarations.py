"""A variant is declared once, in its unit (rules/game/variants.py): `new`'s flag, `play`'s
variant menu and the set-up check all come from that declaration.

The proof: a throwaway variant registered here, for one test only, shows up in all three;
nothing else in the project names it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from caledonia.cli.game_setup import load_table_data
from caledonia.cli.main import build_app
from caledonia.cli.play_setup import ask_variants, variant_menu, variants_of
from caledonia.rules.errors import DataError
from caledonia.rules.game import registry
from caledonia.rules.game.hooks import RulesUnit, VariantChoice
from caledonia.rules.game.setup import default_players, parse_setup, setup_as_data
from caledonia.rules.schema import Node
from gametools import PARTS, setup_for
from scripted import ScriptedAsker
from typer.testing import CliRunner

PLAYERS_WANTED = 3


class Throwaway(RulesUnit):
    name = "throwaway"
    summary = "a variant made up by a test"
    choice = VariantChoice(
        key="throwaway",
        default=False,
        flag="throwaway",
        help="A made-up variant (a test's).",
        menu="Throwaway: a made-up variant",
        menu_key="w",
    )

    def setup_refusal(self, variants, players):
        if players != PLAYERS_WANTED:
            return f"the throwaway variant needs {PLAYERS_WANTED} players"
        return None


@pytest.fixture
def throwaway(monkeypatch):
    unit = Throwaway()
    monkeypatch.setattr(registry, "VARIANTS", (*registry.VARIANTS, unit))
    return unit


def new(tmp_path: Path, *args: str):
    game = tmp_path / "g.yaml"
    result = CliRunner().invoke(
        build_app(only="new"), ["new", str(game), "--seed", "4", *args], prog_name="caledonia"
    )
    return result, game


# -- new ------------------------------------------------------------------------------------


def test_new_takes_the_declared_flag_and_lists_it_in_its_help(throwaway, tmp_path):
    shown = CliRunner().invoke(build_app(only="new"), ["new", "-h"], env={"COLUMNS": "120"})
    assert "--throwaway" in shown.output and "A made-up variant (a test's)." in shown.output
    result, game = new(tmp_path, "-p", "Ailsa", "-p", "Bruce", "-p", "Cat", "--throwaway")
    assert result.exit_code == 0, result.output
    stored = yaml.safe_load(game.read_text())["setup"]["variants"]
    assert stored["throwaway"] is True and stored["clans"] is True


def test_new_without_the_flag_stores_the_declared_default(throwaway, tmp_path):
    result, game = new(tmp_path, "-p", "Ailsa", "-p", "Bruce", "-p", "Cat")
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(game.read_text())["setup"]["variants"]["throwaway"] is False


def test_new_refuses_the_flag_where_the_variant_says_it_cannot_be(throwaway, tmp_path):
    result, game = new(tmp_path, "-p", "Ailsa", "-p", "Bruce", "--throwaway")
    assert result.exit_code != 0 and not game.exists()
    assert "the throwaway variant needs 3 players" in str(result.exception)


def test_the_existing_flags_still_set_their_variants(tmp_path):
    result, game = new(tmp_path, "-p", "Ailsa", "-p", "Bruce", "--no-clans", "--static-imports")
    assert result.exit_code == 0, result.output
    stored = yaml.safe_load(game.read_text())["setup"]["variants"]
    assert stored["clans"] is False and stored["static_imports"] is True
    assert stored["port_tiles"] is True and stored["kickstarter"] is False


# -- play's variant menu --------------------------------------------------------------------


def test_plays_menu_offers_the_variant_under_its_key(throwaway):
    assert ("throwaway", "Throwaway: a made-up variant", "w") in variant_menu()
    assert variants_of({"throwaway"})["throwaway"] is True
    players = default_players(["Ailsa", "Bruce", "Cat"])
    asker = ScriptedAsker(["w", "d"])
    variants, tighter = ask_variants(asker, load_table_data(3), players)
    assert variants["throwaway"] is True and not tighter
    assert "on: Throwaway;" in asker.questions[-1]


def test_plays_menu_says_why_the_variant_cannot_be_and_asks_again(throwaway):
    players = default_players(["Ailsa", "Bruce"])
    asker = ScriptedAsker(["w", "d", "w", "d"])  # ticked, refused, unticked, the plain game
    variants, _ = ask_variants(asker, load_table_data(2), players)
    assert "The throwaway variant needs 3 players." in asker.said
    assert variants["throwaway"] is False


# -- the set-up check -----------------------------------------------------------------------


def test_the_set_up_check_asks_the_variant_for_a_drawn_and_a_stored_set_up(throwaway):
    with pytest.raises(ValueError, match="the throwaway variant needs 3 players"):
        setup_for(2, variants={"throwaway": True})
    stored = setup_as_data(setup_for(2))
    stored["variants"]["throwaway"] = True
    with pytest.raises(DataError) as caught:
        parse_setup(Node(stored, "g.yaml", "setup"), PARTS)
    assert caught.value.path == "setup.variants"
    assert "the throwaway variant needs 3 players" in str(caught.value)
    setup = setup_for(3, variants={"throwaway": True})
    again = parse_setup(Node(setup_as_data(setup), "g.yaml", "setup"), PARTS)
    assert again.variants["throwaway"] is True
    assert throwaway in registry.rulebook(again).variants


def test_the_throwaway_variant_is_gone_once_its_test_is_over(monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(registry, "VARIANTS", (*registry.VARIANTS, Throwaway()))
        assert "throwaway" in registry.variant_defaults()
    assert "throwaway" not in registry.variant_defaults()
    assert all(flag != "throwaway" for flag, _, _ in variant_menu())
    stored = setup_as_data(setup_for(3))
    stored["variants"]["throwaway"] = True
    with pytest.raises(DataError, match="throwaway"):
        parse_setup(Node(stored, "g.yaml", "setup"), PARTS)


def test_every_declared_variant_has_its_own_flag_key_and_menu_key():
    choices = registry.variant_choices()
    for field in ("key", "flag", "menu_key"):
        values = [getattr(c, field) for c in choices]
        assert len(set(values)) == len(values), field
    assert not {c.menu_key for c in choices} & {"d", "m"}  # done, tighter map
    assert all(c.help and c.menu for c in choices)
