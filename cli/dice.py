"""The solo dice at the table: the physical dice read at the prompts, or the tool's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caledonia.rules.messages import N_
from caledonia.rules.solo import CHANGES_PER_PHASE, Roll

from . import prompts  # its QuestionaryAsker looked up when asked: tests script it
from .errors import UsageProblem
from .output import is_interactive
from .prompts import Choice
from .translation import t
from .way_back import with_way_back

if TYPE_CHECKING:
    from caledonia.rules.components import Components

    from .prompts import Asker

# TRANSLATORS: the two answers to "Dice:", who rolls the solo dice
TOOL_DICE = N_("caledonia rolls")
PHYSICAL_DICE = N_("I roll the physical dice")
NO_DICE = N_(
    "no dice given: pass --roll GOOD:±N three times (what your dice show), "
    "or --virtual-dice to let caledonia roll"
)


def ask_rolls(parts: Components, ask: Asker | None = None) -> list[Roll]:
    """Each roll's goods die and price die, at the prompts; a good already changed is rerolled."""
    ask = ask or prompts.QuestionaryAsker()
    rolls: list[Roll] = []
    for number in range(1, CHANGES_PER_PHASE + 1):
        done = [roll.good for roll in rolls]
        left = [good for good in parts.solo.goods_die if good not in done]
        question = (
            t(
                "Roll {number}: what does the goods die show? (showing {goods}? roll it again)",
                number=number,
                goods=", ".join(done),
            )
            if done
            else t("Roll {number}: what does the goods die show?", number=number)
        )
        good = ask.choose(question, [Choice(g, g) for g in left])
        faces = [Choice(f"{face:+d}", face) for face in parts.solo.price_die]
        die = ask.choose(t("Roll {number}: what does the price die show?", number=number), faces)
        rolls.append(Roll(good, int(die)))
    return rolls


def table_dice(command: str, parts: Components, ask: Asker | None = None) -> list[Roll] | None:
    """Who rolls, then (the table) what each die shows: the rolls, or None to let the tool
    roll. Each question after the first has a way back to the one before it."""
    if not is_interactive():
        raise UsageProblem(t(NO_DICE), command)
    ask = ask or prompts.QuestionaryAsker()

    def questions(asker: Asker) -> list[Roll] | None:
        return None if tool_dice_wanted(command, asker) else ask_rolls(parts, asker)

    return with_way_back(ask, questions)


def tool_dice_wanted(command: str, ask: Asker | None = None) -> bool:
    """With no dice given: True to let the tool roll, False to read the table's dice at the
    prompts (one key, as the dice menus after it); without a terminal, a usage error naming
    the flags."""
    if not is_interactive():
        raise UsageProblem(t(NO_DICE), command)
    ask = ask or prompts.QuestionaryAsker()
    tool_dice: bool = ask.choose(
        t("Dice:"), [Choice(t(PHYSICAL_DICE), False, "p"), Choice(t(TOOL_DICE), True, "t")]
    )
    return tool_dice
