"""The game's components, loaded from the YAML files in ``rules/data``.

Every file is checked when it is loaded; a malformed file stops with its name,
the key path and what was expected. Facts that are not confirmed carry their
status; printed values that no public source gives are absent and listed in
``not_public`` instead of being guessed.
"""

# Annotations here are evaluated, not kept as strings (no `from __future__ import
# annotations`): typing.NamedTuple compiles every string annotation into a forward
# reference, and the component types below load with every command.
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from . import keeping
from .messages import Plural, Reason
from .names import COUNTED, Name, kind_of
from .schema import Node
from .yamlfile import read_yaml

DATA_DIR = Path(__file__).parent / "data"

STATUSES = ("confirmed", "single-source", "uncertain")
PLAYER_COUNTS = (1, 2, 3, 4)
IMPORT_GOODS = ("cotton", "tobacco", "sugar_cane")
CONTRACT_PAYMENTS = ("wool", "mutton", "beef", "cheese", "bread", "whisky")
CONTRACT_GAINS = IMPORT_GOODS + ("hops", "money", "free_space", "bonus_upgrade")
LAND_TYPES = ("grassland", "forest", "mountain")

_WORDS = {
    "sugar_cane": "sugar cane",
    "free_space": "free space",
    "bonus_upgrade": "bonus upgrade",
}


def word(name: str) -> str:
    """A data name as a person writes it: sugar_cane -> sugar cane (a good, unit, land or
    reward as a Name, read in the reader's language)."""
    if kind_of(name) in COUNTED:
        return Name(name)
    return _WORDS.get(name, name.replace("_", " "))


def amount(count: int, name: str) -> str:
    """'£10', '3 tobacco', '2 bonus upgrades'."""
    if name == "money":
        return f"£{count}"
    if name == "free_space":
        return Plural("{count} free space", "{count} free spaces", count=count)
    if name == "bonus_upgrade":
        return Plural("{count} bonus upgrade", "{count} bonus upgrades", count=count)
    return f"{count} {word(name)}"  # goods: their names are the data's


class Contract(NamedTuple):
    id: int
    pay: Mapping[str, int]
    gain: Mapping[str, int]
    status: str
    note: str | None = None

    @property
    def hops(self) -> int:
        return self.gain.get("hops", 0)

    @property
    def imports(self) -> dict[str, int]:
        return {good: self.gain.get(good, 0) for good in IMPORT_GOODS}

    @property
    def meat(self) -> int:
        return self.pay.get("beef", 0) + self.pay.get("mutton", 0)


class Clan(NamedTuple):
    name: str
    powers: tuple[str, ...]
    status: str
    kickstarter: bool = False
    not_public: tuple[str, ...] = ()
    starting_shipping: Mapping[int, str] = MappingProxyType({})
    extra_merchants: int = 0
    unit_discounts: tuple[int, ...] = ()
    delta_discount: Mapping[int, int] = MappingProxyType({})


class ScoringTile(NamedTuple):
    id: str
    scores: str
    measure: str
    glory: int
    status: str
    glory_per_field: int | None = None
    kickstarter: bool = False
    note: str | None = None


class PortTile(NamedTuple):
    id: str
    effect: str
    status: str
    kickstarter: bool = False
    note: str | None = None
    erratum: Mapping[str, str] = MappingProxyType({})


class UnitType(NamedTuple):
    name: str
    cost: int
    land: tuple[str, ...]
    count: int  # type: ignore[assignment]  # how many the box holds (a field, not tuple.count)
    status: str


class Economy(NamedTuple):
    basic_goods: tuple[str, ...]
    processed_goods: tuple[str, ...]
    units: Mapping[str, UnitType]
    worker_income: Mapping[str, Mapping[str, int]]
    basic_production: Mapping[str, Mapping[str, int]]
    processing: Mapping[str, tuple[str, str]]
    production_status: str
    contract_cost_by_round: Mapping[int, int]
    pass_money: Mapping[int, tuple[int, ...]]
    shipping_levels: tuple[str, ...]
    shipping_step_cost: int
    shipping_status: str
    technology_cost: int
    technology_bonus_cost: int
    technology_income_gain: int
    merchants_per_colour: int
    merchants_in_stock_at_start: int
    merchant_hire_cost: int
    neighbourhood_discount: Mapping[str, int]
    neighbourhood_max_per_good: Mapping[int, int]
    not_public: tuple[str, ...]

    @property
    def goods(self) -> tuple[str, ...]:
        return self.basic_goods + self.processed_goods


