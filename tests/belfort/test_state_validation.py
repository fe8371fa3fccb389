"""Validated loading of Belfort states (issue 11): `ENGINE.from_json` accepts only states the
kernels can run safely and names the field of anything else.

The crash repros of the issue run in subprocesses, so a regression that segfaults or hangs
a kernel fails that test instead of killing the test run. The rule tests below edit states
met in seeded random games and check that `check_state` (or the bounds) names the field;
the round trips check there are no false rejections of states real games reach.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from eurogym.envs.belfort.actions import A_DONE, A_PASS
from eurogym.envs.belfort.config import THIEVES_VARIANTS, make_config
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import (
    EMPTY,
    LAYOUT,
    MAX_AMOUNT,
    MAX_TAX_LEVELS,
    P_ACTIONS,
    P_ARCH_DISCOUNT,
    P_CAMP,
    P_DISCARD,
    P_GAME_OVER,
    P_NP_PICK,
    P_NP_PLACE,
    P_PLACEMENT,
    P_SETUP_DISCARD,
    P_SPIES_REVEAL,
    P_STEAL,
    P_WIZ_SECOND,
    THEN_END_TURN,
    THIEVES_MAX_RANGE,
    State,
)
from eurogym.envs.belfort.tables import MARKET, SITE_GUILD, SITE_WALL
from eurogym.envs.core.errors import ConfigError, StateError
from eurogym.envs.core.registry import spec

REPO = Path(__file__).resolve().parents[2]
# 3 players with every guild whose effect has its own phase, so random play meets them all
GUILD_PHASES = ("thieves", "spies", "wizards", "architects", "librarians")


def run_isolated(code: str) -> list[str]:
    """Run `code` in a fresh interpreter and return its output lines; a crash (segfault,
    abort) or a hang fails the test with the lines printed so far."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=900,  # a hang guard: the first run may compile every kernel
        )
    except subprocess.TimeoutExpired as err:
        pytest.fail(f"hung after: {err.stdout!r}")
    assert done.returncode == 0, f"exit {done.returncode}:\n{done.stdout}\n{done.stderr[-3000:]}"
    return done.stdout.splitlines()


# The subprocesses load a mid-game state of a seeded game, so they need no pytest fixtures.
PRELUDE = """
import base64, json
import numpy as np
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.core.errors import StateError

def mid_game(num_players, seed, steps):
    state = ENGINE.new_game(ENGINE.make_config(num_players), seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
    return state

def edited(state, name, index, value):
    data = json.loads(state.to_json())
    if index is None:
        data["fields"][name] = value
    else:
        target = data["fields"][name]
        for i in index[:-1]:
            target = target[i]
        target[index[-1]] = value
    return json.dumps(data)

def outcome(load):
    try:
        load()
    except (StateError, TypeError) as err:
        return f"{type(err).__name__}: {err}"
    return "accepted"
"""


def test_issue_repro_actor_9_and_hostile_values_are_rejected_by_name():
    """The issue's one-field edits (-1, 9, 10**6, +-2**40) of a live state: the ones that
    crashed now raise StateError naming the field."""
    lines = run_isolated(
        PRELUDE
        + """
state = mid_game(3, 5, 60)
for name, index, value in [
    ("actor", None, 9), ("actor", None, -1), ("actor", None, 3), ("turn_player", None, 9),
    ("num_players", None, 9), ("phase", None, 10**6), ("owner", [0], 9),
    ("owner", [SITE_GUILD], 2**40), ("guild_of", [0], -2**40), ("shield", [0], 9),
    ("deck_size", None, 10**6), ("column", [0], 9 + 1), ("camp_pos", None, -1),
    ("scratch", [0], -2**40), ("tax_levels", None, 2**40), ("revealed", [1], 9),
    ("np_card", None, 10**6), ("rng", [0], -1), ("hand", [0, 0], -2**40),
]:
    text = edited(state, name, index, value)
    print(name, index, value, "->", outcome(lambda: ENGINE.from_json(text)))
""".replace("SITE_GUILD", str(SITE_GUILD))
    )
    assert len(lines) == 19, lines
    for line in lines:
        field = line.split(" ", 1)[0]
        assert "-> StateError: belfort" in line and f"state field {field}" in line, line
    assert "actor = 9 is outside [-1, 4]" in lines[0]
    assert "actor = 3 is not a seat (num_players 3)" in lines[2]


