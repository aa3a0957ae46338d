"""A random player that picks among the legal events: for tests, benchmarks and the sample
games. It chooses a kind of event first (weighted, so that games end and use every
action), then one event of that kind."""

from __future__ import annotations

import random
from collections.abc import Collection
from itertools import islice
from typing import TYPE_CHECKING

from .engine import Game
from .families import Family, Listed

if TYPE_CHECKING:
    from .spec import Event


# How often each kind is picked when legal; anything unlisted weighs 1.
WEIGHTS = {
    "fulfil": 12,
    "bonus": 6,
    "building_bonus": 4,
    "expand": 4,
    "contract": 3,
    "trade": 3,
    "neighbourhood": 2,
    "pass": 0.4,
}


def pick(events: Collection[Event], rng: random.Random) -> Event:
    """One event of a kind, uniformly."""
    if isinstance(events, Listed):
        listed: Event = rng.choice(events.events)
        return listed
    if isinstance(events, Family) and events.sample is not None:
        sampled: Event = events.sample(rng)
        return sampled
    return next(islice(iter(events), rng.randrange(len(events)), None))


def play_one(game: Game, rng: random.Random) -> Event | None:
    """Record one random legal event; None when nothing is legal (the game is over)."""
    legal = game.legal()
    if not len(legal):
        return None
    kinds = sorted(legal.by_type)
    kind = rng.choices(kinds, [WEIGHTS.get(k, 1) for k in kinds])[0]
    event = pick(legal.by_type[kind], rng)
    game.apply(event)
    return event


def play_to_end(game: Game, rng: random.Random, limit: int = 5000) -> int:
    """Play until the game is over (or `limit` events); return how many were played."""
    played = 0
    while game.state.phase != "over" and played < limit:
        if play_one(game, rng) is None:
            raise RuntimeError(f"no legal event in phase {game.state.phase}")
        played += 1
    return played
