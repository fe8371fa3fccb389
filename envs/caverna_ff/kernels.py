"""Caverna: Frantic Fiends rules as numba kernels over the state buffer: the round flow (spec
A5, B8, B11), every decision's legal mask and its effect. `apply_action(buf, mask, action)`
applies one legal action, runs the automatic steps (replenishing, collecting, orc movement,
harvest) up to the next decision, and rewrites `mask` for whoever decides next (`buf[ACTOR]`).

The kernels live in modules by concern (one file would pass 2,000 lines): helpers.py (goods,
furnishing, feasibility, persons, mines, decisions, arming), ops.py (the op stack, farming, loot,
fights, rewards), harvest.py (conversions, feeding, harvest), masks.py (legal masks, any-time
actions), flow.py (round flow, `advance`) and this module (`act`, `apply_action`);
docs/caverna_ff.md names them `kernels.<name>`. `act` only dispatches: each decision phase has
one handler `act_<phase>` in the module of its concern: placement.py (placing, the spaces' own
tiles and choices, sowing, trades), furnishing.py (furnishings, the Warrior Dwelling, traps),
animals.py (breeding picks, v1 housing), harvest.py (event 4's choice, feeding, final trades),
expeditions.py (forging, loot, fights, rewards) and orcs.py (bribes, pushes, Cave-in, invasion
ties).

Engine decisions not in the spec are numbered E1-E12 in docs/caverna_ff.md.
"""

from __future__ import annotations

from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_CONVERT,
    A_FURN_X,
    A_PERSON,
    A_REARRANGE,
    A_RUBY,
    A_TILE_X,
    A_TRAP_X,
    ADVANCE,
    ASK,
    ASKED,
)
from eurogym.envs.caverna_ff.animals import (
    act_breed,
    act_house,
    act_house_lift,
    act_rearrange,
)
from eurogym.envs.caverna_ff.expeditions import (
    act_fight_dogs,
    act_fight_orc,
    act_forge,
    act_loot,
    act_reward,
)
from eurogym.envs.caverna_ff.flow import (
    advance,
    draw_marker,
    draw_round_card,
    harvest_kind_of_round,
    start_harvest,
    start_round,
)
from eurogym.envs.caverna_ff.furnishing import (
    act_arm,
    act_furn,
    act_furn_cell,
    act_trap,
    act_trap_cell,
    act_warrior,
    act_warrior_pay,
)
from eurogym.envs.caverna_ff.harvest import (
    act_feed,
    act_final_trades,
    act_harvest_choice,
    food_need,
    mining_phase,
)
from eurogym.envs.caverna_ff.helpers import (
    PERSON_ORC,
    start_expedition,
)
from eurogym.envs.caverna_ff.masks import (
    anytime_apply,
    compute_mask,
    reasked,
)
from eurogym.envs.caverna_ff.ops import (
    run_op,
)
from eurogym.envs.caverna_ff.orcs import (
    act_cave_in,
    act_invade,
    act_orc,
    act_trap_pick,
)
from eurogym.envs.caverna_ff.placement import (
    act_branch,
    act_cell,
    act_farming,
    act_imitate,
    act_market,
    act_ore_trade,
    act_place,
    act_refill,
    act_solo_save,
    act_sow,
    act_sow_cell,
    act_space_pick,
    act_trade,
    act_twin,
    act_twin_kind,
)
from eurogym.envs.caverna_ff.spaces import (
    OP_FURNISH,
    OP_REFILL,
)
from eurogym.envs.caverna_ff.stack import (
    push_op,
)
from eurogym.envs.caverna_ff.state import (
    ACTOR,
    P_ARM,
    P_BRANCH,
    P_BREED,
    P_CAVE_IN,
    P_CELL,
    P_FARMING,
    P_FEED,
    P_FIGHT_DOGS,
    P_FIGHT_ORC,
    P_FINAL_TRADES,
    P_FORGE,
    P_FURN,
    P_FURN_CELL,
    P_HARVEST_CHOICE,
    P_HOUSE,
    P_HOUSE_LIFT,
    P_IMITATE,
    P_INVADE,
    P_LOOT,
    P_MARKET,
    P_ORC,
    P_ORE_TRADE,
    P_PLACE,
    P_REFILL,
    P_REWARD,
    P_SOLO_SAVE,
    P_SOW,
    P_SOW_CELL,
    P_SPACE_PICK,
    P_TRADE,
    P_TRAP,
    P_TRAP_CELL,
    P_TRAP_PICK,
    P_TWIN,
    P_TWIN_KIND,
    P_WARRIOR,
    P_WARRIOR_PAY,
    PHASE,
    REARRANGED,
)
from eurogym.envs.core.jit import (
    ENTRY,
    KERNEL,
)

# rules.py, deal.py and the tests reach the kernels through this module.
__all__ = [
    "OP_FURNISH",
    "OP_REFILL",
    "PERSON_ORC",
    "ADVANCE",
    "ASK",
    "ASKED",
    "act",
    "advance",
    "apply_action",
    "compute_mask",
    "draw_marker",
    "draw_round_card",
    "food_need",
    "harvest_kind_of_round",
    "mining_phase",
    "push_op",
    "run_op",
    "start_expedition",
    "start_harvest",
    "start_round",
]