class FinalScoringRules(NamedTuple):
    basic_good_vp: int
    processed_good_vp: int
    money_per_vp: int
    hops_vp: int
    import_vp_most_to_least: tuple[int, int, int]
    rarest_first_on_ties: tuple[str, str, str]
    static_import_vp: int
    export_awards: Mapping[int, tuple[int, ...]]
    settlement_awards: Mapping[int, tuple[int, ...]]
    auction_max_bid: int


class Threshold(NamedTuple):
    at_least: int
    vp: int


class RatingBand(NamedTuple):
    lowest: int
    name: str
    highest: int | None  # None: no upper end


class SoloRules(NamedTuple):
    status: str
    face_up_contracts: int
    pass_money: int
    goods_die: tuple[str, ...]
    price_die: tuple[int, ...]
    contract_thresholds: tuple[Threshold, ...]
    settlement_thresholds: tuple[Threshold, ...]
    rating: tuple[RatingBand, ...]
    not_public: tuple[str, ...]


class Components(NamedTuple):
    contracts: Mapping[int, Contract]
    contracts_status: str
    clans: Mapping[str, Clan]
    scoring_tiles: tuple[ScoringTile, ...]
    port_tiles: tuple[PortTile, ...]
    economy: Economy
    final_scoring: FinalScoringRules
    solo: SoloRules

    def clan(self, name: str) -> Clan | None:
        """The clan of that name, in any letter case."""
        for clan in self.clans.values():
            if clan.name.lower() == name.strip().lower():
                return clan
        return None


# -- loading ----------------------------------------------------------------


def _status(entries: dict[str, Node], default: str = "confirmed") -> str:
    return entries["status"].choice(STATUSES) if "status" in entries else default


def _optional_text(entries: dict[str, Node], key: str) -> str | None:
    return entries[key].text() if key in entries else None


def _texts(node: Node) -> tuple[str, ...]:
    return tuple(item.text() for item in node)


def _flag(entries: dict[str, Node], key: str) -> bool:
    return entries[key].boolean() if key in entries else False


def _counts(node: Node, allowed: tuple[str, ...]) -> dict[str, int]:
    entries = node.mapping(optional=allowed)
    if not entries:
        raise node.expected(Reason("at least one entry"))
    return {key: entries[key].whole(1) for key in entries}


def _by_player_count(node: Node) -> dict[int, Node]:
    result: dict[int, Node] = {}
    for key, child in node.entries().items():
        if not key.isdigit() or int(key) not in PLAYER_COUNTS:
            raise child.fail(Reason("expected a player count 1-4 as key, got {key!r}", key=key))
        result[int(key)] = child
    return result


def _load_contracts(root: Node) -> tuple[dict[int, Contract], str]:
    top = root.mapping(required=("contracts", "source"), optional=("status",))
    status = _status(top)
    contracts: dict[int, Contract] = {}
    for node in top["contracts"]:
        entry = node.mapping(required=("id", "pay", "gain"), optional=("status", "note"))
        contract_id = entry["id"].whole(1)
        if contract_id in contracts:
            raise entry["id"].fail(Reason("contract id {id} appears twice", id=contract_id))
        contracts[contract_id] = Contract(
            id=contract_id,
            pay=_counts(entry["pay"], CONTRACT_PAYMENTS),
            gain=_counts(entry["gain"], CONTRACT_GAINS),
            status=_status(entry, status),
            note=_optional_text(entry, "note"),
        )
    if not contracts:
        raise top["contracts"].expected(Reason("at least one contract"))
    return contracts, status


def _load_clans(root: Node, shipping_levels: tuple[str, ...]) -> dict[str, Clan]:
    top = root.mapping(required=("clans",))
    clans: dict[str, Clan] = {}
    for node in top["clans"]:
        entry = node.mapping(
            required=("name", "powers", "status"),
            optional=(
                "kickstarter",
                "not_public",
                "starting_shipping",
                "extra_merchants",
                "unit_discounts",
                "delta_discount",
            ),
        )
        name = entry["name"].text()
        if name.lower() in (known.lower() for known in clans):
            raise entry["name"].fail(Reason("clan {clan!r} appears twice", clan=name))
        clans[name] = _clan(name, entry, shipping_levels)
    return clans


