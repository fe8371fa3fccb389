"""render_mode="human" on every env (issue 12): PettingZoo's render_test passes, and the human
mode prints the text view."""

from __future__ import annotations

import pytest
from pettingzoo.test import render_test

from eurogym import envs


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_pettingzoo_render_test_passes(env_id):
    render_test(lambda render_mode=None: envs.make(env_id, num_players=2, render_mode=render_mode))


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_human_mode_prints_the_ansi_view(env_id, capsys):
    human = envs.make(env_id, num_players=2, seed=1, render_mode="human")
    ansi = envs.make(env_id, num_players=2, seed=1, render_mode="ansi")
    human.reset()
    ansi.reset()
    assert human.render() is None
    assert capsys.readouterr().out.strip() == ansi.render().strip()
