"""Moving on after a failed siege (rule book 13.4 option 1; HIS-W11) and besieging independent keys (22.6;
HIS-W12)."""

from __future__ import annotations

from tests.his2p.test_land_war import (  # noqa: F401 - the fixtures
    Dice,
    decision,
    dice,
    hapsburg_move,
    no_combat_cards,
    texts,
    wittenberg_game,
)
from umpire.games.his2p import board as b
from umpire.kernel.game import Game


def _too_few(game: Game) -> None:
    game.act("papacy", hapsburg_move("leipzig", "wittenberg", 2))
    game.act("protestant", {"type": "stand"})
    game.act("protestant", {"type": "withdraw", "power": "protestant"})


def test_13_4_option_1_the_mover_pays_again_to_move_on() -> None:
    game = wittenberg_game()
    _too_few(game)
    assert decision(game)["kind"] == "move_on"
    offered = game.view("papacy")["actions"]
    assert offered[0] == {"type": "go_back"}
    assert {"type": "move_on", "how": "move_formation", "to": "brandenburg"} in offered
    cp_before = game.state["stack"][-2]["cp"]
    game.act("papacy", {"type": "move_on", "how": "move_formation", "to": "brandenburg"})
    assert game.state["stack"][-1]["kind"] == "cp" and game.state["stack"][-1]["cp"] == cp_before - 1
    assert b.land_unit_count(game.state, "brandenburg", "hapsburg") == 2
    assert b.land_unit_count(game.state, "wittenberg", "hapsburg") == 0
    assert "hapsburg moves on from Wittenberg for 1 CP (13.4)" in texts(game)


def test_13_4_option_2_without_cp_left_the_mover_goes_back() -> None:
    game = wittenberg_game()
    game.state["stack"][-1]["cp"] = 1  # the move spends it all
    _too_few(game)
    assert decision(game)["kind"] == "retreat"
    assert game.view("papacy")["actions"] == [{"type": "retreat", "power": "hapsburg", "to": "leipzig"}]


def _florence(cp: int = 4) -> Game:
    """Three Papal regulars in Siena (Papal for the test, for a line of communication) next to Florence, an
    independent key with one independent regular (the 1517 set-up)."""
    from tests.his2p.test_engine import cp_decision

    game = cp_decision("papacy", cp)
    b.add_units(game.state, "siena", "papacy", "regular", 3)
    game.state["spaces"]["siena"]["control"] = "papacy"
    game.state["impulse"]["count"] = 1
    return game


FLORENCE = {"type": "move_formation", "from": "siena", "to": "florence", "regular": 3, "mercenary": 0, "leaders": []}


def test_22_6_an_independent_key_is_besieged_its_garrison_withdrawing_inside() -> None:
    game = _florence()
    assert FLORENCE in game.view("papacy")["actions"]
    game.act("papacy", FLORENCE)
    assert game.state["sieges"] == {"florence": {"besieger": "papacy", "impulse": 1}}
    assert "papacy besieges Florence (1 land units inside)" in texts(game)
    assert decision(game)["kind"] == "cp"  # no one was asked: the garrison never avoids battle and always withdraws


def test_22_6_an_assault_takes_an_independent_key(dice: Dice) -> None:  # noqa: F811 - the fixture
    game = _florence()
    game.act("papacy", FLORENCE)
    game.state["impulse"]["count"] = 2
    dice["assault on florence: attacker"] = [[6, 6]]
    dice["assault on florence: defender"] = [[1, 1]]
    game.act("papacy", {"type": "assault", "space": "florence"})
    assert game.state["spaces"]["florence"]["control"] == "papacy"
    assert not b.land_unit_count(game.state, "florence", "independent")