def _clan(name: str, entry: dict[str, Node], shipping_levels: tuple[str, ...]) -> Clan:
    """One clan of the data, its name already read."""
    shipping = (
        {
            count: child.choice(shipping_levels)
            for count, child in _by_player_count(entry["starting_shipping"]).items()
        }
        if "starting_shipping" in entry
        else {}
    )
    discounts: tuple[int, ...] = ()
    if "unit_discounts" in entry:
        order = ("first", "second", "third", "fourth")
        given = entry["unit_discounts"].mapping(required=order)
        discounts = tuple(given[key].whole(0) for key in order)
    delta = (
        {
            count: child.whole(0)
            for count, child in _by_player_count(entry["delta_discount"]).items()
        }
        if "delta_discount" in entry
        else {}
    )
    return Clan(
        name=name,
        powers=_texts(entry["powers"]),
        status=_status(entry),
        kickstarter=_flag(entry, "kickstarter"),
        not_public=_texts(entry["not_public"]) if "not_public" in entry else (),
        starting_shipping=shipping,
        extra_merchants=entry["extra_merchants"].whole(0) if "extra_merchants" in entry else 0,
        unit_discounts=discounts,
        delta_discount=delta,
    )


def _tile_id(node: Node) -> str:
    value = node.value
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return str(value)
    if value == "KS":
        return "KS"
    raise node.expected(Reason("a tile number or KS"))


def _unique_ids(tiles: Sequence[ScoringTile | PortTile], node: Node) -> None:
    ids = [tile.id for tile in tiles]
    for tile_id in ids:
        if ids.count(tile_id) > 1:
            raise node.fail(Reason("tile {id} appears twice", id=tile_id))


def _load_scoring_tiles(root: Node) -> tuple[ScoringTile, ...]:
    top = root.mapping(required=("tiles",), optional=("status",))
    default = _status(top)
    tiles = []
    for node in top["tiles"]:
        entry = node.mapping(
            required=("id", "scores", "measure", "glory"),
            optional=("glory_per_field", "kickstarter", "status", "note"),
        )
        tiles.append(
            ScoringTile(
                id=_tile_id(entry["id"]),
                scores=entry["scores"].text(),
                measure=entry["measure"].text(),
                glory=entry["glory"].whole(1),
                status=_status(entry, default),
                glory_per_field=entry["glory_per_field"].whole(1)
                if "glory_per_field" in entry
                else None,
                kickstarter=_flag(entry, "kickstarter"),
                note=_optional_text(entry, "note"),
            )
        )
    _unique_ids(tiles, top["tiles"])
    return tuple(tiles)


def _load_port_tiles(root: Node) -> tuple[PortTile, ...]:
    top = root.mapping(required=("tiles",), optional=("status",))
    default = _status(top)
    tiles = []
    for node in top["tiles"]:
        entry = node.mapping(
            required=("id", "effect"), optional=("erratum", "kickstarter", "status", "note")
        )
        erratum: dict[str, str] = {}
        if "erratum" in entry:
            parts = entry["erratum"].mapping(
                required=("default", "original_2017_text"), optional=("status",)
            )
            erratum = {
                "default": parts["default"].text(),
                "original_2017_text": parts["original_2017_text"].text(),
                "status": _status(parts),
            }
        tiles.append(
            PortTile(
                id=_tile_id(entry["id"]),
                effect=entry["effect"].text(),
                status=_status(entry, default),
                kickstarter=_flag(entry, "kickstarter"),
                note=_optional_text(entry, "note"),
                erratum=erratum,
            )
        )
    _unique_ids(tiles, top["tiles"])
    return tuple(tiles)


def _award_table(node: Node) -> dict[int, tuple[int, ...]]:
    table = {}
    for count, child in _by_player_count(node).items():
        awards = tuple(item.whole(0) for item in child)
        if not awards or list(awards) != sorted(awards, reverse=True):
            raise child.expected(Reason("a list of VP from first place down, never rising"))
        table[count] = awards
    return table


def _load_units(units: Node) -> dict[str, UnitType]:
    """The unit types by name: cost, the land they stand on, how many the box holds."""
    found = {}
    for name, node in units.entries().items():
        entry = node.mapping(required=("cost", "land", "count"), optional=("status",))
        land = tuple(item.choice(LAND_TYPES) for item in entry["land"])
        found[name] = UnitType(
            name, entry["cost"].whole(0), land, entry["count"].whole(1), _status(entry)
        )
    return found


def _worker_income(node: Node) -> dict[str, dict[str, int]]:
    """Each worker unit's income, base and upgraded."""
    income = {}
    for worker, child in node.entries().items():
        entry = child.mapping(required=("base", "upgraded"))
        income[worker] = {"base": entry["base"].whole(0), "upgraded": entry["upgraded"].whole(0)}
    return income


