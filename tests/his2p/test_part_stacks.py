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
from umpire.games.his2p import military


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
