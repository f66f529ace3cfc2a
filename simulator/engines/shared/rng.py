"""Counter-based random numbers: every game draws from its own xoshiro256** stream, seeded by splitmix64
from (run seed, game index). A game's dice therefore depend on nothing but those two numbers, which makes
results identical whatever the number of threads, batches or workers."""
import numpy as np

from simulator.engines.shared.jit import engine_njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_U5 = np.uint64(5)
_U9 = np.uint64(9)
_U7 = np.uint64(7)
_U17 = np.uint64(17)
_U45 = np.uint64(45)
_U30 = np.uint64(30)
_U27 = np.uint64(27)
_U31 = np.uint64(31)
_U32 = np.uint64(32)
_U64 = np.uint64(64)
STATE_WORDS = 4


@engine_njit(inline="always")
def _rotl(x, k):
    return (x << k) | (x >> (_U64 - k))


@engine_njit
def _splitmix64(x):
    z = x + _GOLDEN
    z = (z ^ (z >> _U30)) * _MIX1
    z = (z ^ (z >> _U27)) * _MIX2
    return z ^ (z >> _U31)


@engine_njit
def seed_game(state, seed, game):
    """Fill `state` (4 uint64) with the stream of game number `game` of run `seed`."""
    x = _splitmix64(_splitmix64(np.uint64(seed)) ^ (np.uint64(game) * _GOLDEN))
    for i in range(STATE_WORDS):
        x = _splitmix64(x + np.uint64(i))
        state[i] = x
    if state[0] == 0 and state[1] == 0 and state[2] == 0 and state[3] == 0:
        state[0] = _GOLDEN


@engine_njit
def next_u64(s):
    result = _rotl(s[1] * _U5, _U7) * _U9
    t = s[1] << _U17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], _U45)
    return result


@engine_njit
def below(s, n):
    """A uniform integer in [0, n) for 0 < n < 2**32 (multiply-shift on the high 32 bits)."""
    return np.int64(((next_u64(s) >> _U32) * np.uint64(n)) >> _U32)


@engine_njit
def uniform(s):
    """A uniform float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@engine_njit
def happens(s, chance):
    """True with probability `chance`; a chance of 0 or 1 draws nothing from the stream."""
    if chance <= 0.0:
        return False
    return chance >= 1.0 or uniform(s) < chance


@engine_njit
def shuffle(s, values, n):
    """Fisher-Yates shuffle of values[:n] in place."""
    for i in range(n - 1, 0, -1):
        j = below(s, i + 1)
        values[i], values[j] = values[j], values[i]
