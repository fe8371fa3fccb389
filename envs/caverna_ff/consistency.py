"""`check_state`: does a loaded Caverna: Frantic Fiends state hang together (issue 11)?

Why: a state from a file reaches numba kernels that index tables and the buffer with field
values and loop until a counter reaches a target. The layout's bounds (state.py) keep each value
inside its own range; this module checks what depends on other fields, in plain numpy before the
invariants and the mask kernel run: seats below num_players, empty seats left empty, the round
track (cards, harvest markers, events) as the round flow leaves it, supplies that add up, boards
whose references point where the kernels expect (pasture partners, orc cells, hostages), the
pending-op stack, and for the pending decision every working field its kernels read (the phase
must fit the stage, the decider must be the seat the flow asks). Anything else raises StateError
naming the field.
"""

from __future__ import annotations

from typing import NoReturn

import numpy as np

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CONVERT,
    A_REARRANGE,
    A_RUBY,
    A_TILE_X,
    A_TRAP_X,
    NUM_CONVERSIONS,
    NUM_RUBY_TRADES,
)
from eurogym.envs.caverna_ff.housing import HM_ASKED, HM_HOUSING, HM_NEW
from eurogym.envs.caverna_ff.spaces import (
    ACC,
    CARD_STAGE,
    IMITATE_COST,
    NUM_MARKET,
    NUM_SPACES,
    OP_BREED2,
    OP_COLLECT,
    OP_FARMING,
    OP_FURNISH,
    OP_GAIN,
    OP_GROWTH_OR_GOODS,
    OP_IMITATE,
    OP_MARKET,
    OP_PASTURE,
    OP_REFILL,
    OP_SINGLE,
    OP_SOW,
    OP_STABLE,
    OP_TRAP,
    PROGRAM,
    S_EXPLORATION,
    S_FAMILY_LIFE,
    S_URGENT,
    S_WISH,
    SOLO_ORDER,
    permanent_spaces,
)
from eurogym.envs.caverna_ff.stack import (
    OP_BRANCH_GROWTH,
    OP_CASANOVA,
    OP_GUEST,
    OP_HOUSE,
    OP_LOOT_RESUME,
    OP_RESTORE,
    OP_REWARD,
)
from eurogym.envs.caverna_ff.state import (
    CELL_FIELDS,
    CK_SINGLE,
    CK_SMALL_PASTURE,
    CK_STABLE,
    D_ABSENT,
    D_ADULT,
    D_HOSTAGE,
    EMPTY,
    HOSTAGE_ORC,
    HOUSING_CHOOSE,
    HOUSING_E1,
    HOUSING_KEEP,
    LAYOUT,
    MAX_DWARFS,
    MAX_ROUNDS,
    O_CAVE,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    O_OUT,
    P_ARM,
    P_BRANCH,
    P_BREED,
    P_CAVE_IN,
    P_CELL,
    P_FEED,
    P_FIGHT_DOGS,
    P_FIGHT_ORC,
    P_FINAL_TRADES,
    P_FORGE,
    P_FURN,
    P_FURN_CELL,
    P_GAME_OVER,
    P_HARVEST_CHOICE,
    P_HOUSE,
    P_HOUSE_LIFT,
    P_IMITATE,
    P_INVADE,
    P_LOOT,
    P_MARKET,
    P_ORC,
    P_PLACE,
    P_REFILL,
    P_REWARD,
    P_SOLO_SAVE,
    P_SOW_CELL,
    P_SPACE_PICK,
    P_TRADE,
    P_TRAP_CELL,
    P_TRAP_PICK,
    P_TWIN,
    P_WARRIOR_PAY,
    PHASE_NAMES,
    PICK_FORGER,
    PICK_HERALD,
    SEAT_FIELDS,
    ST_END,
    ST_EVENT,
    ST_HARVEST,
    ST_ROUND_START,
    ST_WORK,
    STACK,
    UNLIMITED_COPIES,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    BORDER_CELLS,
    CELLS,
    CELLS_ALL,
    ENTRY_DWELLING,
    EVENT_HARVEST,
    EXT_TILE_IDS,
    EXT_TRAP_IDS,
    F_ENTRY,
    F_OFFICE,
    F_WARRIOR,
    FIRST_ANIMAL,
    FOREST,
    FURN_PER_PLAYER,
    FURN_UNLIMITED,
    FX_FIRST,
    H_CHOICE,
    H_FEED_ONE,
    H_NONE,
    H_NORMAL,
    MAX_ORC_MARKER,
    MAX_REWARD_ROWS,
    MAX_WEAPON,
    NEIGHBOURS,
    NUM_ANIMALS,
    NUM_EXT,
    NUM_FURN,
    NUM_FURN_ALL,
    NUM_ORCS,
    NUM_TRAPS,
    NUM_TRAPS_ALL,
    ORC_STRENGTH,
    ORE,
    START_CAVERN,
    STONE,
    STRIP_YELLOWS,
    T_CAVERN,
    T_DEEP,
    T_FIELD,
    T_MEADOW,
    T_NONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
    TE_PAY,
    TE_PICKS,
    TRAP_COPIES_BASIC,
    TRAP_EFFECT,
    TRAP_PICKS,
    TWIN_X_CELLS,
    WARRIOR_MATERIALS,
    WOOD,
)
from eurogym.envs.core.errors import StateError
from eurogym.envs.core.rng import check_words

GAME = "caverna_ff"
# A decision never has more than 3 ops pending (a space's last two ops under a loot item's
# resume and its op); 8 leaves room for every legal state and keeps every push below STACK.
MAX_PENDING = STACK // 2
SUPPLIER_ROUNDS = np.array([7, 5, 4])  # wood, stone, ruby supplier (tables.SUPPLIER_ROUNDS)
SINGLE_TILES = (T_MEADOW, T_FIELD, T_TUNNEL, T_CAVERN)  # loot and ruby-trade single tiles
FURNISHABLE = (T_CAVERN, T_TUNNEL, T_DEEP)  # tunnels only with the Work Room (invariant 4)
ORC_ROUND_MARKERS = (3, 6)  # rounds with a printed orc marker (B2)
NO_MARKER_ROUNDS = (1, 2, 4, 5)
FIRST_HIDDEN_MARKER_ROUND = 7
FACE_DOWN_ORC_MARKERS = 2
# Decisions the round flow asks itself (not from an op), by the stages they occur in; they
# need an empty op stack. Every other decision comes from an op of the work phase or of an
# orc defeat's reward in an event; a single-tile cell choice (P_CELL, from a ruby trade at a
# flow decision) may come in any stage.
FLOW_STAGES = {
    P_PLACE: (ST_WORK,),
    P_SOLO_SAVE: (ST_ROUND_START,),
    P_ORC: (ST_EVENT,),
    P_CAVE_IN: (ST_EVENT,),
    P_TRAP_PICK: (ST_EVENT,),
    P_INVADE: (ST_EVENT, ST_END),
    P_HARVEST_CHOICE: (ST_HARVEST,),
    P_FEED: (ST_HARVEST,),
    P_FINAL_TRADES: (ST_END,),
    P_GAME_OVER: (ST_END,),
}


