"""Validated loading (issue 11): `ENGINE.from_json` accepts the states real games reach and
rejects, with a StateError naming the field, any state the kernels could not run safely:
values outside the layout's bounds, a component block the component validator would not
produce, and fields inconsistent with each other or with the component tables in use.

Hostile inputs run in a subprocess, so a regression that crashes numba code fails the test
instead of killing pytest."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from eurogym.envs.core.data import load_component_data
from eurogym.envs.core.errors import StateError
from eurogym.envs.core.registry import spec
from eurogym.envs.daitoshi.rules import ENGINE
from eurogym.envs.daitoshi.state import (
    LAYOUT,
    P_PAY,
    P_PILGRIM,
    S_CLEANUP,
    S_PRODUCE,
    STACK,
    State,
)
from eurogym.envs.daitoshi.tables import (
    FX_CHECK,
    FX_HEX_TO_TILE,
    FX_PILGRIM,
    FX_PRESTIGE,
    PARAM,
    UNIT,
)
from tests.daitoshi.helpers import new_state, start_turn


def reload(state: State) -> State:
    return ENGINE.from_json(state.to_json())


def edited(state: State, **fields) -> State:
    """A copy of `state` with fields set (scalars, or `name=(index, value)` for arrays)."""
    out = state.copy()
    for name, value in fields.items():
        if isinstance(value, tuple):
            LAYOUT.view(out.buf, name)[value[0]] = value[1]
        else:
            out.set(name, value)
    return out


def run_isolated(code: str) -> str:
    """Run `code` in a fresh interpreter; returns its stdout, fails on a crash or error."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout


def test_every_layout_field_declares_bounds():
    assert [name for name, b in LAYOUT.bounds.items() if b is None] == []
    for name, (lo, hi) in LAYOUT.bounds.items():
        assert lo <= hi, name


def test_a_fresh_game_of_every_case_passes_its_bounds():
    entry = spec("daitoshi_v0")
    for n, options in [(n, {}) for n in ENGINE.player_counts] + list(entry.option_cases):
        state = ENGINE.new_game(ENGINE.make_config(n, **options), 3)
        state.check_bounds()
        assert reload(state) == state


def test_valid_states_round_trip_at_many_points_of_30_random_games():
    """No false rejections: every player count and option case, the solo Mayor with advisors,
    states every few decisions from the start to the end of each game."""
    entry = spec("daitoshi_v0")
    configs = [(n, {}) for n in ENGINE.player_counts] + list(entry.option_cases)
    configs.append((1, {"difficulty": "master"}))
    checked = 0
    for g in range(30):
        n, options = configs[g % len(configs)]
        state = ENGINE.new_game(ENGINE.make_config(n, **options), 500 + g)
        rng = np.random.default_rng(g)
        step = 0
        while True:
            if step % 3 == 0 or ENGINE.is_over(state):
                assert reload(state) == state, (g, step)
                checked += 1
            if ENGINE.is_over(state):
                break
            legal = np.flatnonzero(ENGINE.legal_action_mask(state, ENGINE.current_player(state)))
            ENGINE.apply_action(state, int(rng.choice(legal)))
            step += 1
    assert checked > 500


# ------------------------------------------------------------------ the component block


def test_the_component_block_must_be_what_the_validator_compiles():
    s = new_state(2, 0)
    cases = [
        ("c_fx", 3, 31, "c_"),  # effect code 31 does not exist
        ("c_inv_rows", 5, 1399, "c_"),  # a reward list running off the effect pool
        ("c_nat_len", 1, 2, "c_"),  # layout bound: tracks have 3 spaces or more
        ("c_mm_block", 0, 1, "c_mm_block"),  # blocked for 0 players: not compiled
        ("c_inv_type", 0, 1, "c_inv_type"),  # the first invention is a basic one
        ("c_prestige", 0, 5, "c_prestige"),  # in range, but space 0 has no reward list
    ]
    for name, index, value, field in cases:
        bad = s.copy()
        current = LAYOUT.view(bad.buf, name).reshape(-1)
        if current[index] == value:
            value = value - 1
        current[index] = value
        with pytest.raises(StateError, match=field):
            reload(bad)


