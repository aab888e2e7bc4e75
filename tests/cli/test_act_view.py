"""``umpire act`` says what happened, ``umpire view`` reads well on a terminal, role names ignore case (issue 12)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from tests.cli.test_cli import assert_user_error, umpire

from umpire.cli.outcome import end_reason

ORDERS = {"type": "orders", "power": "FRANCE", "orders": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"]}


def new(tmp_path: Path, ruleset: str, seed: int = 3) -> Path:
    game = tmp_path / f"{ruleset}.json"
    made = umpire("new", ruleset, "--seed", str(seed), "-o", str(game))
    assert made.returncode == 0, made.stderr
    return game


def test_act_says_what_happened_in_a_line(tmp_path: Path) -> None:
    game = new(tmp_path, "standard")
    ordered = umpire("act", str(game), "france", json.dumps(ORDERS))
    assert ordered.returncode == 0, ordered.stderr
    assert ordered.stdout.splitlines() == [
        "FRANCE: orders accepted (3 orders); Spring 1901 movement (S1901M), waiting for: AUSTRIA, ENGLAND, FRANCE,"
        " GERMANY, ITALY, RUSSIA, TURKEY"
    ]
    ready = umpire("act", str(game), "France", '{"type": "ready"}')
    assert ready.stdout.startswith(
        "FRANCE: ready; Spring 1901 movement (S1901M), waiting for: AUSTRIA, ENGLAND, GERMANY,"
    )
    resolved = umpire("act", str(game), "GM", '{"type": "resolve"}')
    assert resolved.stdout.splitlines() == [
        "gm: Spring 1901 movement (S1901M) resolved (3 orders: 3 succeeded); now Fall 1901 movement (F1901M),"
        " waiting for: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY"
    ]
    assert len(json.loads(game.read_text())["record"]["actions"]) == 3


def test_act_reports_each_refused_line_of_a_1615_submission_and_keeps_the_rest(tmp_path: Path) -> None:
    game = new(tmp_path, "europe1615")
    text = "9: WUR\nPAR-CHA\nNORM S PAR-CHA\nXYZ-ABC\n999999: PAR"
    result = umpire("act", str(game), "france", json.dumps({"type": "submit", "text": text}))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stdout.startswith("FRANCE: submission kept 3 of 5 lines (2 refused); Spring 1615 movement (S1615M)")
    assert result.stderr.splitlines() == [
        "umpire: error: line 4: 'XYZ-ABC': unknown province 'XYZ'; expected the unit's province: a province id of"
        " map 'europe1615'",
        "umpire: error: line 5: '999999: PAR': an INF amount of 6 digits is more than any power holds; expected a"
        " whole number from 1 to 21",
    ]
    saved = json.loads(game.read_text())
    assert saved["record"]["actions"] == [{"role": "FRANCE", "action": {"type": "submit", "text": text}}]
    after = umpire("act", str(game), "gm", '{"type": "resolve"}')
    assert after.returncode == 0 and after.stdout.startswith("gm: Spring 1615 movement (S1615M) resolved (")
    view = json.loads(umpire("view", str(game), "FRANCE", "--json").stdout)
    assert any(u["loc"] == "CHA" and u["nation"] == "FRANCE" for u in view["units"].values())  # the good lines ran


def test_act_on_a_megagame_desk_names_the_request_and_its_outcome(tmp_path: Path) -> None:
    game = new(tmp_path, "rr3")
    played = umpire("act", str(game), "FRANCE", '{"type": "play_card", "card": "francis_i_subsidy_1"}')
    assert played.returncode == 0, played.stderr
    assert "request i2 (france: subsidy card francis_i_subsidy_1) waits on map_control's desk" in played.stdout
    settled = umpire("act", str(game), "MAP_CONTROL", '{"type": "settle", "item": "i2", "who": "Mona"}')
    assert settled.returncode == 0, settled.stderr
    assert settled.stdout.startswith("map_control: settle accepted; i2 settled: subsidy d6 ")
    assert [a["role"] for a in json.loads(game.read_text())["record"]["actions"]] == ["france", "map_control"]


@pytest.mark.parametrize(
    ("ruleset", "typed", "role"),
    [("standard", "france", "FRANCE"), ("standard", "Gm", "gm"), ("rr3", "MAP_CONTROL", "map_control")],
)
def test_role_names_ignore_case(tmp_path: Path, ruleset: str, typed: str, role: str) -> None:
    result = umpire("view", str(new(tmp_path, ruleset)), typed)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["role"] == role


def test_an_unknown_role_lists_the_roles(tmp_path: Path) -> None:
    game = new(tmp_path, "rr3")
    assert_user_error(umpire("act", str(game), "prussia", '{"type": "ready"}'), "unknown role 'prussia'", "map_control")


def test_view_is_json_when_piped_or_asked_and_a_summary_when_asked(tmp_path: Path) -> None:
    game = new(tmp_path, "standard")
    umpire("act", str(game), "FRANCE", json.dumps(ORDERS))
    assert json.loads(umpire("view", str(game), "FRANCE").stdout)["orders"]["FRANCE"][0] == "A PAR - BUR"
    assert json.loads(umpire("view", str(game), "FRANCE", "--json").stdout)["role"] == "FRANCE"
    text = umpire("view", str(game), "FRANCE", "--text").stdout
    assert text.splitlines() == [
        "standard game, seen by FRANCE: Spring 1901 movement (S1901M); waiting for AUSTRIA, ENGLAND, FRANCE, GERMANY,"
        " ITALY, RUSSIA, TURKEY; you are not ready",
        "Your units: F BRE, A MAR, A PAR",
        "Your centres (3): BRE, MAR, PAR",
        "Orders for FRANCE: A PAR - BUR; A MAR S A PAR - BUR; F BRE - MAO",
        "You may: orders for FRANCE (F BRE, A MAR, A PAR), ready",
    ]


def test_view_on_a_terminal_is_a_summary(tmp_path: Path) -> None:
    game = new(tmp_path, "standard")
    main, child = pty.openpty()
    env = {**os.environ, "COLUMNS": "200"}
    proc = subprocess.run(
        [sys.executable, "-m", "umpire", "view", str(game), "observer"], stdout=child, stderr=child, env=env, timeout=60
    )
    os.close(child)
    out = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    assert proc.returncode == 0
    text = out.decode()
    assert text.startswith("standard game, seen by observer: Spring 1901 movement (S1901M)")
    assert "Centres: RUSSIA 4" in text and "You may: nothing now" in text


@pytest.mark.parametrize(("ruleset", "role"), [("europe1615", "FRANCE"), ("rr3", "france"), ("rr3", "map_control")])
def test_view_summaries_of_the_other_rulesets(tmp_path: Path, ruleset: str, role: str) -> None:
    text = umpire("view", str(new(tmp_path, ruleset)), role, "--text").stdout
    first, *rest = text.splitlines()
    opening = "Spring 1615 movement (S1615M)" if ruleset == "europe1615" else "phase "  # the megagame's are words
    assert first.startswith(f"{ruleset} game, seen by {role}: {opening}")
    assert rest[-1].startswith("You may: ")
    assert len(rest) < 30
    expected = {"FRANCE": "INFs left: 21", "france": "treasury", "map_control": "Desk Map Control: 0 pending"}[role]
    assert expected in text


def test_a_team_never_sees_another_teams_sheet_in_its_summary(tmp_path: Path) -> None:
    game = new(tmp_path, "rr3")
    text = umpire("view", str(game), "england", "--text").stdout
    assert "Team England" in text and "Kingdom of France:" not in text and "francis_i_" not in text


@pytest.mark.parametrize(
    ("view", "reason"),
    [
        ({"over": True, "result": {"kind": "solo", "winner": "FRANCE"}}, "victory of FRANCE, holding a majority"),
        (
            {"over": True, "phase": "S1911M", "result": {"kind": "draw", "survivors": ["ITALY", "TURKEY"]}},
            "draw among ITALY, TURKEY: the end year 1910 was reached",
        ),
        (
            {"over": True, "result": {"kind": "victory", "powers": ["SPAIN"], "reason": "SPAIN has won 5 rounds"}},
            "victory of SPAIN: SPAIN has won 5 rounds",
        ),
        (
            {
                "over": True,
                "result": {"kind": "draw", "powers": ["AUSTRIA"], "reason": "all Protestant powers are eliminated"},
            },
            "draw among AUSTRIA: all Protestant powers are eliminated",
        ),
        ({"over": True}, "ended by the game master"),
    ],
)
def test_end_reasons(view: dict[str, object], reason: str) -> None:
    assert end_reason(view).startswith(reason)


@pytest.mark.parametrize(
    ("ruleset", "year", "reason"),
    [
        (
            "standard",
            "1902",
            "Game over: draw among AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY:"
            " the end year 1902 was reached.",
        ),
        ("europe1615", "1615", "Game over: end year reached (the game was set to stop after 1615), no power won."),
    ],
)
def test_play_says_why_the_game_ended(ruleset: str, year: str, reason: str) -> None:
    result = umpire("play", ruleset, "--seed", "2", "--end-year", year)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == reason
    assert "Result: {" not in result.stdout