def _op_args() -> dict[int, set[int]]:
    """Every (code, arg) an op on the stack can carry: the space programs plus what the
    kernels push (branches, loot, rewards, ruby trades)."""
    args: dict[int, set[int]] = {}
    for code, arg in PROGRAM.reshape(-1, 2):
        if code:
            args.setdefault(int(code), set()).add(int(arg))
    args[OP_FURNISH] = {0, 10, 11, 12}  # branch, loot furnish, Casanova, loot Dwelling
    args[OP_TRAP] = {0, 1}  # paid, Trapper's free trap
    args[OP_SINGLE] = set(SINGLE_TILES)
    args[OP_PASTURE] = {0, 1}
    args[OP_FARMING] = set(range(8))  # the items already used, as bits
    for code in (OP_STABLE, OP_BREED2, OP_SOW, OP_REFILL, OP_LOOT_RESUME, OP_BRANCH_GROWTH):
        args[code] = {0}
    args[OP_CASANOVA] = {0}
    args[OP_HOUSE] = {0}
    args[OP_GUEST] = {  # F11; 7 the Extension's (A6)
        ctx * 8 + taken for ctx in (1, 2, 3, 4, 7) for taken in range(1, 8)
    }
    args[OP_MARKET] = set(range(2**NUM_MARKET))  # the goods bought, as bits
    args[OP_RESTORE] = {  # v1's Forger / Herald: the interrupted space and person
        (space + 1) * 16 + person + 1
        for space in range(EMPTY, NUM_SPACES)
        for person in range(EMPTY, HOSTAGE_ORC + NUM_ORCS)
    }
    args[OP_REWARD] = {o * 100 + k for o in range(NUM_ORCS) for k in range(MAX_ORC_MARKER + 1)}
    return args


OP_ARGS = _op_args()
CUR_SPACE_OPS = (OP_COLLECT, OP_GAIN, OP_GROWTH_OR_GOODS, OP_IMITATE)  # ops reading cur_space


def _fail(where: str, value: object, why: str) -> NoReturn:
    raise StateError(f"{GAME}: state field {where} = {value} {why}")


def _require(ok: bool | np.bool_, where: str, value: object, why: str) -> None:
    if not ok:
        _fail(where, value, why)


def check_state(state: State) -> None:
    """Raise StateError naming the first field that contradicts the others (bounds are
    already checked): everything the invariants, the mask kernel, the step kernel, the
    encoder, the renderer and the scores rely on beyond each field's own range."""
    n = state.num_players
    check_words(state.rng, "rng")
    _check_params(state)
    _check_seats(state, n)
    _check_round_track(state, n)
    _check_supply(state, n)
    for p in range(n):
        _check_board(state, p)
        _check_people(state, p)
    _check_stack(state)
    _check_housing(state, n)
    _check_flow(state, n)
    _check_decision(state, n)
    _check_answerable(state)


def _check_housing(s: State, n: int) -> None:
    """The housing rule is the version's (v0 E1; v1 the player's or auto_housing), and
    animals are off the board (unhoused) only while their seat's housing is pending (v1:
    OP_HOUSE on the stack or the P_HOUSE decisions; the invariants check the rest)."""
    rule = getattr(s, "p_housing", HOUSING_E1)  # v0's layout has no such field
    v1 = s.GAME == "caverna_ff_v1"
    rules = (HOUSING_CHOOSE, HOUSING_KEEP) if v1 else (HOUSING_E1,)
    _require(rule in rules, "p_housing", rule, f"is not a housing rule of {s.GAME}")
    placed = s.animal_at.sum(axis=1)
    stacked = {int(p) for c, _, p in s.stack[: s.stack_n] if c == OP_HOUSE}
    for p in range(n):
        owned = s.res[p, FIRST_ANIMAL : FIRST_ANIMAL + NUM_ANIMALS]
        bad = np.flatnonzero(placed[p] != owned)
        if bad.size == 0:
            continue
        a = int(bad[0])
        ok = rule == HOUSING_CHOOSE and placed[p, a] < owned[a]
        ok = ok and (p in stacked or (s.phase in (P_HOUSE, P_HOUSE_LIFT) and s.actor == p))
        _require(ok, f"animal_at[{p}][:, {a}]", int(placed[p, a]), f"!= res {int(owned[a])}")


def _check_params(s: State) -> None:
    """Deck k's movement cards have k steps each, then no more (config._cards)."""
    steps = s.p_card_steps
    used = np.arange(steps.shape[2])[None, None, :] <= np.arange(steps.shape[0])[:, None, None]
    bad = np.argwhere((steps >= 0) != used)
    if bad.size:
        deck, card, k = (int(i) for i in bad[0])
        _fail(
            f"p_card_steps[{deck}, {card}, {k}]",
            int(steps[deck, card, k]),
            f"breaks 'deck {deck + 1} cards have {deck + 1} steps'",
        )
    if "rearranged" in s.LAYOUT.fields:  # v1: who used REARRANGE at this decision (E17)
        seat = int(s.rearranged)
        _require(seat <= s.num_players, "rearranged", seat, "is not a seat + 1")
    if "p_orc_start" in s.LAYOUT.fields:  # v1: each seat's alignment card (option orc_side)
        n = s.num_players
        start = s.p_orc_start
        _require((start[:n] >= 1).all(), "p_orc_start", start.tolist(), "has an orc below 1")
        _require((start[n:] == 0).all(), "p_orc_start", start.tolist(), "beyond the seats")