def test_a_reward_chain_cycle_in_the_block_is_rejected():
    """The stack depth (state.STACK) relies on acyclic reward chains (components.py): a block
    whose prestige space pays a prestige step would nest lists without end."""
    s = new_state(2, 0)
    start, length = (int(v) for v in s.c_prestige[1])
    assert length > 0 and s.c_fx[start] % PARAM != FX_PRESTIGE
    bad = s.copy()
    bad.c_fx[start] = FX_PRESTIGE + UNIT
    with pytest.raises(StateError, match="cycle"):
        reload(bad)


@pytest.fixture(scope="module")
def short_tracks(tmp_path_factory) -> str:
    """A replacement component file with a 10-space prestige track and an 8-space worm."""
    doc = load_component_data("eurogym.envs.daitoshi", "daitoshi.json")
    doc["prestige_track"]["spaces"] = doc["prestige_track"]["spaces"][:10]
    doc["worm_track"]["spaces"] = doc["worm_track"]["spaces"][:8]
    path = tmp_path_factory.mktemp("components") / "short.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_bounds_from_the_tables_in_use_not_the_shipped_ones(short_tracks):
    s = new_state(2, 0, components=short_tracks)
    assert reload(s) == s
    shipped = new_state(2, 0)
    assert shipped.c_prestige_len[0] > 12 and shipped.c_worm_len[0] > 9
    assert reload(edited(shipped, prestige=(0, 12))).prestige[0] == 12
    with pytest.raises(StateError, match=r"prestige\[0\]"):
        reload(edited(s, prestige=(0, 12)))
    with pytest.raises(StateError, match=r"worm\[1\]"):
        reload(edited(s, worm=(1, 9)))
    played = s.copy()
    rng = np.random.default_rng(0)
    while not ENGINE.is_over(played):
        legal = np.flatnonzero(ENGINE.legal_action_mask(played, ENGINE.current_player(played)))
        ENGINE.apply_action(played, int(rng.choice(legal)))
    assert reload(played) == played


def test_a_pilgrim_past_its_track_is_rejected():
    s = new_state(3, 0)
    t = int(np.argmin(s.c_nat_len))
    with pytest.raises(StateError, match=r"pilgrim\[0\]"):
        reload(edited(s, pilgrim=((0, t), int(s.c_nat_len[t]) + 1)))


# ------------------------------------------------------------------ consistency rules


@pytest.mark.parametrize(
    "n,fields,named",
    [
        (2, {"actor": 3}, "actor"),
        (3, {"active": 3}, "active"),
        (3, {"start_player": 3}, "start_player"),
        (2, {"seats": 3}, "seats"),
        (1, {"solo": 0}, "solo"),
        (2, {"leader": 0}, "leader"),  # a leader outside production
        (2, {"pay_p": 0}, "pay_p"),  # a payment outside its decision
        (2, {"bribe": 1}, "bribe"),  # the bribe tile without the Mayor
        (2, {"mayor_card": 3}, "mayor_card"),
        (2, {"mayor_alt": 3}, "mayor_alt"),
        (1, {"bribe_step": 2}, "bribe_step"),
        (2, {"action": 2}, "action"),  # an action outside the action step
        (2, {"draft": (1, 1)}, "draft"),  # a draft offer after the draft
        (3, {"tyc_d": (5, 0)}, r"tyc_d\[5\]"),  # a neutral tycoon with 3 players
        (2, {"tyc_d": (3, 1)}, r"tyc_d\[3\]"),  # a tycoon of no seat
        (2, {"rep": (2, 1)}, r"rep\[2:\]"),  # a row of a seat not at the table
        (2, {"rep": (1, 0)}, r"rep\[1\]"),
        (2, {"stack_n": 1}, "stack_n"),  # an effect waiting at a turn decision
        (2, {"phase": P_PILGRIM, "step": S_CLEANUP}, "stack_n"),  # a choice with no effect
        (2, {"phase": P_PAY}, "pay_p"),
        (2, {"step": S_PRODUCE}, "leader"),
        (2, {"step": S_CLEANUP}, "step"),
        (2, {"mayor_deck": (0, 1)}, "mayor_deck"),
        (2, {"mm_up_tile": (0, 1)}, "mm_up_tile"),
        (2, {"flag_time": ((0, 0), 10**5)}, r"flag_time\[0\]"),
        (2, {"rng": (slice(None), 0)}, "rng"),
        (2, {"workers": ((0, slice(None)), 2)}, r"workers\[0\]"),  # 8 on a 6-worker factory
        (1, {"steam": (1, 3)}, r"steam\[1\]"),  # the Mayor has no steam
        (2, {"slot_upper": ((0, 7), 1)}, r"slot_upper\[0\]\[7\]"),
    ],
)
def test_each_consistency_rule_names_its_field(n, fields, named):
    s = new_state(n, 4)
    start_turn(s, s.start_player)
    assert reload(s) == s
    with pytest.raises(StateError, match=named):
        reload(edited(s, **fields))


