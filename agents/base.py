"""What every agent implements, a loop that plays one game between agents, and the sampling
of hidden information ("determinization") that search agents need.

Agents work on the functional engine (envs.core.engine.Engine), not on the PettingZoo env:
search needs `state.copy()` and `apply_action`, and a tournament game is then a plain loop
with no AEC bookkeeping. An agent receives the full state, hidden parts included, so it is
an agent's own duty not to read what its seat cannot see; `determinize` is how a searching
agent replaces those parts by a sample consistent with its own view before it looks ahead.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from eurogym import envs

RNG_FIELD = "rng"  # the secret field holding a state's own generator words (envs.core.rng)

Determinizer = Callable[[Any, int, np.random.Generator], None]


@runtime_checkable
class Agent(Protocol):
    """A player: picks a legal action for `player` in `state`.

    `act` must not mutate `state` (it may copy it) and must return an action whose entry in
    `engine.legal_action_mask(state, player)` is non-zero.
    """

    name: str

    def act(self, engine: Any, state: Any, player: int) -> int: ...


def legal_actions(engine: Any, state: Any, player: int) -> np.ndarray:
    """The legal action indices for `player`; raises ValueError if there are none (which means
    it is not that player's decision), so an agent is never silently asked out of turn."""
    legal = np.flatnonzero(engine.legal_action_mask(state, player))
    if legal.size == 0:
        raise ValueError(f"player {player} has no legal action (not their decision?)")
    return legal


def play_game(
    engine: Any,
    agents: Sequence[Agent],
    seed: int,
    config: Any = None,
    max_decisions: int = 100_000,
    recorder: Any = None,
) -> np.ndarray:
    """Play one game, seat i driven by agents[i]; returns `engine.final_scores` (per seat).

    Args:
        engine: the game's functional engine.
        agents: one agent per seat; their count is the player count unless `config` is given.
        seed: the game seed (board set-up and every chance event).
        config: an engine config; by default `engine.make_config(len(agents))`.
        max_decisions: safety cap; a game still running past it raises RuntimeError.
        recorder: an `eurogym.envs.record.Recorder` for this game (same seed and config) that
            records every move and the final scores.

    Raises:
        ValueError: an agent returned an action its mask forbids (named in the message), so a
            buggy agent fails loudly instead of being silently corrected.
    """
    config = engine.make_config(len(agents)) if config is None else config
    state = engine.new_game(config, seed)
    for _ in range(max_decisions):
        if engine.is_over(state):
            return engine.final_scores(state)
        player = engine.current_player(state)
        action = int(agents[player].act(engine, state, player))
        mask = engine.legal_action_mask(state, player)
        if not 0 <= action < mask.shape[0] or not mask[action]:
            name = agents[player].name
            raise ValueError(f"agent {name!r} (seat {player}) chose illegal action {action}")
        if recorder is not None:
            recorder.record(state, action)
        engine.apply_action(state, action)
        if recorder is not None and engine.is_over(state):
            recorder.finish(state)
    raise RuntimeError(f"game did not end within {max_decisions} decisions")


def win_shares(scores: np.ndarray) -> np.ndarray:
    """1 to the single top scorer and 0 to the rest; k tied top scorers get 1/k each."""
    top = scores == scores.max()
    return top / top.sum()


def hidden_fields(env_id: str) -> tuple[str, ...]:
    """The state fields some seat cannot see: others' private fields and the secret ones."""
    spec = envs.spec(env_id)
    return spec.private_fields + spec.secret_fields


def observation_key(env_id: str, state: Any, player: int) -> int:
    """A 32-bit hash of exactly what `player` sees of `state` (hidden parts blanked).

    Seeding an agent's randomness with it makes its choice a pure function of (agent seed,
    own view): the same view always gives the same action, whatever was played before, and
    the hidden truth cannot leak into the sampling.
    """
    spec = envs.spec(env_id)
    view = state.copy()
    for field in spec.private_fields:
        values = getattr(view, field)
        mine = values[player].copy()
        values[...] = 0
        values[player] = mine
    for field in spec.secret_fields:
        getattr(view, field)[...] = 0
    return zlib.crc32(view.to_json().encode())


def fresh_rng_words(rng: np.random.Generator) -> np.ndarray:
    """New generator words for a state (envs.core.rng layout: four uint32 words, not all
    zero, stored as int64), drawn straight from `rng`'s bit generator. One call, several
    times cheaper than `seed_words`, which matters once per MCTS simulation."""
    words = np.frombuffer(rng.bit_generator.random_raw(2).tobytes(), np.uint32).astype(np.int64)
    if not words.any():
        words[0] = 1
    return words


def determinize(env_id: str, state: Any, player: int, rng: np.random.Generator) -> Any:
    """A copy of `state` whose hidden parts are resampled consistently with `player`'s view.

    The generic part reseeds the state's own generator (secret field `rng`), so future
    shuffles are unknown; anything else hidden (other hands, deck order) is resampled by the
    game's function in DETERMINIZERS. A perfect-information game is simply copied.

    Raises:
        NotImplementedError: the game hides more than its RNG and registers no determinizer.
    """
    out = state.copy()
    hidden = hidden_fields(env_id)
    if RNG_FIELD in hidden:
        getattr(out, RNG_FIELD)[:] = fresh_rng_words(rng)
    if set(hidden) - {RNG_FIELD}:
        fn = DETERMINIZERS.get(env_id)
        if fn is None:
            raise NotImplementedError(
                f"{env_id} hides {sorted(set(hidden) - {RNG_FIELD})} but registers no determinizer "
                "in agents.base.DETERMINIZERS"
            )
        fn(out, player, rng)
    return out


def _determinize_kingdom_builder(state: Any, player: int, rng: np.random.Generator) -> None:
    """Kingdom Builder hides the other players' terrain cards and the draw pile's order; the
    discard and removed piles and the played card are public. So the unseen cards are the
    other hands plus the draw pile: shuffle that pool, deal the hands back, refill the pile
    (same sizes, same multiset). The pool is sorted first so the sample depends on the
    generator alone, never on the true arrangement."""
    hand = state.hand
    others = [q for q in range(state.num_players) if q != player and hand[q] >= 0]
    size = state.deck_size
    pool = np.sort(np.concatenate([hand[others], state.deck[:size]]))  # forget the true order
    rng.shuffle(pool)
    hand[others] = pool[: len(others)]
    state.deck[:size] = pool[len(others) :]


def _determinize_belfort(state: Any, player: int, rng: np.random.Generator) -> None:
    """Belfort hides which cards the other players hold (how many is public), their pending
    setup discards, and the deck order; the column, discard pile and built cards are public.
    So the unseen cards are those hands, those setup discards and the deck: pool them by
    type (which forgets the true arrangement), shuffle, and deal them back in the same
    sizes."""
    n = state.num_players
    others = [q for q in range(n) if q != player]
    size = state.deck_size
    counts = state.hand[others].sum(axis=0) + state.setup_discard[others].sum(axis=0)
    counts += np.bincount(state.deck[:size], minlength=counts.shape[0])
    pool = np.repeat(np.arange(counts.shape[0]), counts)
    rng.shuffle(pool)
    at = 0
    for field in ("hand", "setup_discard"):
        rows = getattr(state, field)
        for q in others:
            take = int(rows[q].sum())
            rows[q] = np.bincount(pool[at : at + take], minlength=rows.shape[1])
            at += take
    state.deck[:size] = pool[at:]


def _determinize_daitoshi(state: Any, player: int, rng: np.random.Generator) -> None:
    """Daitoshi hides the invention and tile piles' order, the Mayor deck and the hexes on the
    nature tracks; the game's own resampler lives with its rules."""
    from eurogym.envs.daitoshi.determinize import resample_hidden

    resample_hidden(state, player, rng)


DETERMINIZERS: dict[str, Determinizer] = {
    "kingdom_builder_v0": _determinize_kingdom_builder,
    "belfort_v0": _determinize_belfort,
    "daitoshi_v0": _determinize_daitoshi,
}
