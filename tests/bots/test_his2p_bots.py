"""Here I Stand bots (issue 16, point 2, the random level): legal, repeatable, seeing only their seat's view."""

from __future__ import annotations

from umpire.bots.registry import bot_for, levels
from umpire.kernel.bots import run_bots
from umpire.kernel.game import new_game


def test_the_random_bot_is_registered_and_plays_until_the_engine_stops() -> None:
    assert levels("his2p") == ("random",)
    game = new_game("his2p", seed=3)
    bots = {seat: bot_for("his2p", "random") for seat in game.ruleset.seats(game.state)}
    taken = run_bots(game, dict(bots))
    assert taken > 10
    assert game.state.get("blocked") or game.state.get("over")
    again = new_game("his2p", seed=3)
    run_bots(again, {seat: bot_for("his2p", "random") for seat in again.ruleset.seats(again.state)})
    assert again.record["actions"] == game.record["actions"]  # the same seed plays the same game


def test_umpire_play_his2p_reports_where_the_game_stops() -> None:
    from typer.testing import CliRunner

    from umpire.cli.main import app

    result = CliRunner().invoke(app, ["play", "his2p", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Luther's 95 Theses" in result.output
    assert "The game stops:" in result.output or "Game over:" in result.output
