"""`score` of a game file: the final score, or the provisional one of a game not over,
from the replayed game (score.py reads a score sheet without the rules engine)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caledonia.rules.game.final import final_score, sheet_of
from caledonia.rules.game.state import phase_words
from caledonia.storage.games import game_from_text

from .game_io import example_notice
from .output import message, print_json
from .translation import t

if TYPE_CHECKING:
    from caledonia.rules.components import Components
    from caledonia.rules.game.engine import Game


def score_game(
    game: Game | None, text: str, sheet: str, parts: Components, data: Any, as_json: bool
) -> None:
    """The score of the game in `sheet` (`game` when a checkpoint had it, else built from
    its `text` and `data`), printed as a table or JSON."""
    if game is None:
        game = game_from_text(text, sheet, parts, data)
    example_notice(game.setup)
    state = game.state
    over = state.phase == "over"
    if not over:
        message(
            # TRANSLATORS: {phase} names the phase of the round ("production")
            t(
                "Note: the game is not over (round {round}, {phase}): "
                "this is the score if it ended now.",
                round=state.round,
                phase=phase_words(state.phase),
            ),
            style="yellow",
        )
    checked, result = sheet_of(state), final_score(state)
    if as_json:
        json_data = result.as_json()
        if not over:
            json_data["after_round"] = len(state.round_scores)
        print_json(json_data)
        return
    from .score_view import render_score  # rich's tables: not for --json

    # rounds scored so far: round 0 is the set-up, as `status` calls it
    title = (
        t("Final score")
        if over
        else t("Provisional score after round {round}", round=len(state.round_scores))
    )
    render_score(result, checked, title)