# ---- applying a decision ----------------------------------------------------------------------


@njit(**ENTRY)
def act(buf, mask, a):
    """Apply legal action a for buf[ACTOR] (the caller checked the mask); returns what comes
    next: ADVANCE (the automatic flow goes on: `advance`), ASK (the same decision, or a
    sub-decision set here, is pending: `compute_mask` writes its mask) or ASKED (pending, mask
    already written). Python calls `act` and then the kernel it names rather than one kernel
    doing both: numba compiles every kernel together with everything it calls, so a kernel
    calling both `act` and `advance` would compile the whole game a second time (about a
    tenth of Caverna's cold start, docs/cold_start.md). Each phase's handler is INLINE (`act`
    is its only caller), so the split costs no compile of its own."""
    phase = buf[PHASE]
    p = buf[ACTOR]
    anytime = A_RUBY <= a < A_PERSON or A_CONVERT <= a < A_FURN_X or A_TILE_X <= a < A_TRAP_X
    if anytime:  # any time: the decision stays pending
        anytime_apply(buf, p, a)
        return ADVANCE if reasked(phase) else ASK
    if a == A_REARRANGE:  # v1, any time: the housing decisions, then this one again
        return act_rearrange(buf, p)
    if phase != P_HOUSE and phase != P_HOUSE_LIFT and buf.shape[0] > REARRANGED:
        buf[REARRANGED] = 0  # v1: the decision REARRANGE was used at is answered (E17)
    if phase == P_PLACE:
        return act_place(buf, p, a)
    if phase == P_TWIN:
        return act_twin(buf, p, a)
    if phase == P_TWIN_KIND:
        return act_twin_kind(buf, p, a)
    if phase == P_CELL:
        return act_cell(buf, p, a)
    if phase == P_SOW:
        return act_sow(buf, mask, p, a)
    if phase == P_SOW_CELL:
        return act_sow_cell(buf, mask, p, a)
    if phase == P_FORGE:
        return act_forge(buf, p, a)
    if phase == P_LOOT:
        return act_loot(buf, p, a)
    if phase == P_FURN:
        return act_furn(buf, p, a)
    if phase == P_FURN_CELL:
        return act_furn_cell(buf, p, a)
    if phase == P_WARRIOR_PAY:
        return act_warrior_pay(buf, p, a)
    if phase == P_WARRIOR:
        return act_warrior(buf, p, a)
    if phase == P_ARM:
        return act_arm(buf, p, a)
    if phase == P_TRAP:
        return act_trap(buf, p, a)
    if phase == P_TRAP_CELL:
        return act_trap_cell(buf, p, a)
    if phase == P_BRANCH:
        return act_branch(buf, p, a)
    if phase == P_FARMING:
        return act_farming(buf, p, a)
    if phase == P_ORE_TRADE:
        return act_ore_trade(buf, p, a)
    if phase == P_MARKET:
        return act_market(buf, p, a)
    if phase == P_FIGHT_ORC:
        return act_fight_orc(buf, p, a)
    if phase == P_FIGHT_DOGS:
        return act_fight_dogs(buf, p, a)
    if phase == P_REWARD:
        return act_reward(buf, p, a)
    if phase == P_ORC:
        return act_orc(buf, p, a)
    if phase == P_CAVE_IN:
        return act_cave_in(buf, p, a)
    if phase == P_INVADE:
        return act_invade(buf, p, a)
    if phase == P_TRAP_PICK:
        return act_trap_pick(buf, p, a)
    if phase == P_SPACE_PICK:
        return act_space_pick(buf, p, a)
    if phase == P_HARVEST_CHOICE:
        return act_harvest_choice(buf, p, a)
    if phase == P_FINAL_TRADES:
        return act_final_trades(buf)
    if phase == P_REFILL:
        return act_refill(buf, mask, p, a)
    if phase == P_SOLO_SAVE:
        return act_solo_save(buf, p, a)
    if phase == P_TRADE:
        return act_trade(buf, p, a)
    if phase == P_FEED:
        return act_feed(buf, p)
    if phase == P_IMITATE:
        return act_imitate(buf, p, a)
    if phase == P_BREED:
        return act_breed(buf, p, a)
    if phase == P_HOUSE:
        return act_house(buf, p, a)
    if phase == P_HOUSE_LIFT:
        return act_house_lift(buf, p, a)
    return ADVANCE


@njit(**KERNEL)
def apply_action(buf, mask, a):
    """`act` and the kernel it names in one call, for kernels that play whole games (batched
    engines, playouts); the single-game engine calls the two itself (see `act`)."""
    nxt = act(buf, mask, a)
    if nxt == ADVANCE:
        advance(buf, mask)
    elif nxt == ASK:
        compute_mask(buf, mask)