def _processing(
    node: Node, basic: tuple[str, ...], processed: tuple[str, ...]
) -> dict[str, tuple[str, str]]:
    """Each processing unit's basic good in and processed good out."""
    processing = {}
    for unit, child in node.entries().items():
        entry = child.mapping(required=("input", "output"))
        processing[unit] = (entry["input"].choice(basic), entry["output"].choice(processed))
    return processing


def _contract_cost_by_round(node: Node) -> dict[int, int]:
    """What a contract costs in each of the rounds 1-5, all five given."""
    rounds = {}
    for key, child in node.entries().items():
        if key not in {"1", "2", "3", "4", "5"}:
            raise child.fail(Reason("expected a round 1-5 as key, got {key!r}", key=key))
        rounds[int(key)] = child.whole(None)
    if len(rounds) != 5:
        raise node.expected(Reason("a cost for each of the rounds 1-5"))
    return rounds


def _load_economy(root: Node) -> Economy:
    top = root.mapping(
        required=(
            "goods",
            "units",
            "production",
            "contract_cost_by_round",
            "pass_money",
            "shipping",
            "technology",
            "merchants",
            "neighbourhood_bonus",
            "not_public",
        )
    )
    goods = top["goods"].mapping(required=("basic", "processed"))
    basic, processed = _texts(goods["basic"]), _texts(goods["processed"])
    units = _load_units(top["units"])
    production = top["production"].mapping(
        required=("worker_income", "basic", "processing"), optional=("status",)
    )
    income = _worker_income(production["worker_income"])
    basic_production = {
        unit: {good: count for good, count in _counts(node, basic).items()}
        for unit, node in production["basic"].entries().items()
    }
    processing = _processing(production["processing"], basic, processed)
    rounds = _contract_cost_by_round(top["contract_cost_by_round"])
    pass_money = {
        count: tuple(item.whole(0) for item in child)
        for count, child in _by_player_count(top["pass_money"]).items()
    }
    shipping = top["shipping"].mapping(
        required=("levels", "step_cost"), optional=("status", "note")
    )
    technology = top["technology"].mapping(
        required=("cost", "bonus_upgrade_cost", "income_gain"), optional=("status",)
    )
    merchants = top["merchants"].mapping(
        required=("per_colour", "in_stock_at_start", "hire_cost"), optional=("status",)
    )
    bonus = top["neighbourhood_bonus"].mapping(required=("discount", "max_per_good_per_turn"))
    discount = bonus["discount"].mapping(required=("basic", "processed"))
    return Economy(
        basic_goods=basic,
        processed_goods=processed,
        units=units,
        worker_income=income,
        basic_production=basic_production,
        processing=processing,
        production_status=_status(production),
        contract_cost_by_round=rounds,
        pass_money=pass_money,
        shipping_levels=_texts(shipping["levels"]),
        shipping_step_cost=shipping["step_cost"].whole(0),
        shipping_status=_status(shipping),
        technology_cost=technology["cost"].whole(0),
        technology_bonus_cost=technology["bonus_upgrade_cost"].whole(0),
        technology_income_gain=technology["income_gain"].whole(0),
        merchants_per_colour=merchants["per_colour"].whole(1),
        merchants_in_stock_at_start=merchants["in_stock_at_start"].whole(0),
        merchant_hire_cost=merchants["hire_cost"].whole(0),
        neighbourhood_discount={k: discount[k].whole(0) for k in discount},
        neighbourhood_max_per_good={
            count: child.whole(1)
            for count, child in _by_player_count(bonus["max_per_good_per_turn"]).items()
        },
        not_public=_texts(top["not_public"]),
    )


