"""Shared core: RNG, hex grid kernels (against obvious Python twins), ranking, flat state,
registry and data provenance."""

import numpy as np
import pytest

from eurogym import envs
from eurogym.envs.core import hexgrid, ranking, rng
from eurogym.envs.core.data import classify_source, iter_data
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.flatstate import FlatState, Layout
from eurogym.envs.core.testing import random_legal_action


def test_rng_is_deterministic_and_roughly_uniform():
    a, b = rng.seed_words(42), rng.seed_words(42)
    draws_a = [rng.randint(a, 6) for _ in range(6000)]
    draws_b = [rng.randint(b, 6) for _ in range(6000)]
    assert draws_a == draws_b
    counts = np.bincount(draws_a, minlength=6)
    assert counts.min() > 850 and counts.max() < 1150
    assert rng.seed_words(1).tolist() != rng.seed_words(2).tolist()


def test_shuffle_is_a_permutation():
    words = rng.seed_words(0)
    values = np.arange(25, dtype=np.int64)
    rng.shuffle(words, values, 25)
    assert sorted(values.tolist()) == list(range(25)) and values.tolist() != list(range(25))


def test_neighbour_table_matches_spec_s2_1_and_is_symmetric():
    nbr = hexgrid.neighbour_table(20, 20)
    # §2.1: even row (4,5) -> (3,4) (3,5) (4,4) (4,6) (5,4) (5,5); odd row (5,5) -> (4,5) (4,6) ...
    assert sorted(nbr[4 * 20 + 5]) == sorted(
        r * 20 + c for r, c in [(3, 4), (3, 5), (4, 4), (4, 6), (5, 4), (5, 5)]
    )
    assert sorted(nbr[5 * 20 + 5]) == sorted(
        r * 20 + c for r, c in [(4, 5), (4, 6), (5, 4), (5, 6), (6, 5), (6, 6)]
    )
    for h in range(400):
        for d in range(6):
            m = nbr[h, d]
            if m >= 0:
                assert nbr[m, (d + 3) % 6] == h  # opposite direction leads back
                assert hexgrid.hex_distance(divmod(h, 20), divmod(m, 20)) == 1


def test_edge_mask_is_the_outer_border():
    edge = hexgrid.edge_mask(hexgrid.neighbour_table(20, 20)).reshape(20, 20)
    expected = np.zeros((20, 20), bool)
    expected[0, :] = expected[-1, :] = expected[:, 0] = expected[:, -1] = True
    assert (edge == expected).all()


def test_walk_follows_spec_paddock_example():
    nbr = hexgrid.neighbour_table(20, 20)
    start = 4 * 20 + 5  # §2.2: from (4,5): E (4,7), W (4,3), NE (2,6), NW (2,4), SE (6,6), SW (6,4)
    expected = {"E": (4, 7), "W": (4, 3), "NE": (2, 6), "NW": (2, 4), "SE": (6, 6), "SW": (6, 4)}
    for d, name in enumerate(hexgrid.DIRECTION_NAMES):
        assert divmod(hexgrid.walk(nbr, start, d, 2), 20) == expected[name]
    assert hexgrid.walk(nbr, 0, 3, 1) == hexgrid.NO_HEX


def _components_reference(nbr, values, value):
    seen, count = set(), 0
    for h in np.flatnonzero(values == value):
        if h in seen:
            continue
        count += 1
        todo = [h]
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            todo += [m for m in nbr[x] if m >= 0 and values[m] == value]
    return count


@pytest.mark.parametrize("seed", range(20))
def test_label_components_matches_reference(seed):
    nbr = hexgrid.neighbour_table(20, 20)
    values = np.random.default_rng(seed).integers(0, 3, 400)
    labels = np.empty(400, np.int64)
    count = hexgrid.label_components(nbr, values, 1, labels)
    assert count == _components_reference(nbr, values, 1)
    for h in range(400):
        for m in nbr[h]:
            if m >= 0 and values[h] == 1 and values[m] == 1:
                assert labels[h] == labels[m]
    assert (labels[values != 1] == -1).all()


