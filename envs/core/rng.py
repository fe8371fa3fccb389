"""The only source of randomness in eurogym: a xorshift128 generator whose state is four
uint32 words stored in an int64 array, so it lives inside a game's state (copied and
serialised with it) and can be drawn from both in Python and inside numba kernels.

All arithmetic is masked to 32 bits, so nothing overflows int64 (also under NUMBA_DISABLE_JIT).
"""

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.core.options import check_seed

RNG_WORDS = 4
_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF


def seed_words(seed: int) -> np.ndarray:
    """Four non-zero 32-bit words from `seed`, well mixed by splitmix64 (so nearby seeds give
    unrelated streams). Plain Python ints: ~10x cheaper than numpy's SeedSequence.

    Every game's `new_game` seeds through here, so this is where a seed is checked: it must be
    an int in [0, 2**64) (TypeError / ValueError otherwise, see options.check_seed)."""
    x = check_seed(seed)
    words = []
    for _ in range(RNG_WORDS // 2):
        x = (x + 0x9E3779B97F4A7C15) & _MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        words += [z & _MASK32, z >> 32]
    if not any(words):
        words[0] = 1
    return np.array(words, np.int64)


@njit(**KERNEL)
def next_u32(rng):
    """Advance the generator `rng` (int64[4]) in place and return a value in [0, 2**32)."""
    t = rng[3]
    s = rng[0]
    rng[3] = rng[2]
    rng[2] = rng[1]
    rng[1] = s
    t ^= (t << 11) & _MASK32
    t ^= t >> 8
    t = t ^ s ^ (s >> 19)
    rng[0] = t
    return t


@njit(**ENTRY)
def randint(rng, n):
    """Uniform integer in [0, n) for 0 < n < 2**31 (multiply-shift, no modulo bias to speak of)."""
    return (next_u32(rng) * n) >> 32


@njit(**ENTRY)
def shuffle(rng, values, count):
    """Fisher-Yates shuffle of values[:count] in place."""
    for i in range(count - 1, 0, -1):
        j = randint(rng, i + 1)
        tmp = values[i]
        values[i] = values[j]
        values[j] = tmp


def check_words(words: np.ndarray, field: str = "rng") -> None:
    """Raise StateError unless `words` is a valid generator state: four values in [0, 2**32),
    not all zero (xorshift's one fixed point: it would draw 0 forever)."""
    from eurogym.envs.core.errors import StateError

    if words.shape != (RNG_WORDS,) or ((words < 0) | (words > _MASK32)).any():
        raise StateError(f"state field {field} must be {RNG_WORDS} words in [0, 2**32)")
    if not words.any():
        raise StateError(f"state field {field} is all zero (the generator would be stuck)")
