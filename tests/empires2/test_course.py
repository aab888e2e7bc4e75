"""The seed's course of play, 33.11: every empire used, and Millennium's exception as the option ``leave_out``."""

from __future__ import annotations

import pytest

from umpire.bots.registry import bot_for
from umpire.games.empires2 import course
from umpire.games.empires2.drawing import draw_view
from umpire.games.empires2.rules import PLAYER_EMPIRES
from umpire.games.empires2.scenario import load_scenario
from umpire.kernel.errors import UmpireError
from umpire.kernel.game import new_game
from umpire.selfplay import drive


def test_33_11_every_listed_empire_is_used_by_default() -> None:
    for scenario in ("charlemagne", "millennium"):
        game = new_game("empires2", scenario, {}, seed=1)
        assert sorted(game.state["empires"]) == sorted(load_scenario(scenario).empires)


def test_33_11_the_smaller_empires_are_millenniums_but_the_seats_and_smaller_than_either() -> None:
    sc = load_scenario("millennium")
    players = PLAYER_EMPIRES["millennium"]
    assert set(course.SMALLER) == set(sc.empires) - set(players)
    fewest = min(len(sc.empires[p].possessions) for p in players)
    assert all(len(sc.empires[eid].possessions) < fewest for eid in course.SMALLER)


def test_33_11_millennium_leaves_out_one_smaller_empire_and_plays_to_its_end() -> None:
    sc = load_scenario("millennium")
    game = new_game("empires2", "millennium", {"leave_out": "kiev"}, seed=3)
    state = game.state
    assert "kiev" not in state["empires"] and len(state["empires"]) == 6
    assert sc.empires["kiev"].possessions
    assert all(state["areas"][aid]["owner"] is None for aid in sc.empires["kiev"].possessions)
    assert "Kiev is left out of the game by the players' choice (33.11); its areas are independent" in state["log"]
    svg = draw_view(game.view("germany"))
    assert 'id="empire-kiev"' not in svg and 'id="empire-poland"' in svg
    drive(game, {seat: bot_for("empires2", "random") for seat in PLAYER_EMPIRES["millennium"]}, checked=False)
    assert state["over"] and "kiev" not in state["empires"]


def test_33_11_leaving_out_is_refused_outside_millennium_and_for_a_seats_empire() -> None:
    with pytest.raises(UmpireError, match="only for the Millennium scenario"):
        new_game("empires2", "charlemagne", {"leave_out": "kiev"}, seed=1)
    with pytest.raises(UmpireError, match="cannot be 'germany'"):
        new_game("empires2", "millennium", {"leave_out": "germany"}, seed=1)
    with pytest.raises(UmpireError, match="one of france, burgundy"):
        course.case_33_11_empires(load_scenario("millennium"), PLAYER_EMPIRES["millennium"], "byzantine")
