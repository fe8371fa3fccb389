"""Validated loading (issue 11): `ENGINE.from_json` accepts only states the kernels can run
safely and names the field of anything else; the issue's crash repros run in subprocesses (a
regression then kills a worker, not pytest) and now get a clean StateError; valid states of every
player count round-trip at every stage of random games."""

from __future__ import annotations

import base64
import json
import queue
import re
import subprocess
import sys
import textwrap
import threading
from functools import cache

import numpy as np
import pytest

from eurogym.envs.belfort.state import State as BelfortState
from eurogym.envs.caverna_ff.actions import A_CONVERT, A_SKIP
from eurogym.envs.caverna_ff.consistency import check_state
from eurogym.envs.caverna_ff.rules import ENGINE
from eurogym.envs.caverna_ff.state import (
    LAYOUT,
    O_CAVE,
    O_FOREST,
    P_FEED,
    P_FINAL_TRADES,
    P_HARVEST_CHOICE,
    P_LOOT,
    P_ORC,
    P_PLACE,
    P_REWARD,
    State,
)
from eurogym.envs.caverna_ff.tables import FOREST, GRAIN
from eurogym.envs.core.errors import StateError
from eurogym.envs.core.fuzz import Case, run_cases

ENV_ID = "caverna_ff_v0"


@cache
def played(num_players: int, seed: int, options: str = "{}") -> tuple[State, ...]:
    """Every state of one seeded random game (the start, each decision, the end)."""
    state = ENGINE.new_game(ENGINE.make_config(num_players, **json.loads(options)), seed)
    rng = np.random.default_rng(seed)
    states = [state.copy()]
    while not ENGINE.is_over(state):
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
        states.append(state.copy())
    return tuple(states)


def in_phase(phase: int, num_players: int = 2) -> State:
    """A copy of the first state of a seeded random game that waits on `phase`."""
    for seed in range(40):
        for state in played(num_players, seed):
            if state.phase == phase:
                return state.copy()
    raise AssertionError(f"no random game reached phase {phase}")


def edited(state: State, **fields: object) -> str:
    """`state` as JSON with some fields replaced (whole values, or {index: value} entries)."""
    data = json.loads(state.to_json())
    for name, value in fields.items():
        if isinstance(value, dict):
            for where, v in value.items():
                target = data["fields"][name]
                where = where if isinstance(where, tuple) else (where,)
                for i in where[:-1]:
                    target = target[i]
                target[where[-1]] = v
        else:
            data["fields"][name] = value
    return json.dumps(data)


def test_every_field_declares_tight_bounds():
    for name, bounds in LAYOUT.bounds.items():
        assert bounds is not None, name
        lo, hi = bounds
        assert lo <= hi, name
        if name != "rng":  # every other field is far from int64's range
            assert -(2**26) < lo and hi < 2**26, name


def test_the_engine_checks_consistency_on_load():
    assert ENGINE.check_state is check_state


# ---- the issue's repros, in worker subprocesses with deadlines (envs.core.fuzz) ----------------


def test_issue_repros_are_rejected_in_a_subprocess():
    """Caverna with actor=9 wrote 120 words past its buffer in 40 steps; feed_seat=-2**40 hung
    in a kernel ignoring Ctrl-C. Now both (and similar seat and counter edits) are StateErrors
    naming the field, found by a worker process that neither crashes nor hangs."""
    state = played(2, 0)[30]
    repros = {
        "actor": {"actor": 9},
        "feed_seat": {"feed_seat": -(2**40)},
        "final_next": {"final_next": -(2**40)},
        "ev_seat": {"ev_seat": 10**6},
        "orc_hostage": {"orc_hostage": {(0, 0): 7}},
        "orc_cell": {"orc_cell": {(1, 1): 2**40}},
        "stack_n": {"stack_n": 16},
    }
    cases = [
        Case(index, name, edited(state, **fields), seed=index)
        for index, (name, fields) in enumerate(repros.items())
    ]
    outcomes = run_cases(ENV_ID, cases, case_timeout=60.0)
    for case, outcome in zip(cases, outcomes, strict=True):
        assert outcome.status == "rejected", (case.edits, outcome)
        assert case.edits in outcome.detail, (case.edits, outcome.detail)


