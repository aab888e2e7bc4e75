"""The normal bot's plans of issue 28 point 5: a Magnate's seat conquered first, the areas a Magnate threatens
fortified, and the last round's gold offered for a claim (``NormalBot(plans=False)`` plays as before them)."""

from __future__ import annotations

import random
from typing import Any

from tests.empires2.helpers import to_turn_of
from umpire.bots.empires2 import MAGNATE_SEAT, NormalBot, _score, magnate_threats
from umpire.games.empires2 import magnates
from umpire.games.empires2.mapdata import load_map
from umpire.kernel.game import Game, new_game


def endeavour(kind: str, area: str, er: int, gold: int = 0) -> dict[str, Any]:
    return {"type": "endeavour", "endeavour": kind, "area": area, "gold": 0, "max_gold": gold, "er": er}


def with_a_magnate_in_bohemia() -> Game:
    game = new_game("empires2", "millennium", {"magnates": True}, seed=3)
    to_turn_of(game, "germany")
    magnates.case_24_2_rise(game.state, "bohemia")
    return game


def test_a_magnates_seat_is_conquered_before_another_independent_area() -> None:
    """EMP-M11: taking his seat ends him; the seat (Bohemia) comes before Silesia at the same rating."""
    game = with_a_magnate_in_bohemia()
    view, m = game.view("germany"), load_map()
    seat = _score(view, endeavour("conquest", "bohemia", 5, 8), 6, m, {})[0]
    other = _score(view, endeavour("conquest", "venice", 5, 8), 6, m, {})[0]
    plain = _score(view, endeavour("conquest", "bohemia", 5, 8), 6, m, {}, plans=False)[0]
    assert seat == plain + MAGNATE_SEAT and seat > other


def test_the_areas_a_magnate_threatens_are_fortified() -> None:
    """EMP-M10: he attacks an area linked to his; Franconia, linked to Bohemia, is fortified up to level 2."""
    game = with_a_magnate_in_bohemia()
    view, m = game.view("germany"), load_map()
    assert {"franconia", "bavaria", "austria"} <= magnate_threats(view, m)
    game.state["areas"]["franconia"]["fortification"] = 1
    view = game.view("germany")
    assert _score(view, endeavour("fortification", "franconia", 3, 4), 2, m, {})[0] > 0
    assert _score(view, endeavour("fortification", "franconia", 3, 4), 2, m, {}, plans=False)[0] == 0


def test_in_the_last_round_its_gold_is_offered_for_a_claim_to_its_own_area() -> None:
    """EMP-G07: gold left at the end of its last player-turn buys nothing; the other player's claim to Lombardy,
    which Germany possesses, is worth 2 points to it at the end. The normal bot on the other side declines (its own
    points do not rise); without the plans no offer is made."""
    game = new_game("empires2", "millennium", seed=3)
    game.state["round"] = game.state["rounds"]
    to_turn_of(game, "germany")
    game.state["empires"]["byzantine"]["claims"].append("lombardy")
    game.state["empires"]["germany"]["held"] = []
    bot, offer = NormalBot(), None
    for _ in range(30):  # its last player-turn, played by the bots (the other votes in its parley), until it offers
        role = game.view("gm")["acting"][0]
        view = game.view(role)
        action = bot.act(view, random.Random(0))
        assert action is not None
        if role == "germany" and action["type"] in ("propose", "end_turn"):
            offer = action
            break
        game.act(role, action)
    gold = game.view("germany")["empires"]["germany"]["gold"]
    assert gold > 0 and offer == {"type": "propose", "gives": {"gold": gold}, "gets": {"claims": ["lombardy"]}}
    assert NormalBot(plans=False).act(view, random.Random(0)) == {"type": "end_turn", "empire": "germany"}
    game.act("germany", offer)
    answer = bot.act(game.view("byzantine"), random.Random(0))
    assert answer == {"type": "agreement", "accept": False}
    game.act("byzantine", answer)
    assert bot.act(game.view("germany"), random.Random(0)) == {"type": "end_turn", "empire": "germany"}
