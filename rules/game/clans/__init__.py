"""The clans, one rules unit per module. Only this package names a clan; the engine asks
the `Rulebook`, which asks the unit of each player's clan."""

from .base import Clan
from .buchanan import Buchanan
from .campbell import Campbell
from .cunningham import Cunningham
from .fergusson import Fergusson
from .macdonald import MacDonald
from .macewen import MacEwen
from .mackenzie import MacKenzie
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
