"""The terminal player (issue 12): a person's answers come from scripted input; each game is
played to the end through `eurogym.envs.play`, saved, and replays bit-exactly."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from eurogym import envs
from eurogym.envs.play import LEGAL_HEADER, play
from eurogym.envs.record import load_record, replay

LISTED = re.compile(r"\s+(\d+): (.+)")


class ScriptedPerson(io.TextIOBase):
    """stdin for the play CLI: answers the scripted commands first, then picks the first listed
    action each time, alternating between its number and a unique prefix of its description."""

    def __init__(self, out: io.StringIO, script: list[str]):
        self.out = out
        self.script = list(script)
        self.answers = 0

    def readline(self, size: int = -1) -> str:
        self.answers += 1
        if self.answers > 5000:  # a person stuck answering: end the game instead of hanging
            return "quit\n"
        if self.script:
            return self.script.pop(0) + "\n"
        text = self.out.getvalue()
        listed = []
        for line in text[text.rindex(LEGAL_HEADER) :].splitlines()[1:]:
            match = LISTED.fullmatch(line)
            if match is None:
                break
            listed.append(match.groups())
        number, description = listed[0]
        unique = [d for _, d in listed if d.lower().startswith(description.lower())]
        if self.answers % 2 and len(unique) == 1:
            return description + "\n"
        return number + "\n"


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_a_person_plays_a_whole_game_and_gets_a_record(env_id, tmp_path):
    out = io.StringIO()
    person = ScriptedPerson(out, ["view", "no such move", "99999"])
    recorder = play(env_id, ["human", "random"], seed=3, stdin=person, stdout=out)
    text = out.getvalue()
    assert recorder.final_scores is not None, text[-2000:]
    assert "no legal action starts with 'no such move'" in text
    assert "99999 is not one of the legal actions" in text
    assert "final scores: human (seat 0)" in text
    path = recorder.save(tmp_path / "game.json")
    record = load_record(path)
    assert record["seats"] == ["human", "random"]
    assert {m["seat"] for m in record["moves"]} == {0, 1}
    states = list(replay(path))
    engine = envs.spec(env_id).engine
    assert engine.is_over(states[-1])
    assert engine.final_scores(states[-1]).tolist() == recorder.final_scores


def test_undo_takes_back_the_persons_last_move_and_the_agents_after_it():
    out = io.StringIO()

    class UndoOnce(ScriptedPerson):
        def readline(self, size: int = -1) -> str:
            if self.answers == 3:
                self.answers += 1
                return "undo\n"
            return super().readline(size)

    person = UndoOnce(out, [])  # three answers (by number or prefix), then undo
    recorder = play("kingdom_builder_v0", ["human", "random"], seed=1, stdin=person, stdout=out)
    text = out.getvalue()
    assert re.search(r"undid [1-9]\d* move\(s\), back to your decision", text)
    assert recorder.final_scores is not None
    assert envs.spec("kingdom_builder_v0").engine.is_over(list(replay(recorder.to_dict()))[-1])


def test_undo_before_any_move_says_so():
    out = io.StringIO()
    person = ScriptedPerson(out, ["undo", "quit"])
    recorder = play("belfort_v0", ["human", "random"], seed=0, stdin=person, stdout=out)
    assert "nothing of yours to undo" in out.getvalue()
    assert recorder.moves == [] or all(m["seat"] != 0 for m in recorder.moves)


def test_play_cli_runs_from_the_command_line_with_piped_input(tmp_path):
    record = tmp_path / "cli.json"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "eurogym.envs.play",
            "kingdom_builder_v0",
            "--players",
            "2",
            "--seats",
            "human,heuristic",
            "--record",
            str(record),
        ],
        input="build\nview\nquit\n",
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert "fits" in result.stdout  # "build" names several actions
    assert "stopped; the record holds the game so far" in result.stdout
    assert load_record(record)["final_scores"] is None
