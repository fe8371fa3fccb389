"""Caverna: Frantic Fiends observation encoders (hidden information filtered here).

Seats are rotated: relative seat k is seat (me + k) % n, so index 0 is always "mine"; seats
k >= n encode as zeros. Never read: the RNG (the only hidden information: future round cards,
face-down harvest markers and movement cards are drawn from it when revealed). All
values are float32 in [0, 1] ("/x": divided by x, clipped to 1). The counts a player needs use
caps no random game reaches (GOODS_CAP, BEGGING_CAP, ACCUM_CAP, ANIMALS_CAP, MINE_CAP; checked
over 10,000 random games by tests/caverna_ff/test_observation_scales.py, slow), so nothing is
clipped in practice.

`encode_planes(state, me)` -> float32[4 * PLANES_PER_SEAT, 4, 6]: per relative seat the 4x6
home board as planes (PLANE_NAMES): tile one-hot (8), furnishing present, furnishing points
/10, dwelling room /2, orc room, pasture small / large, stable, crop /3, crop is vegetable,
goods on a mine /MINE_CAP, trap present, trap active, trap type one-hot (4), animals by type
/ANIMALS_CAP (5), hostile orc here by letter (4), orc held here.

`encode_flat(state, me)` -> float32[FLAT_SIZE]: the planes flattened, then SCALARS:
    per relative seat (4 x SEAT_SCALARS): goods /GOODS_CAP (13), begging /BEGGING_CAP, dwarf
        state one-hot
        absent/adult/newborn/hostage (6 x 4), weapons /14 (6), dwarf placed this round (6),
        orc state one-hot (4 x 6), orc strength /22 (4), friendly orc placed (4), supplier
        rounds left /7 (3), start player, current score estimate is not included
    action spaces: open (38), occupant none/relative seat one-hot (38 x 5), accumulated
        goods /ACCUM_CAP (38 x 13)
    round one-hot 1..12, revealed round card per round one-hot over spaces (12 x 38),
        revealed harvest marker per round none/plain/orc (12 x 3), events done one-hot (5),
        per event board: bribe good one-hot (4 x 13), push cost /MAX_PUSH_COST (4 x 13),
        movement deck 1-3 one-hot (4 x 3)
    supply: furnishings left /7 (27), traps left /7 (4), reward spaces free/relative seat
        one-hot (16 x 5)
    decision: phase one-hot, actor relative seat one-hot (4), active orc letter (4; the
        invading orc at an invasion tie, also before scoring), active
        movement card steps one-hot (3 x 5: U D L R none), pushed /2, expedition loot left /4,
        expedition strength /14, loot taken (26), cell kind one-hot (5), twin kind one-hot
        (5), pending furnishing/trap id /27, sub values /20 (4), sown grain/veg /2 (2),
        farming items used (3), harvest kind one-hot (6), the person being placed or on
        an expedition one-hot (dwarf 0-5, friendly orc A-D, none), the space a solo ruby
        save is about (the solo clearing's `clear_pos`) one-hot (38)
    stacks: round cards still in their stage stack (38), face-down harvest markers left: plain
        /4, orc /2, movement cards already dealt for the active orc (9)

`encode_flat_v1(state, me)` -> float32[FLAT_SIZE_V1]: caverna_ff_v1's observation, v0's
entries above (computed alike, so v0's observation stays as it was) followed by V1_SCALARS for
what v0's layout cannot show about v1's further tiles (tables.FX_NAMES; the Office Room's
entries, the last tile's, are in V1_BORDER, so these blocks kept their sizes):
    supply: copies left of each further tile but the Office Room (FX_OBS, 0/1: `furn_left_x`)
    decision: the pending furnishing / trap / crop id one-hot (FURN_OBS; v0's scalar /27
        reads 1 for every further tile)
    per relative seat (4 x FURN_OBS): furnishings of each id on that seat's board /12 (a
        board has 12 mountain cells), so a built tile's identity is seen, not just its points
    supply board: the extensions in play (NUM_EXT, S1-S9), copies left of each further trap
        (NUM_TRAP_X, 0/1: `trap_left_x`)
    further traps (NUM_TRAP_X x 30, tables.TRAP_X_NAMES; v0's planes show v0's four traps and,
        for these, only "trap present / active"): on no board or on relative seat k's board
        (one-hot 5), its cell (one-hot 24), active
    a triggered Explosive Trap / Poisoned Arrows: the trap one-hot (NUM_TRAPS_ALL), picks left
        /3, each orc's strength before it /22 (4; the reward strength of a defeat, D43)
    the decision is the trap_pick phase (1; v0's phase one-hot covers the phases before it)
    the reward board: each row's long strip one-hot (4 x NUM_LONG_STRIPS, L1-L7; v0's reward
        entries show only which spaces are taken), the decision is the space_pick phase (1)
        and for the Forger (1, the Herald 0)
    per relative seat (4 x 4): the orcs' start strengths A-D /22 (the strongest strength
        marker), its alignment card's side or handicap (option orc_side)
then V1_SEATS_X, 5-7 players (rules B2, A6). v0's entries above cover relative seats 0-3 and
v0's 38 spaces; a seat 4-6 in their one-hots (occupant, reward taken, actor, further trap's
board) writes nothing there and is shown here instead, so with 1-4 players these entries are
all zero (the decision flags at the end aside) and the entries above are v0's alone:
    per relative seat 4-6: its planes (3 x PLANES_PER_SEAT x 24, as encode_planes), its
        SEAT_SCALARS (3 x SEAT_SCALARS), its furnishings by id /12 (3 x FURN_OBS), its
        orc start strengths /22 (3 x 4)
    v0's spaces occupied by relative seat 4-6 (38 x 3); the 5-7 player boards' spaces
        (11: depot .. imitation_7): open (11), occupant relative seat 0-6 one-hot (11 x 7,
        all zero while free), accumulated goods /ACCUM_CAP (11 x 13)
    v0's 16 reward spaces taken by relative seat 4-6 (16 x 3); the fifth reward row's 4
        spaces taken by relative seat one-hot (4 x 7, all zero while free); the actor is
        relative seat 4-6 (3)
    further traps on relative seat 4-6's board (NUM_TRAP_X x 3); the fifth row's long strip
        one-hot (NUM_LONG_STRIPS)
    the decision is the Weekly Market (1) and the goods already bought there (10 bits, in
        spaces.MARKET_GOOD's order); the deciding player used REARRANGE at this decision (1,
        docs/caverna_ff.md E17)
then V1_BORDER, the Office Room (rules E23):
    per relative seat 0-6: the planes of its 20 border cells (PLANES_PER_SEAT x 20, as
        encode_planes in the border ids' order; all zero unless that seat built the Office
        Room) and whether it built it (1)
    the Office Room still in the supply (1) and being the pending furnishing (1)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.caverna_ff.spaces import NUM_MARKET, NUM_SPACES, NUM_SPACES_V0
from eurogym.envs.caverna_ff.state import (
    ACCUM,
    ACTOR,
    ANIMAL_AT,
    BEGGING,
    BRIBE_GOOD,
    CARD,
    CARD_LEFT,
    CELL_KIND,
    CLEAR_POS,
    CROP,
    CROP_KIND,
    CUR_PERSON,
    DWARF,
    DWARF_SPACE,
    EV,
    EV_CARD,
    EV_DEALT,
    EV_LETTER,
    EV_PICKS,
    EV_PUSHED,
    EV_TRAP,
    EVENTS_DONE,
    EXP_LEFT,
    EXP_STRENGTH,
    EXP_TAKEN,
    FARM_USED,
    FURN,
    FURN_LEFT,
    FURN_LEFT_X,
    HARVEST_KIND,
    LONG_STRIP,
    MARKER,
    MARKERS_LEFT,
    MAX_DWARFS,
    MAX_PLAYERS,
    MAX_PLAYERS_V0,
    MAX_PUSH_COST,
    MAX_ROUNDS,
    MINE_GOODS,
    NUM_PLAYERS,
    OCCUPANT,
    OFFICE_SEAT,
    ORC_CELL,
    ORC_SPACE,
    ORC_STATE,
    ORC_STR,
    P_CARD_STEPS,
    P_EVENT_DECK,
    P_INVADE,
    P_MARKET,
    P_ORC_START,
    P_PUSH_COST,
    P_SPACE_PICK,
    P_TRAP_PICK,
    PASTURE,
    PENDING_TILE,
    PHASE,
    PICK_FORGER,
    PICK_STR,
    REARRANGED,
    RES,
    REWARD_TAKEN,
    ROUND,
    SOWN,
    SPACE_OPEN,
    STABLE,
    START_PLAYER,
    SUB,
    SUPPLIER_LEFT,
    SUPPLY_EXT,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    TRAP_LEFT,
    TRAP_LEFT_X,
    TWIN_KIND,
    WEAPON,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    BORDER_CELLS,
    CELLS,
    CELLS_ALL,
    COLS,
    F_OFFICE,
    FURN_ORC_ROOM,
    FURN_POINTS,
    FURN_ROOM,
    FX_FIRST,
    MAX_ORC_MARKER,
    MAX_TRAP_PICKS,
    NUM_ANIMALS,
    NUM_EXT,
    NUM_FURN,
    NUM_GOODS,
    NUM_LONG_STRIPS,
    NUM_LOOT,
    NUM_ORCS,
    NUM_REWARD_SPACES,
    NUM_REWARDS,
    NUM_TRAP_X,
    NUM_TRAPS,
    NUM_TRAPS_ALL,
    ROWS,
)
from eurogym.envs.core.jit import ENTRY, KERNEL

PLANE_NAMES = (
    tuple(f"tile_{k}" for k in range(8))
    + ("furnished", "furn_points", "dwarf_room", "orc_room", "pasture_small", "pasture_large")
    + ("stable", "crop", "crop_vegetable", "mine_goods", "trap", "trap_active")
    + tuple(f"trap_{k}" for k in range(NUM_TRAPS))
    + tuple(f"animal_{k}" for k in range(NUM_ANIMALS))
    + tuple(f"orc_{k}" for k in "ABCD")
    + ("orc_held",)
)
PLANES_PER_SEAT = len(PLANE_NAMES)
SEATS = MAX_PLAYERS_V0  # v0's entries cover 4 relative seats (v1's further seats: V1_SEATS_X)
PLANES_SHAPE = (SEATS * PLANES_PER_SEAT, ROWS, COLS)
SEAT_SCALARS = NUM_GOODS + 1 + MAX_DWARFS * 4 + 2 * MAX_DWARFS + NUM_ORCS * 6 + 2 * NUM_ORCS + 3 + 1
SCALARS = (
    SEATS * SEAT_SCALARS
    + NUM_SPACES_V0 * (1 + 5 + NUM_GOODS)
    + MAX_ROUNDS * (1 + NUM_SPACES_V0 + 3)
    + 5
    + 4 * NUM_GOODS
    + 4 * NUM_GOODS
    + 4 * 3
    + NUM_FURN
    + NUM_TRAPS
    + NUM_REWARDS * 5
    + P_TRAP_PICK
    + 4
    + 4
    + 15
    + 1
    + 2
    + NUM_LOOT
    + 5
    + 5
    + 1
    + 4
    + 2
    + 3
    + 6
    + 11
    + NUM_SPACES_V0
    + NUM_SPACES_V0
    + 2
    + 9
)
# the phases v0's layout one-hots: v0's and v1's two housing phases; v1's later phase
# (trap_pick) is a V1_SCALARS flag, so v0's observation stays as it was
NUM_PHASES = P_TRAP_PICK
PLANES_SIZE = int(np.prod(PLANES_SHAPE))
FLAT_SIZE = PLANES_SIZE + SCALARS
# Caps of the counts (see the module docstring); the largest values in 10,000 random games
# (1-4 players) were 51, 34, 36, 8 and 9: at most 60% of each.
GOODS_CAP = 100.0
BEGGING_CAP = 60.0
ACCUM_CAP = 60.0
ANIMALS_CAP = 20.0
MINE_CAP = 20.0
TRAP_X_ENTRIES = 5 + CELLS + 1  # per further trap: owner, cell, active
# the furnishing ids and further tiles v1's blocks below show: all but the Office Room, whose
# entries follow in V1_BORDER (so the earlier entries stay where they were, E23)
FURN_OBS = F_OFFICE
FX_OBS = F_OFFICE - FX_FIRST
V1_SCALARS = (
    FX_OBS
    + FURN_OBS
    + SEATS * FURN_OBS
    + NUM_EXT
    + NUM_TRAP_X
    + NUM_TRAP_X * TRAP_X_ENTRIES
    + NUM_TRAPS_ALL
    + 1
    + NUM_ORCS
    + 1
    + SEATS * NUM_LONG_STRIPS
    + 2
    + SEATS * NUM_ORCS
)
# v1's entries of V1_SCALARS' last part: the reward rows' long strips, the space_pick flags,
# the alignment cards
V1_TAIL = SEATS * NUM_LONG_STRIPS + 2 + SEATS * NUM_ORCS
TRAP_PICK_FLAG = FLAT_SIZE + V1_SCALARS - V1_TAIL - 1  # the trap_pick phase flag's index
# caverna_ff_v1's 5-7 players (module docstring, "5-7 players"): what v0's 4-seat entries
# cannot hold, for relative seats 4-6 (XSEATS) and the 5-7 player boards' spaces (XSPACES)
XSEATS = MAX_PLAYERS - SEATS
XSPACES = NUM_SPACES - NUM_SPACES_V0
REL = MAX_PLAYERS  # relative seats 0-6 (all zero: nobody)
V1_SEATS_X = (
    XSEATS * (PLANES_PER_SEAT * CELLS + SEAT_SCALARS + FURN_OBS + NUM_ORCS)
    + NUM_SPACES_V0 * XSEATS
    + XSPACES * (1 + REL + NUM_GOODS)
    + NUM_REWARDS * XSEATS
    + (NUM_REWARD_SPACES - NUM_REWARDS) * REL
    + XSEATS
    + NUM_TRAP_X * XSEATS
    + NUM_LONG_STRIPS
    + 1
    + NUM_MARKET
    + 1
)
# then the Office Room (module docstring, "Office Room"): per relative seat 0-6 its border
# cells' planes and whether it built the Office Room; the Office Room's copies left and
# whether it is the pending furnishing
V1_BORDER = MAX_PLAYERS * (PLANES_PER_SEAT * BORDER_CELLS + 1) + 2
FLAT_SIZE_V1 = FLAT_SIZE + V1_SCALARS + V1_SEATS_X + V1_BORDER
MOUNTAIN_CELLS = 12.0  # the most furnishings of one id a board can hold
_FURN_POINTS = FURN_POINTS / 10.0  # indexed by furnishing id, F_ENTRY = the entry dwelling
_FURN_ROOM = FURN_ROOM / 2.0
_FURN_ORC = FURN_ORC_ROOM.astype(np.float64)


@njit(**KERNEL)
def _clip(x):
    return min(max(x, 0.0), 1.0)


@njit(**KERNEL)
def _seat_planes(buf, p, out, base, first, count):
    """Seat p's cells first .. first + count - 1 into out[base : base + PLANES_PER_SEAT *
    count] (plane-major): the printed board (0, 24) or the Office Room's border (24, 20)."""
    for c in range(first, first + count):
        out[base + buf[TILE + p * CELLS_ALL + c] * count + c - first] = 1.0
        f = buf[FURN + p * CELLS_ALL + c] - 1
        k = base + 8 * count + c - first
        if f >= 0:
            out[k] = 1.0
            out[k + count] = _clip(_FURN_POINTS[f])
            out[k + 2 * count] = _FURN_ROOM[f]
            out[k + 3 * count] = _FURN_ORC[f]
        pv = buf[PASTURE + p * CELLS_ALL + c]
        out[k + 4 * count] = 1.0 if pv == 1 else 0.0
        out[k + 5 * count] = 1.0 if pv >= 2 else 0.0
        out[k + 6 * count] = buf[STABLE + p * CELLS_ALL + c]
        out[k + 7 * count] = _clip(buf[CROP + p * CELLS_ALL + c] / 3.0)
        out[k + 8 * count] = buf[CROP_KIND + p * CELLS_ALL + c]
        out[k + 9 * count] = _clip(buf[MINE_GOODS + p * CELLS_ALL + c] / MINE_CAP)
        t = buf[TRAP + p * CELLS_ALL + c] - 1
        if t >= 0:
            out[k + 10 * count] = 1.0
            if t < NUM_TRAPS:  # v1's further traps: V1_SCALARS
                out[k + (12 + t) * count] = 1.0
        out[k + 11 * count] = buf[TRAP_ACTIVE + p * CELLS_ALL + c]
        k = base + (20 + NUM_TRAPS) * count + c - first
        for a in range(NUM_ANIMALS):
            at = buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + a]
            out[k + a * count] = _clip(at / ANIMALS_CAP)
    if first > 0:
        return  # no orc is ever on the border (E23): its orc planes stay zero
    k = base + (20 + NUM_TRAPS + NUM_ANIMALS) * count
    for o in range(NUM_ORCS):
        s = buf[ORC_STATE + p * NUM_ORCS + o]
        c = buf[ORC_CELL + p * NUM_ORCS + o]
        if 1 <= s <= 3 and c >= 0:
            out[k + o * count + c] = 1.0
            if s == 2:
                out[k + NUM_ORCS * count + c] = 1.0