def _check_seats(s: State, n: int) -> None:
    _require(s.rounds == (11 if n <= 2 else 12), "rounds", s.rounds, f"with {n} players (D41)")
    for name in ("actor", "start_player", "turn"):
        value = getattr(s, name)
        _require(value < n, name, value, f"is not a seat (num_players {n})")
    for k in np.flatnonzero(s.occupant >= n):
        _fail(f"occupant[{k}]", s.occupant[k], f"is not a seat (num_players {n})")
    for r in np.flatnonzero(s.reward_taken):
        _require(s.reward_taken[r] <= n, f"reward_taken[{r}]", s.reward_taken[r], "is no seat + 1")
        rows = min(n, MAX_REWARD_ROWS)  # B2 step 5: one row per player, at most 5
        _require(r // 4 < rows, f"reward_taken[{r}]", s.reward_taken[r], "is on a row not in play")
    for name, empty in SEAT_FIELDS.items():
        values = LAYOUT.view(s.buf, name)[n:]
        _require(
            (values == empty).all(), f"{name}[{n}:]", "...", f"must stay {empty} beyond {n} seats"
        )


def _revealed(n: int, rnd: int) -> list[int]:
    """Rounds whose card and marker are face up in round `rnd` (1-2 players skip round 9)."""
    return [r for r in range(1, rnd + 1) if not (n <= 2 and r == 9)]


def _check_round_track(s: State, n: int) -> None:
    """Round cards, harvest markers, events done and open spaces as the flow left them."""
    rnd = s.round
    _require(not (n <= 2 and rnd == 9), "round", rnd, "is skipped with 1-2 players (D41)")
    revealed = _revealed(n, rnd)
    for r in range(1, MAX_ROUNDS + 1):
        card, marker = int(s.card[r - 1]), int(s.marker[r - 1])
        if r not in revealed:
            _require(card == EMPTY, f"card[{r - 1}]", card, f"is revealed before round {r}")
            _require(marker == EMPTY, f"marker[{r - 1}]", marker, f"is revealed before round {r}")
            continue
        if n == 1:
            expected = SOLO_ORDER[r - 1]
            _require(card == expected, f"card[{r - 1}]", card, "is not the solo order's card")
        elif r == 4:
            _require(card == S_WISH, f"card[{r - 1}]", card, "is not Wish for Children (A4)")
        else:
            _require(
                card >= 0 and CARD_STAGE[card] == (r - 1) // 3 + 1 and s.card_left[card] == 0,
                f"card[{r - 1}]",
                card,
                f"is not a drawn card of round {r}'s stage",
            )
        if r in ORC_ROUND_MARKERS:
            _require(marker == 1, f"marker[{r - 1}]", marker, "must be the printed orc marker")
        elif r in NO_MARKER_ROUNDS:
            _require(marker == EMPTY, f"marker[{r - 1}]", marker, "is on a round without one")
        else:
            _require(marker >= 0, f"marker[{r - 1}]", marker, "is not drawn in a revealed round")
    cards = s.card[s.card >= 0]
    _require(len(set(cards.tolist())) == cards.size, "card", cards.tolist(), "repeats a card")
    expected_left = (CARD_STAGE > 0).astype(np.int64)
    expected_left[S_WISH] = 0
    if n <= 2:
        expected_left[S_EXPLORATION] = 0
    if n > 1:
        expected_left[cards] = 0
    bad = np.flatnonzero(s.card_left != expected_left)
    _require(not bad.size, f"card_left[{bad[:1]}]", s.card_left[bad[:1]], "disagrees with card")
    hidden = s.marker[FIRST_HIDDEN_MARKER_ROUND - 1 :]
    plain = (3 if n <= 2 else 4) - int((hidden == 0).sum())
    orc = FACE_DOWN_ORC_MARKERS - int((hidden == 1).sum())
    _require(s.markers_left[0] == plain, "markers_left[0]", s.markers_left[0], f"!= {plain} left")
    _require(s.markers_left[1] == orc, "markers_left[1]", s.markers_left[1], f"!= {orc} left")
    events = int((s.marker == 1).sum())
    if s.marker[rnd - 1] == 1 and s.stage in (ST_WORK, ST_EVENT, ST_ROUND_START):
        events -= 1  # this round's event is still to come or going on
    _require(s.events_done == events, "events_done", s.events_done, f"!= {events} orc rounds")
    expected_open = np.zeros(NUM_SPACES, np.int64)
    expected_open[permanent_spaces(n)] = 1
    expected_open[cards] = 1
    if S_FAMILY_LIFE in cards:  # Wish for Children flips to Urgent Wish (A6)
        expected_open[S_WISH] = 0
        expected_open[S_URGENT] = 1
    bad = np.flatnonzero(s.space_open != expected_open)
    _require(not bad.size, f"space_open[{bad[:1]}]", s.space_open[bad[:1]], "disagrees with card")


def _check_supply(s: State, n: int) -> None:
    """Goods only on open accumulating spaces; furnishings and traps left plus those built
    add up to the set-up supply (deal.py)."""
    most = MAX_ROUNDS * ACC.max(axis=2)
    bad = np.argwhere((s.accum > most) | ((s.accum > 0) & (s.space_open[:, None] == 0)))
    if bad.size:
        _fail(f"accum{bad[0].tolist()}", s.accum[tuple(bad[0])], "cannot lie on that space")
    for k in np.flatnonzero(s.occupant >= 0):
        q = s.occupant[k]
        _require(s.space_open[k] == 1, f"occupant[{k}]", q, "is on a closed space")
        here = (s.dwarf_space[q] == k).any() or (s.orc_space[q] == k).any()
        if s.stage != ST_ROUND_START:  # the solo clearing comes between the two resets
            _require(here, f"occupant[{k}]", q, "has no person of that seat on the space")
    per_player = np.where(FURN_PER_PLAYER == 1, n, 1)
    furn_total = np.where(FURN_UNLIMITED == 1, UNLIMITED_COPIES, per_player)
    v1 = "furn_left_x" in s.LAYOUT.fields
    if v1:  # caverna_ff_v1: the short strips dealt at random (deal.deal_short_strips), one
        m = min(n, MAX_REWARD_ROWS)  # per reward row (B2 step 5: at most 5)
        strips = s.short_strip
        ok = len(set(strips[:m].tolist())) == m and (strips[:m] >= 0).all()
        _require(ok and (strips[m:] == EMPTY).all(), "short_strip", strips.tolist(), "!= rows")
        if "long_strip" in s.LAYOUT.fields:  # the rows' long strips (deal.deal_long_strips)
            rows = s.long_strip
            ok = len(set(rows[:m].tolist())) == m and (rows[:m] >= 0).all()
            _require(ok and (rows[m:] == EMPTY).all(), "long_strip", rows.tolist(), "!= rows")
        in_play = set(strips[:m].tolist())
    else:  # two yellows per short strip R1..RN in play
        in_play = set(range(n))
    for k, pair in enumerate(STRIP_YELLOWS):
        furn_total[pair] = 1 if k in in_play else 0
    trap_total = np.where(TRAP_COPIES_BASIC == 1, n, 1)
    if v1:  # the supply extensions in play carry their tiles and trap (deal_supply_extensions)
        dealt = s.supply_ext
        _require(1 <= dealt.sum(), "supply_ext", dealt.tolist(), "deals no extension")
        _check_extensions(s)
        furn_total[EXT_TILE_IDS] = 0
        trap_total[EXT_TRAP_IDS] = 0
        for e in range(NUM_EXT):
            trap_total[s.p_ext_trap[e]] = dealt[e]
            furn_total[s.p_ext_furn[e][s.p_ext_furn[e] >= 0]] = dealt[e]
    built = np.bincount(s.furn[:n].ravel(), minlength=F_ENTRY + 2)[1 : NUM_FURN + 1]
    bad = np.flatnonzero(s.furn_left + built != furn_total[:NUM_FURN])
    if bad.size:
        f = int(bad[0])
        _fail(f"furn_left[{f}]", s.furn_left[f], f"+ {built[f]} built != {furn_total[f]} copies")
    if v1:  # caverna_ff_v1's further tiles: one copy each (F0) if dealt, yellows as dealt
        built_x = np.bincount(s.furn[:n].ravel(), minlength=NUM_FURN_ALL + 1)[FX_FIRST + 1 :]
        total_x = furn_total[FX_FIRST:]
        for k in np.flatnonzero(s.furn_left_x + built_x != total_x).tolist():
            _fail(f"furn_left_x[{k}]", s.furn_left_x[k], f"+ {built_x[k]} built != {total_x[k]}")
    left = np.concatenate([s.trap_left, s.trap_left_x]) if v1 else s.trap_left
    ids = len(left)
    placed = np.bincount(s.trap[:n].ravel(), minlength=ids + 1)[1 : ids + 1]
    bad = np.flatnonzero(left + placed != trap_total[:ids])
    if bad.size:
        t = int(bad[0])
        name = f"trap_left[{t}]" if t < NUM_TRAPS else f"trap_left_x[{t - NUM_TRAPS}]"
        _fail(name, left[t], f"+ {placed[t]} placed != {trap_total[t]} copies")


def _check_extensions(s: State) -> None:
    """The extensions' contents (config's `supply_board`): tiles an extension may carry, none
    twice, and the single-copy traps one per extension."""
    ids = s.p_ext_furn[s.p_ext_furn >= 0]
    bad = np.setdiff1d(ids, EXT_TILE_IDS)
    _require(not bad.size, "p_ext_furn", bad[:1].tolist(), "is not an extension's tile")
    _require(np.unique(ids).size == ids.size, "p_ext_furn", ids.tolist(), "repeats a tile")
    ok = sorted(s.p_ext_trap.tolist()) == sorted(EXT_TRAP_IDS.tolist())
    _require(ok, "p_ext_trap", s.p_ext_trap.tolist(), "!= one single-copy trap per extension")


def _check_board(s: State, p: int) -> None:
    """Seat p's home board: the printed caverns, pasture pairs, crops, mine goods, traps."""
    tile, furn, pasture = s.tile[p], s.furn[p], s.pasture[p]
    for c in (ENTRY_DWELLING, START_CAVERN):
        _require(tile[c] == T_CAVERN, f"tile[{p}, {c}]", tile[c], "is pre-printed")
    entry = np.flatnonzero(furn == F_ENTRY + 1).tolist()
    _require(entry == [ENTRY_DWELLING], f"furn[{p}]", entry, "misplaces the entry dwelling")
    for c in np.flatnonzero(pasture >= 2).tolist():
        q = int(pasture[c]) - 2
        _require(
            FOREST[q] == 1 and q in NEIGHBOURS[c] and pasture[q] == 2 + c,
            f"pasture[{p}, {c}]",
            int(pasture[c]),
            "does not pair two adjacent meadows",
        )
    for c in np.flatnonzero((s.crop_kind[p] == 1) & (s.crop[p] > 2)).tolist():
        _fail(f"crop[{p}, {c}]", s.crop[p, c], "> 2 vegetables")
    mines = (tile == T_ORE_MINE) | (tile == T_RUBY_MINE)
    for c in np.flatnonzero((s.mine_goods[p] > 0) & ~mines).tolist():
        _fail(f"mine_goods[{p}, {c}]", s.mine_goods[p, c], "lie on a cell that is not a mine")
    for c in np.flatnonzero((s.trap_active[p] > 0) & (s.trap[p] == 0)).tolist():
        _fail(f"trap_active[{p}, {c}]", 1, "without a trap")
    for k in np.flatnonzero(s.supplier_left[p] > SUPPLIER_ROUNDS).tolist():
        _fail(f"supplier_left[{p}, {k}]", s.supplier_left[p, k], f"> {SUPPLIER_ROUNDS[k]} rounds")
    _check_border(s, p)


def _check_border(s: State, p: int) -> None:
    """The Office Room's border cells of seat p (rules E23): only its builder has anything
    there, and only on a tile that is the outer half of an overhanging twin (the inner half,
    on the board beside it, covered); no trap, since traps are not tiles."""
    if s.GAME != "caverna_ff_v1":
        return  # v0's JSON holds the printed cells only
    n = s.num_players
    _require(s.office_seat <= n, "office_seat", int(s.office_seat), f"is no seat of {n}")
    office = np.flatnonzero(s.furn[p] == F_OFFICE + 1).tolist()
    owner = int(s.office_seat) == p + 1
    _require(owner == bool(office), "office_seat", int(s.office_seat), f"!= seat {p}'s board")
    covered = s.tile[p, CELLS:] != T_NONE
    for name in CELL_FIELDS:
        part = getattr(s, name)[p, CELLS:].reshape(BORDER_CELLS, -1).any(axis=1)
        if not owner:
            why, bad = "lies on the border without the Office Room", part
        elif name in ("trap", "trap_active"):
            why, bad = "lies on the border (traps do not overhang)", part
        else:
            why, bad = "lies on a border cell without a tile", part & ~covered
        for b in np.flatnonzero(bad)[:1].tolist():
            _fail(f"{name}[{p}, {CELLS + b}]", getattr(s, name)[p, CELLS + b].tolist(), why)
    for b in np.flatnonzero(covered).tolist():
        inner = int(TWIN_X_CELLS[2 * b, 0])  # the board cell beside border cell b
        forest = s.tile[p, CELLS + b] in (T_MEADOW, T_FIELD)
        ok = s.tile[p, inner] != T_NONE and forest == (FOREST[CELLS + b] == 1)
        why = "is not an overhanging twin's outer half"
        _require(ok, f"tile[{p}, {CELLS + b}]", int(s.tile[p, CELLS + b]), why)


def _check_people(s: State, p: int) -> None:
    """Seat p's dwarfs and orcs: cells on the right side of the board, hostages that exist,
    strengths within their start, spaces only for people who can be placed."""
    dwarf, weapon, dwarf_space = s.dwarf[p].tolist(), s.weapon[p].tolist(), s.dwarf_space[p]
    for d in range(MAX_DWARFS):
        if dwarf[d] == D_ABSENT:
            _require(weapon[d] == 0, f"weapon[{p}, {d}]", weapon[d], "of an absent dwarf")
            space = int(dwarf_space[d])
            _require(space == EMPTY, f"dwarf_space[{p}, {d}]", space, "of an absent dwarf")
    states, cells, hostages = s.orc_state[p].tolist(), s.orc_cell[p].tolist(), s.orc_hostage[p]
    strengths, spaces, ready = s.orc_str[p].tolist(), s.orc_space[p].tolist(), s.orc_ready[p]
    held: set[int] = set()
    for o in range(NUM_ORCS):
        st, cell, h = states[o], cells[o], int(hostages[o])
        where = f"[{p}, {o}]"
        start = _orc_start(s, p, o)
        _require(strengths[o] <= start, "orc_str" + where, strengths[o], f"> start {start}")
        if st in (O_FOREST, O_HELD):
            _require(cell >= 0 and FOREST[cell] == 1, "orc_cell" + where, cell, "is not forest")
        elif st == O_CAVE:
            _require(cell >= 0 and FOREST[cell] == 0, "orc_cell" + where, cell, "is off the cave")
        else:
            _require(cell == EMPTY, "orc_cell" + where, cell, "for an orc off the board")
        if st == O_OUT:
            _require(o == NUM_ORCS - 1, "orc_state" + where, st, "only Orc D starts out of play")
        if h != EMPTY:
            _require(st == O_CAVE, "orc_hostage" + where, h, "held by an orc not in the cave")
            if h < HOSTAGE_ORC:
                ok = h < MAX_DWARFS and dwarf[h] == D_HOSTAGE
            else:
                ok = states[h - HOSTAGE_ORC] == O_FRIENDLY
            _require(ok and h not in held, "orc_hostage" + where, h, "is no hostage of that seat")
            held.add(h)
        if st != O_FRIENDLY:
            _require(spaces[o] == EMPTY, "orc_space" + where, spaces[o], "for an unfriendly orc")
        _require(ready[o] <= s.round + 1, "orc_ready" + where, ready[o], "> the next round")
    for d in range(MAX_DWARFS):
        if dwarf[d] == D_HOSTAGE:
            _require(d in held, f"dwarf[{p}, {d}]", D_HOSTAGE, "is a hostage of no orc")
    pick = int(s.ruby_pick[p])
    if pick:
        _require(_is_person(pick - 1), f"ruby_pick[{p}]", pick, "is no person + 1")


def _is_person(person: int) -> bool:
    """A dwarf index 0-5 or HOSTAGE_ORC + a friendly orc letter (kernels.PERSON_ORC)."""
    return 0 <= person < MAX_DWARFS or HOSTAGE_ORC <= person < HOSTAGE_ORC + NUM_ORCS


def _placeable(s: State, p: int, person: int) -> bool:
    """kernels.placeable: an adult not placed yet, or a friendly orc ready and not placed."""
    if person >= HOSTAGE_ORC:
        o = person - HOSTAGE_ORC
        hostage = bool((s.orc_hostage[p] == HOSTAGE_ORC + o).any())
        return (
            s.orc_state[p, o] == O_FRIENDLY
            and s.orc_space[p, o] == EMPTY
            and s.orc_ready[p, o] <= s.round
            and not hostage
        )
    return s.dwarf[p, person] == D_ADULT and s.dwarf_space[p, person] == EMPTY


def _someone_left(s: State, p: int) -> bool:
    """Has seat p a dwarf or friendly orc still to place (kernels.next_person >= 0)?"""
    people = (*range(MAX_DWARFS), *range(HOSTAGE_ORC, HOSTAGE_ORC + NUM_ORCS))
    return any(_placeable(s, p, person) for person in people)


def _orc_start(s: State, p: int, o: int) -> int:
    """Orc o's start strength on seat p's alignment card (helpers.orc_start): v1's
    `p_orc_start`, v0's standard side."""
    if "p_orc_start" in s.LAYOUT.fields:
        return int(s.p_orc_start[p, o])
    return int(ORC_STRENGTH[o])


def _check_stack(s: State) -> None:
    """Pending ops: a short stack of known (code, arg) pairs for the deciding seat, zeros
    above its top (pop_op clears what it pops)."""
    depth = s.stack_n
    _require(depth <= MAX_PENDING, "stack_n", depth, f"> {MAX_PENDING} pending ops")
    _require(s.exp_taken[1] == 0, "exp_taken[1]", s.exp_taken[1], "is never used")
    for i in range(STACK):
        code, arg, player = (int(x) for x in s.stack[i])
        if i >= depth:
            _require(code == arg == player == 0, f"stack[{i}]", [code, arg, player], "above top")
            continue
        _require(arg in OP_ARGS.get(code, ()), f"stack[{i}]", [code, arg], "is not a known op")
        _require(player == s.actor, f"stack[{i}][2]", player, f"is not the actor {s.actor}")
        if code == OP_REWARD:  # the defeated orc's strength before the defeat (D43)
            top = _orc_start(s, player, arg // 100)
            _require(arg % 100 <= top, f"stack[{i}][1]", arg, f"> orc start strength {top}")
        if code in CUR_SPACE_OPS:
            _require(s.cur_space >= 0, "cur_space", s.cur_space, "for an op on the space")


def _check_flow(s: State, n: int) -> None:
    """The phase fits the stage, and the stage's own counters are where it leaves them."""
    phase, stage, actor = s.phase, s.stage, s.actor
    name = PHASE_NAMES[phase]
    if phase in FLOW_STAGES:
        _require(stage in FLOW_STAGES[phase], "stage", stage, f"does not ask '{name}'")
        # v1: an any-time trade that gains an animal at a decision the flow does not re-ask
        # (an invasion tie) leaves its housing (OP_HOUSE) waiting behind that decision (E17)
        waiting = set(s.stack[: s.stack_n, 0].tolist()) <= {OP_HOUSE}
        v1_housing = waiting and "p_housing" in s.LAYOUT.fields
        _require(s.stack_n == 0 or v1_housing, "stack_n", s.stack_n, f"ops pending at '{name}'")
    elif phase in (P_HOUSE, P_HOUSE_LIFT):
        pass  # housing follows whatever brought the animals, in any stage (v1, E17)
    elif phase == P_CELL and stage not in (ST_WORK, ST_EVENT):
        _require(s.cell_kind == CK_SINGLE, "cell_kind", s.cell_kind, "at a ruby trade's cell")
    else:
        _require(stage in (ST_WORK, ST_EVENT), "stage", stage, f"runs no op asking '{name}'")
    solo_clearing = stage == ST_ROUND_START
    if solo_clearing:
        _require(n == 1, "stage", stage, "decides at round start only in a solo game")
        _require(0 <= s.clear_pos < NUM_SPACES, "clear_pos", s.clear_pos, "is not a space")
        _require(s.space_open[s.clear_pos] == 1, "clear_pos", s.clear_pos, "is a closed space")
    else:
        _require(s.clear_pos == EMPTY, "clear_pos", s.clear_pos, "outside the solo clearing")
    if stage == ST_END:
        _require(s.round == MAX_ROUNDS, "round", s.round, "before the game's end")
        _require(s.final_next <= (NUM_ORCS + 1) * n, "final_next", s.final_next, "is past the end")
    else:
        _require(s.final_next == 0, "final_next", s.final_next, "before the game's end")
    if stage == ST_EVENT:
        _check_event(s, n)
    else:
        _require(s.ev == EMPTY, "ev", s.ev, "outside an orc event")
    if stage == ST_HARVEST:
        _check_harvest(s, n)
    if phase == P_GAME_OVER:
        _require(actor == 0, "actor", actor, "after the game is over")
        done = (NUM_ORCS + 1) * n
        _require(s.final_next == done, "final_next", s.final_next, "before the end of scoring")
    elif phase == P_FINAL_TRADES:
        k = s.final_next - NUM_ORCS * n
        _require(0 <= k < n, "final_next", s.final_next, "is not a seat's final trades")
        _require(actor == (s.start_player + k) % n, "actor", actor, "is not the trading seat")
    ruby = np.flatnonzero(s.ruby_pick)
    if ruby.size:
        q = int(ruby[0])
        ok = ruby.size == 1 and q == actor and stage == ST_WORK and phase in (P_PLACE, P_CELL)
        _require(ok, f"ruby_pick[{q}]", s.ruby_pick[q], "outside its seat's placement")
    if s.cur_person != EMPTY:
        _require(_is_person(s.cur_person), "cur_person", s.cur_person, "is no person")
    if phase == P_PLACE:
        seats = (*range(s.turn, n), *range(s.turn))
        first = next((q for q in seats if _someone_left(s, q)), None)
        _require(actor == first, "actor", actor, f"is not the next seat to place ({first})")
        person = s.cur_person
        if s.ruby_pick[actor]:
            _require(person == s.ruby_pick[actor] - 1, "cur_person", person, "is not the pick")
        ok = _is_person(person) and _placeable(s, actor, person)
        _require(ok, "cur_person", person, f"cannot be placed by seat {actor}")


def _check_event(s: State, n: int) -> None:
    """An orc event (B8): board, letter and seat in range, the active orc's card drawn."""
    _require(s.ev == s.events_done, "ev", s.ev, f"is not the next event ({s.events_done})")
    _require(s.ev_seat <= n, "ev_seat", s.ev_seat, f"is past the last seat ({n})")
    if s.phase == P_TRAP_PICK:
        p = (s.start_player + s.ev_seat) % n
        _require(s.actor == p, "actor", s.actor, f"is not the event's seat {p}")
    _require(s.ev_dealt.sum() <= n, "ev_dealt", s.ev_dealt.tolist(), f"> {n} cards dealt")
    if s.ev_moving:
        _require(s.ev_letter < NUM_ORCS, "ev_letter", s.ev_letter, "while an orc moves")
        _require(s.ev_seat < n, "ev_seat", s.ev_seat, "while an orc moves")
        p = (s.start_player + s.ev_seat) % n
        st = s.orc_state[p, s.ev_letter]
        if st in (O_FOREST, O_HELD):
            _require(s.ev_card >= 0, "ev_card", s.ev_card, "for a moving forest orc")
    phase = s.phase
    if phase in (P_ORC, P_CAVE_IN):
        _require(s.ev_moving != 0, "ev_moving", s.ev_moving, "at an orc's event step")
        p = (s.start_player + s.ev_seat) % n
        _require(s.actor == p, "actor", s.actor, f"is not the event's seat {p}")
        st = s.orc_state[p, s.ev_letter]
        if phase == P_ORC:
            _require(s.ev_moving == 1, "ev_moving", s.ev_moving, "at the bribe/push step")
            _require(st in (O_FOREST, O_HELD, O_CAVE), "orc_state", st, "is not hostile")
        else:
            _require(s.ev_moving in (2, 3), "ev_moving", s.ev_moving, "at a Cave-in")
            _require(st in (O_FOREST, O_HELD), "orc_state", st, "is not on a Cave-in")
            t = s.trap[p, s.orc_cell[p, s.ev_letter]] - 1
            ok = t >= 0 and TRAP_EFFECT[t] == TE_PAY
            _require(ok, "trap", t + 1, "under the orc is not a Cave-in / Poisoned Food")
    if "ev_picks" in s.LAYOUT.fields:  # v1: an Explosive Trap / Poisoned Arrows (B7)
        t, picks = s.ev_trap - 1, s.ev_picks
        _require((t >= 0) == (picks > 0), "ev_picks", picks, f"with ev_trap {t + 1}")
        if picks:
            ok = TRAP_EFFECT[t] == TE_PICKS and picks <= TRAP_PICKS[t]
            _require(ok, "ev_trap", t + 1, "is not a trap with that many picks")
            _require(s.ev_moving in (2, 3), "ev_moving", s.ev_moving, "while picks are owed")
        _require(
            (phase == P_TRAP_PICK) <= (picks > 0), "phase", PHASE_NAMES[phase], "without picks"
        )


def _check_harvest(s: State, n: int) -> None:
    """The harvest (B11): its kind is the round's, seats counted in turn order."""
    rnd = s.round
    if rnd <= 2:
        kind = H_NONE
    elif rnd == 4:
        kind = H_FEED_ONE
    elif s.marker[rnd - 1] == 1:
        kind = int(EVENT_HARVEST[s.events_done - 1])
    else:
        kind = H_NORMAL
    _require(s.harvest_kind == kind, "harvest_kind", s.harvest_kind, f"is not round {rnd}'s")
    _require(s.harvest_seat <= n, "harvest_seat", s.harvest_seat, f"> {n} seats")
    _require(s.feed_seat <= n, "feed_seat", s.feed_seat, f"> {n} seats")
    if kind != H_CHOICE:
        _require(s.harvest_seat == 0, "harvest_seat", s.harvest_seat, "without a choice")
    elif s.harvest_seat < n:
        _require(s.feed_seat == 0, "feed_seat", s.feed_seat, "before every seat chose")
    if s.phase == P_HARVEST_CHOICE:
        _require(kind == H_CHOICE, "phase", s.phase, "in a harvest without a choice")
        _require(s.harvest_seat < n, "harvest_seat", s.harvest_seat, "after every seat chose")
        seat = (s.start_player + s.harvest_seat) % n
        _require(s.actor == seat, "actor", s.actor, f"is not the choosing seat {seat}")
    elif s.phase == P_FEED:
        _require(kind != H_NONE, "harvest_kind", kind, "feeds nobody")
        _require(s.feed_seat < n, "feed_seat", s.feed_seat, "after every seat was fed")
        _require(s.feed_started == 1, "feed_started", 0, "while a seat is fed")
        seat = (s.start_player + s.feed_seat) % n
        _require(s.actor == seat, "actor", s.actor, f"is not the seat being fed {seat}")


def _check_decision(s: State, n: int) -> None:
    """The working fields the pending decision's mask and answers read (kernels.decision_mask,
    apply_action): indices into tables and the buffer, costs, who acts."""
    phase, p, sub = s.phase, s.actor, s.sub
    # forging, a fight and a dwarf's own expedition (whose loot may be a fight) write the
    # acting dwarf's weapon (a Mercenary's expedition has no dwarf and no fight)
    expedition = phase == P_LOOT or OP_LOOT_RESUME in s.stack[: s.stack_n, 0]
    own_expedition = expedition and s.exp_mercenary == 0
    if own_expedition or phase in (P_FORGE, P_FIGHT_ORC, P_FIGHT_DOGS):
        _require(s.stage == ST_WORK, "stage", s.stage, "has no dwarf's own expedition")
        d = s.cur_person
        ok = 0 <= d < MAX_DWARFS and s.dwarf[p, d] == D_ADULT
        _require(ok, "cur_person", d, "is not an adult dwarf of the actor")
        if phase != P_FORGE:  # the expedition's strength is the dwarf's weapon (A8, B5)
            w = s.weapon[p, d]
            _require(s.exp_strength == w > 0, "exp_strength", s.exp_strength, f"!= weapon {w}")
    if phase == P_FORGE:
        _require(sub[0] in (0, 1), "sub[0]", sub[0], "is not a forge material")
        w = s.weapon[p, s.cur_person]
        _require(w == 0, f"weapon[{p}, {s.cur_person}]", w, "of a dwarf about to forge")
    elif phase == P_LOOT:
        _require(s.exp_left >= 1, "exp_left", s.exp_left, "at a loot choice")
    elif phase in (P_FIGHT_ORC, P_FIGHT_DOGS):
        _require(s.exp_mercenary == 0, "exp_mercenary", 1, "a Mercenary does not fight")
        if phase == P_FIGHT_DOGS:
            _require_hostile(s, p, sub[0])
    elif phase == P_REWARD:
        _require(0 <= sub[0] < NUM_ORCS, "sub[0]", sub[0], "is not an orc")
        top = _orc_start(s, p, sub[0])
        _require(0 <= sub[1] <= top, "sub[1]", sub[1], "is not its strength")
    elif phase == P_SPACE_PICK:  # v1's Forger / Herald (B6)
        _require(sub[0] in (PICK_FORGER, PICK_HERALD), "sub[0]", sub[0], "is not a reward mode")
    elif phase == P_INVADE:
        _require(0 <= sub[0] < NUM_ORCS, "sub[0]", sub[0], "is not an orc")
        final = s.stage == ST_END
        _require(sub[1] == int(final), "sub[1]", sub[1], "disagrees with the stage")
        _require_hostile(s, p, sub[0])
        if final:
            _require(s.orc_state[p, sub[0]] == O_CAVE, "orc_state", "-", "re-evaluates in cave")
    elif phase == P_ARM:
        # v1's Dwelling Copy (F14) arms with the strongest weapon in play, up to MAX_WEAPON
        top = MAX_WEAPON if "furn_left_x" in s.LAYOUT.fields else WARRIOR_MATERIALS
        _require(1 <= sub[0] <= top, "sub[0]", sub[0], "is not a strength")
    elif phase in (P_FURN, P_FURN_CELL):
        _require(sub[0] in (0, 1, 2), "sub[0]", sub[0], "is not a furnishing mode")
        _require(sub[3] in (0, 1), "sub[3]", sub[3], "is not a flag")
    elif phase == P_WARRIOR_PAY:
        c = sub[1]
        ok = 0 <= c < CELLS_ALL and s.tile[p, c] in FURNISHABLE and s.furn[p, c] == 0
        _require(ok, "sub[1]", c, "is not an empty cavern (or Work Room tunnel)")
        _require(sub[2] == -1 or 1 <= sub[2] < WARRIOR_MATERIALS - 1, "sub[2]", sub[2], "wood")
    elif phase == P_TRAP_CELL:
        ids = NUM_TRAPS_ALL if "trap_left_x" in s.LAYOUT.fields else NUM_TRAPS
        _require(s.pending_tile < ids, "pending_tile", s.pending_tile, "is not a trap")
    elif phase == P_CELL:
        _require(sub[3] in (0, 1), "sub[3]", sub[3], "is not a flag")
        if s.cell_kind == CK_SINGLE:
            tile = s.pending_tile
            _require(tile in SINGLE_TILES, "pending_tile", tile, "is not a single tile")
        elif s.cell_kind in (CK_SMALL_PASTURE, CK_STABLE):  # the fence wood or stable stone
            _require(0 <= sub[1] <= 2, "sub[1]", sub[1], "is not a cost")
    elif phase == P_TWIN:
        _require(0 <= sub[1] <= 4, "sub[1]", sub[1], "is not a fence cost")
    elif phase == P_SOW_CELL:
        _require(s.pending_tile in (0, 1), "pending_tile", s.pending_tile, "is not a crop")
    elif phase == P_BRANCH:
        _require(0 <= sub[2] <= 7, "sub[2]", sub[2], "is not a branch context")
        if sub[2] == 6:  # the Orc Captain's material (F19): two or more of wood, stone, ore
            bits = sub[1]
            ok = 0 < bits < 8 and bits & (bits - 1) and s.cur_person >= HOSTAGE_ORC
            _require(ok, "sub[1]", bits, "is not a choice of materials for an orc")
        if sub[2] == 5:  # the Builder's way to pay pending_tile on cell sub[1] (F12)
            c = sub[1]
            ok = 0 <= c < CELLS_ALL and s.tile[p, c] in FURNISHABLE and s.furn[p, c] == 0
            _require(ok, "sub[1]", c, "is not an empty cell to furnish")
            _require(sub[0] in (0, 1, 2), "sub[0]", sub[0], "is not a furnishing mode")
            f = s.pending_tile  # the Warrior Dwelling's mix is its own decision (E6)
            _require(f != F_WARRIOR, "pending_tile", f, "is paid by its own mix, not the Builder")
        if sub[2] == 4:  # growth or the space's goods (kernels.BR_GROWTH_OR_GOODS)
            _require(s.cur_space >= 0, "cur_space", s.cur_space, "for the space's goods")
    elif phase == P_TRADE:
        src, dst = sub[1], sub[2]
        _require(src in (-1, WOOD, STONE, ORE), "sub[1]", src, "is not a material")
        ok = dst == -1 or (src != -1 and dst in (WOOD, STONE, ORE) and dst != src)
        _require(ok, "sub[2]", dst, "is not a second material")
    elif phase == P_BREED:
        _require(0 <= sub[1] < 16, "sub[1]", sub[1], "is not a set of animal types")
    elif phase == P_IMITATE:
        space = s.cur_space  # the Imitation space: its cost by player count (A6)
        cost = int(IMITATE_COST[space, n]) if 0 <= space and IMITATE_COST[space].any() else -1
        _require(sub[0] == cost, "sub[0]", sub[0], f"is not Imitation's food cost ({cost})")
    elif phase == P_MARKET:
        _require(0 <= sub[1] < 2**NUM_MARKET, "sub[1]", sub[1], "is not a set of goods bought")
    elif phase == P_REFILL:
        _require(sub[1] >= 0, "sub[1]", sub[1], "is not a set of cells")
    elif phase in (P_HOUSE, P_HOUSE_LIFT):
        _require(0 <= sub[0] < NUM_ANIMALS, "sub[0]", sub[0], "is not an animal type")
        _require(sub[1] in (0, 1), "sub[1]", sub[1], "is not the rearrangement flag")
        modes = (HM_NEW, HM_ASKED) if phase == P_HOUSE_LIFT else (HM_NEW, HM_HOUSING)
        _require(sub[2] in modes, "sub[2]", sub[2], f"is no housing mode of {PHASE_NAMES[phase]}")
        if phase == P_HOUSE_LIFT or sub[2] == HM_HOUSING:
            _require(sub[1] == 0, "sub[1]", sub[1], "after this housing's rearrangement")


def _require_hostile(s: State, p: int, o: int) -> None:
    _require(0 <= o < NUM_ORCS, "sub[0]", o, "is not an orc")
    st = s.orc_state[p, o]
    _require(st in (O_FOREST, O_HELD, O_CAVE), f"orc_state[{p}, {o}]", st, "is not hostile")


def _check_answerable(s: State) -> None:
    """The pending decision has an answer of its own, not only any-time trades (which leave
    it pending): the engine never asks a question it offers no answer to, so a state that does
    would play on only until its trades run out. Runs last: every check above makes the mask
    kernel safe on this state (FlatEngine.validate computes the same mask next)."""
    if s.phase == P_GAME_OVER:
        return
    mask = np.zeros(s.NUM_ACTIONS, np.int8)
    kernels.compute_mask(s.buf, mask)
    mask[A_RUBY : A_RUBY + NUM_RUBY_TRADES] = 0
    mask[A_CONVERT : A_CONVERT + NUM_CONVERSIONS] = 0
    mask[A_TILE_X:A_TRAP_X] = 0  # caverna_ff_v1's any-time tile actions and rearrangement
    mask[A_REARRANGE : A_REARRANGE + 1] = 0
    _require(mask.any(), "phase", PHASE_NAMES[s.phase], "has no answer in this state")
