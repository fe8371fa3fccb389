"""What a person watching a game is told besides the board: each decision in words and the
automatic events that followed it, kept per seat since that seat's last decision.

Why per seat: at a decision a person needs to know what the other seats, the automa and the
automatic steps (draws, orc events, round ends) did since they last acted, and nothing older.
Games describe their automatic events with `describe_changes(before, after)` (in their render
module, registered on the env class); the log calls it after every decision.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

LOG_LIMIT = 30  # lines kept per viewer; older lines are summarised as "... N earlier lines"


def view_text(env_cls: Any, state: Any, viewer: int | None = None) -> str:
    """The game's text view of `state` for `viewer` (None: everything, for spectators and
    replays); games whose render_ansi takes no viewer show their single view."""
    render = env_cls.render_ansi
    if viewer is not None and "viewer" in inspect.signature(render).parameters:
        return render(state, viewer=viewer)
    return render(state)


def step_lines(
    env_cls: Any, engine: Any, before: Any, action: int, after: Any, names: Sequence[str]
) -> list[str]:
    """The lines one decision adds to the log: who did what, then what happened by itself."""
    seat = engine.current_player(before)
    # every seat reads the log: a game whose decision texts can name hidden things (a card
    # chosen face down) offers describe_public for the words all seats may see
    describe = getattr(engine, "describe_public", engine.describe_action)
    lines = [f"{names[seat]}: {describe(before, action)}"]
    describe_changes: Callable[[Any, Any], list[str]] | None = getattr(
        env_cls, "describe_changes", None
    )
    if describe_changes is not None:
        lines += [f"  {line}" for line in describe_changes(before, after)]
    return lines


class ViewLog:
    """The log, with each seat's position at its last decision."""

    def __init__(self, num_players: int, limit: int = LOG_LIMIT):
        self.lines: list[str] = []
        self.mark_of = [0] * num_players
        self.limit = limit

    def decided(self, seat: int, lines: list[str]) -> None:
        """`seat` made a decision, described (with its automatic aftermath) by `lines`."""
        self.mark_of[seat] = len(self.lines)
        self.lines += lines

    def since(self, seat: int) -> list[str]:
        """The lines since `seat`'s last decision (its own move first), at most `limit`."""
        lines = self.lines[self.mark_of[seat] :]
        if len(lines) > self.limit:
            skipped = len(lines) - self.limit
            lines = [f"... {skipped} earlier lines", *lines[-self.limit :]]
        return lines