def run_isolated(body: str, timeout: float = 60.0, start_timeout: float = 900.0) -> str:
    """Run `body` in a fresh interpreter with ENGINE imported; the body prints 'ready' once
    its kernels are compiled (up to `start_timeout` seconds on a cold cache), then may take
    `timeout` seconds more. Returns its output. Fails on a crash or a hang (a numba loop that
    never ends cannot be interrupted, so only another process can tell)."""
    prelude = "from eurogym.envs.caverna_ff.rules import ENGINE\n"
    proc = subprocess.Popen(
        [sys.executable, "-c", prelude + textwrap.dedent(body)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue = queue.Queue()

    def pump() -> None:
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    out = []
    try:
        wait = start_timeout
        while True:
            try:
                line = lines.get(timeout=wait)
            except queue.Empty:
                raise AssertionError(f"subprocess hung; output so far: {''.join(out)}") from None
            if line is None:
                break
            out.append(line)
            if line.startswith("ready"):
                wait = timeout
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, "".join(out)
    return "".join(out)


def test_a_ruby_picked_person_with_nothing_to_do_does_not_hang_the_work_phase():
    """Engine bug found by validation (flow.work_step): a person paid for with a ruby who
    can no longer do anything stayed home, but the pick was kept, so the loop picked that
    person again forever (a hang no Ctrl-C stops). The pick is now spent, as with SKIP."""
    output = run_isolated(
        """
        import numpy as np
        from eurogym.envs.caverna_ff import flow
        state = ENGINE.new_game(ENGINE.make_config(1), 3)
        flow.work_step(state.copy().buf)  # compiled before the deadline
        print("ready", flush=True)
        state.res[0] = 0  # nothing to trade or convert
        state.occupant[state.space_open == 1] = 0  # and no free space
        state.ruby_pick[0] = 2  # dwarf 1 paid for
        flow.work_step(state.buf)
        print("picks", state.ruby_pick.tolist(), "stage", state.stage, flush=True)
        print("done")
        """
    )
    assert "picks [0, 0, 0, 0, 0, 0, 0] stage 3" in output  # all stayed home: on to the harvest


def test_a_ruby_pick_then_a_conversion_plays_on():
    """The same loop reached through the engine: the picked person's only answer besides SKIP
    is a conversion that leaves nothing to do (as a state, it is now refused on load: its
    spaces are occupied by nobody of that seat)."""
    state = ENGINE.new_game(ENGINE.make_config(1), 3)
    state.res[0] = 0
    state.res[0, GRAIN] = 1
    state.occupant[state.space_open == 1] = 0
    state.ruby_pick[0] = 2
    state.set("cur_person", 1)
    state.mask[:] = ENGINE.compute_mask(state)
    assert set(np.flatnonzero(state.mask)) == {A_SKIP, A_CONVERT}
    with pytest.raises(StateError, match="occupant"):
        ENGINE.from_json(state.to_json())
    output = run_isolated(
        f"""
        from eurogym.envs.caverna_ff.state import State
        warm = ENGINE.new_game(ENGINE.make_config(1), 3)
        ENGINE.apply_action(warm, int(warm.mask.nonzero()[0][0]))
        print("ready", flush=True)
        state = State.from_json({state.to_json()!r})
        ENGINE.apply_action(state, {A_CONVERT})
        print("picks", state.ruby_pick.tolist(), "round", state.round, flush=True)
        print("done")
        """
    )
    assert "picks [0, 0, 0, 0, 0, 0, 0]" in output


def test_forged_states_carrying_the_rules_mask_are_rejected_or_play_safely():
    """A forger can also write the mask the rules give, so the mask check hides nothing: 1-3
    entries set inside their bounds (or one off the current value), the mask recomputed by the
    kernel once check_state passed, then loaded. Only check_state and the invariants stand
    between such a state and the kernels: each must be rejected, or play 120 steps keeping the
    invariants with its observation, text view and scores computable. (This kind of fuzzing
    found the two engine bugs fixed with this test file: the ruby-pick hang, animal bribes.)"""
    output = run_isolated(
        """
        import json
        from eurogym.envs.core.fuzz import in_bounds_forgeries
        print(json.dumps(in_bounds_forgeries("caverna_ff_v0", 400, 31, 120)))
        """,
        timeout=900.0,
    )
    counts = json.loads(output.splitlines()[-1])
    assert counts["rejected"] + counts["played"] == 400
    assert counts["played"] >= 80, counts  # most in-range edits of harmless fields still load


# ---- strict JSON and the engine's own guards ---------------------------------------------------


def test_the_mask_is_read_only_and_a_stored_mask_with_extra_ones_is_refused():
    state = played(3, 1)[20]
    mask = ENGINE.legal_action_mask(state, ENGINE.current_player(state))
    assert not mask.flags.writeable
    with pytest.raises(ValueError):
        mask[0] = 1
    data = json.loads(state.to_json())
    forged = state.mask.copy()
    forged[np.flatnonzero(forged == 0)[:3]] = 1  # rule-illegal actions made legal
    data["mask"] = base64.b64encode(forged.tobytes()).decode("ascii")
    with pytest.raises(StateError, match="mask disagrees"):
        ENGINE.from_json(json.dumps(data))


def test_a_state_of_another_game_raises_type_error():
    other = BelfortState()
    with pytest.raises(TypeError, match="State"):
        ENGINE.legal_action_mask(other, 0)
    with pytest.raises(TypeError):
        ENGINE.apply_action(other, 0)
    with pytest.raises(TypeError):
        ENGINE.validate(other)
    with pytest.raises(TypeError):
        ENGINE.final_scores(other)


@pytest.mark.parametrize(
    "text, match",
    [
        ("[1, 2]", "object"),
        ("not json", "parse"),
        ('{"game": "caverna_ff_v0"}', "fields"),
        ("actor=1.0", "integers only"),
        ('actor="0"', "integers only"),
        ("actor=true", "integers only"),
        ("drop=rng", "missing"),
        ("game=belfort_v0", "game"),
    ],
)
def test_malformed_json_raises_state_error(text, match):
    state = played(2, 2)[0]
    if "=" in text:
        key, value = text.split("=")
        data = json.loads(state.to_json())
        if key == "drop":
            del data["fields"][value]
        elif key == "game":
            data["game"] = value
        else:
            data["fields"][key] = json.loads(value)
        text = json.dumps(data)
    with pytest.raises(StateError, match=match):
        ENGINE.from_json(text)


# ---- check_state rules, each naming its field ----------------------------------------------------


def _some_forest_orc(state: State) -> tuple[int, int]:
    p, o = np.argwhere(state.orc_state[: state.num_players] == O_FOREST)[0]
    return int(p), int(o)


def test_bounds_reject_values_outside_a_fields_range():
    state = played(2, 3)[10]
    for fields, where in [
        ({"actor": 4}, "actor"),
        ({"tile": {(0, 3): 8}}, "tile[0, 3]"),
        ({"furn": {(1, 9): 29}}, "furn[1, 9]"),
        ({"pasture": {(0, 0): 23}}, "pasture[0, 0]"),
        ({"rng": {0: 2**32}}, "rng[0]"),
        ({"sub": {2: -3}}, "sub[2]"),
    ]:
        with pytest.raises(StateError, match=f"state field {re.escape(where)} = .* is outside"):
            ENGINE.from_json(edited(state, **fields))


RULES_2P = [
    ({"actor": 3}, "actor", "is not a seat"),
    ({"turn": 2}, "turn", "is not a seat"),
    ({"occupant": {0: 3}}, "occupant[0]", "is not a seat"),
    ({"res": {(2, 0): 1}}, "res[2:]", "beyond 2 seats"),
    ({"rounds": 12}, "rounds", "with 2 players"),
    ({"card": {11: 30}}, "card[11]", "revealed before round 12"),
    ({"marker": {0: 1}}, "marker[0]", "on a round without one"),
    ({"markers_left": {0: 4}}, "markers_left[0]", "left"),
    ({"rng": [0, 0, 0, 0]}, "rng", "all zero"),
    ({"p_card_steps": {(0, 0, 2): 1}}, "p_card_steps[0, 0, 2]", "steps"),
    ({"reward_taken": {12: 1}}, "reward_taken[12]", "row not in play"),
    ({"furn_left": {0: 98}}, "furn_left[0]", "copies"),
    ({"trap_left": {0: 0}}, "trap_left[0]", "copies"),
    ({"tile": {(0, 15): 4}}, "tile[0, 15]", "pre-printed"),
    ({"pasture": {(0, 0): 3}}, "pasture[0, 0]", "adjacent meadows"),
    ({"mine_goods": {(1, 5): 2}}, "mine_goods[1, 5]", "not a mine"),
    ({"supplier_left": {(0, 2): 5}}, "supplier_left[0, 2]", "> 4 rounds"),
    ({"weapon": {(0, 5): 3}}, "weapon[0, 5]", "absent dwarf"),
    ({"orc_hostage": {(0, 0): 7}}, "orc_hostage[0, 0]", "not in the cave"),
    ({"orc_str": {(1, 0): 6}}, "orc_str[1, 0]", "> start"),
    ({"clear_pos": 3}, "clear_pos", "outside the solo clearing"),
    ({"final_next": 2}, "final_next", "before the game's end"),
    ({"ev": 0}, "ev", "outside an orc event"),
    ({"cur_person": 7}, "cur_person", "is no person"),
    ({"stack_n": 1}, "stack[0]", "not a known op"),
    ({"stack_n": 9}, "stack_n", "pending ops"),
    ({"exp_taken": {1: 1}}, "exp_taken[1]", "never used"),
]


@pytest.mark.parametrize("fields, where, why", RULES_2P, ids=[r[1] for r in RULES_2P])
def test_check_state_names_the_inconsistent_field(fields, where, why):
    state = in_phase(P_PLACE, 2)  # round 1, seat 0 or 1 places
    with pytest.raises(StateError, match=f"state field {re.escape(where)} .*{why}"):
        ENGINE.from_json(edited(state, **fields))


def test_orc_cells_must_lie_on_their_side_of_the_board():
    state = in_phase(P_PLACE, 2)
    p, o = _some_forest_orc(state)
    mountain = int(np.flatnonzero(FOREST == 0)[0])
    with pytest.raises(StateError, match=rf"orc_cell\[{p}, {o}\] = {mountain} is not forest"):
        ENGINE.from_json(edited(state, orc_cell={(p, o): mountain}))
    cave = edited(state, orc_state={(p, o): O_CAVE})
    with pytest.raises(StateError, match=rf"orc_cell\[{p}, {o}\] = .* is off the cave"):
        ENGINE.from_json(cave)


@pytest.mark.parametrize(
    "phase, fields, where",
    [
        (P_PLACE, {"cur_person": 4}, "cur_person"),
        (P_ORC, {"ev_moving": 0}, "ev_moving"),
        (P_ORC, {"ev_card": -1, "ev_step": 0}, "ev_card"),
        (P_FEED, {"feed_seat": 2}, "feed_seat"),
        (P_FEED, {"harvest_kind": 0}, "harvest_kind"),
        (P_HARVEST_CHOICE, {"harvest_seat": 2}, "harvest_seat"),
        (P_REWARD, {"sub": {0: 7}}, "sub[0]"),
        (P_LOOT, {"exp_left": 0}, "exp_left"),
        (P_FINAL_TRADES, {"final_next": 0}, "final_next"),
        (P_FINAL_TRADES, {"stage": 1}, "stage"),
    ],
)
def test_a_decisions_working_fields_must_fit_it(phase, fields, where):
    state = in_phase(phase, 2)
    if "ev_card" in fields:  # only a moving forest orc needs its card
        state = next(
            s
            for seed in range(40)
            for s in played(2, seed)
            if s.phase == P_ORC and s.orc_state[s.actor, s.ev_letter] == O_FOREST
        )
    with pytest.raises(StateError, match=f"state field {re.escape(where)} = "):
        ENGINE.from_json(edited(state, **fields))


# ---- no false rejections -------------------------------------------------------------------------

OVERRIDES = json.dumps(
    {
        "solo_start_food": 4,
        "data_overrides": {"event_deck": [3, 3, 2, 1], "orc_gold": [0, 3, 3, 10]},
    }
)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_valid_states_round_trip_at_every_stage_of_random_games(num_players):
    """Seven random games per player count (28 in all, plus stand-in data overrides), every
    third state and the last loaded back: check_state must never refuse a state the engine
    itself produced."""
    seeds = range(100 + 7 * num_players, 107 + 7 * num_players)
    games = [played(num_players, seed) for seed in seeds]
    games.append(played(num_players, 99, OVERRIDES))
    stages = set()
    for states in games:
        for state in (*states[::3], states[-1]):
            restored = ENGINE.from_json(state.to_json())
            assert restored == state
            stages.add(state.stage)
    assert stages >= {1, 2, 3, 4}  # work, orc events, harvests, the end
