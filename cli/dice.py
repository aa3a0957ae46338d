"""The solo dice at the table: the physical dice read at the prompts, or the tool's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import UsageProblem
from .output import is_interactive

if TYPE_CHECKING:
    from caledonia.rules.components import Components
    from caledonia.rules.solo import Roll

    from .prompts import Asker

TOOL_DICE = "caledonia rolls"
PHYSICAL_DICE = "I roll the physical dice"
NO_DICE = (
    "no dice given: pass --roll GOOD:±N three times (what your dice show), "
    "or --virtual-dice to let caledonia roll"
)


def ask_rolls(parts: Components, ask: Asker | None = None) -> list[Roll]:
    """Each roll's goods die and price die, at the prompts; a good already changed is rerolled."""
    from caledonia.rules.solo import CHANGES_PER_PHASE, Roll

    from .prompts import Choice, QuestionaryAsker

    ask = ask or QuestionaryAsker()
    rolls: list[Roll] = []
    for number in range(1, CHANGES_PER_PHASE + 1):
        done = [roll.good for roll in rolls]
        left = [good for good in parts.solo.goods_die if good not in done]
        hint = f" (showing {', '.join(done)}? roll it again)" if done else ""
        good = ask.choose(
            f"Roll {number}: what does the goods die show?{hint}", [Choice(g, g) for g in left]
        )
        faces = [Choice(f"{face:+d}", face) for face in parts.solo.price_die]
        die = ask.choose(f"Roll {number}: what does the price die show?", faces)
        rolls.append(Roll(good, int(die)))
    return rolls


def tool_dice_wanted(command: str, ask: Asker | None = None) -> bool:
    """With no dice given: True to let the tool roll, False to read the table's dice at the
    prompts (one key, as the dice menus after it); without a terminal, a usage error naming
    the flags."""
    if not is_interactive():
        raise UsageProblem(NO_DICE, command)
    from .prompts import Choice, QuestionaryAsker

    ask = ask or QuestionaryAsker()
    return ask.choose("Dice:", [Choice(PHYSICAL_DICE, False, "p"), Choice(TOOL_DICE, True, "t")])
