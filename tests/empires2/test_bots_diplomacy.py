"""The normal bot's diplomacy on areas and plunder (EMP-D20)."""

from __future__ import annotations

import random
from typing import Any

from tests.empires2.helpers import to_turn_of
from umpire.bots.empires2 import NormalBot, _score
from umpire.games.empires2.mapdata import load_map
from umpire.kernel.game import new_game


def diplomacy(area: str, er: int, gold: int = 0) -> dict[str, Any]:
    return {"type": "endeavour", "endeavour": "diplomacy", "area": area, "gold": 0, "max_gold": gold, "er": er}


def test_the_normal_bot_plunders_when_short_of_a_conquests_gold() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    game.state["empires"]["germany"]["gold"] = 0
    game.state["empires"]["germany"]["held"] = []  # a held Event Card would be played first
    for a in game.state["areas"].values():
        if a["owner"] == "germany":
            a["social_state"] = 0  # no tax: short of the 4 gold
    action = NormalBot().act(game.view("germany"), random.Random(0))
    assert action is not None and action["type"] == "tax" and len(action["plunder"]) == 1
    stripped = action["plunder"][0]
    assert stripped != "saxony" and stripped not in action["areas"]  # never the Court, never taxed as well
    game.act("germany", action)
    assert game.state["areas"][stripped]["unrest"]


def test_the_normal_bot_does_not_plunder_a_full_treasury() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    game.state["empires"]["germany"]["gold"] = 10
    action = NormalBot().act(game.view("germany"), random.Random(0))
    assert action is not None and not action.get("plunder")


def test_the_normal_bot_wants_its_own_tie_and_diplomacy_where_conquest_is_poor() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    view, m = game.view("germany"), load_map()
    assert _score(view, diplomacy("franconia", 2), 0, m, {})[0] > 0  # its own area: a claim
    assert _score(view, diplomacy("franconia", 0), 0, m, {})[0] == 0  # a -1 on the Court is likelier than a tie
    assert _score(view, diplomacy("bohemia", 5), 0, m, {"bohemia": 1})[0] > 0  # conquest poor
    assert _score(view, diplomacy("bohemia", 5), 0, m, {"bohemia": 6})[0] == 0  # conquest is better
    assert _score(view, diplomacy("bohemia", 3), 0, m, {})[0] == 0