@njit(**KERNEL)
def _fill_planes(buf, me, out):
    n = buf[NUM_PLAYERS]
    for k in range(min(n, SEATS)):  # v1's relative seats 4-6: V1_SEATS_X
        _seat_planes(buf, (me + k) % n, out, k * PLANES_PER_SEAT * CELLS, 0, CELLS)


@njit(**KERNEL)
def _rel(n, me, seat):
    """Relative seat + 1 (0 = nobody)."""
    return 0 if seat < 0 else (seat - me) % n + 1


@njit(**KERNEL)
def _rel_seat(n, me, seat, last):
    """Relative seat + 1 (0 = nobody) if it is at most `last`, else -1 (not written here)."""
    r = _rel(n, me, seat)
    return r if r <= last else -1


@njit(**ENTRY)
def _fill_flat(buf, me, out):
    n = buf[NUM_PLAYERS]
    _fill_planes(buf, me, out)
    i = PLANES_SIZE
    for k in range(SEATS):
        if k < n:
            _seat_scalars(buf, (me + k) % n, out, i)
        i += SEAT_SCALARS
    _fill_shared(buf, me, out, i)


@njit(**KERNEL)
def _seat_scalars(buf, p, out, i):
    """Seat p's SEAT_SCALARS entries from out[i] (module docstring)."""
    for g in range(NUM_GOODS):
        out[i + g] = _clip(buf[RES + p * NUM_GOODS + g] / GOODS_CAP)
    i += NUM_GOODS
    out[i] = _clip(buf[BEGGING + p] / BEGGING_CAP)
    i += 1
    for d in range(MAX_DWARFS):
        out[i + d * 4 + buf[DWARF + p * MAX_DWARFS + d]] = 1.0
    i += 4 * MAX_DWARFS
    for d in range(MAX_DWARFS):
        out[i + d] = buf[WEAPON + p * MAX_DWARFS + d] / 14.0
        out[i + MAX_DWARFS + d] = 1.0 if buf[DWARF_SPACE + p * MAX_DWARFS + d] >= 0 else 0.0
    i += 2 * MAX_DWARFS
    for o in range(NUM_ORCS):
        out[i + o * 6 + buf[ORC_STATE + p * NUM_ORCS + o]] = 1.0
    i += 6 * NUM_ORCS
    for o in range(NUM_ORCS):
        out[i + o] = _clip(buf[ORC_STR + p * NUM_ORCS + o] / 22.0)
        out[i + NUM_ORCS + o] = 1.0 if buf[ORC_SPACE + p * NUM_ORCS + o] >= 0 else 0.0
    i += 2 * NUM_ORCS
    for j in range(3):
        out[i + j] = buf[SUPPLIER_LEFT + p * 3 + j] / 7.0
    i += 3
    out[i] = 1.0 if buf[START_PLAYER] == p else 0.0