def test_every_field_at_every_hostile_value_is_rejected_or_plays_safely():
    """Each field's first entry set to each hostile value of the issue, in a 2-player and a
    4-player game: rejected on load, or loaded and then played with the invariants holding."""
    lines = run_isolated(
        PRELUDE
        + """
from eurogym.envs.belfort.state import LAYOUT
from eurogym.envs.belfort.invariants import check_invariants
counts = {"rejected": 0, "played": 0}
for state in (mid_game(2, 3, 80), mid_game(4, 8, 150)):
    for name, (_, shape) in LAYOUT.fields.items():
        for value in (-1, -2, 9, 10**6, 2**40, -(2**40), 2**62):
            try:
                loaded = ENGINE.from_json(edited(state, name, [0] * len(shape) or None, value))
            except StateError:
                counts["rejected"] += 1
                continue
            rng = np.random.default_rng(value % 1000)
            for _ in range(120):
                if ENGINE.is_over(loaded):
                    break
                ENGINE.apply_action(loaded, int(rng.choice(np.flatnonzero(loaded.mask))))
                check_invariants(loaded)
            ENGINE.final_scores(loaded)
            counts["played"] += 1
print(json.dumps(counts))
"""
    )
    counts = json.loads(lines[-1])
    assert counts["rejected"] + counts["played"] == 2 * 7 * len(LAYOUT.fields)
    assert counts["played"] >= 10  # in-range values that keep the state consistent still load


def test_forged_states_with_the_rules_mask_are_rejected_or_play_safely():
    """A forger can also write the mask the rules give, so the mask check hides nothing: 1-3
    entries set to values inside their bounds (or one off the current value), the mask
    recomputed, then loaded. Only check_state and the invariants stand between such a state
    and the kernels; each must be rejected or play 150 steps keeping the invariants."""
    lines = run_isolated(
        PRELUDE
        + """
from eurogym.envs.core.fuzz import in_bounds_forgeries
print(json.dumps(in_bounds_forgeries("belfort_v0", 600, 31, 150)))
"""
    )
    counts = json.loads(lines[-1])
    assert counts["rejected"] + counts["played"] == 600
    assert counts["played"] >= 60, counts  # most in-range edits of harmless fields still load


def test_issue_repro_belfort_state_passed_to_the_kingdom_builder_engine_is_a_type_error():
    """Issue 11: "a Belfort state passed to the Kingdom Builder engine segfaults"; now every
    engine method that reads a state raises TypeError, both ways round."""
    lines = run_isolated(
        PRELUDE
        + """
from eurogym.envs.kingdom_builder.rules import ENGINE as KB
belfort = mid_game(3, 2, 40)
kb = KB.new_game(KB.make_config(3), 2)
calls = {
    "current_player": lambda e, s: e.current_player(s),
    "legal_action_mask": lambda e, s: e.legal_action_mask(s, 0),
    "apply_action": lambda e, s: e.apply_action(s, 0),
    "is_over": lambda e, s: e.is_over(s),
    "describe_action": lambda e, s: e.describe_action(s, 0),
    "to_json": lambda e, s: e.to_json(s),
    "validate": lambda e, s: e.validate(s),
}
for name, call in calls.items():
    print("kb_engine", name, outcome(lambda: call(KB, belfort)))
for name, call in {**calls, "final_scores": lambda e, s: e.final_scores(s)}.items():
    print("belfort_engine", name, outcome(lambda: call(ENGINE, kb)))
print("unchanged", belfort == mid_game(3, 2, 40))
"""
    )
    assert len(lines) == 7 + 8 + 1, lines
    for line in lines[:-1]:
        assert "TypeError: " in line and "expected State" in line, line
    assert "kingdom_builder engine got a State (belfort_v0)" in lines[0]
    assert lines[-1] == "unchanged True"


def test_mask_is_read_only_and_a_stored_mask_with_extra_ones_is_rejected():
    """Issue 11: writing ones into the mask made the kernels accept illegal actions; the mask
    is now a read-only view, and a loaded mask must equal the recomputed legal actions."""
    lines = run_isolated(
        PRELUDE
        + f"""
state = mid_game(3, 4, 30)
mask = ENGINE.legal_action_mask(state, ENGINE.current_player(state))
print("writeable", mask.flags.writeable)
try:
    mask[{A_DONE}] = 1
    print("written")
except ValueError as err:
    print("ValueError", err)
data = json.loads(state.to_json())
for extra in ({A_DONE}, {A_PASS}, 0):
    forged = state.mask.copy()
    if forged[extra]:
        continue
    forged[extra] = 1
    data["mask"] = base64.b64encode(forged.tobytes()).decode()
    print(extra, outcome(lambda: ENGINE.from_json(json.dumps(data))))
"""
    )
    assert lines[0] == "writeable False"
    assert lines[1].startswith("ValueError") and "read-only" in lines[1]
    assert len(lines) >= 3
    for line in lines[2:]:
        assert "StateError: belfort: state mask disagrees with the legal actions" in line, line


