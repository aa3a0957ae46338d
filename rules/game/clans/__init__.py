"""The clans, one rules unit per module. Only this package names a clan; the engine asks
the `Rulebook`, which asks the unit of each player's clan."""

from typing import Union

from .base import Clan
from .buchanan import Buchanan
from .campbell import Campbell
from .cunningham import Cunningham, MilkEvent
from .fergusson import Fergusson
from .macdonald import FishermanEvent, MacDonald, RowEvent
from .macewen import BrewEvent, MacEwen
from .mackenzie import AgeEvent, CellarOutEvent, MacKenzie
from .robertson import Robertson
from .stewart import Stewart

CLANS: dict[str, Clan] = {
    unit.name: unit
    for unit in (
        Buchanan(),
        Campbell(),
        Cunningham(),
        Fergusson(),
        MacDonald(),
        MacKenzie(),
        Robertson(),
        Stewart(),
        MacEwen(),
    )
}

# the records of the clans' own kinds (registry.py joins them to the base game's in `Event`)
ClansEvent = Union[MilkEvent, FishermanEvent, RowEvent, BrewEvent, AgeEvent, CellarOutEvent]  # noqa: UP007
