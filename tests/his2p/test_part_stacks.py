"""Part of a stack avoiding battle (rule book 13.3 step 3; HIS-W13) and cavalry in formations (5.2, 13.1, 13.2)."""

from __future__ import annotations

from tests.his2p.test_engine import cp_decision
from tests.his2p.test_land_war import (  # noqa: F401 - the fixtures
    Dice,
    decision,
    dice,
    erfurt_game,
    hapsburg_move,
    no_combat_cards,
    texts,
)
from umpire.games.his2p import board as b
from umpire.games.his2p.war import military


def test_13_3_step_3_part_of_a_stack_avoids_battle(dice: Dice) -> None:  # noqa: F811 - the fixture
    game = erfurt_game()
    dice["protestant avoids battle"] = [[6, 3]]
    dice["field battle at erfurt"] = []  # the rest may fight: its dice go to the generator
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    offered = game.view("protestant")["actions"]
    part = {"type": "avoid_battle", "power": "protestant", "to": "magdeburg", "regular": 1}
    assert part in offered
    assert {"type": "avoid_battle", "power": "protestant", "to": "magdeburg", "regular": 2} not in offered  # all
    game.act("protestant", part)
    state = game.state
    assert b.land_unit_count(state, "magdeburg", "protestant") == 1
    assert state["leaders"]["philip_of_hesse"] == "magdeburg"  # the leaders go with the part that leaves
    assert any("protestant tries to avoid battle from Erfurt to Magdeburg" in t for t in texts(game))


def test_5_2_cavalry_is_part_of_a_formation_and_moves_with_it() -> None:
    game = cp_decision("papacy", 0)
    state = game.state
    b.add_units(state, "buda", "ottoman", "cavalry", 2)
    groups = military.formations(state, "buda", "ottoman")
    assert {"regular": 1, "mercenary": 0, "cavalry": 2, "leaders": []} in groups
    assert {"regular": 0, "mercenary": 0, "cavalry": 1, "leaders": []} in groups
    assert all("cavalry" not in g for g in military.formations(state, "rome", "papacy"))
    military._move_pieces(
        state, "ottoman", "buda", "belgrade", {"regular": 0, "mercenary": 0, "cavalry": 2, "leaders": []}
    )
    assert b.units_of(state, "belgrade", "ottoman")["cavalry"] == 2
    assert b.units_of(state, "buda", "ottoman")["cavalry"] == 0


def test_13_2_step_2_an_ottoman_formation_with_cavalry_intercepts_at_plus_one(dice: Dice) -> None:  # noqa: F811
    """The Ottomans at war with the Papacy (the Protestant decides for them, seed 11): their cavalry in Linz
    intercepts a Papal move into Regensburg; 4+4 and +1 for cavalry make the 9 needed."""
    game = cp_decision("papacy", 2)
    state = game.state
    state["diplomacy"]["at_war"].append(["ottoman", "papacy"])
    state["impulse"]["count"] = 1
    b.add_units(state, "salzburg", "papacy", "regular", 2)
    b.add_units(state, "linz", "ottoman", "cavalry", 2)
    state["spaces"]["regensburg"]["control"] = "papacy"
    dice["interception of the move into regensburg by ottoman"] = [[4, 4]]
    move = {"type": "move_formation", "from": "salzburg", "to": "regensburg", "regular": 2, "mercenary": 0}
    game.act("papacy", {**move, "leaders": []})
    assert decision(game)["kind"] == "intercept" and decision(game)["role"] == "protestant"
    offered = game.view("protestant")["actions"]
    intercept = {"type": "intercept", "power": "ottoman", "from": "linz", "regular": 0, "mercenary": 0}
    assert {**intercept, "cavalry": 2, "leaders": []} in offered
    game.act("protestant", {**intercept, "cavalry": 2, "leaders": []})
    assert any("4+4 +1 (cavalry) = 9, succeeds" in t for t in texts(game))
    assert b.units_of(game.state, "regensburg", "ottoman")["cavalry"] == 2
