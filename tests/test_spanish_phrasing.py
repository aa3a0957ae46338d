"""What a Spanish table reads where the English once leaked through or the count was lost
(issue 32's read-through): the trades count their goods ('2 lanas'), the bonus upgrades
and port tile 7's exchanges are words of the catalogue, a scoring tile of pairs scores per
pair, and the report's table heads and a help's default read in Spanish."""

from __future__ import annotations

import os
import re
from pathlib import Path
from unittest import mock

import pytest
from clirunner import run_cli

ROOT = Path(__file__).resolve().parent.parent
SPANISH = {"CALEDONIA_LANG": "es", "COLUMNS": "200", "NO_COLOR": "1"}


def spanish(text: str) -> str:
    """`text` (a Reason) as a Spanish reader reads it."""
    from caledonia.cli.translation import tr

    with mock.patch.dict(os.environ, SPANISH):
        return tr(text)


def test_a_trade_counts_its_goods_in_the_readers_plural():
    from caledonia.rules.game.events.neighbourhood import SPEC as NEIGHBOURHOOD
    from caledonia.rules.game.events.trade import SPEC as TRADE

    bought = {"type": "trade", "player": "Ailsa", "side": "buy", "good": "wool", "quantity": 2}
    assert TRADE.describe(bought) == "Ailsa buys 2 wool"  # the English as before
    assert spanish(TRADE.describe(bought)) == "Ailsa compra 2 lanas"
    sold = {**bought, "side": "sell", "good": "cheese", "quantity": 1}
    assert spanish(TRADE.describe(sold)) == "Ailsa vende 1 queso"
    bonus = {"type": "neighbourhood", "player": "Ailsa", "good": "whisky", "quantity": 3}
    assert spanish(NEIGHBOURHOOD.describe(bonus)) == (
        "Ailsa compra 3 whiskies con la bonificación de vecindad"
    )


def test_a_malformed_trade_still_reads():
    from caledonia.rules.game.events.trade import SPEC as TRADE

    odd = {"type": "trade", "player": "Ailsa", "side": "buy", "good": "gold", "quantity": 2}
    assert TRADE.describe(odd) == "Ailsa buys 2 gold"


@pytest.mark.parametrize(
    ("upgrade", "english", "words"),
    [
        ({"choice": "technology", "worker": "miner"}, "technology (miner)", "tecnología de minero"),
        ({"choice": "shipping"}, "shipping", "mejorar el envío"),
        ({"choice": "merchant"}, "merchant", "un mercader"),
    ],
)
def test_a_bonus_upgrade_is_named_in_the_readers_words(upgrade, english, words):
    from caledonia.rules.game.upgrades import bonus_words

    assert bonus_words(upgrade) == english
    assert spanish(bonus_words(upgrade)) == words


def test_port_tile_7s_exchange_reads_in_the_readers_words():
    from caledonia.rules.game.port_effects import EFFECTS

    swaps = {
        "swaps": [{"unit": "cheese_dairy", "space": "B-10"}, {"unit": "bakery", "space": "B-12"}]
    }
    assert EFFECTS["7"].words(swaps) == "cheese dairy on B-10, bakery on B-12"
    assert spanish(EFFECTS["7"].words(swaps)) == "quesería en B-10, panadería en B-12"


def test_a_scoring_tile_of_pairs_scores_per_pair():
    from caledonia.cli.game_setup import scoring_tile_words

    with mock.patch.dict(os.environ, {"CALEDONIA_LANG": "en"}):
        assert scoring_tile_words("5").endswith(": 3 glory per pair (5)")
        assert scoring_tile_words("1").endswith(": 1 glory each (1)")
    with mock.patch.dict(os.environ, SPANISH):
        assert scoring_tile_words("2").endswith(": 3 de gloria por pareja (2)")


def test_the_reports_table_heads_read_in_spanish(tmp_path):
    page = tmp_path / "report.html"
    done = run_cli(
        "report", str(ROOT / "sample_games" / "game-4p.yaml"), "--html", str(page), env=SPANISH
    )
    assert done.returncode == 0, done.stderr
    html = page.read_text(encoding="utf-8")
    assert "<th>PV</th><th>origen</th><th>los eventos que los dieron</th>" in html
    assert "<th>evento</th>" in html
    assert "the events behind them" not in html


def test_a_helps_default_reads_in_spanish():
    done = run_cli("play", "--help", env=SPANISH)
    assert "[por defecto: 8017]" in done.stdout
    assert (
        "[default: 8017]"
        in run_cli("play", "--help", env={"CALEDONIA_LANG": "en", "COLUMNS": "200"}).stdout
    )


def test_a_clans_cheaper_building_reads_its_price_in_the_readers_words():
    """The log's note of Campbell's distillery: its price's parts are Spanish too."""
    from gametools import act
    from test_clan_powers import clan_game, neighbouring_grass

    game = clan_game("Campbell")
    a, b = neighbouring_grass(game, 2)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    notes = act(game, type="expand", player="Ailsa", unit="distillery", space=b)
    placed = next(note for note in notes if "Campbell" in note)
    assert "distillery £10 − £3 Campbell + land" in placed  # the English as before
    assert "destilería £10 − £3 Campbell + terreno £" in spanish(placed)
    assert "land" not in spanish(placed)


def test_a_production_of_money_alone_says_no_goods_were_made():
    from gametools import act, start

    game = start(2)
    for name in list(game.state.turn_order):
        act(game, type="pass", player=name)
    (note,) = act(game, type="produce", player="Ailsa")
    assert note.startswith("Ailsa earns £") and note.endswith(" and makes no goods")
    assert spanish(note).endswith(" y no obtiene recursos")


def test_the_contract_goods_an_option_takes_are_named_in_the_readers_words():
    shown = run_cli("contracts", "--help", env=SPANISH).stdout
    assert "algodón, tabaco, caña de azúcar, lúpulo, money, espacio gratis" in shown
    assert "sugar_cane" not in shown
    english = run_cli("contracts", "--help", env={"CALEDONIA_LANG": "en", "COLUMNS": "200"}).stdout
    assert "cotton, tobacco, sugar cane, hops, money, free space, bonus upgrade" in english


def test_a_spanish_typed_example_is_one_the_table_may_type():
    """The Spanish prompts' examples name the goods in Spanish, and they read as tiles."""
    from caledonia.rules.components import components
    from caledonia.rules.contract_faces import read_tiles

    assert len(read_tiles("4 lana, 2 ternera, queso pan whisky", components().contracts)) == 3


def test_the_log_and_the_report_count_goods_in_the_readers_plural():
    game = str(ROOT / "sample_games" / "game-4p.yaml")
    log = run_cli("log", game, env=SPANISH).stdout
    assert re.search(r"[+-]\d+ (lanas|quesos|leches|granos|panes|whiskies)\b", log)
    assert not re.search(r"[+-][2-9] (lana|queso|leche|grano|pan)\b", log)
    report = run_cli("report", game, env=SPANISH).stdout
    assert re.search(r"\d+ (algodones|tabacos|cañas de azúcar) x \d+ PV", report)


def test_mackenzies_cellar_reads_spot_by_spot_in_the_readers_words():
    from caledonia.rules.game.clans.mackenzie import cellar_words
    from test_clan_powers import clan_game

    game = clan_game("MacKenzie", others=("Cunningham", "Fergusson", "Stewart"))
    cellar = cellar_words(game.state, game.state.by_name("Ailsa"))
    assert cellar.startswith("spot 1 £")
    assert spanish(cellar).startswith("casilla 1 £")
    assert "spot" not in spanish(cellar)
