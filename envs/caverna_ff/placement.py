"""Caverna FF decisions of the work phase outside furnishing, animals and expeditions: placing a
person (A5, A7), Imitation, the tiles a space lays (twin and single tiles, mines, pastures,
stables), sowing (A11), the either/or branches of FF spaces (B3), farming, ore trading, the FF
refill, the Master Trader's trade and the solo ruby save (B11). One handler per phase, each
called only from `kernels.act` (hence INLINE: its body is typed inside `act`); each returns what
is left to do (actions.ADVANCE, ASK or ASKED).
"""

from __future__ import annotations

import numpy as np
from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_DONE,
    A_OPTION,
    A_PERSON,
    A_SKIP,
    A_SOW_VEG,
    A_SPACE_X,
    ADVANCE,
    ASK,
    ASKED,
)
from eurogym.envs.caverna_ff.board import (
    board_cells,
    cover,
    has_furn,
    place_twin,
    rehouse,
)
from eurogym.envs.caverna_ff.effects import (
    camouflaged_pick,
    captain_extra,
    worker_orc,
)
from eurogym.envs.caverna_ff.flow import (
    clear_space,
)
from eurogym.envs.caverna_ff.helpers import (
    BR_BUILDER,
    BR_CAPTAIN,
    BR_EXTENSION,
    BR_GROWTH,
    BR_GROWTH_OR_GOODS,
    BR_URGENT,
    BR_WISH,
    PERSON_ORC,
    action_space,
    build_furn,
    can_sow,
    decide,
    gain_goods,
    grow,
    n_players,
    r_,
    set_person_space,
)
from eurogym.envs.caverna_ff.masks import (
    compute_mask,
)
from eurogym.envs.caverna_ff.office import action_cell, action_twin
from eurogym.envs.caverna_ff.ops import (
    ask_pasture,
    ask_stable,
)
from eurogym.envs.caverna_ff.spaces import (
    CT,
    GAIN,
    MARKET_COST,
    MARKET_GOOD,
    MAX_OPS,
    MF,
    OP_COLLECT,
    OP_FARMING,
    OP_FURNISH,
    OP_MARKET,
    OP_TRAP,
    OP_TWIN,
    PROGRAM,
)
from eurogym.envs.caverna_ff.stack import (
    OP_BRANCH_GROWTH,
    OP_GUEST,
    OP_RESTORE,
    push_op,
)
from eurogym.envs.caverna_ff.state import (
    CELL_KIND,
    CK_RUBY_MINE,
    CK_SINGLE,
    CK_SMALL_PASTURE,
    CK_STABLE,
    CLEAR_POS,
    CROP,
    CROP_KIND,
    CUR_PERSON,
    CUR_SPACE,
    FARM_USED,
    MAX_DWARFS,
    MINE_GOODS,
    OCCUPANT,
    P_SOW,
    P_SOW_CELL,
    P_TWIN,
    PASTURE,
    PENDING_TILE,
    RUBY_PICK,
    SOWN,
    STABLE,
    SUB,
    TILE,
    TURN,
    TWIN_KIND,
)
from eurogym.envs.caverna_ff.tables import (
    CELLS_ALL,
    F_GUEST,
    F_STONE_CARVER,
    FOOD,
    GOLD,
    GRAIN,
    NUM_GOODS,
    NUM_TWIN,
    OFFICE_GOLD,
    ORE,
    REFILL_ORE,
    REFILL_RUBY,
    RUBY,
    STONE,
    T_DEEP,
    T_FIELD,
    T_ORE_MINE,
    T_RUBY_MINE,
    TW_CAVERN_CAVERN,
    TW_CAVERN_TUNNEL,
    TW_LARGE_PASTURE,
    TW_ORE_MINE,
    TWIN_ALL_CELLS,
    VEG,
    WOOD,
)
from eurogym.envs.core.jit import INLINE, KERNEL


@njit(**KERNEL)
def push_program(buf, p, s):
    """Stack space s's op program (spaces.PROGRAM) for p, first op on top."""
    for i in range(MAX_OPS - 1, -1, -1):
        code = PROGRAM[s, i, 0]
        if code != 0:
            push_op(buf, code, PROGRAM[s, i, 1], p)


