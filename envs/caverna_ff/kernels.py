"""Caverna: Frantic Fiends rules as numba kernels over the state buffer: the round flow (spec
A5, B8, B11), every decision's legal mask and its effect. `apply_action(buf, mask, action)`
applies one legal action, runs the automatic steps (replenishing, collecting, orc movement,
harvest) up to the next decision, and rewrites `mask` for whoever decides next (`buf[ACTOR]`).

The kernels live in modules by concern (one file would pass 2,000 lines): helpers.py (goods,
furnishing, feasibility, persons, mines, decisions, arming), ops.py (the op stack, farming, loot,
fights, rewards), harvest.py (conversions, feeding, harvest), masks.py (legal masks, any-time
actions), flow.py (round flow, `advance`) and this module (`apply_action`); docs/caverna_ff.md
names them `kernels.<name>`.

Engine decisions not in the spec are numbered E1-E12 in docs/caverna_ff.md.
"""

from __future__ import annotations

from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_BRIBE,
    A_CELL,
    A_CONVERT,
    A_DONE,
    A_FURN,
    A_GOLD,
    A_LOOT,
    A_OPTION,
    A_ORC,
    A_PERSON,
    A_PUSH,
    A_REWARD,
    A_RUBY,
    A_SKIP,
    A_SOW_VEG,
    A_SPACE,
    A_TRAP,
    A_TWIN,
)
from eurogym.envs.caverna_ff.board import (
    cover,
    gain_bonus,
    has_furn,
    place_twin,
    rehouse,
)
from eurogym.envs.caverna_ff.flow import (
    advance,
    clear_space,
    draw_marker,
    draw_round_card,
    harvest_kind_of_round,
    orc_step_3,
    seat_done,
    start_harvest,
    start_round,
)
from eurogym.envs.caverna_ff.harvest import (
    food_need,
    mining_phase,
    pay_food,
)
from eurogym.envs.caverna_ff.helpers import (
    BR_GROWTH,
    BR_GROWTH_OR_GOODS,
    BR_URGENT,
    BR_WISH,
    PERSON_ORC,
    arm_dwarf,
    ask_warrior,
    ask_warrior_arm,
    build_furn,
    can_sow,
    decide,
    finish_expedition,
    forge_cost,
    gain_goods,
    grow,
    n_players,
    r_,
    set_person_space,
    start_expedition,
    warrior_amount,
)
from eurogym.envs.caverna_ff.masks import (
    anytime_apply,
    compute_mask,
    reasked,
)
from eurogym.envs.caverna_ff.ops import (
    ask_pasture,
    ask_stable,
    breed,
    breed_picked,
    fight,
    run_op,
    take_loot,
    take_reward,
)
from eurogym.envs.caverna_ff.orcs import (
    MV_CAVE_IN,
    MV_INVADE,
    cave_in_pay,
    enter_cell,
    invade,
    lower_strength,
    move_orc,
    push_target,
    take_cell,
)
from eurogym.envs.caverna_ff.spaces import (
    GAIN,
    MAX_OPS,
    OP_COLLECT,
    OP_FARMING,
    OP_FURNISH,
    OP_REFILL,
    OP_TRAP,
    PROGRAM,
)
from eurogym.envs.caverna_ff.stack import (
    OP_BRANCH_GROWTH,
    push_op,
)
from eurogym.envs.caverna_ff.state import (
    ACTOR,
    BRIBE_GOOD,
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
    DEFEAT_STR,
    EV,
    EV_LETTER,
    EV_MOVING,
    EV_PUSHED,
    FARM_USED,
    FEED_SEAT,
    FEED_STARTED,
    FINAL_NEXT,
    FREE_TRAP,
    HARVEST_KIND,
    HARVEST_PICK,
    HARVEST_SEAT,
    MAX_DWARFS,
    MINE_GOODS,
    O_FOREST,
    O_HELD,
    OCCUPANT,
    ORC_CELL,
    ORC_STATE,
    ORC_STR,
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
    P_IMITATE,
    P_INVADE,
    P_LOOT,
    P_ORC,
    P_ORC_GOLD,
    P_ORE_TRADE,
    P_PLACE,
    P_PUSH_COST,
    P_REFILL,
    P_REWARD,
    P_SOLO_SAVE,
    P_SOW,
    P_SOW_CELL,
    P_TRADE,
    P_TRAP,
    P_TRAP_CELL,
    P_TWIN,
    P_TWIN_KIND,
    P_WARRIOR,
    P_WARRIOR_PAY,
    PASTURE,
    PENDING_TILE,
    PHASE,
    RUBY_PICK,
    SOWN,
    ST_EVENT,
    STABLE,
    STAGE,
    SUB,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    TRAP_LEFT,
    TURN,
    TWIN_KIND,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    CAVE,
    CELLS,
    F_STONE_CARVER,
    F_WARRIOR,
    FIRST_ANIMAL,
    FOOD,
    GOLD,
    GRAIN,
    H_CHOICE,
    H_NORMAL,
    NUM_GOODS,
    NUM_ORCS,
    ORE,
    PUSH_DELTA,
    REFILL_ORE,
    REFILL_RUBY,
    RUBY,
    STONE,
    T_DEEP,
    T_FIELD,
    T_ORE_MINE,
    T_RUBY_MINE,
    TRAP_COST,
    TW_CAVERN_CAVERN,
    TW_CAVERN_TUNNEL,
    TW_LARGE_PASTURE,
    TW_ORE_MINE,
    TWIN_CELLS,
    VEG,
    WOOD,
)
from eurogym.envs.core.jit import (
    INLINE,
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

ADVANCE, ASK, ASKED = 0, 1, 2  # what `act` leaves to do (see there)


@njit(**INLINE)
def push_program(buf, p, s):
    for i in range(MAX_OPS - 1, -1, -1):
        code = PROGRAM[s, i, 0]
        if code != 0:
            push_op(buf, code, PROGRAM[s, i, 1], p)


@njit(**INLINE)
def sow_field(buf, mask, p, c, veg):
    """Sow field c with grain (3) or a vegetable (2) and pay the seed (A11). Returns True if
    the sowing goes on as a decision (P_SOW with more than DONE legal)."""
    buf[CROP + p * CELLS + c] = 2 if veg else 3
    buf[CROP_KIND + p * CELLS + c] = veg
    buf[r_(p, VEG if veg else GRAIN)] -= 1
    buf[SOWN + veg] += 1
    rehouse(buf, p)  # a sown field no longer holds a Stubble Room animal
    if can_sow(buf, p) and (buf[SOWN] < 2 or buf[SOWN + 1] < 2):
        decide(buf, P_SOW, p)
        compute_mask(buf, mask)
        return mask.sum() > 1
    return False


@njit(**KERNEL)
def act(buf, mask, a):
    """Apply legal action a for buf[ACTOR] (the caller checked the mask); returns what comes
    next: ADVANCE (the automatic flow goes on: `advance`), ASK (the same decision, or a
    sub-decision set here, is pending: `compute_mask` writes its mask) or ASKED (pending, mask
    already written). Python calls `act` and then the kernel it names rather than one kernel
    doing both: numba compiles every kernel together with everything it calls, so a kernel
    calling both `act` and `advance` would compile the whole game a second time (about a
    tenth of Caverna's cold start, docs/cold_start.md)."""
    phase = buf[PHASE]
    p = buf[ACTOR]
    n = n_players(buf)
    if A_RUBY <= a < A_PERSON or a >= A_CONVERT:  # any time: the decision stays pending
        anytime_apply(buf, p, a)
        return ADVANCE if reasked(phase) else ASK
    if phase == P_PLACE and a == A_SKIP:  # no space legal, no trade wanted: stays home (E2)
        buf[RUBY_PICK + p] = 0
        set_person_space(buf, p, buf[CUR_PERSON], -2)
    elif phase == P_PLACE and a >= A_PERSON:
        k = a - A_PERSON
        buf[r_(p, RUBY)] -= 1
        buf[RUBY_PICK + p] = 1 + (k if k < MAX_DWARFS else PERSON_ORC + k - MAX_DWARFS)
    elif phase == P_PLACE:
        s = a - A_SPACE
        person = buf[CUR_PERSON]
        buf[RUBY_PICK + p] = 0
        buf[OCCUPANT + s] = p
        set_person_space(buf, p, person, s)
        buf[TURN] = (p + 1) % n
        buf[CUR_SPACE] = s
        if person >= PERSON_ORC:
            push_op(buf, OP_COLLECT, 0, p)
        else:
            push_program(buf, p, s)
    elif phase == P_TWIN:
        if a != A_SKIP:
            i = a - A_TWIN
            kind = buf[TWIN_KIND]
            place_twin(buf, p, kind, i)
            if kind == TW_LARGE_PASTURE:
                buf[r_(p, WOOD)] -= buf[SUB + 1]
            if kind == TW_ORE_MINE:  # FF: the 3 ore go onto the new mine (B3)
                buf[MINE_GOODS + p * CELLS + TWIN_CELLS[i, 0]] += 3
            rehouse(buf, p)
    elif phase == P_TWIN_KIND:
        if a != A_SKIP:
            buf[TWIN_KIND] = TW_CAVERN_TUNNEL if a == A_OPTION else TW_CAVERN_CAVERN
            decide(buf, P_TWIN, p)
            return ASK
    elif phase == P_CELL:
        if a != A_SKIP:
            c = a - A_CELL
            kind = buf[CELL_KIND]
            if kind == CK_SINGLE:
                cover(buf, p, c, buf[PENDING_TILE])
            elif kind == CK_RUBY_MINE:
                deep = buf[TILE + p * CELLS + c] == T_DEEP
                buf[TILE + p * CELLS + c] = T_RUBY_MINE
                if deep:  # FF: the ruby goes onto the mine (B3)
                    buf[MINE_GOODS + p * CELLS + c] += 1
            elif kind == CK_SMALL_PASTURE:
                buf[PASTURE + p * CELLS + c] = 1
                buf[r_(p, WOOD)] -= buf[SUB + 1]
            elif kind == CK_STABLE:
                buf[STABLE + p * CELLS + c] = 1
                buf[r_(p, STONE)] -= buf[SUB + 1]
            rehouse(buf, p)
    elif phase == P_SOW:
        if a != A_DONE:
            veg = 1 if a == A_SOW_VEG else 0
            c = -1
            for k in range(CELLS):
                if buf[TILE + p * CELLS + k] == T_FIELD and buf[CROP + p * CELLS + k] == 0:
                    c = k if c == -1 else -2
            if c == -2:  # several empty fields: the player picks one (orcs destroy per cell)
                buf[PENDING_TILE] = veg
                decide(buf, P_SOW_CELL, p)
                return ASK
            if sow_field(buf, mask, p, c, veg):
                return ASKED
    elif phase == P_SOW_CELL:
        if sow_field(buf, mask, p, a - A_CELL, buf[PENDING_TILE]):
            return ASKED
    elif phase == P_FORGE:
        if a != A_SKIP:
            k = a - A_OPTION
            material = buf[SUB + 0]
            buf[r_(p, WOOD if material == 1 else ORE)] -= forge_cost(buf, p, material, k)
            buf[WEAPON + p * MAX_DWARFS + buf[CUR_PERSON]] = k
    elif phase == P_LOOT:
        if a == A_DONE:
            finish_expedition(buf, p)
        else:
            if take_loot(buf, p, a - A_LOOT):
                return ASK
    elif phase == P_FURN:
        if a != A_SKIP:
            buf[PENDING_TILE] = a - A_FURN
            decide(buf, P_FURN_CELL, p)
            return ASK
    elif phase == P_FURN_CELL:
        f = buf[PENDING_TILE]
        if f == F_WARRIOR:
            buf[SUB + 1] = a - A_CELL
            buf[SUB + 2] = -1
            if ask_warrior(buf, p):
                return ASK
        else:
            build_furn(buf, p, f, a - A_CELL, buf[SUB + 0])
    elif phase == P_WARRIOR_PAY:
        if warrior_amount(buf, p, a - A_OPTION):
            pending = ask_warrior_arm(buf, p)
        else:
            pending = ask_warrior(buf, p)
        if pending:
            return ASK
    elif phase == P_WARRIOR:
        if a != A_SKIP:
            k = a - A_OPTION
            if k <= 8:
                buf[r_(p, ORE)] -= k
            else:
                buf[r_(p, WOOD)] -= k - 8
            if arm_dwarf(buf, p, k if k <= 8 else k - 8):
                return ASK
    elif phase == P_ARM:
        buf[WEAPON + p * MAX_DWARFS + a - A_OPTION] = buf[SUB + 0]
    elif phase == P_TRAP:
        if a != A_SKIP:
            buf[PENDING_TILE] = a - A_TRAP
            decide(buf, P_TRAP_CELL, p)
            return ASK
    elif phase == P_TRAP_CELL:
        t = buf[PENDING_TILE]
        c = a - A_CELL
        if buf[FREE_TRAP] == 0:
            for g in range(NUM_GOODS):
                buf[r_(p, g)] -= TRAP_COST[t, g]
        if buf[TILE + p * CELLS + c] == 0:
            gain_bonus(buf, p, c)  # covering a bonus symbol pays it (B7)
        buf[TRAP + p * CELLS + c] = t + 1
        buf[TRAP_ACTIVE + p * CELLS + c] = 1
        buf[TRAP_LEFT + t] -= 1
        rehouse(buf, p)
    elif phase == P_BRANCH:
        ctx = buf[SUB + 2]
        if a != A_SKIP:
            k = a - A_OPTION
            if ctx == BR_GROWTH:
                grow(buf, p)
            elif ctx == BR_GROWTH_OR_GOODS:
                if k == 0:
                    row = GAIN[buf[CUR_SPACE]].copy()
                    gain_goods(buf, p, row)
                else:
                    grow(buf, p)
            elif k == 2 and ctx == BR_WISH:
                grow(buf, p)
            elif k == 2 and ctx == BR_URGENT:
                buf[r_(p, GOLD)] += 3
            else:
                if ctx == BR_URGENT:
                    push_op(buf, OP_BRANCH_GROWTH, 0, p)
                push_op(buf, OP_FURNISH if k == 0 else OP_TRAP, 0, p)
    elif phase == P_FARMING:
        if a != A_DONE:
            k = a - A_OPTION
            push_op(buf, OP_FARMING, buf[FARM_USED] | (1 << k), p)
            if k == 2:
                ask_stable(buf, p, 0 if has_furn(buf, p, F_STONE_CARVER) else 1)
            else:
                ask_pasture(buf, p, k, 2 if k == 0 else 4)
            return ASK
    elif phase == P_ORE_TRADE:
        k = a - A_OPTION
        buf[r_(p, ORE)] -= 2 * k
        buf[r_(p, GOLD)] += 2 * k
        buf[r_(p, FOOD)] += k
    elif phase == P_FIGHT_ORC:
        buf[SUB + 0] = a - A_ORC
        decide(buf, P_FIGHT_DOGS, p)
        return ASK
    elif phase == P_FIGHT_DOGS:
        fight(buf, p, a - A_OPTION)
    elif phase == P_REWARD:
        if a == A_GOLD:
            buf[r_(p, GOLD)] += buf[P_ORC_GOLD + buf[SUB + 0]]
        elif take_reward(buf, p, a - A_REWARD):
            return ASK
    elif phase == P_ORC:
        ev = buf[EV]
        o = buf[EV_LETTER]
        i = p * NUM_ORCS + o
        if a == A_BRIBE:
            buf[r_(p, buf[BRIBE_GOOD + ev])] -= 1
            if buf[BRIBE_GOOD + ev] >= FIRST_ANIMAL:  # a paid animal leaves its cell (D44)
                rehouse(buf, p)
            if lower_strength(buf, p, o, 1, buf[DEFEAT_STR]):  # one bribe of any size (D43)
                seat_done(buf)
        elif a == A_DONE:
            if orc_step_3(buf, p, o):
                return ASK
        else:
            d = a - A_PUSH
            paid_animal = False
            for g in range(NUM_GOODS):
                cost = buf[P_PUSH_COST + ev * NUM_GOODS + g]
                buf[r_(p, g)] -= cost
                if g >= FIRST_ANIMAL and cost > 0:
                    paid_animal = True
            if paid_animal:  # as for a bribe: data overrides may ask for animals
                rehouse(buf, p)
            buf[EV_PUSHED] = 1
            if buf[ORC_STATE + i] == O_HELD:
                buf[ORC_STATE + i] = O_FOREST  # pushing frees it; the trap stays armed (D38)
            target = push_target(p, buf[ORC_CELL + i], PUSH_DELTA[d, 0], PUSH_DELTA[d, 1])
            # into the cave or a holding trap: bribes may go on, step 3 is skipped (B8, D38)
            if target == CAVE:
                buf[EV_PUSHED] = 2
                if invade(buf, p, o):
                    return ASK
            else:
                r = enter_cell(buf, p, o, target)
                if r == 1:
                    buf[EV_PUSHED] = 2
                elif r == 2:
                    buf[EV_MOVING] = 3
    elif phase == P_CAVE_IN:
        o = buf[EV_LETTER]
        if cave_in_pay(buf, p, o, a - A_OPTION):
            seat_done(buf)
        elif buf[EV_MOVING] == 3:  # back to the bribe step after a push onto the Cave-in
            buf[EV_MOVING] = 1
            buf[DEFEAT_STR] = buf[ORC_STR + p * NUM_ORCS + o]  # a later bribe starts here (D43)
        else:
            r = move_orc(buf, p, o)
            if r == MV_INVADE:
                return ASK
            if r == MV_CAVE_IN:
                buf[EV_MOVING] = 2
            else:
                seat_done(buf)
    elif phase == P_INVADE:
        take_cell(buf, p, buf[SUB + 0], a - A_CELL)
        if buf[STAGE] == ST_EVENT and buf[EV_LETTER] < NUM_ORCS and buf[EV_PUSHED] != 2:
            seat_done(buf)  # the orc's event step ends with its invasion (B8)
        # pushed in (EV_PUSHED 2): back to the bribe step, step 3 is skipped (B8, D38)
    elif phase == P_HARVEST_CHOICE:
        buf[HARVEST_PICK + p] = a - A_OPTION
        buf[HARVEST_SEAT] += 1
    elif phase == P_FINAL_TRADES:  # DONE: the next player's trades, then scoring (A13)
        buf[FINAL_NEXT] += 1
    elif phase == P_REFILL:
        if a != A_DONE:
            c = a - A_CELL
            ore = buf[TILE + p * CELLS + c] == T_ORE_MINE
            buf[MINE_GOODS + p * CELLS + c] += REFILL_ORE if ore else REFILL_RUBY
            buf[SUB + 1] |= 1 << c
            compute_mask(buf, mask)
            if mask.sum() > 1:
                return ASKED
    elif phase == P_SOLO_SAVE:
        if a == A_SKIP:
            clear_space(buf, buf[CLEAR_POS])
        else:
            buf[r_(p, RUBY)] -= 1  # the space keeps its goods
        buf[CLEAR_POS] += 1
    elif phase == P_TRADE:
        if a != A_SKIP:
            k = a - A_OPTION
            if buf[SUB + 1] < 0:
                buf[SUB + 1] = k
            elif buf[SUB + 2] < 0:
                buf[SUB + 2] = k
            else:
                buf[r_(p, buf[SUB + 1])] -= k
                buf[r_(p, buf[SUB + 2])] += k
                buf[SUB + 1] = -2  # done
            if buf[SUB + 1] != -2:
                return ASK
    elif phase == P_FEED:  # DONE: accept begging for what is still missing
        pay_food(buf, p, food_need(buf, p, buf[HARVEST_KIND]))
        if buf[HARVEST_KIND] == H_NORMAL or (
            buf[HARVEST_KIND] == H_CHOICE and buf[HARVEST_PICK + p] == 1
        ):
            breed(buf, p, 4)
        buf[FEED_SEAT] += 1
        buf[FEED_STARTED] = 0
    elif phase == P_IMITATE:
        buf[r_(p, FOOD)] -= buf[SUB + 0]
        s = a - A_SPACE
        buf[CUR_SPACE] = s
        push_program(buf, p, s)
    elif phase == P_BREED:
        if a != A_DONE:
            buf[SUB + 1] |= 1 << (a - A_OPTION)
        picks = buf[SUB + 1]
        if a != A_DONE and picks & (picks - 1) == 0:  # one type so far: a second may follow
            return ASK
        breed_picked(buf, p, picks)
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
