"""The command line as a user meets it: each command works, and every user error is one line and exit 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest


def umpire(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "umpire", *args], input=stdin, capture_output=True, text=True, cwd=cwd, timeout=120
    )


def assert_user_error(result: subprocess.CompletedProcess[str], *phrases: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("umpire: error: "), result.stderr
    for phrase in phrases:
        assert phrase in lines[0], (phrase, lines[0])


def test_rulesets_lists_both_diplomacy_games() -> None:
    out = umpire("rulesets").stdout
    assert "standard:" in out and "europe1615:" in out
    assert "option millennium_adjustment (default true; true, false)" in out  # EMP-P10


def test_new_view_act_replay(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    assert umpire("new", "standard", "--seed", "4", "-o", str(game)).returncode == 0
    view = json.loads(umpire("view", str(game), "FRANCE").stdout)
    assert view["phase"] == "S1901M" and view["role"] == "FRANCE"
    act = umpire("act", str(game), "FRANCE", json.dumps({"type": "orders", "orders": ["A PAR - BUR"]}))
    assert act.returncode == 0, act.stderr
    assert umpire("act", str(game), "gm", '{"type": "resolve"}').returncode == 0
    replayed = umpire("replay", str(game))
    assert replayed.returncode == 0 and "replayed 2 actions" in replayed.stderr
    assert "A BUR" in json.loads(replayed.stdout)["units"]["FRANCE"]


@pytest.mark.parametrize(
    ("args", "phrases"),
    [
        (("new", "chess"), ("unknown ruleset 'chess'", "standard")),
        (("new", "standard", "-O", "rules=1999"), ("option 'rules' cannot be 1999",)),
        (("new", "standard", "-O", "oops"), ("NAME=VALUE",)),
        (("new", "standard", "--scenario", "1066"), ("unknown scenario",)),
        (("view", "missing.json", "FRANCE"), ("cannot read missing.json",)),
        (("view",), ("Missing argument 'game'", "umpire view --help")),
        (("new", "standard", "--seed", "x"), ("Invalid value for '--seed'",)),
        (("new", "standard", "--bogus"), ("No such option: --bogus",)),
        (("frobnicate",), ("No such command 'frobnicate'",)),
    ],
)
def test_user_errors_are_one_line(args: tuple[str, ...], phrases: tuple[str, ...], tmp_path: Path) -> None:
    assert_user_error(umpire(*args, cwd=tmp_path), *phrases)


def test_bad_files_roles_and_actions(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert_user_error(umpire("view", str(bad), "FRANCE"), "not valid JSON", "line 1 column 2")
    game = tmp_path / "g.json"
    umpire("new", "standard", "-o", str(game))
    before = game.read_text()
    assert_user_error(umpire("view", str(game), "PRUSSIA"), "unknown role 'PRUSSIA'")
    assert_user_error(umpire("act", str(game), "FRANCE", "{oops"), "action is not valid JSON")
    assert_user_error(
        umpire("act", str(game), "FRANCE", '{"type": "orders", "orders": ["A MUN - RUH"]}'), "FRANCE has no unit in MUN"
    )
    assert game.read_text() == before  # nothing already accepted is lost
    tampered = json.loads(before)
    tampered["state"]["phase"] = "F1905M"
    game.write_text(json.dumps(tampered))
    assert_user_error(umpire("replay", str(game)), "differs from what its action log replays to")


def test_adjudicate_jsonl_keeps_going_after_a_bad_line() -> None:
    good = {"id": "1", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}
    result = umpire("adjudicate", "--variant", "standard", "--jsonl", stdin=json.dumps(good) + "\n{bad\n")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers[0]["units"] == {"FRANCE": ["A BUR"]} and "error" in answers[1]


@pytest.mark.parametrize(
    ("ruleset", "year", "closing"), [("standard", "1902", "Centres now"), ("europe1615", "1615", "Rounds won")]
)
def test_play_prints_a_whole_bot_game(ruleset: str, year: str, closing: str) -> None:
    result = umpire("play", ruleset, "--seed", "2", "--end-year", year)
    assert result.returncode == 0, result.stderr
    assert closing in result.stdout
    assert_user_error(umpire("play", ruleset, "--level", "superhuman"), "unknown bot level 'superhuman'")


def test_play_empires2_runs_a_scenario_to_its_last_round() -> None:
    result = umpire("play", "empires2", "--scenario", "charlemagne", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert "Game over: the last of the scenario's 9 rounds is played." in result.stdout
    assert re.search(r"On victory points \(rewrite 26\.0\): (.+ wins|a draw)\.", result.stdout)
    assert_user_error(umpire("play", "empires2", "--scenario", "atlantis"), "unknown scenario 'atlantis'")
    assert_user_error(umpire("play", "empires2", "--end-year", "800"), "no end year")


def test_selfplay_empires2_has_bots_now() -> None:
    result = umpire("selfplay", "empires2", "--games", "2", "--workers", "2", "--seed", "4")
    assert result.returncode == 0, result.stderr
    games = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(games) == 2 and all(game["over"] for game in games)