@njit(**INLINE)
def act_place(buf, p, a):
    """P_PLACE: stay home (SKIP, no space legal and no trade wanted, E2), pay 1 ruby to place
    person k next (PERSON k, A7), or place the next person on space s (SPACE s, A5)."""
    if a == A_SKIP:
        buf[RUBY_PICK + p] = 0
        set_person_space(buf, p, buf[CUR_PERSON], -2)
    elif A_PERSON <= a < A_SPACE_X:
        k = a - A_PERSON
        person = k if k < MAX_DWARFS else PERSON_ORC + k - MAX_DWARFS
        if not camouflaged_pick(buf, p, person):  # the Camouflaged Dwelling's is free (F17)
            buf[r_(p, RUBY)] -= 1
        buf[RUBY_PICK + p] = 1 + person
    else:
        s = action_space(a)
        person = buf[CUR_PERSON]
        buf[RUBY_PICK + p] = 0
        buf[OCCUPANT + s] = p
        set_person_space(buf, p, person, s)
        buf[TURN] = (p + 1) % n_players(buf)
        buf[CUR_SPACE] = s
        if person >= PERSON_ORC and not worker_orc(buf, p, person):
            push_op(buf, OP_COLLECT, 0, p)  # an ordinary friendly orc: the goods only (D20)
        else:
            push_program(buf, p, s)
    return ADVANCE


@njit(**INLINE)
def act_space_pick(buf, p, a):
    """P_SPACE_PICK (caverna_ff_v1): the Forger or Herald takes space s's actions (B6) as the
    player alone, no person on it (E21); the interrupted action's space and person come back
    after them (OP_RESTORE)."""
    push_op(buf, OP_RESTORE, (buf[CUR_SPACE] + 1) * 16 + buf[CUR_PERSON] + 1, p)
    s = action_space(a)
    buf[CUR_SPACE] = s
    buf[CUR_PERSON] = -1
    push_program(buf, p, s)
    return ADVANCE


@njit(**INLINE)
def act_imitate(buf, p, a):
    """P_IMITATE: pay the Imitation food and run the imitated space's program (A6)."""
    buf[r_(p, FOOD)] -= buf[SUB + 0]
    s = action_space(a)
    buf[CUR_SPACE] = s
    push_program(buf, p, s)
    return ADVANCE


@njit(**INLINE)
def act_twin(buf, p, a):
    """P_TWIN: lay the pending twin tile at position a (or SKIP); a large pasture costs its
    wood, an FF ore mine carries 3 ore (B3); a tile overhanging the board's edge (TWIN_X)
    earns the Office Room's 2 gold (E23)."""
    if a != A_SKIP:
        i = action_twin(a)
        kind = buf[TWIN_KIND]
        place_twin(buf, p, kind, i)
        if kind == TW_LARGE_PASTURE:
            buf[r_(p, WOOD)] -= buf[SUB + 1]
        elif i >= NUM_TWIN:
            buf[r_(p, GOLD)] += OFFICE_GOLD
        if kind == TW_ORE_MINE:
            buf[MINE_GOODS + p * CELLS_ALL + TWIN_ALL_CELLS[i, 0]] += 3
        rehouse(buf, p)
    return ADVANCE


@njit(**INLINE)
def act_twin_kind(buf, p, a):
    """P_TWIN_KIND: cavern/tunnel (OPTION) or cavern/cavern twin, then where (P_TWIN)."""
    if a == A_SKIP:
        return ADVANCE
    buf[TWIN_KIND] = TW_CAVERN_TUNNEL if a == A_OPTION else TW_CAVERN_CAVERN
    decide(buf, P_TWIN, p)
    return ASK