def test_loose_json_is_rejected():
    """Issue 11: floats, "3" and true for integers, non-dict JSON and a missing key gave
    AttributeError / KeyError or were accepted; each is a StateError now."""
    lines = run_isolated(
        PRELUDE
        + """
text = mid_game(4, 1, 25).to_json()
data = json.loads(text)
def with_players(value):
    forged = json.loads(text)
    forged["fields"]["num_players"] = value
    return json.dumps(forged)
missing = json.loads(text)
del missing["fields"]["deck"]
no_mask = json.loads(text)
del no_mask["mask"]
for name, forged in [
    ("float", with_players(4.0)), ("string", with_players("4")), ("bool", with_players(True)),
    ("list", json.dumps([data])), ("number", "3"), ("null", "null"), ("broken", text[:-5]),
    ("missing_field", json.dumps(missing)), ("missing_mask", json.dumps(no_mask)),
    ("not_text", None),
]:
    print(name, outcome(lambda: ENGINE.from_json(forged)))
"""
    )
    assert len(lines) == 10, lines
    for line in lines:
        assert " StateError: " in line, line
    assert "integers only" in lines[0] and "integers only" in lines[2]
    assert "missing ['deck']" in lines[7]


# ------------------------------------------------------------------------- check_state rules


GAMES = {3: {"guilds": GUILD_PHASES}, 2: {}}  # the 2-player games have the non-player phases


@functools.cache
def find_state(n: int, phase: int, need: str = "") -> State:
    """The first state in `phase` met along seeded random `n`-player games (GAMES options)
    that also meets the extra condition `need` (a key of NEEDS)."""
    for seed in range(40):
        state = ENGINE.new_game(make_config(n, **GAMES[n]), seed)
        rng = np.random.default_rng(seed)
        while True:
            if state.phase == phase and NEEDS[need](state):
                ENGINE.validate(state)  # a real state passes before the edit
                return state
            if ENGINE.is_over(state):
                break
            ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
    raise LookupError(f"no {n}-player state in phase {phase} with {need!r}")


NEEDS: dict[str, Callable[[State], bool]] = {
    "": lambda s: True,
    "not first": lambda s: s.shield[s.turn_player] > 1,  # someone's turn is over
    "card in hand": lambda s: s.hand[0].any(),
    "turn end": lambda s: s.then == THEN_END_TURN,  # the hand-limit discard after the turn
}


def _seat_done(state: State) -> int:
    """A seat whose actions turn is over (shield below the turn player's)."""
    n = state.num_players
    return int(np.flatnonzero(state.shield[:n] < state.shield[state.turn_player])[0])


def _hand_card_to_setup_discard(state: State) -> None:
    t = int(np.flatnonzero(state.hand[0])[0])
    state.hand[0, t] -= 1
    state.setup_discard[0, t] += 1


