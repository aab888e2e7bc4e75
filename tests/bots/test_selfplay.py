"""The self-play runner: the task function, the process pool, JSON lines, the summary, the CLI and Ray."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from umpire.bots.registry import register_bots
from umpire.cli.args import UsageError, parse_options
from umpire.cli.selfplay import SelfplayError, parse_bots, parse_levels, selfplay, selfplay_command
from umpire.selfplay import (
    GameSpec,
    make_specs,
    order_kind,
    outcome,
    play_one,
    run_games,
    seat_levels,
    summarize,
    summary_table,
    wilson,
)

KEYS = {
    "ruleset", "game", "seed", "options", "levels", "winner", "kind", "rounds_won", "scores", "centres",
    "over", "phases", "final_phase", "actions", "seconds", "winners",
}  # fmt: skip


def check_line(line: str) -> dict[str, Any]:
    result = json.loads(line)
    assert set(result) >= KEYS and "error" not in result
    assert result["over"] is True
    assert abs(sum(result["scores"].values()) - 1.0) < 1e-4
    assert result["phases"] > 0 and result["actions"] > 0
    return result


def test_play_one_reports_a_complete_game() -> None:
    result = play_one("standard", 3, ["normal", "random"], {"end_year": 1902}, index=1)
    check_line(json.dumps(result))
    assert result["final_phase"] == "S1903M" and result["kind"] == "draw" and result["winner"] is None
    assert result["levels"]["AUSTRIA"] == "random" and result["levels"]["ENGLAND"] == "normal"
    assert sum(result["centres"].values()) <= 34


def test_default_options_and_levels() -> None:
    result = play_one("standard", 1, None, {"end_year": 1902})
    assert set(result["levels"].values()) == {"normal"}
    spec = make_specs("standard", 2, seed=7)[1]
    assert spec == GameSpec("standard", 8, ("normal",), {}, 1, None, False)
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_specs("standard", 1, levels=["expert"])


def test_two_games_on_two_workers_write_json_lines(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    stdout = io.StringIO()
    summary = selfplay_command(
        "standard", games=2, workers=2, seed=40, levels=["normal,random"], out=str(out),
        options=["end_year=1905"], progress=False, stdout=stdout, stderr=io.StringIO(),
    )  # fmt: skip
    lines = out.read_text().splitlines()
    assert len(lines) == 2
    results = sorted((check_line(line) for line in lines), key=lambda r: r["game"])
    assert [r["seed"] for r in results] == [40, 41]
    assert all(r["final_phase"] == "S1906M" or r["winner"] for r in results)
    assert summary["games"] == 2 and summary["errors"] == 0
    assert set(summary["levels"]) == {"normal", "random"}
    assert "mean score" in stdout.getvalue()
    # the same games in one process are the same games
    again = run_games(make_specs("standard", 2, 40, ["normal", "random"], {"end_year": 1905}), workers=1)
    for first, second in zip(results, again, strict=True):
        first.pop("seconds"), second.pop("seconds"), first.pop("think"), second.pop("think")
        assert first == second


def test_cli_command_through_typer(tmp_path: Path) -> None:
    app = typer.Typer()
    app.command()(selfplay)
    app.command("other")(lambda: None)  # a second command so that the command is named, as in umpire
    runner = CliRunner()
    out = tmp_path / "cli.jsonl"
    got = runner.invoke(
        app,
        ["selfplay", "standard", "--games", "2", "--workers", "1", "--seed", "3", "--levels", "hard",
         "--levels", "easy", "-O", "end_year=1902", "--out", str(out), "--no-progress"],
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    assert len(out.read_text().splitlines()) == 2
    assert "hard" in got.output and "easy" in got.output
    bad = runner.invoke(app, ["selfplay", "standard", "--games", "0"])
    assert bad.exit_code != 0 and isinstance(bad.exception, SelfplayError)


def test_argument_parsing_and_errors() -> None:
    assert parse_levels(["normal,random", " hard "]) == ["normal", "random", "hard"]
    assert parse_options(["end_year=1910", "rules=2023", "x=null"]) == {
        "end_year": 1910, "rules": 2023, "x": None,
    }  # fmt: skip
    with pytest.raises(UsageError, match="NAME=VALUE"):
        parse_options(["oops"])
    with pytest.raises(SelfplayError, match="--workers"):
        selfplay_command("standard", games=1, workers=0)
    with pytest.raises(SelfplayError, match="unknown bot level"):
        selfplay_command("standard", games=1, levels=["superhuman"])
    with pytest.raises(SelfplayError, match="cannot write"):
        selfplay_command("standard", games=1, out="/nonexistent/dir/x.jsonl", options=["end_year=1902"])


SEVEN = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_bots_per_seat_parsing() -> None:
    assert parse_bots(["france=hard", "Turkey=random"], SEVEN) == {"FRANCE": "hard", "TURKEY": "random"}
    assert parse_bots(["dumbbot,random,random", "random,random,random,hard"], SEVEN)["TURKEY"] == "hard"
    assert parse_bots(None, SEVEN) == {}
    with pytest.raises(SelfplayError, match=r"one level per seat \(7: AUSTRIA"):
        parse_bots(["hard,normal"], SEVEN)
    with pytest.raises(SelfplayError, match="no seat 'PRUSSIA'"):
        parse_bots(["PRUSSIA=hard"], SEVEN)
    with pytest.raises(SelfplayError, match="twice"):
        parse_bots(["FRANCE=hard,france=normal"], SEVEN)
    with pytest.raises(SelfplayError, match="not both"):
        parse_bots(["FRANCE=hard,normal"], SEVEN)


def test_a_seat_keeps_its_level_in_every_game_and_the_orders_are_counted() -> None:
    specs = make_specs("standard", 2, 9, ["random"], {"end_year": 1902}, seats={"FRANCE": "normal"})
    assert specs[1].seats == (("FRANCE", "normal"),)
    results = run_games(specs)
    for result in results:
        assert result["levels"]["FRANCE"] == "normal"
        assert set(result["levels"].values()) == {"normal", "random"}
        france = result["orders"]["FRANCE"]
        assert france["phases"] == 4  # S1901, F1901, S1902, F1902
        assert france["hold"] + france["move"] + france["support"] >= 12
        calls, total, most = result["think"]["FRANCE"]
        assert calls >= 4 and 0 <= most <= total
    with pytest.raises(ValueError, match="no seat PRUSSIA"):
        make_specs("standard", 1, seats={"PRUSSIA": "normal"})
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make_specs("standard", 1, seats={"FRANCE": "genius"})
    summary = selfplay_command(
        "standard", games=1, seed=3, bots=["ENGLAND=hard"], options=["end_year=1902"], progress=False,
        stdout=io.StringIO(), stderr=io.StringIO(),
    )  # fmt: skip
    assert summary["levels"]["hard"]["seats"] == 1 and summary["levels"]["normal"]["seats"] == 6
    assert [order_kind(o) for o in ("A PAR H", "A PAR - BUR", "F MAO S A PAR", "F MAO C A BRE - SPA", "WAIVE")] == [
        "hold", "move", "support", "convoy", "other",
    ]  # fmt: skip


def test_a_missing_ray_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(SelfplayError, match=r"pip install 'umpire\[ray\]'"):
        selfplay_command(
            "standard", games=1, ray_address="ray://nowhere:10001", options=["end_year=1902"], progress=False,
            stdout=io.StringIO(), stderr=io.StringIO(),
        )  # fmt: skip


@pytest.mark.ray
def test_games_on_a_local_ray_instance() -> None:
    pytest.importorskip("ray")
    specs = make_specs("standard", 2, 60, ["normal", "random"], {"end_year": 1902}, seats={"FRANCE": "dumbbot"})
    results = run_games(specs, ray_address="local")
    local = run_games(specs, workers=1)
    assert [r["game"] for r in results] == [0, 1] and all(r["levels"]["FRANCE"] == "dumbbot" for r in results)
    for on_ray, here in zip(results, local, strict=True):
        check_line(json.dumps(on_ray))
        on_ray.pop("seconds"), here.pop("seconds"), on_ray.pop("think"), here.pop("think")
        assert on_ray == here


def test_summary_figures_and_wilson() -> None:
    low, high = wilson(5, 10)
    assert 0.23 < low < 0.24 and 0.76 < high < 0.77
    assert wilson(0, 0) == (0.0, 1.0)
    results = [
        {"levels": {"A": "x", "B": "y"}, "winner": "A", "scores": {"A": 1.0, "B": 0.0}, "centres": {"A": 18, "B": 2},
         "phases": 10, "actions": 50, "seconds": 0.1},
        {"levels": {"A": "y", "B": "x"}, "winner": None, "scores": {"A": 0.5, "B": 0.5}, "centres": {"A": 5, "B": 5},
         "phases": 20, "actions": 70, "seconds": 0.3},
        {"levels": {"A": "x", "B": "y"}, "error": "boom"},
    ]  # fmt: skip
    summary = summarize(results)
    assert summary["games"] == 3 and summary["errors"] == 1 and summary["solos"] == 1
    assert summary["levels"]["x"]["wins"] == 1 and summary["levels"]["x"]["mean_score"] == 0.75
    assert summary["levels"]["y"]["mean_centres"] == 3.5 and summary["mean_phases"] == 15
    assert summary_table(summary).row_count == 2


def test_outcome_scores() -> None:
    solo = outcome({"result": {"kind": "solo", "winner": "A"}, "centers": {"A": ["X"] * 18}}, ["A", "B"])
    assert solo["scores"] == {"A": 1.0, "B": 0.0} and solo["centres"] == {"A": 18, "B": 0}
    given = outcome({"result": {"scores": {"A": 3, "B": 1}, "rounds_won": {"A": 2}}}, ["A", "B"])
    assert given["scores"] == {"A": 0.75, "B": 0.25} and given["rounds_won"] == {"A": 2, "B": 0}
    # Europe 1615's shapes: a victory names its powers; a stopped game is shared by rounds won; centres by owner
    won = outcome({"result": {"kind": "victory", "powers": ["B"]}, "rounds_won": {"B": 5}}, ["A", "B"])
    assert won["winner"] == "B" and won["winners"] == ["B"] and won["scores"] == {"A": 0.0, "B": 1.0}
    shared = outcome({"result": {"kind": "victory", "powers": ["A", "B"]}}, ["A", "B"])
    assert shared["winner"] is None and shared["scores"] == {"A": 0.5, "B": 0.5}
    stopped = outcome({"result": {"kind": "stopped", "powers": ["A", "B"], "rounds_won": {"A": 1, "B": 3}}}, ["A", "B"])
    assert stopped["winners"] == [] and stopped["scores"] == {"A": 0.25, "B": 0.75}
    owned = outcome({"map": "standard", "owner": {"PAR": "A", "BRE": "A", "BUR": "A", "MUN": "B"}}, ["A", "B"])
    assert owned["centres"] == {"A": 2, "B": 1} and owned["scores"] == {"A": 0.666667, "B": 0.333333}
    assert outcome({}, ["A", "B"])["scores"] == {"A": 0.5, "B": 0.5}
    # Here I Stand keeps its winner in the state itself
    his = outcome({"over": True, "winner": "papacy"}, ["papacy", "protestant"])
    assert his["winner"] == "papacy" and his["scores"] == {"papacy": 1.0, "protestant": 0.0}
    assert seat_levels(["A", "B", "C"], ["x", "y"], 1) == {"A": "y", "B": "x", "C": "y"}


class FirstLegal:
    """A bot for any sequential ruleset: a random one of the legal actions its view lists."""

    def act(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        actions = view.get("actions", [])
        return rng.choice(actions) if actions else None


def test_europe1615_plays_through_the_runner_when_its_bots_are_there() -> None:
    from umpire.bots.registry import rulesets_with_bots

    if "europe1615" not in rulesets_with_bots():
        pytest.skip("Europe 1615 has no bots registered yet")
    result = play_one("europe1615", 1)
    check_line(json.dumps(result))
    assert set(result["levels"]) == {"AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"}
    assert result["rounds_won"] is not None and sum(result["centres"].values()) > 0


def test_the_runner_is_ruleset_generic() -> None:
    import tests.kernel.toy  # noqa: F401  (registers the toy ruleset "toy-hands")

    register_bots("toy-hands", ("any",), lambda level: FirstLegal())
    results = run_games(make_specs("toy-hands", 3, seed=5), workers=1)
    assert [r["seed"] for r in results] == [5, 6, 7]
    for result in results:
        assert "error" not in result and result["over"] and result["actions"] > 0
        assert set(result["levels"]) == {"RED", "BLUE"}
