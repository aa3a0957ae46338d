"""The component data: its facts, its statuses, and clear errors when a file is malformed."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest
from caledonia.rules.components import DATA_DIR, DATA_FILES, load_components
from caledonia.rules.contract_faces import face
from caledonia.rules.errors import DataError
from caledonia.storage import datacache


def test_fifty_contracts_numbered_one_to_fifty(parts):
    assert sorted(parts.contracts) == list(range(1, 51))


def test_contract_six_is_corrected_to_three_hops(parts):
    six = parts.contracts[6]
    assert dict(six.pay) == {"wool": 3}
    assert dict(six.gain) == {"sugar_cane": 1, "hops": 3, "bonus_upgrade": 1}
    assert "3 hops" in six.note


def test_rulebook_example_contract_is_fifty(parts):
    # rulebook p.6: 1 bread + 1 cheese + 1 whisky -> 3 tobacco, 2 bonus upgrades, £10
    fifty = parts.contracts[50]
    assert dict(fifty.pay) == {"cheese": 1, "bread": 1, "whisky": 1}
    assert dict(fifty.gain) == {"tobacco": 3, "money": 10, "bonus_upgrade": 2}


def test_deck_totals_match_the_reference_counts(parts):
    pay, gain = Counter(), Counter()
    for contract in parts.contracts.values():
        pay.update(contract.pay)
        gain.update(contract.gain)
    assert pay == {"wool": 40, "mutton": 18, "beef": 18, "cheese": 33, "bread": 35, "whisky": 34}
    assert gain == {
        "cotton": 53,
        "tobacco": 49,
        "sugar_cane": 45,
        "hops": 111,
        "money": 174,
        "free_space": 13,
        "bonus_upgrade": 12,
    }
    assert sum(1 for c in parts.contracts.values() if c.meat) == 23


def test_contracts_never_ask_for_milk_or_grain(parts):
    for contract in parts.contracts.values():
        assert not {"milk", "grain"} & set(contract.pay)


def test_contract_summary_in_words(parts):
    assert face(parts.contracts[3]) == "2 beef → 2 sugar cane, 1 hop, £10"
    assert face(parts.contracts[18]) == "3 beef + 1 bread → 4 sugar cane, £10, 2 bonus upgrades"


def test_nine_clans_with_macewen_optional(parts):
    assert list(parts.clans) == [
        "Buchanan",
        "Campbell",
        "Cunningham",
        "Fergusson",
        "MacDonald",
        "MacKenzie",
        "Robertson",
        "Stewart",
        "MacEwen",
    ]
    assert [c.name for c in parts.clans.values() if c.kickstarter] == ["MacEwen"]
    assert parts.clans["MacEwen"].not_public  # beer money is not public: absent, not guessed
    assert parts.clans["Fergusson"].starting_shipping == {
        1: "1_loch",
        2: "1_loch",
        3: "2_loch",
        4: "2_loch",
    }
    assert parts.clans["Campbell"].unit_discounts == (3, 4, 4, 5)
    assert parts.clan("stewart").extra_merchants == 3


def test_nine_scoring_and_nine_port_tiles(parts):
    assert [t.id for t in parts.scoring_tiles] == [str(i) for i in range(1, 9)] + ["KS"]
    assert [t.id for t in parts.port_tiles] == [str(i) for i in range(1, 9)] + ["KS"]
    port7 = parts.port_tiles[6]
    assert port7.erratum["default"] and port7.erratum["original_2017_text"]


def test_economy_values(parts):
    economy = parts.economy
    assert {n: u.cost for n, u in economy.units.items()} == {
        "sheep": 8,
        "cow": 9,
        "cheese_dairy": 12,
        "bakery": 8,
        "field": 18,
        "distillery": 10,
        "woodcutter": 6,
        "miner": 10,
    }
    assert economy.units["sheep"].status == "single-source"
    assert economy.units["bakery"].status == "confirmed"
    assert economy.contract_cost_by_round == {1: 5, 2: 0, 3: -5, 4: -10, 5: -15}
    assert economy.worker_income["miner"] == {"base": 6, "upgraded": 8}
    assert economy.shipping_levels[-1] == "4_loch" and economy.shipping_step_cost == 4


def test_values_that_are_not_public_are_absent(parts):
    assert dict(parts.economy.pass_money) == {4: (16, 14, 12, 10)}  # 2 and 3 players: not public
    assert any("pass money" in item for item in parts.economy.not_public)
    assert any("starting tiles" in item for item in parts.economy.not_public)


def test_solo_rules(parts):
    solo = parts.solo
    assert solo.pass_money == 16 and solo.face_up_contracts == 5
    assert solo.price_die == (-3, -2, -1, 1, 2, 3)
    assert sorted(solo.goods_die) == sorted(parts.economy.goods)


@pytest.fixture
def data_copy(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def corrupt(folder, name, old, new):
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    "name, old, new, where, reason",
    [
        (
            "contracts.yaml",
            "{id: 2, pay: {wool: 6}",
            "{id: 2, pay: {wool: six}",
            "contracts[1].pay.wool",
            "expected a whole number, 1 or more",
        ),
        ("contracts.yaml", "{id: 2,", "{id: 1,", "contracts[1].id", "appears twice"),
        (
            "economy.yaml",
            "sheep:        {cost: 8,",
            "sheep:        {cost: -8,",
            "units.sheep.cost",
            "got -8",
        ),
        (
            "economy.yaml",
            "land: [forest]",
            "land: [woods]",
            "units.woodcutter.land[0]",
            "one of grassland",
        ),
        (
            "solo.yaml",
            "{at_least: 6, vp: 8}",
            "{at_least: 9, vp: 8}",
            "contract_thresholds",
            "from the highest down",
        ),
        (
            "clans.yaml",
            "status: confirmed",
            "status: rumour",
            "clans[0].status",
            "one of confirmed",
        ),
        ("final_scoring.yaml", "4: [12, 6]", "4: [6, 12]", "export_awards.4", "never rising"),
    ],
)
def test_a_malformed_data_file_names_file_key_and_expectation(
    data_copy, name, old, new, where, reason
):
    path = corrupt(data_copy, name, old, new)
    with pytest.raises(DataError) as caught:
        load_components(data_copy)
    error = caught.value
    assert error.source == str(path)
    assert error.path == where
    assert reason in error.reason
    assert error.line is not None


def test_a_fresh_cache_is_used_and_a_stale_one_is_not(data_copy):
    first = load_components(data_copy)
    assert datacache.read(data_copy, ("solo.yaml",)) is None  # a different key
    corrupt(data_copy, "solo.yaml", "pass_money: 16", "pass_money: 17")
    assert load_components(data_copy).solo.pass_money == 17
    assert first.solo.pass_money == 16


def test_a_broken_cache_falls_back_to_the_yaml(data_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    load_components(data_copy)
    (cache_file,) = (tmp_path / "cache").iterdir()
    cache_file.write_text("{not json")
    assert load_components(data_copy).solo.pass_money == 16


def test_a_copy_built_by_other_code_or_damaged_is_never_used(data_copy, tmp_path, monkeypatch):
    """The copy is keyed by the code that built it too: another version of caledonia reads
    the YAML again; a copy whose body is damaged behind a good key is read as no copy."""
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    built = load_components(data_copy)
    assert datacache.read(data_copy, DATA_FILES) == built  # kept, and found again
    monkeypatch.setattr(datacache, "tool_version", lambda: "another version")
    assert datacache.read(data_copy, DATA_FILES) is None
    monkeypatch.undo()
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    (cache_file,) = (tmp_path / "cache").iterdir()
    key, _, body = cache_file.read_bytes().partition(b"\n")
    cache_file.write_bytes(key + b"\n" + body[: len(body) // 2])
    assert datacache.read(data_copy, DATA_FILES) is None
    assert load_components(data_copy).solo.pass_money == 16


def test_the_copy_builds_nothing_but_component_data(data_copy, tmp_path, monkeypatch):
    """A copy that would build anything else (here: call os.system or builtins.exec) is
    refused unbuilt, even under its real key and a digest of its own body."""
    import os
    import pickle

    from caledonia.storage.cachefile import body_digest

    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    load_components(data_copy)
    (cache_file,) = (tmp_path / "cache").iterdir()
    key, _, _ = cache_file.read_bytes().partition(b"\n")
    marker = tmp_path / "marker"

    class Harmful:
        def __init__(self, call):
            self.call = call

        def __reduce__(self):
            return self.call

    for call in ((os.system, (f"touch {marker}",)), (exec, (f"open({str(marker)!r}, 'w')",))):
        body = pickle.dumps(Harmful(call))
        cache_file.write_bytes(key + b"\n" + body_digest(body) + b"\n" + body)
        with pytest.raises(pickle.UnpicklingError, match="not caledonia's data"):
            _load_body(cache_file)
        assert datacache.read(data_copy, DATA_FILES) is None
        assert load_components(data_copy).solo.pass_money == 16
        assert not marker.exists()


def _load_body(path):
    from caledonia.storage.cachefile import restricted_loads

    _, _, body = path.read_bytes().split(b"\n", 2)
    return restricted_loads(body)


def test_the_cache_can_be_turned_off(data_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("CALEDONIA_NO_CACHE", "1")
    load_components(data_copy)
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize(
    ("off", "kept"),
    [
        ("1", set()),
        ("yes", set()),  # not a list of caches: every one off, as before names were read
        ("checkpoint", {"views", "components"}),
        ("views, components", {"checkpoint"}),
        ("checkpoint,views,components", set()),
    ],
)
def test_caledonia_no_cache_may_name_the_caches_it_turns_off(tmp_path, monkeypatch, off, kept):
    """CALEDONIA_NO_CACHE=1 turns every cache off; naming some turns only those off
    (benchmarks/startup.py --without measures each one's worth so)."""
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("CALEDONIA_NO_CACHE", off)
    on = {kind for kind in datacache.CACHES if datacache.cache_folder(kind) is not None}
    assert on == kept
    assert datacache.cache_folder() is None  # a cache that does not say which: off