RULES: list[tuple[str, int, int, Callable[[State], None], str]] = [
    # (id, phase, players, edit, expected message part); phase may be (phase, NEEDS key)
    ("actor_not_a_seat", P_PLACEMENT, 3, lambda s: s.set("actor", 3), "actor = 3 is not a seat"),
    ("owner_not_a_seat", P_ACTIONS, 3, lambda s: s.owner.__setitem__(7, 4), "owner[7] = 4"),
    (
        "np_marker_on_a_wall",
        P_PLACEMENT,
        2,
        lambda s: s.owner.__setitem__(SITE_WALL, 3),
        f"owner[{SITE_WALL}] = 3 is a non-player marker",
    ),
    ("seat_beyond_players", P_ACTIONS, 3, lambda s: s.res.__setitem__((4, 0), 1), "res[4, 0]"),
    ("score_beyond_competitors", P_ACTIONS, 2, lambda s: s.score.__setitem__(4, 1), "score[4]"),
    (
        "shields_not_a_permutation",
        P_ACTIONS,
        3,
        lambda s: s.shield.__setitem__(0, s.shield[1]),
        "state field shield = ",
    ),
    ("elves_below_start", P_ACTIONS, 3, lambda s: s.elves.__setitem__(1, 2), "elves[1] = 2"),
    (
        "plank_on_a_market",
        P_ACTIONS,
        3,
        lambda s: s.on_plank.__setitem__((0, MARKET), 1),
        f"on_plank[0, {MARKET}] = 1",
    ),
    (
        "tax_levels_not_ascending",
        P_ACTIONS,
        3,
        lambda s: s.tax_min.__setitem__(2, s.tax_min[1]),
        "tax_min[2]",
    ),
    (
        "tax_beyond_levels",
        P_ACTIONS,
        3,
        lambda s: s.tax_gold.__setitem__(MAX_TAX_LEVELS - 1, 1),
        f"tax_gold[{MAX_TAX_LEVELS - 1}] = 1 is set beyond tax_levels",
    ),
    ("hand_limit_zero", P_ACTIONS, 3, lambda s: s.fees.__setitem__(4, 0), "fees[4] = 0"),
    ("gnome_stock_total", P_ACTIONS, 3, lambda s: s.set("gnomes_total", 18), "gnomes_total = 18"),
    (
        "guild_twice",
        P_ACTIONS,
        3,
        lambda s: s.guild_of.__setitem__(1, s.guild_of[0]),
        "guild_of[1]",
    ),
    (
        "card_changes_type",
        P_ACTIONS,
        3,
        lambda s: s.deck.__setitem__(s.deck_size - 1, (s.deck[s.deck_size - 1] + 1) % 10),
        "state fields deck, column, hand, setup_discard, built and discard hold",
    ),
    (
        "score_before_any_scoring",
        P_PLACEMENT,
        3,
        lambda s: s.score.__setitem__(0, 1),
        "score[0] = 1 is above the 0 points",
    ),
    ("month_zero_in_play", P_PLACEMENT, 3, lambda s: s.set("month", 0), "month = 0"),
    ("pending_outside_discard", P_ACTIONS, 3, lambda s: s.set("pending", 1), "pending = 1"),
    ("revealed_outside_spies", P_ACTIONS, 3, lambda s: s.revealed.__setitem__(0, 2), "revealed"),
    (
        "setup_discard_in_play",
        (P_ACTIONS, "card in hand"),
        3,
        _hand_card_to_setup_discard,
        "setup_discard[0]",
    ),
    (
        "np_dwarf_with_3_players",
        P_ACTIONS,
        3,
        lambda s: s.np_dwarf.__setitem__(0, 1),
        "np_dwarf[0] = 1 is a non-player's",
    ),
    (
        "recruiter_plank_not_in_game",
        P_PLACEMENT,
        3,
        lambda s: s.recruiter.__setitem__(2, 0),
        "recruiter[2] = 0 is a plank not used with 3 players",
    ),
    (
        "worker_left_after_turn",
        (P_ACTIONS, "not first"),
        3,
        lambda s: s.guild_worker.__setitem__(0, _seat_done(s)),
        "guild_worker = ",
    ),
    (
        "worker_unaccounted_in_placement",
        P_PLACEMENT,
        3,
        lambda s: s.avail.__setitem__((s.actor, 0), s.avail[s.actor, 0] - 1),
        "does not account for every worker",
    ),
    (
        "worker_left_at_turn_end",
        (P_DISCARD, "turn end"),
        3,
        lambda s: s.guild_worker.__setitem__(
            int(np.flatnonzero(s.guild_worker == EMPTY)[0]), s.actor
        ),
        "guild_worker = ",
    ),
    ("camp_pos_off_plank", P_CAMP, 3, lambda s: s.set("camp_pos", 3), "camp_pos = 3"),
    (
        "discard_more_than_hand",
        P_DISCARD,
        3,
        lambda s: s.set("pending", int(s.hand[s.actor].sum()) + 1),
        "pending = ",
    ),
    ("steal_first_target_self", P_STEAL, 3, lambda s: s.scratch.__setitem__(2, s.actor), "scratch"),
    (
        "spies_asked_none",
        P_SPIES_REVEAL,
        3,
        lambda s: s.scratch.__setitem__(0, 0),
        "scratch[0] = 0 is not a number of opponents asked",
    ),
    (
        "wizards_first_pick_not_a_site",
        P_WIZ_SECOND,
        3,
        lambda s: s.scratch.__setitem__(0, EMPTY),
        "scratch[0] = -1 is not a Wizards' first pick",
    ),
    (
        "architects_site_taken",
        P_ARCH_DISCOUNT,
        3,
        lambda s: s.owner.__setitem__(s.scratch[0], 1 - s.actor % 2),
        "scratch[0] = ",
    ),
    ("np_turn_not_a_non_player", P_NP_PICK, 2, lambda s: s.set("np_turn", 2), "np_turn = 2"),
    ("np_card_missing", P_NP_PLACE, 2, lambda s: s.set("np_card", EMPTY), "np_card = -1"),
    ("game_over_actor", P_GAME_OVER, 3, lambda s: s.set("actor", 0), "actor = 0 must be EMPTY"),
    ("setup_wrong_seat", P_SETUP_DISCARD, 3, lambda s: s.set("actor", 2), "setup_discard"),
    ("rng_stuck", P_ACTIONS, 3, lambda s: s.rng.__setitem__(slice(None), 0), "rng is all zero"),
    ("thieves_max_4", P_ACTIONS, 3, lambda s: s.set("thieves_max", 4), "thieves_max = 4"),
]


