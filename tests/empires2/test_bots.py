"""The empires2 bots: registered, legal, and both scenarios played to their end (issue 17, point 5)."""

from __future__ import annotations

import random

import pytest

from umpire.bots import registry
from umpire.bots.empires2 import NormalBot, RandomBot, make_bot, tax_plan
from umpire.kernel.bots import run_bots
from umpire.kernel.game import new_game
from umpire.selfplay import play_one


def test_bots_are_registered_with_two_levels() -> None:
    assert registry.levels("empires2") == ("random", "normal")
    assert isinstance(registry.bot_for("empires2"), NormalBot)
    assert isinstance(registry.bot_for("empires2", "random"), RandomBot)
    with pytest.raises(ValueError, match="unknown empires2 bot level 'clever'"):
        make_bot("clever")


@pytest.mark.parametrize(
    ("scenario", "seed", "levels"),
    [
        ("millennium", 1, ("normal", "random")),
        ("millennium", 2, ("random", "random")),
        ("charlemagne", 3, ("random", "normal")),
        ("charlemagne", 4, ("normal", "normal")),
    ],
)
def test_both_scenarios_finish_with_bots(scenario: str, seed: int, levels: tuple[str, str]) -> None:
    """Played through Game (every action checked and recorded): the game reaches the scenario's last round."""
    game = new_game("empires2", scenario, seed=seed)
    seats = game.ruleset.seats(game.state)
    run_bots(game, {seat: make_bot(level) for seat, level in zip(seats, levels, strict=True)})
    assert game.state["over"] and game.state["round"] == game.state["rounds"]
    assert not game.state.get("blocked")


def test_selfplay_plays_empires2_to_the_end() -> None:
    result = play_one("empires2", 5, ("normal", "random"), {}, 0, "charlemagne", checked=False)
    assert result["over"] and not result.get("error")


def test_the_normal_bot_grants_asylum_and_takes_the_earliest_place() -> None:
    game = new_game("empires2", "millennium", seed=2)
    bot = NormalBot()
    action = bot.act(game.view("byzantine"), random.Random(0))
    assert action == {"type": "place", "place": 1, "empire": "byzantine"}
    game.state["asylum"] = {"empire": "denmark", "seats": ["germany", "byzantine"], "answers": {}, "ally": None}
    assert bot.act(game.view("germany"), random.Random(0)) == {"type": "asylum", "grant": True}


def test_the_normal_bot_taxes_without_risk_and_never_an_area_in_unrest() -> None:
    game = new_game("empires2", "millennium", seed=2)
    game.state["areas"]["saxony"]["unrest"] = True
    view = game.view("germany")
    plan = tax_plan(view, 1)
    assert plan and "saxony" not in plan
    assert all(0 < gold <= view["areas"][aid]["social_state"] for aid, gold in plan.items())
    assert sum(tax_plan(view, 0).values()) < sum(plan.values())


def test_the_normal_bot_rules_unrest_away_first() -> None:
    game = new_game("empires2", "millennium", seed=2)
    while game.state["current"] != "germany" or game.view("gm")["acting"] != ["germany"]:  # not a parley's vote
        role = game.view("gm")["acting"][0]
        action = NormalBot().act(game.view(role), random.Random(1))
        assert action is not None
        game.act(role, action)
    game.state["taxed"] = True
    game.state["areas"]["swabia"]["unrest"] = True
    action = NormalBot().act(game.view("germany"), random.Random(1))
    assert action is not None and action["endeavour"] == "ruling" and action["area"] == "swabia"
    assert "er" not in action and "max_gold" not in action
