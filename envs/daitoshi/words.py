"""Daitoshi's components in words, read from the state's own component block (`c_*` fields), so
the text views and action descriptions name what a replacement component file really holds.

Why a module of its own: the ansi view, `describe_changes` and the engine's state-aware
`describe_action` all need the same vocabulary (reward lists, inventions, tiles, cities, Mayor
cards), and keeping it in one place keeps the three consistent. Pure Python: nothing here calls
a numba kernel, so a view never waits for a compile.
"""

from __future__ import annotations

from eurogym.envs.daitoshi.state import EMPTY, State
from eurogym.envs.daitoshi.tables import (
    ACTION_NAMES,
    ANY,
    COLOR_NAMES,
    CONDITIONS,
    DATA_CODES,
    FX_COAL,
    FX_DISCARD_HEX,
    FX_LUXURY,
    FX_P_ACTIVATE,
    FX_P_ANY,
    FX_P_CREATE,
    FX_PILGRIM,
    FX_PRESTIGE,
    FX_PROGRESS,
    FX_REPUTATION,
    FX_SCORE_REP,
    FX_STEAM,
    FX_VP,
    FX_VP_END,
    FX_WATER,
    FX_WEALTH,
    FX_WORKER,
    FX_WORM,
    INVENTION_TYPES,
    LOSE,
    NATURE_NAMES,
    PARAM,
    PARAM_SPAN,
    RESOURCE_NAMES,
    SLOT_NAMES,
    UNIT,
)

ACTION_WORDS = ("Commit", "Expand/Renovate", "Electrify", "Trade", "Megamachine", "any action")
SHORT = {  # compact unit names for reward lists
    "food": "food",
    "materials": "mat",
    "energy": "energy",
    "luxury": "lux",
    "wealth": "wealth",
    "steam": "steam",
    "water": "water",
    "coal": "coal",
    "prestige": "prestige",
    "worm": "worm",
}
UPGRADE_NAMES = ("a", "b", "c")