def _load_final_scoring(root: Node) -> FinalScoringRules:
    top = root.mapping(
        required=(
            "goods_vp",
            "money_per_vp",
            "hops_vp",
            "imports",
            "export_awards",
            "settlement_awards",
            "auction_max_bid",
        )
    )
    goods = top["goods_vp"].mapping(required=("basic", "processed"))
    imports = top["imports"].mapping(
        required=("vp_most_to_least_imported", "rarest_first_on_ties", "static_variant_vp")
    )
    vp = tuple(item.whole(0) for item in imports["vp_most_to_least_imported"])
    if len(vp) != len(IMPORT_GOODS):
        raise imports["vp_most_to_least_imported"].expected(Reason("three VP values"))
    order = tuple(item.choice(IMPORT_GOODS) for item in imports["rarest_first_on_ties"])
    if sorted(order) != sorted(IMPORT_GOODS):
        raise imports["rarest_first_on_ties"].expected(
            Reason("cotton, tobacco and sugar_cane, once each")
        )
    return FinalScoringRules(
        basic_good_vp=goods["basic"].whole(0),
        processed_good_vp=goods["processed"].whole(0),
        money_per_vp=top["money_per_vp"].whole(1),
        hops_vp=top["hops_vp"].whole(0),
        import_vp_most_to_least=vp,  # type: ignore[arg-type]
        rarest_first_on_ties=order,  # type: ignore[arg-type]
        static_import_vp=imports["static_variant_vp"].whole(0),
        export_awards=_award_table(top["export_awards"]),
        settlement_awards=_award_table(top["settlement_awards"]),
        auction_max_bid=top["auction_max_bid"].whole(0),
    )


def _thresholds(node: Node) -> tuple[Threshold, ...]:
    result = []
    for item in node:
        entry = item.mapping(required=("at_least", "vp"))
        result.append(Threshold(entry["at_least"].whole(0), entry["vp"].whole(0)))
    if [t.at_least for t in result] != sorted((t.at_least for t in result), reverse=True):
        raise node.expected(Reason("thresholds from the highest down"))
    return tuple(result)


def _load_solo(root: Node) -> SoloRules:
    top = root.mapping(
        required=(
            "face_up_contracts",
            "pass_money",
            "dice",
            "contract_thresholds",
            "settlement_thresholds",
            "rating",
            "not_public",
        ),
        optional=("status",),
    )
    dice = top["dice"].mapping(required=("goods", "price"))
    bands = []
    for item in top["rating"]:
        entry = item.mapping(required=("from", "name"))
        bands.append((entry["from"].whole(0), entry["name"].text()))
    if not bands or bands[0][0] != 0 or [b[0] for b in bands] != sorted({b[0] for b in bands}):
        raise top["rating"].expected(Reason("bands from 0 upwards, each starting higher"))
    rating = tuple(
        RatingBand(lowest, name, bands[i + 1][0] - 1 if i + 1 < len(bands) else None)
        for i, (lowest, name) in enumerate(bands)
    )
    return SoloRules(
        status=_status(top),
        face_up_contracts=top["face_up_contracts"].whole(1),
        pass_money=top["pass_money"].whole(0),
        goods_die=_texts(dice["goods"]),
        price_die=tuple(item.whole(None) for item in dice["price"]),
        contract_thresholds=_thresholds(top["contract_thresholds"]),
        settlement_thresholds=_thresholds(top["settlement_thresholds"]),
        rating=rating,
        not_public=_texts(top["not_public"]),
    )


DATA_FILES = (
    "economy.yaml",
    "contracts.yaml",
    "clans.yaml",
    "scoring_tiles.yaml",
    "port_tiles.yaml",
    "final_scoring.yaml",
    "solo.yaml",
)


def _build(folder: Path, raw: dict[str, Any]) -> Components:
    def node(name: str) -> Node:
        return Node(raw[name], str(folder / name))

    economy = _load_economy(node("economy.yaml"))
    contracts, contracts_status = _load_contracts(node("contracts.yaml"))
    return Components(
        contracts=contracts,
        contracts_status=contracts_status,
        clans=_load_clans(node("clans.yaml"), economy.shipping_levels),
        scoring_tiles=_load_scoring_tiles(node("scoring_tiles.yaml")),
        port_tiles=_load_port_tiles(node("port_tiles.yaml")),
        economy=economy,
        final_scoring=_load_final_scoring(node("final_scoring.yaml")),
        solo=_load_solo(node("solo.yaml")),
    )


def load_components(folder: Path = DATA_DIR) -> Components:
    """Read and check every component file in `folder`; raise DataError if one is malformed.

    The components built from the same files by the same code are kept by the cache
    plugged in (rules/keeping.py) and taken from there; without a fresh copy the YAML is
    read and checked, and the components built are kept.
    """
    kept = keeping.kept(folder, DATA_FILES)
    if isinstance(kept, Components):
        return kept
    raw = {name: read_yaml(folder / name) for name in DATA_FILES}
    built = _build(folder, raw)
    keeping.keep(folder, DATA_FILES, built)
    return built


_cache: dict[Path, Components] = {}


def components(folder: Path = DATA_DIR) -> Components:
    """The components of `folder`, loaded once per process."""
    if folder not in _cache:
        _cache[folder] = load_components(folder)
    return _cache[folder]