def test_hexes_must_lie_on_the_track_of_their_type():
    s = new_state(2, 0)
    river = int(s.track_hex[0, 18, 0])
    s2 = s.copy()
    s2.discard[1, 0] = river
    s2.discard_n[1] = 1
    with pytest.raises(StateError, match=r"discard\[1\]"):
        reload(s2)


def test_stack_effects_must_be_effects_of_real_seats():
    s = new_state(2, 0)
    start_turn(s, s.start_player)
    for fx, owner, named in [
        (31, 0, r"stack_fx\[0\]"),  # no such code
        (FX_PILGRIM + PARAM * 9 + UNIT, 0, r"stack_fx\[0\]"),  # track 9
        (FX_CHECK + PARAM * 16 + UNIT, 0, r"stack_fx\[0\]"),  # condition 16
        (FX_HEX_TO_TILE + PARAM * 0 + UNIT, 0, r"stack_fx\[0\]"),  # onto an inner tile
        (FX_PILGRIM + UNIT, 3, r"stack_p\[0\]"),  # seat 3 of 2
    ]:
        bad = edited(
            s, stack_n=1, stack_fx=(0, fx), stack_p=(0, owner), phase=P_PILGRIM, step=S_CLEANUP
        )
        with pytest.raises(StateError, match=named):
            reload(bad)


def test_stack_depth_is_within_the_stack():
    assert LAYOUT.bounds["stack_n"] == (0, STACK)
    s = new_state(2, 0)
    with pytest.raises(StateError, match="stack_n"):
        reload(edited(s, stack_n=STACK + 1))


# ------------------------------------------------------------------ hostile input, isolated


def test_hostile_single_fields_are_rejected_or_play_safely_in_a_subprocess():
    """The issue's probe: each field set to -1, 9, 10**6 or +-2**40 (one entry of each array)
    was accepted and often killed the process. Each must now be rejected with a StateError or
    load a state that plays 30 steps with its invariants and observation intact."""
    out = run_isolated(
        """
        import numpy as np
        from eurogym.envs.core.errors import StateError
        from eurogym.envs.core.registry import spec
        from eurogym.envs.daitoshi.rules import ENGINE
        from eurogym.envs.daitoshi.state import LAYOUT
        from eurogym.envs.daitoshi.invariants import check_invariants
        entry = spec("daitoshi_v0")
        s = ENGINE.new_game(ENGINE.make_config(1), 2)
        rng = np.random.default_rng(0)
        for _ in range(40):
            s_legal = np.flatnonzero(ENGINE.legal_action_mask(s, ENGINE.current_player(s)))
            ENGINE.apply_action(s, int(rng.choice(s_legal)))
        rejected = played = 0
        for name in LAYOUT.fields:
            for value in (-1, 9, 10**6, 2**40, -(2**40)):
                bad = s.copy()
                LAYOUT.view(bad.buf, name).reshape(-1)[0] = value
                try:
                    t = ENGINE.from_json(bad.to_json())
                except StateError:
                    rejected += 1
                    continue
                for _ in range(30):
                    if ENGINE.is_over(t):
                        break
                    legal = np.flatnonzero(ENGINE.legal_action_mask(t, ENGINE.current_player(t)))
                    ENGINE.apply_action(t, int(rng.choice(legal)))
                    check_invariants(t)
                entry.raw_env.encode(t, 0)
                entry.raw_env.render_ansi(t)
                played += 1
        print(rejected, played)
        """
    )
    rejected, played = map(int, out.split())
    assert rejected > 4 * len(LAYOUT.fields)
    assert rejected + played == 5 * len(LAYOUT.fields)


