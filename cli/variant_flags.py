"""`new`'s variant flags, made from the variants' own declarations (hooks.VariantChoice).

One flag per variant, as `--static-imports` or `--no-clans` have always been written: each
keeps its help line beside its name in `new -h`, and no command line written before changes.
The flags are made when the command is parsed or its help shown, from the registry as it is
then, so a variant added to rules/game/variants.py needs nothing here.
"""

from __future__ import annotations

from typing import Any

from caledonia.rules.game.registry import variant_choices, variant_defaults
from typer.core import TyperCommand, TyperOption

from .translation import tr

CHOSEN = "variants"  # where the command finds the variants in its context's `meta`
AFTER = "seed"  # the option the variant flags follow in `new -h`


def _param_name(key: str) -> str:
    return f"variant_{key}"


class VariantFlagsCommand(TyperCommand):
    """A command with one flag per variant; its callback reads `variants(ctx)`."""

    def get_params(self, ctx: Any) -> list[Any]:
        flags = [
            TyperOption(
                param_decls=[f"--{choice.flag}", _param_name(choice.key)],
                is_flag=True,
                default=False,
                help=tr(choice.help),  # made anew each time: translated here
            )
            for choice in variant_choices()
        ]
        params = list(super().get_params(ctx))
        names = [param.name for param in params]
        at = names.index(AFTER) + 1 if AFTER in names else len(params)
        return params[:at] + flags + params[at:]

    def invoke(self, ctx: Any) -> Any:
        variants = variant_defaults()
        for choice in variant_choices():
            if ctx.params.pop(_param_name(choice.key), False):
                variants[choice.key] = not choice.default
        ctx.meta[CHOSEN] = variants
        return super().invoke(ctx)


def chosen_variants(ctx: Any) -> dict[str, bool]:
    """The set-up's `variants` as the command line chose them."""
    return dict(ctx.meta.get(CHOSEN) or variant_defaults())