@njit(**INLINE)
def act_cell(buf, p, a):
    """P_CELL: the cell of a single tile, a ruby mine (FF: on a deep tunnel its ruby goes onto
    the mine, B3), a small pasture (its wood) or a stable (its stone)."""
    if a == A_SKIP:
        return ADVANCE
    c = action_cell(a)
    kind = buf[CELL_KIND]
    if kind == CK_SINGLE:
        cover(buf, p, c, buf[PENDING_TILE])
    elif kind == CK_RUBY_MINE:
        deep = buf[TILE + p * CELLS_ALL + c] == T_DEEP
        buf[TILE + p * CELLS_ALL + c] = T_RUBY_MINE
        if deep:
            buf[MINE_GOODS + p * CELLS_ALL + c] += 1
    elif kind == CK_SMALL_PASTURE:
        buf[PASTURE + p * CELLS_ALL + c] = 1
        buf[r_(p, WOOD)] -= buf[SUB + 1]
    elif kind == CK_STABLE:
        buf[STABLE + p * CELLS_ALL + c] = 1
        buf[r_(p, STONE)] -= buf[SUB + 1]
    rehouse(buf, p)
    return ADVANCE


@njit(**INLINE)
def sow_field(buf, mask, p, c, veg):
    """Sow field c with grain (3) or a vegetable (2) and pay the seed (A11). Returns ASKED if
    the sowing goes on as a decision (P_SOW with more than DONE legal), else ADVANCE."""
    buf[CROP + p * CELLS_ALL + c] = 2 if veg else 3
    buf[CROP_KIND + p * CELLS_ALL + c] = veg
    buf[r_(p, VEG if veg else GRAIN)] -= 1
    buf[SOWN + veg] += 1
    rehouse(buf, p)  # a sown field no longer holds a Stubble Room animal
    if can_sow(buf, p) and (buf[SOWN] < 2 or buf[SOWN + 1] < 2):
        decide(buf, P_SOW, p)
        compute_mask(buf, mask)
        if mask.sum() > 1:
            return ASKED
    return ADVANCE


@njit(**INLINE)
def act_sow(buf, mask, p, a):
    """P_SOW: sow grain or a vegetable (DONE ends the sowing); with several empty fields the
    player then picks the field (P_SOW_CELL: orcs destroy crops per cell)."""
    if a == A_DONE:
        return ADVANCE
    veg = 1 if a == A_SOW_VEG else 0
    c = -1
    for k in range(board_cells(buf, p)):
        if buf[TILE + p * CELLS_ALL + k] == T_FIELD and buf[CROP + p * CELLS_ALL + k] == 0:
            c = k if c == -1 else -2
    if c == -2:
        buf[PENDING_TILE] = veg
        decide(buf, P_SOW_CELL, p)
        return ASK
    return sow_field(buf, mask, p, c, veg)


@njit(**INLINE)
def act_sow_cell(buf, mask, p, a):
    """P_SOW_CELL: the field the pending crop goes on."""
    return sow_field(buf, mask, p, action_cell(a), buf[PENDING_TILE])


@njit(**INLINE)
def act_branch(buf, p, a):
    """P_BRANCH: the branch of an either/or space (B3: Housework, Wish, Urgent Wish, Growth).
    With the Guest Room (F11) the other branches are asked again after this one (OP_GUEST,
    pushed first so it runs after the branch's ops), and Urgent Wish's growth comes last."""
    ctx = buf[SUB + 2]
    if ctx == BR_CAPTAIN:  # the material the Orc Captain's orc collects once more (F19)
        captain_extra(buf, p, a - A_OPTION)
        return ADVANCE
    if ctx == BR_BUILDER:  # the way to pay the furnishing chosen before (F12)
        asked = build_furn(buf, p, buf[PENDING_TILE], buf[SUB + 1], buf[SUB + 0], a - A_OPTION)
        return ASK if asked else ADVANCE
    guest = ctx != BR_GROWTH and has_furn(buf, p, F_GUEST)
    taken = buf[SUB + 1] if guest else 0
    if a == A_SKIP:
        if ctx == BR_URGENT and taken & 3:
            push_op(buf, OP_BRANCH_GROWTH, 0, p)
        return ADVANCE
    k = a - A_OPTION
    if guest:
        push_op(buf, OP_GUEST, ctx * 8 + (taken | (1 << k)), p)
    if ctx == BR_GROWTH:
        grow(buf, p)
    elif ctx == BR_GROWTH_OR_GOODS:
        if k == 0:
            row = GAIN[buf[CUR_SPACE]].copy()
            gain_goods(buf, p, row)
        else:
            grow(buf, p)
    elif ctx == BR_EXTENSION:  # A6: 1 wood and a meadow/field twin, or 1 stone and a
        buf[r_(p, WOOD if k == 0 else STONE)] += 1  # cavern/tunnel twin
        push_op(buf, OP_TWIN, MF if k == 0 else CT, p)
    elif k == 2 and ctx == BR_WISH:
        grow(buf, p)
    elif k == 2 and ctx == BR_URGENT:
        buf[r_(p, GOLD)] += 3
    else:
        if ctx == BR_URGENT and not guest:
            push_op(buf, OP_BRANCH_GROWTH, 0, p)
        push_op(buf, OP_FURNISH if k == 0 else OP_TRAP, 0, p)
    return ADVANCE


