"""The seed's course of play, 33.11: every empire used, and Millennium's exception as the option ``leave_out``."""

from __future__ import annotations

import pytest

from tests.empires2.helpers import cards, to_turn_of
from tests.empires2.test_alliances import ally
from umpire.bots.registry import bot_for
from umpire.games.empires2 import board, course
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


def test_33_12_an_allys_player_chooses_its_place_in_the_round() -> None:
    game = new_game("empires2", "millennium", {}, seed=3)
    ally(game.state, "germany", "burgundy")
    while True:
        [role] = game.view("gm")["acting"]
        actions = game.view(role)["actions"]
        if actions[0]["empire"] == "burgundy":
            break
        game.act(role, actions[0])
    assert role == "germany"  # Germany picks Burgundy's spot (33.12), not the engine
    chosen = actions[-1]  # the latest free place, which an Independent never takes
    assert chosen["place"] > actions[0]["place"]
    game.act("germany", chosen)
    assert game.state["order"][chosen["place"] - 1] == "burgundy"
    assert f"Burgundy takes place {chosen['place']}" in game.state["log"]


def test_33_13_an_allys_conquest_is_marked_with_its_own_markers() -> None:
    game = new_game("empires2", "millennium", {}, seed=3)
    ally(game.state, "germany", "burgundy")
    to_turn_of(game, "burgundy")
    game.state["empires"]["burgundy"]["year_cards"] = cards(4, fortune=8)
    game.state["empires"]["burgundy"]["gold"] = 20
    germany_areas = board.areas_of(game.state, "germany")
    for _ in range(3):
        game.act(
            "germany", {"type": "endeavour", "endeavour": "conquest", "area": "genoa", "gold": 3, "empire": "burgundy"}
        )
        if game.state["areas"]["genoa"]["owner"] is not None:
            break
    assert game.state["areas"]["genoa"]["owner"] == "burgundy"  # Burgundy's possession, not Germany's (33.13)
    assert board.areas_of(game.state, "germany") == germany_areas
    assert game.state["empires"]["burgundy"]["status"] == "allied"