def fx_text(e: int) -> str:
    """One encoded effect (tables.FX_*, `code + 32 * param + 4096 * n`) in a few words, e.g.
    `+2 food`, `-3 VP`, `2x pilgrim any`, `flag this city`."""
    code, param, n = e % PARAM, (e // PARAM) % PARAM_SPAN, e // UNIT
    if code <= FX_LUXURY or code in (FX_WEALTH, FX_STEAM, FX_WATER, FX_COAL, FX_PRESTIGE, FX_WORM):
        return f"+{n} {SHORT[DATA_CODES[code]]}"
    if code in (FX_VP, FX_VP_END):
        sign = "-" if param == LOSE else "+"
        return f"{sign}{n} VP" + (" at end" if code == FX_VP_END else "")
    if code == FX_REPUTATION:
        return f"+{n} reputation"
    if code == FX_SCORE_REP:
        return f"{n}x score reputation"
    if code == FX_PILGRIM:
        return f"{n}x pilgrim {'any' if param == ANY else NATURE_NAMES[param]}"
    if code == FX_WORKER:
        return f"+{n} {'any' if param == ANY else COLOR_NAMES[param]} worker"
    if code == FX_DISCARD_HEX:
        return f"give {n} hex back" + (" (with its reward)" if param else "")
    if code == FX_P_ANY:
        return "flag any city"
    if code == FX_P_CREATE:
        return "flag this city"
    if code == FX_P_ACTIVATE:
        return "activate this city's partnership"
    if code == FX_PROGRESS:
        return f"{n} progress"
    return f"{DATA_CODES[code] if code < len(DATA_CODES) else code} {n}"


def fx_list(state: State, pair) -> str:
    """A reward list given as its (start, length) pair into the effect pool; `nothing` if
    empty."""
    start, length = int(pair[0]), int(pair[1])
    if length == 0:
        return "nothing"
    return ", ".join(fx_text(int(e)) for e in state.c_fx[start : start + length])


def cost_text(state: State, pair) -> str:
    """A cost list (same encoding as rewards: `+1 food` reads `1 food`)."""
    text = fx_list(state, pair)
    return "free" if text == "nothing" else text.replace("+", "")


def invention_text(state: State, inv: int, rows: bool = True) -> str:
    """An invention: type, food cost, VP, and its rows A/B/C; `--` for none."""
    if inv == EMPTY:
        return "--"
    kind = INVENTION_TYPES[int(state.c_inv_type[inv])]
    head = f"#{inv} {kind} {int(state.c_inv_cost[inv])}food {int(state.c_inv_vp[inv])}VP"
    if not rows:
        return head
    parts = [
        f"{row}: {fx_list(state, state.c_inv_rows[inv, r])}"
        for r, row in enumerate("ABC")
        if state.c_inv_rows[inv, r, 1] > 0
    ]
    return f"{head} [{'; '.join(parts)}]" if parts else head


def explore_text(state: State, inner: int) -> str:
    """What exploring from an inner tile takes (§8.5)."""
    t = int(state.c_tile_explore[inner])
    return "river+land of choice" if t == ANY else NATURE_NAMES[t]


def inner_name(state: State, inner: int) -> str:
    """An inner tile by its action: `Town Hall` for the joker, else e.g. `Trade tile`."""
    action = int(state.c_tile_action[inner])
    return "Town Hall" if action == 5 else f"{ACTION_WORDS[action]} tile"


def tile_text(state: State, tile: int, electrified: bool | None = None) -> str:
    """A district tile's workshop cost -> gain (the side in play, or both sides when
    `electrified` is None) and its electrify cost -> gain."""
    sides = (0, 1) if electrified is None else (int(electrified),)
    parts = []
    for side in sides:
        pay = cost_text(state, state.c_tile_pay[tile, side])
        gain = fx_list(state, state.c_tile_ws[tile, side])
        label = ("", "") if electrified is not None else (("off: ", "on: ")[side], "")
        parts.append(f"{label[0]}{'' if pay == 'free' else pay + ' -> '}{gain}")
    text = "workshop " + " / ".join(parts)
    if electrified is None or not electrified:
        text += (
            f"; electrify {int(state.c_tile_el_cost[tile])}energy -> "
            f"{fx_list(state, state.c_tile_el_gain[tile])}"
        )
    return text


def hex_text(state: State, h: int) -> str:
    """A hex off the tracks, conflict side public: `forest(+1 food)`."""
    return f"{NATURE_NAMES[int(state.c_hex_nature[h])]}({fx_list(state, state.c_hex_reward[h])})"


def city_text(state: State, j: int) -> str:
    """City slot j: its steam cost, its 5 trade rewards in order, its partnership."""
    city = int(state.cities[j])
    rewards = " | ".join(fx_text(int(e)) for e in state.c_city_rew[city])
    cond = CONDITIONS[int(state.c_city_cond[city])]
    return (
        f"city {j}: trade {int(state.c_city_cost[city])}steam + k lux -> first k of [{rewards}]; "
        f"partnership on {cond}: {fx_list(state, state.c_city_prew[city])}"
    )


def mayor_card_text(state: State, card: int) -> str:
    """A Mayor card (§18.2): the district its inner tile is in, its land hex, his resource
    priority and his production row."""
    if card == EMPTY:
        return "none yet"
    inner = int(state.c_card_district[card])
    district = next((d for d in range(5) if int(state.tile[d, 0]) == inner), -1)
    prio = ">".join(RESOURCE_NAMES[int(r)][:3] for r in state.c_card_prio[card])
    return (
        f"card {card}: district D{district} ({inner_name(state, inner)}), land "
        f"{NATURE_NAMES[int(state.c_card_land[card])]}, priority {prio}, production "
        f"{fx_list(state, state.c_card_prod[card])}"
    )


def slot_owner_text(state: State, p: int, s: int) -> str:
    """Floor slot s of seat p: `L1 (#12 common ...)` or `L1 (empty)`."""
    inv = int(state.slot_inv[p, s])
    return (
        f"{SLOT_NAMES[s]} ({invention_text(state, inv, rows=False) if inv != EMPTY else 'empty'})"
    )


def building_text(state: State, p: int, b: int) -> str:
    """Building b of seat p by its floors' inventions: `#3 basic 0food 1VP, ...` or `empty`."""
    first = (0, 3, 5)[b]
    floors = (3, 2, 3)[b]
    held = [
        invention_text(state, int(state.slot_inv[p, s]), rows=False)
        for s in range(first, first + floors)
        if state.slot_inv[p, s] != EMPTY
    ]
    return ", ".join(held) if held else "empty"


def action_name(a: int) -> str:
    """A district action (0-4) in words."""
    return ACTION_WORDS[a] if 0 <= a < len(ACTION_NAMES) else ACTION_WORDS[-1]


def describe_action(state: State, action: int) -> str:
    """`actions.describe(action, phase)` plus what the state says the action costs or yields:
    the invention taken, the workshop's reward, the city's rewards, the Mayor card chosen..."""
    from eurogym.envs.daitoshi import actions as ac
    from eurogym.envs.daitoshi import state as st

    a = int(action)
    phase = int(state.phase)
    base = ac.describe(a, phase)
    p = int(state.actor)
    extra = ""
    if phase == st.P_TURN and ac.A_MOVE <= a < ac.A_SUBSIDY:
        dist = (a - ac.A_MOVE) // 3 + 1
        d = (int(state.tyc_d[p]) + dist) % 5
        extra = f"D{d}, {inner_name(state, int(state.tile[d, 0]))}"
    elif phase == st.P_PRODUCE and ac.A_ACTIVATE <= a < ac.A_PLACE:
        extra = building_text(state, p, a - ac.A_ACTIVATE)
    elif phase == st.P_WORKERS and ac.A_PLACE <= a < ac.A_EXPLORE:
        ring = (a - ac.A_PLACE) % 4
        d = int(state.tyc_d[p])
        if ring < 3 and state.tile[d, ring] != EMPTY:
            tile = int(state.tile[d, ring])
            extra = tile_text(state, tile, bool(state.electrified[d, ring])).split(";")[0]
        elif ring == 3:
            extra = "workshop " + fx_list(state, state.c_mm_base[int(state.mm_board)])
    elif phase == st.P_COMMIT and ac.A_SLOT <= a < ac.A_BUILDING:
        extra = invention_text(state, int(state.market[a - ac.A_SLOT]))
    elif phase == st.P_EXPAND and ac.A_RING <= a < ac.A_RENOVATE:
        top = int(state.pile_top[(a - ac.A_RING) % 2])
        extra = f"T{top}: {tile_text(state, top)}" if top != EMPTY else ""
    elif phase == st.P_ELECTRIFY and ac.A_TILE <= a < ac.A_TRADE:
        d, ring = divmod(a - ac.A_TILE, 3)
        tile = int(state.tile[d, ring])
        extra = (
            f"{int(state.c_tile_el_cost[tile])}energy -> "
            f"{fx_list(state, state.c_tile_el_gain[tile])}"
        )
    elif phase == st.P_TRADE and ac.A_TRADE <= a < ac.A_FLOOR:
        j, k = divmod(a - ac.A_TRADE, 5)
        city = int(state.cities[j])
        rewards = ", ".join(fx_text(int(e)) for e in state.c_city_rew[city, : k + 1])
        extra = f"{int(state.c_city_cost[city])}steam -> {rewards}"
    elif phase in (st.P_MEGA_SLOT, st.P_PROGRESS) and ac.A_FLOOR <= a < ac.A_MSPACE:
        inv = int(state.slot_inv[p, a - ac.A_FLOOR])
        extra = invention_text(state, inv, rows=False)
    elif phase == st.P_MEGA_SPACE and ac.A_MSPACE <= a < ac.A_TYPE:
        board = int(state.mm_board)
        extra = fx_list(state, state.c_mm_space[board, a - ac.A_MSPACE])
    elif phase == st.P_MM_ORDER and ac.A_MSPACE <= a < ac.A_TYPE:
        i = a - ac.A_MSPACE
        board = int(state.mm_board)
        pair = state.c_mm_base[board] if i == 0 else state.c_up_gain[int(state.mm_up_tile[i - 1])]
        extra = fx_list(state, pair)
    elif phase == st.P_WORKER and ac.A_COLOR <= a < ac.A_CITY:
        colour = COLOR_NAMES[a - ac.A_COLOR]
        cap = 2 if state.op_conflict[p, 1] else 6  # tables.WORKER_CAP, OP_WORKERS
        if int(state.workers[p].sum()) >= cap:
            return f"return a {colour} worker to make room for the new one"
        return f"take a {colour} worker"
    elif phase in (st.P_FLAG, st.P_CASH_IN) and ac.A_CITY <= a < ac.A_BRIBE:
        city = int(state.cities[a - ac.A_CITY])
        extra = f"partnership {fx_list(state, state.c_city_prew[city])}"
    elif phase == st.P_BRIBE_CARD and ac.A_MAYOR_CARD <= a < ac.A_DONE:
        card = int(state.mayor_alt if a == ac.A_MAYOR_CARD else state.mayor_card)
        extra = mayor_card_text(state, card)
    elif phase == st.P_DRAFT and ac.A_DRAFT <= a < ac.A_WEALTH:
        extra = invention_text(state, a - ac.A_DRAFT)
    elif phase == st.P_PAY and a >= ac.A_WEALTH:
        need = [int(v) for v in state.pay_need[:4]]
        r = next((i for i, v in enumerate(need) if v > 0), 0)
        k = a - ac.A_WEALTH
        return f"pay {k} of your held {RESOURCE_NAMES[r]} with wealth instead"
    return f"{base} ({extra})" if extra else base
