"""The shared input checks (envs.core.options), seeds, and game discovery by the registry."""

import sys

import numpy as np
import pytest

import eurogym.envs
from eurogym.envs.core import options, registry, rng
from eurogym.envs.core.errors import ConfigError


@pytest.mark.parametrize("value", [3, np.int8(3), np.uint64(3)])
def test_check_int_takes_python_and_numpy_ints_and_returns_a_python_int(value):
    assert type(options.check_int("x", value, 0, 5)) is int


@pytest.mark.parametrize("value", [True, np.True_, 3.0, "3", None, [3], 6, -1])
def test_check_int_rejects_bools_non_ints_and_out_of_range(value):
    with pytest.raises(ConfigError, match="x must be an int in \\[0, 5\\]"):
        options.check_int("x", value, 0, 5)


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_check_bool_takes_only_bools(value):
    with pytest.raises(ConfigError, match="flag"):
        options.check_bool("flag", value)
    assert options.check_bool("flag", np.False_) is False


@pytest.mark.parametrize("value", [None, 1, ["a"], "c"])
def test_check_choice_takes_only_the_listed_strings(value):
    with pytest.raises(ConfigError, match="mode"):
        options.check_choice("mode", value, ("a", "b"))


def test_seeds_are_never_reduced_mod_2_64():
    """2**64 used to play the same game as 0, and -1 the same as 2**64 - 1."""
    assert rng.seed_words(2**64 - 1).tolist() != rng.seed_words(0).tolist()
    assert rng.seed_words(np.uint64(2**64 - 1)).tolist() == rng.seed_words(2**64 - 1).tolist()
    for bad in (2**64, -1):
        with pytest.raises(ValueError, match="seed"):
            rng.seed_words(bad)
    for bad in ("abc", 1.0, True, None):
        with pytest.raises(TypeError, match="seed"):
            rng.seed_words(bad)


def test_registry_finds_the_game_folders_in_name_order():
    modules = registry.game_modules()
    assert modules == sorted(modules)
    # every registered id comes from one of these folders (caverna_ff holds v0 and v1)
    packages = {eurogym.envs.spec(e).data_package for e in eurogym.envs.list_envs()}
    assert modules == sorted(f"{package}.env" for package in packages)


def test_a_new_folder_with_an_env_module_is_a_game(tmp_path, monkeypatch):
    """A game is one folder: a package with an `env` module is found with no list to edit; a
    package without one is not a game, and neither is core."""
    for name, files in (("toy", ("__init__.py", "env.py")), ("helpers", ("__init__.py",))):
        (tmp_path / name).mkdir()
        for file in files:
            (tmp_path / name / file).write_text("")
    monkeypatch.setattr(eurogym.envs, "__path__", [*eurogym.envs.__path__, str(tmp_path)])
    try:
        modules = registry.game_modules()
    finally:
        for name in ("eurogym.envs.toy", "eurogym.envs.toy.env", "eurogym.envs.helpers"):
            sys.modules.pop(name, None)
    assert "eurogym.envs.toy.env" in modules
    assert "eurogym.envs.helpers.env" not in modules and "eurogym.envs.core.env" not in modules
