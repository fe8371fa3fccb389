"""What the views show of the expansion (spec §4.2, §6, Appendices C-E): the assistants (in
the display with their gold, held, face down), the public permit stack, and each player's
permits, expanded properties and workers on permit planks. render_text adds these lines to
the ansi view; render_image writes them into a panel under the players."""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort.scoring import bonus_points
from eurogym.envs.belfort.state import ASST_BOX, EMPTY, P_CENTAUR_UNDO, P_GAME_OVER, State, XState
from eurogym.envs.belfort.tables import AREA_NAMES, PROPERTY_NAMES, site_name
from eurogym.envs.belfort.xtables import ASSISTANT_NAMES, CENTAUR, EXPANSION_NAMES, NUM_ASSISTANTS

X_PHASE_WORDS = (
    "assistant draft: take an assistant from the display",
    "Djinn: choose whose season's values to use",
    "Djinn: points for metal, or for wood / stone / gold",
    "Djinn: choose the next good",
    "Pixie: choose the district to score now",
    "Gargoyle: take a card from the column or the discard pile",
    "red board: choose how to pay",
    "Tower+Scriptorium: choose the gnome that goes back to the stock",
    "a Gatehouse gnome left: remove one of your Gatehouse markers",
    "Planners' Guild: take a permit, or stop",
    "Lawyers' Guild: buy points, or stop",
    "Clipboard Makers' Guild: hire a gnome for 1 gold, or stop",
    "Hobgoblin: choose the 2 wood / stone taken off this build",
    "two assistants face up: choose the one to turn down for the permit",
    "Decorators' Guild: choose one of your markers to decorate",
    "Non-Human Resources: choose a worker to return to the supply",
    "Centaur: choose the lock for the discounted gnome hire",
    "Sentinels' Guild: you have fewer walls; pay its user 1 wood, stone, metal or gold",
    "taxes: use the Halfling instead, or pay",
    "Giant: put a token into a resource area as an elf or a dwarf, or do not use it",
    "Gorgon: choose the district for its token, or do not use it",
    "Non-Human Resources: choose a worker to take from the supply",
    "Goon: choose the occupied guild its token joins",
    "Centaur: choose one of your empty gnome locks for its token",
    "Centaur's token on a Gatehouse lock: choose the half for the extra marker",
    "Imps: choose a free plank of a built card for the next Imp",
    "the Centaur's token leaves a Gatehouse lock: remove one of your Gatehouse markers",
)


def is_expansion(state: State) -> bool:
    return isinstance(state, XState) and bool(state.expansion)


def assistant_words(state: XState, a: int) -> str:
    """'gargoyle (player 1, face down)', 'giant (display, 2 gold)'."""
    holder = int(state.asst_holder[a])
    where = "display" if holder == EMPTY else f"player {holder}"
    extra = [where]
    if state.asst_gold[a]:
        extra.append(f"{int(state.asst_gold[a])} gold")
    if state.asst_down[a]:
        extra.append("face down")
    return f"{ASSISTANT_NAMES[a]} ({', '.join(extra)})"


def permit_words(state: XState, seat: int) -> str:
    """A seat's permits: 'pub+Lodge expanded (1 pt now), keep permit (1 worker on it)'."""
    parts = []
    for t in range(len(PROPERTY_NAMES)):
        held, done = int(state.permits[seat, t]), int(state.expanded[seat, t])
        if not held:
            continue
        name = f"{PROPERTY_NAMES[t]}+{EXPANSION_NAMES[t]}"
        if done:
            points = int(bonus_points(state.buf, seat, t))
            parts.append(f"{done}x {name} expanded ({points} pt each now)")
        if held > done:
            on = int(state.on_permit[seat, t])
            workers = f", {on} worker{'s' * (on != 1)} on it" if on else ""
            parts.append(f"{held - done}x {PROPERTY_NAMES[t]} permit{workers}")
    return ", ".join(parts) or "none"


def expansion_lines(state: State) -> list[str]:
    """The EXPANSION block of the ansi view ([] for a game without the expansion)."""
    if not is_expansion(state):
        return []
    in_play = [a for a in range(NUM_ASSISTANTS) if state.asst_holder[a] != ASST_BOX]
    stack = ", ".join(
        f"{PROPERTY_NAMES[t]} {int(k)}" for t, k in enumerate(state.permit_stack) if k
    )
    lines = [
        "EXPANSION",
        "  assistants: " + "; ".join(assistant_words(state, a) for a in in_play),
        f"  permit stack (public): {stack or 'empty'}",
    ]
    tokens = []
    if state.giant_area != EMPTY:
        elves, dwarves = (int(v) for v in state.giant_tokens)
        area = AREA_NAMES[state.giant_area]
        tokens.append(f"Giant tokens in the {area}: {elves} as elves, {dwarves} as dwarves")
    if state.gorgon_district != EMPTY:
        tokens.append(f"Gorgon token in D{int(state.gorgon_district) + 1}")
    if state.goon_district != EMPTY:
        tokens.append(f"Goon token on the guild of D{int(state.goon_district) + 1}")
    if state.centaur_lock != EMPTY:
        holder = int(state.asst_holder[CENTAUR])
        card = PROPERTY_NAMES[state.centaur_lock]
        tokens.append(f"Centaur token on a gnome lock of player {holder}'s {card}")
    for q, t in zip(state.imp_seat.tolist(), state.imp_type.tolist(), strict=True):
        if q != EMPTY:
            tokens.append(f"Imp on the plank of player {q}'s {PROPERTY_NAMES[t]}")
    if tokens:
        lines.append("  tokens: " + "; ".join(tokens))
    decorated = [
        f"{site_name(s)} (player {int(state.owner[s])}"
        + (", 2 coins)" if state.decorated[s] > 1 else ")")
        for s in np.flatnonzero(state.decorated)
    ]
    if decorated:
        lines.append("  decorated markers (count 1.5): " + ", ".join(decorated))
    for seat in range(state.num_players):
        lines.append(f"  player {seat} permits: {permit_words(state, seat)}")
    return lines


assert len(X_PHASE_WORDS) == P_CENTAUR_UNDO - P_GAME_OVER  # one per expansion phase, in order
