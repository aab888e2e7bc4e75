"""The normal bot plays for victory points (EMP-P01): ties before conquests, unrest calmed without the defence's
gold, its Court fortified and guarded, everything spent in the last round."""

from __future__ import annotations

import random
from typing import Any

from tests.empires2.helpers import to_turn_of
from umpire.bots.empires2 import KEEP_CARDS, KEEP_GOLD, NormalBot, _calming, _score, final_taxation, reserve
from umpire.games.empires2.mapdata import load_map
from umpire.kernel.game import new_game


def endeavour(kind: str, area: str, er: int, gold: int = 0) -> dict[str, Any]:
    return {"type": "endeavour", "endeavour": kind, "area": area, "gold": 0, "max_gold": gold, "er": er}


def test_a_ruling_on_unrest_keeps_the_defences_gold() -> None:
    assert _calming(2, 3) == (105.0, 3)  # +5: past the band where a -1 costs a level and a rebellion check
    assert _calming(1, 3) == (101.0, 0)  # +5 out of reach with the gold to spare: +1 for nothing
    assert _calming(-1, 1) == (0.0, 0)  # +1 out of reach: the defence's gold is not spent on it
    assert _calming(-1, 2) == (101.0, 2)


def test_its_own_unclaimed_tie_comes_before_a_conquest() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    view, m = game.view("germany"), load_map()
    tie = _score(view, endeavour("diplomacy", "lombardy", 2, 9), 7, m, {})[0]
    conquest = _score(view, endeavour("conquest", "burgundy", 5, 8), 6, m, {})[0]
    assert tie > conquest > 0
    game.state["empires"]["germany"]["claims"].append("lombardy")  # claimed already: only the -2 is left
    assert _score(game.view("germany"), endeavour("diplomacy", "lombardy", 2, 9), 7, m, {})[0] < conquest


def test_the_court_is_fortified_first_where_another_empire_borders_it() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    view, m = game.view("germany"), load_map()
    court = _score(view, endeavour("fortification", "saxony", 8, 8), 6, m, {})[0]
    assert court > _score(view, endeavour("conquest", "bohemia", 5, 8), 6, m, {})[0]
    game.state["areas"]["saxony"]["fortification"] = 3  # at the top level: nothing more to build
    assert _score(game.view("germany"), endeavour("fortification", "saxony", 8, 8), 6, m, {})[0] == 0


def test_the_reserve_doubles_beside_a_rival_court_and_goes_in_the_last_round() -> None:
    game = new_game("empires2", "millennium", seed=3)
    view = game.view("germany")
    assert reserve(view, "germany") == (2 * KEEP_GOLD, 2 * KEEP_CARDS)  # Denmark borders Saxony
    game.state["areas"]["denmark"]["owner"] = "germany"
    game.state["areas"]["bohemia"]["owner"] = None  # Saxony now borders only German and unowned areas
    others = [n for n in load_map().area("saxony").links if game.state["areas"][n]["owner"] not in ("germany", None)]
    for n in others:
        game.state["areas"][n]["owner"] = "germany"
    assert reserve(game.view("germany"), "germany") == (KEEP_GOLD, KEEP_CARDS)
    game.state["round"] = game.state["rounds"]
    assert reserve(game.view("germany"), "germany") == (0, 0)


def test_the_last_rounds_taxation_plunders_every_calm_area() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    game.state["round"] = game.state["rounds"]
    game.state["empires"]["germany"]["held"] = []  # a held Event Card would be played first
    game.state["areas"]["swabia"]["unrest"] = True
    view = game.view("germany")
    assert final_taxation(view, view["actions"], "germany")["plunder"] == [
        aid for aid in sorted(view["areas"]) if view["areas"][aid]["owner"] == "germany" and aid != "swabia"
    ]
    action = NormalBot().act(view, random.Random(0))
    assert action is not None and action["type"] == "tax" and "swabia" not in action["plunder"]
    gold = game.state["empires"]["germany"]["gold"]
    game.act("germany", action)
    assert game.state["empires"]["germany"]["gold"] > gold
    assert game.state["areas"]["saxony"]["unrest"] and game.state["areas"]["saxony"]["owner"] == "germany"


def test_the_last_rounds_taxation_leaves_an_empire_all_in_unrest_alone() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    game.state["round"] = game.state["rounds"]
    for a in game.state["areas"].values():
        if a["owner"] == "germany":
            a["unrest"] = True
    view = game.view("germany")
    assert final_taxation(view, view["actions"], "germany") is None  # plundered, each would take a rebellion check