@njit(**KERNEL)
def _fill_shared(buf, me, out, i):
    """v0's entries after the seats' (module docstring), from out[i]."""
    n = buf[NUM_PLAYERS]
    for s in range(NUM_SPACES_V0):
        out[i + s] = buf[SPACE_OPEN + s]
    i += NUM_SPACES_V0
    for s in range(NUM_SPACES_V0):
        r = _rel_seat(n, me, buf[OCCUPANT + s], SEATS)  # v1's seats 4-6: V1_SEATS_X
        if r >= 0:
            out[i + s * 5 + r] = 1.0
    i += 5 * NUM_SPACES_V0
    for j in range(NUM_SPACES_V0 * NUM_GOODS):
        out[i + j] = _clip(buf[ACCUM + j] / ACCUM_CAP)
    i += NUM_SPACES_V0 * NUM_GOODS
    if 1 <= buf[ROUND] <= MAX_ROUNDS:
        out[i + buf[ROUND] - 1] = 1.0
    i += MAX_ROUNDS
    for r in range(MAX_ROUNDS):
        if buf[CARD + r] >= 0:
            out[i + r * NUM_SPACES_V0 + buf[CARD + r]] = 1.0
    i += MAX_ROUNDS * NUM_SPACES_V0
    for r in range(MAX_ROUNDS):
        out[i + r * 3 + buf[MARKER + r] + 1] = 1.0
    i += 3 * MAX_ROUNDS
    if buf[EVENTS_DONE] < 5:
        out[i + buf[EVENTS_DONE]] = 1.0
    i += 5
    for b in range(4):
        out[i + b * NUM_GOODS + buf[BRIBE_GOOD + b]] = 1.0
    i += 4 * NUM_GOODS
    for j in range(4 * NUM_GOODS):
        out[i + j] = buf[P_PUSH_COST + j] / MAX_PUSH_COST
    i += 4 * NUM_GOODS
    for b in range(4):
        out[i + b * 3 + buf[P_EVENT_DECK + b] - 1] = 1.0
    i += 4 * 3
    for f in range(NUM_FURN):
        out[i + f] = _clip(buf[FURN_LEFT + f] / 7.0)
    i += NUM_FURN
    for t in range(NUM_TRAPS):
        out[i + t] = _clip(buf[TRAP_LEFT + t] / 7.0)
    i += NUM_TRAPS
    for r in range(NUM_REWARDS):
        k = _rel_seat(n, me, buf[REWARD_TAKEN + r] - 1, SEATS)
        if k >= 0:
            out[i + r * 5 + k] = 1.0
    i += 5 * NUM_REWARDS
    if buf[PHASE] < NUM_PHASES:
        out[i + buf[PHASE]] = 1.0
    i += NUM_PHASES
    if (buf[ACTOR] - me) % n < SEATS:
        out[i + (buf[ACTOR] - me) % n] = 1.0
    i += 4
    letter = buf[SUB] if buf[PHASE] == P_INVADE else buf[EV_LETTER] if buf[EV] >= 0 else -1
    if 0 <= letter < NUM_ORCS:
        out[i + letter] = 1.0
    i += 4
    if buf[EV] >= 0 and buf[EV_CARD] >= 0:
        deck = buf[P_EVENT_DECK + buf[EV]] - 1
        for st in range(3):
            d = buf[P_CARD_STEPS + (deck * 9 + buf[EV_CARD]) * 3 + st]
            out[i + st * 5 + (d if d >= 0 else 4)] = 1.0
    i += 15
    out[i] = buf[EV_PUSHED] / 2.0  # 1 pushed, 2 into the cave or a holding trap (no move)
    out[i + 1] = _clip(buf[EXP_LEFT] / 4.0)
    out[i + 2] = _clip(buf[EXP_STRENGTH] / 14.0)
    i += 3
    for j in range(NUM_LOOT):
        out[i + j] = (buf[EXP_TAKEN] >> j) & 1
    i += NUM_LOOT
    if 0 <= buf[CELL_KIND] < 5:
        out[i + buf[CELL_KIND]] = 1.0
    i += 5
    if 0 <= buf[TWIN_KIND] < 5:
        out[i + buf[TWIN_KIND]] = 1.0
    i += 5
    out[i] = _clip(max(buf[PENDING_TILE], 0) / 27.0)
    i += 1
    for j in range(4):
        out[i + j] = _clip(buf[SUB + j] / 20.0)
    i += 4
    out[i] = buf[SOWN] / 2.0
    out[i + 1] = buf[SOWN + 1] / 2.0
    i += 2
    for j in range(3):
        out[i + j] = (buf[FARM_USED] >> j) & 1
    i += 3
    if 0 <= buf[HARVEST_KIND] < 6:
        out[i + buf[HARVEST_KIND]] = 1.0
    i += 6
    person = buf[CUR_PERSON]  # dwarf 0-5, friendly orc 6-9, none 10
    out[i + (person if 0 <= person < 6 else person - 4 if person >= 10 else 10)] = 1.0
    i += 11
    if buf[CLEAR_POS] >= 0:
        out[i + buf[CLEAR_POS]] = 1.0
    i += NUM_SPACES_V0
    for sp in range(NUM_SPACES_V0):
        out[i + sp] = buf[CARD_LEFT + sp]
    i += NUM_SPACES_V0
    out[i] = buf[MARKERS_LEFT] / 4.0
    out[i + 1] = buf[MARKERS_LEFT + 1] / 2.0
    i += 2
    for c in range(9):
        out[i + c] = buf[EV_DEALT + c]