def test_has_line_beyond_needs_a_full_run():
    nbr = hexgrid.neighbour_table(20, 20)
    values = np.zeros(400, np.int64)
    values[[101, 102, 103]] = 1  # row 5, cols 1-3
    assert hexgrid.has_line_beyond(nbr, 100, values, 1, 3) and hexgrid.has_line_beyond(
        nbr, 104, values, 1, 3
    )
    values[103] = 0
    assert not hexgrid.has_line_beyond(nbr, 100, values, 1, 3)


@pytest.mark.parametrize(
    "counts,min_other,expected",
    [
        ([8, 8, 6, 2], 0, [0, 0, 1, -1]),  # tie for first keeps second place (§10 Lords)
        ([3, 0, 0], 0, [0, 1, 1]),  # D8: zero can be second
        ([3, 0, 0], 1, [0, -1, -1]),  # D8 flag off
        ([0, 0, 0], 0, [-1, -1, -1]),  # nobody present: nobody places
        ([5, 5], 0, [0, 0]),
    ],
)
def test_dense_places(counts, min_other, expected):
    places = np.empty(len(counts), np.int64)
    ranking.dense_places(np.array(counts, np.int64), 2, 1, min_other, places)
    assert places.tolist() == expected


class _Toy(FlatState):
    __slots__ = ()
    LAYOUT = Layout([("a", (3,)), ("b", ()), ("c", (2, 2))])
    NUM_ACTIONS = 4
    GAME = "toy_v0"


def test_flat_state_fields_copy_and_json():
    s = _Toy()
    s.a[:] = [1, -2, 3]
    s.set("b", 7)
    s.c[1, 0] = 9
    s.mask[2] = 1
    assert s.b == 7 and s.LAYOUT.size == 8
    t = _Toy.from_json(s.to_json())
    assert t == s and t.c[1, 0] == 9
    u = s.copy()
    u.a[0] = 5
    assert s.a[0] == 1
    with pytest.raises(ValueError, match="shape"):
        _Toy.from_json(s.to_json().replace('"b": 7', '"b": [7, 7]'))
    with pytest.raises(AttributeError):
        _ = s.nope


def test_random_legal_action_only_picks_legal():
    mask = np.zeros(50, np.int8)
    mask[[3, 17, 40]] = 1
    words = rng.seed_words(0)
    picks = {random_legal_action(mask, words) for _ in range(200)}
    assert picks == {3, 17, 40}
    assert random_legal_action(np.zeros(5, np.int8), words) == -1


def test_registry_lists_and_rejects_unknown_ids_and_options():
    assert "kingdom_builder_v0" in envs.list_envs()
    with pytest.raises(ConfigError, match="unknown env"):
        envs.make("nope_v0")
    with pytest.raises(ConfigError, match="unknown kingdom_builder option"):
        envs.make("kingdom_builder_v0", colour="red")
    with pytest.raises(ConfigError, match="num_players"):
        envs.make("kingdom_builder_v0", num_players=6)
    with pytest.raises(ConfigError, match="reward_mode"):
        envs.make("kingdom_builder_v0", reward_mode="elo")


def test_source_tags_classify_by_weakest_source():
    assert classify_source("seed") == "seed"
    assert classify_source("seed; public:x") == "public"
    assert classify_source("seed; assumed (D8)") == "assumed"
    assert classify_source("stand-in") == "stand-in"
    with pytest.raises(ValueError):
        classify_source("vibes")
    data = {"source": "seed", "items": [{"id": "a", "source": "public:bga"}, {"id": "b", "x": 1}]}
    assert [d.tag for d in iter_data("f.json", data)] == ["seed", "public"]


def test_sibling_source_fields_are_data_items():
    """Belfort's data tags fields as `<name>_source` siblings, also per part."""
    data = {"cost": 3, "cost_source": "assumed (D4)", "sum": 5, "sum_source": "derived"}
    data["months"] = [1, 2]
    data["months_source"] = {"spring": "seed", "split": "public:blog"}
    items = {d.path: d.tag for d in iter_data("f.json", {"p": data})}
    assert items == {
        "p.cost": "assumed",
        "p.sum": "derived",
        "p.months.spring": "seed",
        "p.months.split": "public",
    }


def test_provenance_cli_prints_counts(capsys):
    from eurogym.envs import provenance

    provenance.main(["--list"])
    out = capsys.readouterr().out
    assert "kingdom_builder_v0" in out and "boards.json" in out and "assumed" in out
