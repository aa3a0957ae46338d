"""The market board: a price track per good, its starting price and medium range.

The printed tracks are not public, so the market is data a table supplies (in its
box folder, or `--market FILE`); `rules/data/examples/market.yaml` is a labelled
example.
A price moves one place on its track per step and stops at the track's ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from .board import slot_for
from .boxfolder import find
from .messages import Reason
from .schema import Node
from .yamlfile import read_yaml

EXAMPLE_MARKET = Path(__file__).parent / "data" / "examples" / "market.yaml"
MARKET_ENV = "CALEDONIA_MARKET"
SIDES = ("players_1_2", "players_3_4")


class Track(NamedTuple):
    good: str
    prices: tuple[int, ...]  # lowest first
    start: int
    medium: tuple[int, int]  # lowest and highest price inside the brackets

    def zone(self, price: int) -> str:
        """'low' below the brackets, 'high' above them, else 'medium'."""
        low, high = self.medium
        return "low" if price < low else "high" if price > high else "medium"

    def move(self, price: int, steps: int) -> int:
        """The price `steps` places up (or down, if negative), stopping at the ends."""
        index = self.prices.index(price) + steps
        return self.prices[max(0, min(len(self.prices) - 1, index))]


class Market(NamedTuple):
    side: str  # players_1_2 or players_3_4
    tracks: Mapping[str, Track]
    example: bool
    source: str

    def starting_prices(self) -> dict[str, int]:
        return {good: track.start for good, track in self.tracks.items()}

    def check_price(self, good: str, price: int) -> str | None:
        """Why a price cannot be on this good's track, or None."""
        track = self.tracks[good]
        if price in track.prices:
            return None
        shown = ", ".join(f"£{p}" for p in track.prices)
        # TRANSLATORS: {good} names the goods of a market track, {prices} lists its prices
        return Reason(
            "£{price} is not on the {good} track ({prices})", price=price, good=good, prices=shown
        )


def parse_track(good: str, node: Node) -> Track:
    entry = node.mapping(required=("prices", "start", "medium"))
    prices = tuple(item.whole(0) for item in entry["prices"])
    if len(prices) < 2 or list(prices) != sorted(set(prices)):
        raise entry["prices"].expected(Reason("at least two prices, rising from the lowest"))
    start = entry["start"].whole(0)
    if start not in prices:
        raise entry["start"].fail(Reason("£{price} is not on the track", price=start))
    medium = [item.whole(0) for item in entry["medium"]]
    if len(medium) != 2 or medium[0] > medium[1] or any(p not in prices for p in medium):
        raise entry["medium"].expected(
            Reason("the lowest and highest price inside the brackets, both on the track")
        )
    return Track(good, prices, start, (medium[0], medium[1]))


def parse_market(data: object, source: str, players: int, goods: tuple[str, ...]) -> Market:
    top = Node(data, source).mapping(required=SIDES, optional=("example",))
    side = slot_for(players)
    # both sides are checked, so a mistake on the other side shows up at once
    tracks_by_side = {}
    for name in SIDES:
        entries = top[name].mapping(required=goods)
        tracks_by_side[name] = {good: parse_track(good, entries[good]) for good in goods}
    example = top["example"].boolean() if "example" in top else False
    return Market(side, tracks_by_side[side], example, source)


def market_file(override: str | None = None) -> Path:
    """--market, else $CALEDONIA_MARKET, else the box's, else the shipped example."""
    return find("market", override).path


def load_market(players: int, goods: tuple[str, ...], override: str | None = None) -> Market:
    path = market_file(override)
    return parse_market(read_yaml(path), str(path), players, goods)