@njit(**ENTRY)
def _fill_flat_v1(buf, me, out):
    """caverna_ff_v1: v0's entries, then V1_SCALARS, then V1_SEATS_X (module docstring)."""
    _fill_flat(buf, me, out)
    n = buf[NUM_PLAYERS]
    i = FLAT_SIZE
    for x in range(FX_OBS):
        out[i + x] = buf[FURN_LEFT_X + x]
    i += FX_OBS
    if 0 <= buf[PENDING_TILE] < FURN_OBS:
        out[i + buf[PENDING_TILE]] = 1.0
    i += FURN_OBS
    for k in range(min(n, SEATS)):
        _seat_furnishings(buf, (me + k) % n, out, i + k * FURN_OBS)
    i += SEATS * FURN_OBS
    for e in range(NUM_EXT):
        out[i + e] = buf[SUPPLY_EXT + e]
    i += NUM_EXT
    for x in range(NUM_TRAP_X):
        out[i + x] = buf[TRAP_LEFT_X + x]
    i += NUM_TRAP_X
    for x in range(NUM_TRAP_X):  # each further trap is a single copy: where it lies
        j = i + x * TRAP_X_ENTRIES
        out[j] = 1.0  # on no board, until found below
        for k in range(n):
            p = (me + k) % n
            for c in range(CELLS):
                if buf[TRAP + p * CELLS_ALL + c] == NUM_TRAPS + x + 1:
                    out[j] = 0.0
                    if k < SEATS:  # seats 4-6: V1_SEATS_X
                        out[j + 1 + k] = 1.0
                    out[j + 5 + c] = 1.0
                    out[j + 5 + CELLS] = buf[TRAP_ACTIVE + p * CELLS_ALL + c]
    i += NUM_TRAP_X * TRAP_X_ENTRIES
    if buf[EV_TRAP] > 0:  # an Explosive Trap / Poisoned Arrows being resolved, its picks left
        out[i + buf[EV_TRAP] - 1] = 1.0
    i += NUM_TRAPS_ALL
    out[i] = buf[EV_PICKS] / float(MAX_TRAP_PICKS)
    i += 1
    for o in range(NUM_ORCS):  # the orcs' strengths before it (their reward strength, D43)
        out[i + o] = _clip(buf[PICK_STR + o] / 22.0)
    i += NUM_ORCS
    out[i] = 1.0 if buf[PHASE] == P_TRAP_PICK else 0.0  # the phase v0's one-hot leaves out
    i += 1
    for row in range(SEATS):  # each reward row's long strip (B6; -1: no row)
        if buf[LONG_STRIP + row] >= 0:
            out[i + row * NUM_LONG_STRIPS + buf[LONG_STRIP + row]] = 1.0
    i += SEATS * NUM_LONG_STRIPS
    if buf[PHASE] == P_SPACE_PICK:  # a Forger's (1) or Herald's (0) space to choose
        out[i] = 1.0
        out[i + 1] = 1.0 if buf[SUB] == PICK_FORGER else 0.0
    i += 2
    for k in range(min(n, SEATS)):  # each seat's alignment card: orc start strengths
        p = (me + k) % n  # (option orc_side)
        for o in range(NUM_ORCS):
            out[i + k * NUM_ORCS + o] = buf[P_ORC_START + p * NUM_ORCS + o] / MAX_ORC_MARKER
    _fill_seats_x(buf, me, out, i + SEATS * NUM_ORCS)