@njit(**INLINE)
def act_farming(buf, p, a):
    """P_FARMING: one item of a farming space (small / large pasture, stable; each once), its
    placement asked next; DONE ends the space."""
    if a == A_DONE:
        return ADVANCE
    k = a - A_OPTION
    push_op(buf, OP_FARMING, buf[FARM_USED] | (1 << k), p)
    if k == 2:
        ask_stable(buf, p, 0 if has_furn(buf, p, F_STONE_CARVER) else 1)
    else:
        ask_pasture(buf, p, k, 2 if k == 0 else 4)
    return ASK


@njit(**INLINE)
def act_market(buf, p, a):
    """P_MARKET (Weekly Market, A6): buy good k for its gold, then the market is asked again
    without it (each good at most once); DONE ends the space. Animals bought are housed
    after the space, as any gained animal (E17)."""
    if a == A_DONE:
        return ADVANCE
    k = a - A_OPTION
    push_op(buf, OP_MARKET, buf[SUB + 1] | (1 << k), p)
    buf[r_(p, GOLD)] -= MARKET_COST[k]
    row = np.zeros(NUM_GOODS, np.int64)
    row[MARKET_GOOD[k]] = 1
    gain_goods(buf, p, row)
    return ADVANCE


@njit(**INLINE)
def act_ore_trade(buf, p, a):
    """P_ORE_TRADE: k times 2 ore -> 2 gold + 1 food."""
    k = a - A_OPTION
    buf[r_(p, ORE)] -= 2 * k
    buf[r_(p, GOLD)] += 2 * k
    buf[r_(p, FOOD)] += k
    return ADVANCE


@njit(**INLINE)
def act_trade(buf, p, a):
    """P_TRADE (Master Trader): the material, then the target, then the amount."""
    if a == A_SKIP:
        return ADVANCE
    k = a - A_OPTION
    if buf[SUB + 1] < 0:
        buf[SUB + 1] = k
    elif buf[SUB + 2] < 0:
        buf[SUB + 2] = k
    else:
        buf[r_(p, buf[SUB + 1])] -= k
        buf[r_(p, buf[SUB + 2])] += k
        buf[SUB + 1] = -2  # done
    return ASK if buf[SUB + 1] != -2 else ADVANCE


@njit(**INLINE)
def act_refill(buf, mask, p, a):
    """P_REFILL (FF): refill one more ore or ruby mine; DONE stops."""
    if a == A_DONE:
        return ADVANCE
    c = action_cell(a)
    ore = buf[TILE + p * CELLS_ALL + c] == T_ORE_MINE
    buf[MINE_GOODS + p * CELLS_ALL + c] += REFILL_ORE if ore else REFILL_RUBY
    buf[SUB + 1] |= 1 << c
    compute_mask(buf, mask)
    return ASKED if mask.sum() > 1 else ADVANCE


@njit(**INLINE)
def act_solo_save(buf, p, a):
    """P_SOLO_SAVE (B11): pay 1 ruby so the space keeps its goods, or SKIP to empty it."""
    if a == A_SKIP:
        clear_space(buf, buf[CLEAR_POS])
    else:
        buf[r_(p, RUBY)] -= 1
    buf[CLEAR_POS] += 1
    return ADVANCE