FORGED_STATES = """
from eurogym.envs.core.fuzz import in_bounds_forgeries
counts = in_bounds_forgeries("daitoshi_v0", 400, 31, 100)
print(counts["rejected"], counts["played"])
"""


def test_forged_states_with_the_rules_mask_are_rejected_or_play_safely_in_a_subprocess():
    """A forger can also write the mask the rules give, so the mask check hides nothing: 1-3
    entries of any fields, the component block's too, set inside their bounds (or one off the
    current value), the mask recomputed, then loaded. Only check_state and the invariants stand
    between such a state and the kernels; each must be rejected or play 100 steps keeping the
    invariants, its observation, view and scores."""
    rejected, played = map(int, run_isolated(FORGED_STATES).split())
    assert rejected + played == 400
    assert rejected > 100 and played > 100


def test_the_mask_is_read_only_and_a_forged_mask_is_rejected_in_a_subprocess():
    """Issue 11: writing ones into the returned mask made Daitoshi's kernels accept illegal
    actions and segfault. The mask is now a read-only view, and a stored mask with extra ones
    does not load."""
    out = run_isolated(
        """
        import base64, json
        import numpy as np
        from eurogym.envs.core.errors import StateError
        from eurogym.envs.daitoshi.rules import ENGINE
        s = ENGINE.new_game(ENGINE.make_config(2), 0)
        mask = ENGINE.legal_action_mask(s, ENGINE.current_player(s))
        try:
            mask[:] = 1
            print("writable")
        except ValueError:
            print("read-only")
        data = json.loads(s.to_json())
        forged = np.ones(s.mask.size, np.int8)
        data["mask"] = base64.b64encode(forged.tobytes()).decode()
        try:
            ENGINE.from_json(json.dumps(data))
            print("loaded")
        except StateError as err:
            print("rejected", "mask" in str(err))
        """
    )
    assert out.split() == ["read-only", "rejected", "True"]


def test_foreign_states_and_loose_json_in_a_subprocess():
    out = run_isolated(
        """
        import json
        from eurogym.envs.core.errors import StateError
        from eurogym.envs.daitoshi.rules import ENGINE
        from eurogym.envs.kingdom_builder.state import State as OtherState
        other = OtherState()  # another game's state (no kernel runs on it)
        for call in (ENGINE.apply_action, ENGINE.legal_action_mask, ENGINE.final_scores):
            try:
                call(other, 0) if call is not ENGINE.final_scores else call(other)
                print("accepted")
            except TypeError:
                print("TypeError")
        s = ENGINE.new_game(ENGINE.make_config(2), 0)
        data = json.loads(s.to_json())
        texts = []
        for value in (1.0, "1", True, None, [1]):
            d = json.loads(json.dumps(data))
            d["fields"]["actor"] = value
            texts.append(json.dumps(d))
        d = json.loads(json.dumps(data)); del d["fields"]["phase"]; texts.append(json.dumps(d))
        d = json.loads(json.dumps(data)); del d["mask"]; texts.append(json.dumps(d))
        texts += ["[1, 2]", "3", "not json", json.dumps({"game": "daitoshi_v0"})]
        texts.append(other.to_json())
        for text in texts:
            try:
                ENGINE.from_json(text)
                print("accepted")
            except StateError:
                print("StateError")
        """
    )
    lines = out.split()
    assert lines[:3] == ["TypeError"] * 3
    assert lines[3:] == ["StateError"] * (len(lines) - 3)
    assert len(lines) == 3 + 12