@njit(**KERNEL)
def _seat_furnishings(buf, p, out, i):
    """Seat p's furnishings by id /12 from out[i] (FURN_OBS entries: the Office Room's is in
    V1_BORDER); on the printed board and, with the Office Room, on the border."""
    for c in range(CELLS_ALL if buf[OFFICE_SEAT] == p + 1 else CELLS):
        f = buf[FURN + p * CELLS_ALL + c] - 1
        if 0 <= f < FURN_OBS:
            out[i + f] += 1.0 / MOUNTAIN_CELLS


@njit(**KERNEL)
def _fill_seats_x(buf, me, out, i):
    """caverna_ff_v1's V1_SEATS_X from out[i] (module docstring, "5-7 players"): relative seats
    4-6 as v0's entries show seats 0-3, the 5-7 player boards' spaces, the fifth reward row,
    the Weekly Market and the rearrangement flag. Zeros for a seat beyond the table."""
    n = buf[NUM_PLAYERS]
    for k in range(SEATS, n):
        _seat_planes(buf, (me + k) % n, out, i + (k - SEATS) * PLANES_PER_SEAT * CELLS, 0, CELLS)
    i += XSEATS * PLANES_PER_SEAT * CELLS
    for k in range(SEATS, n):
        _seat_scalars(buf, (me + k) % n, out, i + (k - SEATS) * SEAT_SCALARS)
    i += XSEATS * SEAT_SCALARS
    for k in range(SEATS, n):
        _seat_furnishings(buf, (me + k) % n, out, i + (k - SEATS) * FURN_OBS)
    i += XSEATS * FURN_OBS
    for k in range(SEATS, n):
        p = (me + k) % n
        for o in range(NUM_ORCS):
            v = buf[P_ORC_START + p * NUM_ORCS + o] / MAX_ORC_MARKER
            out[i + (k - SEATS) * NUM_ORCS + o] = v
    i += XSEATS * NUM_ORCS
    for s in range(NUM_SPACES_V0):  # v0's spaces: occupied by relative seat 4-6
        r = _rel(n, me, buf[OCCUPANT + s]) - 1 - SEATS
        if r >= 0:
            out[i + s * XSEATS + r] = 1.0
    i += NUM_SPACES_V0 * XSEATS
    for x in range(XSPACES):  # the 5-7 player boards' spaces: open, occupant, goods
        s = NUM_SPACES_V0 + x
        out[i + x] = buf[SPACE_OPEN + s]
        occ = _rel(n, me, buf[OCCUPANT + s]) - 1
        if occ >= 0:
            out[i + XSPACES + x * REL + occ] = 1.0
        for g in range(NUM_GOODS):
            v = _clip(buf[ACCUM + s * NUM_GOODS + g] / ACCUM_CAP)
            out[i + XSPACES * (1 + REL) + x * NUM_GOODS + g] = v
    i += XSPACES * (1 + REL + NUM_GOODS)
    for r in range(NUM_REWARDS):  # v0's reward spaces: taken by relative seat 4-6
        k = _rel(n, me, buf[REWARD_TAKEN + r] - 1) - 1 - SEATS
        if k >= 0:
            out[i + r * XSEATS + k] = 1.0
    i += NUM_REWARDS * XSEATS
    for r in range(NUM_REWARDS, NUM_REWARD_SPACES):  # the fifth row: taken by whom
        k = _rel(n, me, buf[REWARD_TAKEN + r] - 1) - 1
        if k >= 0:
            out[i + (r - NUM_REWARDS) * REL + k] = 1.0
    i += (NUM_REWARD_SPACES - NUM_REWARDS) * REL
    actor = (buf[ACTOR] - me) % n
    if actor >= SEATS:
        out[i + actor - SEATS] = 1.0
    i += XSEATS
    for x in range(NUM_TRAP_X):  # the further traps on relative seat 4-6's board
        for k in range(SEATS, n):
            p = (me + k) % n
            for c in range(CELLS):
                if buf[TRAP + p * CELLS_ALL + c] == NUM_TRAPS + x + 1:
                    out[i + x * XSEATS + k - SEATS] = 1.0
    i += NUM_TRAP_X * XSEATS
    if buf[LONG_STRIP + SEATS] >= 0:  # the fifth reward row's long strip
        out[i + buf[LONG_STRIP + SEATS]] = 1.0
    i += NUM_LONG_STRIPS
    if buf[PHASE] == P_MARKET:  # the Weekly Market: the goods bought so far (sub[1] bits)
        out[i] = 1.0
        for k in range(NUM_MARKET):
            out[i + 1 + k] = (buf[SUB + 1] >> k) & 1
    i += 1 + NUM_MARKET
    out[i] = 1.0 if buf[REARRANGED] == buf[ACTOR] + 1 else 0.0  # REARRANGE used here (E17)
    _fill_border(buf, me, out, i + 1)