@pytest.mark.parametrize("phase,n,edit,message", [r[1:] for r in RULES], ids=[r[0] for r in RULES])
def test_check_state_names_the_field(phase, n, edit, message):
    phase, need = phase if isinstance(phase, tuple) else (phase, "")
    state = find_state(n, phase, need).copy()
    edit(state)
    with pytest.raises(StateError, match="belfort") as err:
        ENGINE.from_json(state.to_json())
    assert message in str(err.value)


def test_every_field_declares_bounds_and_a_value_past_them_is_rejected():
    state = find_state(3, P_ACTIONS)
    for name, bounds in LAYOUT.bounds.items():
        assert bounds is not None, f"field {name} has no bounds"
        lo, hi = bounds
        assert lo <= hi
        for value in (lo - 1, hi + 1):
            edited = state.copy()
            LAYOUT.view(edited.buf, name).flat[0] = value
            with pytest.raises(StateError, match=f"state field {name}.* = {value} is outside"):
                ENGINE.validate(edited)
    assert THIEVES_MAX_RANGE == (min(THIEVES_VARIANTS.values()), max(THIEVES_VARIANTS.values()))


# ------------------------------------------------------------------------- no false rejections

EXTREME = {
    "property_costs": {"keep": {"wood": MAX_AMOUNT, "gold": MAX_AMOUNT}},
    "property_income": {"market": MAX_AMOUNT, "bank": MAX_AMOUNT},
    "trading_post": {"autumn": {"sell": {"metal": MAX_AMOUNT}, "buy": {"wood": 0}}},
    "tax_levels": [[0, 0]] + [[i * 60, MAX_AMOUNT] for i in range(1, MAX_TAX_LEVELS)],
    "fees": {"hand_limit": MAX_AMOUNT, "gnome_hire": 0, "card_buy": MAX_AMOUNT},
}


def test_valid_states_of_every_config_round_trip():
    """30 seeded random games over every player count, the declared option cases and the
    largest data_overrides numbers: every 5th state loads back equal (no false rejection)."""
    entry = spec("belfort_v0")
    configs = [(n, {}) for n in ENGINE.player_counts] + list(entry.option_cases)
    configs += [(4, {"data_overrides": EXTREME}), (2, {"data_overrides": EXTREME})]
    rng = np.random.default_rng(2026)
    loaded = 0
    for game in range(30):
        n, options = configs[game % len(configs)]
        state = ENGINE.new_game(make_config(n, **options), int(rng.integers(2**32)))
        step = 0
        while True:
            if step % 5 == 0 or ENGINE.is_over(state):
                assert ENGINE.from_json(ENGINE.to_json(state)) == state
                loaded += 1
            if ENGINE.is_over(state):
                break
            ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
            step += 1
    assert loaded > 1000


def test_overrides_above_the_state_bounds_are_config_errors():
    with pytest.raises(ConfigError, match=r"keep.wood must be an int in \[0, 1000\]"):
        make_config(3, data_overrides={"property_costs": {"keep": {"wood": MAX_AMOUNT + 1}}})
    with pytest.raises(ConfigError, match=r"tax_levels\[1\]\[1\]"):
        make_config(3, data_overrides={"tax_levels": [[0, 0], [5, 10**6]]})