@njit(**KERNEL)
def _fill_border(buf, me, out, i):
    """caverna_ff_v1's V1_BORDER from out[i] (module docstring, "Office Room")."""
    n = buf[NUM_PLAYERS]
    size = PLANES_PER_SEAT * BORDER_CELLS + 1
    for k in range(n):
        p = (me + k) % n
        if buf[OFFICE_SEAT] == p + 1:
            _seat_planes(buf, p, out, i + k * size, CELLS, BORDER_CELLS)
            out[i + k * size + size - 1] = 1.0
    i += MAX_PLAYERS * size
    out[i] = buf[FURN_LEFT_X + FX_OBS]
    out[i + 1] = 1.0 if buf[PENDING_TILE] == F_OFFICE else 0.0


def encode_planes(state: State, me: int) -> np.ndarray:
    """float32[4 * PLANES_PER_SEAT, 4, 6]: every seat's home board, mine first."""
    out = np.zeros(PLANES_SIZE, np.float32)
    _fill_planes(state.buf, me, out)
    return out.reshape(PLANES_SHAPE)


def encode_flat(state: State, me: int) -> np.ndarray:
    """float32[FLAT_SIZE] (module docstring lists every entry); one numba call."""
    out = np.zeros(FLAT_SIZE, np.float32)
    _fill_flat(state.buf, me, out)
    return out


def encode_flat_v1(state: State, me: int) -> np.ndarray:
    """float32[FLAT_SIZE_V1]: caverna_ff_v1's observation (module docstring); one numba call."""
    out = np.zeros(FLAT_SIZE_V1, np.float32)
    _fill_flat_v1(state.buf, me, out)
    return out
