"""Land war in play (rule book 13-15; seed 11, 13): the League's war, the Papacy moving Hapsburg units into
Protestant-held spaces, interception, avoiding battle, field battles with fixed dice, losses, retreats, captured
leaders, sieges begun, relieved and broken."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import board as b
from umpire.games.his2p import control
from umpire.games.his2p.war import windows
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game

Dice = dict[str, list[list[int]]]


def league_war(role: str = "papacy", cp: int = 6) -> Game:
    """Turn 1's action phase brought to the League's war (21.6; seed 9): Hapsburgs and Papacy allied, both at war
    with the Protestant; Erfurt, Magdeburg and Wittenberg Protestant; the German stacks of the set-up cleared."""
    game = cp_decision(role, cp)
    state = game.state
    state["events"]["schmalkaldic_league"] = 1
    for cards in [*state["hands"].values(), state["deck"]]:  # the League's card has been played
        if 13 in cards:
            cards.remove(13)
    state["diplomacy"]["at_war"] = [["hapsburg", "protestant"], ["papacy", "protestant"]]
    state["diplomacy"]["allied"].append(["hapsburg", "papacy"])
    state["impulse"]["count"] = 1
    for space in ("wittenberg", "brandenburg", "prague", "vienna"):
        state["units"].pop(space, None)
    for space in ("erfurt", "magdeburg", "wittenberg"):
        state["spaces"][space]["control"] = "protestant"
    return game


@pytest.fixture(autouse=True)
def no_combat_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the war's own steps: every player auto-passes the combat-card windows (their opening
    and the cards are tested in test_windows.py and test_combat_cards.py)."""
    monkeypatch.setattr(windows, "autopassed", lambda state, role: list(windows.KINDS))


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[Dice]:
    """Fix the faces of rolls by the start of their purpose: ``dice["field battle at erfurt: attacker"] = [[6, 1]]``
    (one list per roll, used in order); other rolls go to the generator."""
    fixed: Dice = {}
    real = rng.roll_many

    def roll_many(state: dict[str, Any], purpose: str, count: int, sides: int = 6, **kw: Any) -> list[int]:
        for prefix, queue in fixed.items():
            if purpose.startswith(prefix) and queue:
                faces = queue.pop(0)
                assert len(faces) == count, f"{purpose}: {count} dice rolled, {len(faces)} faces fixed"
                state["rolls"].append({"purpose": purpose, "kind": f"{count}d{sides}", "result": faces})
                return faces
        return real(state, purpose, count, sides, **kw)

    monkeypatch.setattr(rng, "roll_many", roll_many)
    yield fixed


def hapsburg_move(src: str, dst: str, regular: int, leaders: list[str] | None = None) -> dict[str, Any]:
    return {
        "type": "move_formation",
        "from": src,
        "to": dst,
        "regular": regular,
        "mercenary": 0,
        "leaders": leaders or [],
        "power": "hapsburg",
    }


def decision(game: Game) -> dict[str, Any]:
    return dict(game.state["stack"][-1])


def texts(game: Game) -> list[str]:
    return [line["text"] for line in game.state["log"]]


def erfurt_game() -> Game:
    """Charles V with 4 Hapsburg regulars in Leipzig; 2 Protestant regulars with Philip of Hesse in Erfurt."""
    game = league_war()
    state = game.state
    b.add_units(state, "leipzig", "hapsburg", "regular", 4)
    state["leaders"]["charles_v"] = "leipzig"
    b.add_units(state, "erfurt", "protestant", "regular", 2)
    state["leaders"]["philip_of_hesse"] = "erfurt"
    return game


# --- seed 11: who decides, and the proxy actions ----------------------------------------------------------------


def test_seed_11_controller_of_each_power() -> None:
    # ruling HIS-L01
    game = league_war()
    state = game.state
    assert control.controller(state, "papacy") == "papacy" and control.controller(state, "protestant") == "protestant"
    assert control.controller(state, "hapsburg") == "papacy"  # at war with the Protestant, allied to the Papacy
    assert control.controller(state, "hungary") == "papacy"  # a minor ally follows its major (Hungary: Hapsburg)
    assert control.controller(state, "france") is None  # at peace with both players
    state["diplomacy"]["at_war"].append(["france", "papacy"])
    assert control.controller(state, "france") == "protestant"  # an invasion of the Papacy: the Protestant decides
    state["diplomacy"]["at_war"].append(["france", "protestant"])
    assert control.controller(state, "france") is None  # at war with both: no player


def test_seed_11_proxy_actions_carry_the_power_and_exclude_construction() -> None:
    game = erfurt_game()
    actions = game.view("papacy")["actions"]
    proxied = [a for a in actions if a.get("power") == "hapsburg"]
    assert hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]) in proxied
    assert {a["type"] for a in proxied} <= {
        "move_formation",
        "move_over_pass",
        "control_unfortified",
        "naval_move",
        "assault",
    }
    assert not any(a.get("power") for a in game.view("protestant")["actions"])  # not the Protestant's turn
    before = game.state["stack"][-1]["cp"]
    game.act("papacy", hapsburg_move("leipzig", "nuremberg", 1))  # a peaceful proxy move: 1 CP (11.1)
    assert game.state["stack"][-1]["cp"] == before - 1
    assert b.land_unit_count(game.state, "nuremberg", "hapsburg") == 1


def test_seed_11_no_proxy_before_a_war() -> None:
    game = cp_decision("papacy", 6)
    assert not any(a.get("power") for a in game.view("papacy")["actions"])


# --- 13.2 interception ------------------------------------------------------------------------------------------


def test_13_2_an_adjacent_stack_intercepts_and_fights(dice: Dice) -> None:
    game = erfurt_game()
    b.add_units(game.state, "magdeburg", "protestant", "regular", 3)
    dice["interception"] = [[5, 4]]  # 9: success
    dice["field battle at erfurt: attacker"] = [[1, 1, 1, 1, 1, 1]]  # 4 units + Charles V's 2
    dice["field battle at erfurt: defender"] = [[5, 1, 1, 1, 1, 1]]  # 5 units + 1
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    asked = decision(game)
    assert asked["kind"] == "intercept" and asked["role"] == "protestant" and asked["from"] == "magdeburg"
    assert {"type": "decline"} in game.view("protestant")["actions"]
    game.act(
        "protestant",
        {"type": "intercept", "power": "protestant", "from": "magdeburg", "regular": 3, "mercenary": 0, "leaders": []},
    )
    assert "protestant tries to intercept from Magdeburg: 5+4 = 9, succeeds (9 needed)" in texts(game)
    # no avoiding battle after a successful interception (13.2 step 5): the battle is fought, the Hapsburgs lose
    assert decision(game)["kind"] == "retreat" and decision(game)["role"] == "papacy"
    assert game.view("papacy")["actions"] == [{"type": "retreat", "power": "hapsburg", "to": "leipzig"}]


def test_13_2_declining_interception_leaves_the_stack(dice: Dice) -> None:
    game = erfurt_game()
    b.add_units(game.state, "magdeburg", "protestant", "regular", 3)
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "decline"})
    assert decision(game)["kind"] == "avoid_battle"
    assert b.land_unit_count(game.state, "magdeburg", "protestant") == 3


# --- 13.3 avoiding battle ---------------------------------------------------------------------------------------


def test_13_3_the_defender_avoids_battle(dice: Dice) -> None:
    game = erfurt_game()
    dice["protestant avoids battle"] = [[6, 3]]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    assert decision(game)["kind"] == "avoid_battle"
    choices = game.view("protestant")["actions"]
    assert {"type": "avoid_battle", "power": "protestant", "to": "leipzig"} not in choices  # where the mover came from
    game.act("protestant", {"type": "avoid_battle", "power": "protestant", "to": "magdeburg"})
    state = game.state
    assert (
        b.land_unit_count(state, "magdeburg", "protestant") == 2 and state["leaders"]["philip_of_hesse"] == "magdeburg"
    )
    assert b.land_unit_count(state, "erfurt", "hapsburg") == 4 and decision(game)["kind"] == "cp"
    assert state["spaces"]["erfurt"]["control"] == "protestant"  # moving in changes no control (12.2, HIS-L06)


def test_13_3_a_failed_attempt_means_battle(dice: Dice) -> None:
    game = erfurt_game()
    dice["protestant avoids battle"] = [[3, 3]]
    dice["field battle at erfurt: attacker"] = [[5, 5, 5, 1, 1, 1]]
    dice["field battle at erfurt: defender"] = [[1, 1, 1]]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "avoid_battle", "power": "protestant", "to": "magdeburg"})
    assert any("3+3 = 6, fails" in t for t in texts(game))
    assert b.land_unit_count(game.state, "erfurt", "protestant") == 0


# --- 14 field battle, losses, captures --------------------------------------------------------------------------


def test_14_the_field_battle_rolls_and_says_so_in_words(dice: Dice) -> None:
    game = erfurt_game()
    dice["field battle at erfurt: attacker"] = [[6, 1, 1, 1, 1, 1]]
    dice["field battle at erfurt: defender"] = [[5, 6, 1]]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "stand"})
    line = next(t for t in texts(game) if t.startswith("Field battle at Erfurt"))
    assert line == (
        "Field battle at Erfurt: hapsburg attacks with 6 dice (6, 1, 1, 1, 1, 1: 1 hits), protestant defend with"
        " 3 dice (5, 6, 1: 2 hits); the defender wins"
    )
    purposes = [r["purpose"] for r in game.state["rolls"]]
    assert (
        "field battle at erfurt: attacker hapsburg" in purposes
        and "field battle at erfurt: defender protestant" in purposes
    )
    # the defender won: the Hapsburgs lost 2 regulars and retreat where they came from (14.1)
    assert b.land_unit_count(game.state, "erfurt", "hapsburg") == 2
    assert game.view("papacy")["actions"] == [{"type": "retreat", "power": "hapsburg", "to": "leipzig"}]
    game.act("papacy", {"type": "retreat", "power": "hapsburg", "to": "leipzig"})
    assert b.land_unit_count(game.state, "leipzig", "hapsburg") == 2 and game.state["leaders"]["charles_v"] == "leipzig"
    # 13.1: a stack that lost a battle this impulse may not move again
    assert not any(a.get("from") == "leipzig" and a.get("power") == "hapsburg" for a in game.view("papacy")["actions"])


def test_14_step_9_the_owner_chooses_its_losses(dice: Dice) -> None:
    game = erfurt_game()
    b.add_units(game.state, "erfurt", "protestant", "mercenary", 1)
    dice["field battle at erfurt: attacker"] = [[5, 1, 1, 1, 1, 1]]
    dice["field battle at erfurt: defender"] = [[1, 1, 1, 1]]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "stand"})
    asked = decision(game)
    assert asked["kind"] == "losses" and asked["role"] == "protestant" and asked["count"] == 1
    choices = game.view("protestant")["actions"]
    assert {"type": "lose", "power": "protestant", "regular": 0, "mercenary": 1, "cavalry": 0} in choices
    game.act("protestant", {"type": "lose", "power": "protestant", "regular": 0, "mercenary": 1, "cavalry": 0})
    assert b.units_of(game.state, "erfurt", "protestant")["regular"] == 2
    asked = decision(game)
    assert asked["kind"] == "retreat" and asked["role"] == "protestant"  # the loser's controller retreats
    assert {"type": "retreat", "power": "protestant", "to": "leipzig"} not in game.view("protestant")["actions"]
    game.act("protestant", {"type": "retreat", "power": "protestant", "to": "magdeburg"})
    assert b.land_unit_count(game.state, "magdeburg", "protestant") == 2


def test_14_step_10_a_wiped_out_side_has_its_leaders_captured(dice: Dice) -> None:
    game = erfurt_game()
    dice["field battle at erfurt: attacker"] = [[5, 5, 1, 1, 1, 1]]
    dice["field battle at erfurt: defender"] = [[1, 1, 1]]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "stand"})
    state = game.state
    assert "philip_of_hesse" not in state["leaders"] and state["captured"] == {"philip_of_hesse": "hapsburg"}
    assert "Philip of Hesse is captured by hapsburg" in texts(game)
    assert b.land_unit_count(state, "erfurt", "hapsburg") == 4 and decision(game)["kind"] == "cp"


def test_14_1_no_retreat_space_eliminates_the_loser(dice: Dice) -> None:
    game = erfurt_game()
    for space in ("kassel", "magdeburg"):  # every other neighbour of Erfurt becomes Hapsburg-held
        b.add_units(game.state, space, "hapsburg", "regular", 1)
    dice["field battle at erfurt: attacker"] = [[5, 1, 1, 1, 1, 1]]
    dice["field battle at erfurt: defender"] = [[1, 1, 1]]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))  # nowhere to avoid to: battle
    state = game.state
    assert b.land_unit_count(state, "erfurt", "protestant") == 0
    assert state["captured"] == {"philip_of_hesse": "hapsburg"}
    assert any("nowhere to retreat" in t for t in texts(game))


def test_13_1_a_lone_leader_is_captured_when_enemy_units_enter() -> None:
    game = league_war()
    state = game.state
    b.add_units(state, "leipzig", "hapsburg", "regular", 2)
    state["leaders"]["philip_of_hesse"] = "erfurt"
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 2))
    assert game.state["captured"] == {"philip_of_hesse": "hapsburg"}


# --- 13.4, 15 sieges --------------------------------------------------------------------------------------------


def wittenberg_game() -> Game:
    game = league_war()
    b.add_units(game.state, "leipzig", "hapsburg", "regular", 4)
    game.state["leaders"]["charles_v"] = "leipzig"
    b.add_units(game.state, "wittenberg", "protestant", "regular", 2)
    return game


def test_13_4_withdrawing_into_the_fortification_begins_a_siege() -> None:
    game = wittenberg_game()
    game.act("papacy", hapsburg_move("leipzig", "wittenberg", 4, ["charles_v"]))
    asked = decision(game)
    assert asked["kind"] == "avoid_battle"
    game.act("protestant", {"type": "stand"})
    assert decision(game)["kind"] == "withdraw"
    game.act("protestant", {"type": "withdraw", "power": "protestant"})
    assert game.state["sieges"] == {"wittenberg": {"besieger": "hapsburg", "impulse": 1}}
    assert "hapsburg besieges Wittenberg (2 land units inside)" in texts(game)
    # 15: besieged units may not move; 13.1: the besiegers may not move the impulse the siege began
    game.state["stack"][-1]["role"] = "protestant"
    assert not any(a.get("from") == "wittenberg" for a in game.view("protestant")["actions"])
    game.state["stack"][-1]["role"] = "papacy"
    assert not any(a.get("from") == "wittenberg" for a in game.view("papacy")["actions"])


def test_13_4_too_few_to_besiege_go_back() -> None:
    # ruling HIS-L07
    game = wittenberg_game()
    game.act("papacy", hapsburg_move("leipzig", "wittenberg", 2))
    game.act("protestant", {"type": "stand"})
    game.act("protestant", {"type": "withdraw", "power": "protestant"})
    assert decision(game)["kind"] == "move_on"  # 13.4: go back, or pay to move on (test_move_on.py)
    game.act("papacy", {"type": "go_back"})
    assert game.view("papacy")["actions"] == [{"type": "retreat", "power": "hapsburg", "to": "leipzig"}]
    game.act("papacy", {"type": "retreat", "power": "hapsburg", "to": "leipzig"})
    assert "sieges" not in game.state and b.land_unit_count(game.state, "leipzig", "hapsburg") == 4


def test_15_an_empty_enemy_fortification_is_besieged_on_entry() -> None:
    game = league_war()
    b.add_units(game.state, "leipzig", "hapsburg", "regular", 1)
    game.act("papacy", hapsburg_move("leipzig", "wittenberg", 1))
    assert game.state["sieges"] == {"wittenberg": {"besieger": "hapsburg", "impulse": 1}}
    assert game.state["spaces"]["wittenberg"]["control"] == "protestant"  # control changes by assault (15.1)


def besieged_wittenberg(role: str) -> Game:
    """Wittenberg: 1 Protestant regular inside, besieged since impulse 1 by 3 Hapsburg regulars; now impulse 2."""
    game = league_war(role)
    state = game.state
    b.add_units(state, "wittenberg", "protestant", "regular", 1)
    b.add_units(state, "wittenberg", "hapsburg", "regular", 3)
    state["sieges"] = {"wittenberg": {"besieger": "hapsburg", "impulse": 1}}
    state["impulse"]["count"] = 2
    return game


def protestant_move(src: str, dst: str, regular: int) -> dict[str, Any]:
    return {"type": "move_formation", "from": src, "to": dst, "regular": regular, "mercenary": 0, "leaders": []}


def test_15_2_a_relief_force_that_wins_lifts_the_siege(dice: Dice) -> None:
    # ruling HIS-X07
    game = besieged_wittenberg("protestant")
    b.add_units(game.state, "magdeburg", "protestant", "regular", 4)
    dice["field battle at wittenberg: attacker"] = [[5, 5, 1, 1, 1]]  # 4 relief + 1 garrison
    dice["field battle at wittenberg: defender"] = [[1, 1, 1, 1]]
    game.act("protestant", protestant_move("magdeburg", "wittenberg", 4))
    assert decision(game)["kind"] == "avoid_battle" and decision(game)["role"] == "papacy"  # for the Hapsburgs
    game.act("papacy", {"type": "stand"})
    assert decision(game)["kind"] == "retreat" and decision(game)["role"] == "papacy"
    game.act("papacy", game.view("papacy")["actions"][0])
    state = game.state
    assert "sieges" not in state and "the siege of Wittenberg is lifted" in texts(game)
    assert (
        b.land_unit_count(state, "wittenberg", "protestant") == 5
        and b.land_unit_count(state, "wittenberg", "hapsburg") == 0
    )


def test_15_2_a_relief_beaten_leaves_only_the_garrison_inside(dice: Dice) -> None:
    game = besieged_wittenberg("protestant")
    b.add_units(game.state, "magdeburg", "protestant", "regular", 2)
    dice["field battle at wittenberg: attacker"] = [[1, 1, 1]]
    dice["field battle at wittenberg: defender"] = [[5, 1, 1, 1]]
    game.act("protestant", protestant_move("magdeburg", "wittenberg", 2))
    game.act("papacy", {"type": "stand"})
    # 1 loss of 3: 2 survivors, of whom only the garrison's 1 goes back in; the other retreats to Magdeburg
    assert game.view("protestant")["actions"] == [{"type": "retreat", "power": "protestant", "to": "magdeburg"}]
    game.act("protestant", {"type": "retreat", "power": "protestant", "to": "magdeburg"})
    state = game.state
    assert (
        b.land_unit_count(state, "wittenberg", "protestant") == 1
        and b.land_unit_count(state, "magdeburg", "protestant") == 1
    )
    assert state["sieges"] == {"wittenberg": {"besieger": "hapsburg", "impulse": 1}}


def test_15_3_besiegers_leaving_break_the_siege() -> None:
    game = besieged_wittenberg("papacy")
    game.act("papacy", hapsburg_move("wittenberg", "leipzig", 2))
    assert "the siege of Wittenberg is broken" in texts(game)
    assert "sieges" not in game.state
    # the one besieger left must retreat (15.3), decided by the Hapsburgs' controller
    asked = decision(game)
    assert asked["kind"] == "retreat" and asked["role"] == "papacy"
    game.act("papacy", {"type": "retreat", "power": "hapsburg", "to": "leipzig"})
    assert b.land_unit_count(game.state, "leipzig", "hapsburg") == 3


def test_13_1_a_besieged_space_is_entered_only_to_relieve_or_join() -> None:
    game = besieged_wittenberg("papacy")
    b.add_units(game.state, "leipzig", "hapsburg", "regular", 1)
    game.act("papacy", hapsburg_move("leipzig", "wittenberg", 1))  # joining the Hapsburg siege: no battle
    assert b.land_unit_count(game.state, "wittenberg", "hapsburg") == 4 and decision(game)["kind"] == "cp"


def test_13_1_no_move_into_a_neutral_powers_units() -> None:
    game = league_war()
    b.add_units(game.state, "leipzig", "hapsburg", "regular", 1)
    b.add_units(game.state, "erfurt", "france", "regular", 1)
    with pytest.raises(IllegalAction, match="neither allied nor at war"):
        game.act("papacy", hapsburg_move("leipzig", "erfurt", 1))


def test_19_3_a_siege_ends_when_its_besiegers_go_home_in_winter() -> None:
    game = besieged_wittenberg("papacy")
    state = game.state
    state["units"]["wittenberg"].pop("hapsburg")
    b.add_units(state, "leipzig", "hapsburg", "regular", 3)
    from umpire.games.his2p.mapdata import load_map
    from umpire.games.his2p.war import land_war

    land_war.winter(state, load_map())
    assert "sieges" not in state and "Winter: the siege of Wittenberg ends" in texts(game)


def test_views_show_sieges_and_captured_leaders() -> None:
    game = besieged_wittenberg("papacy")
    game.state["captured"] = {"philip_of_hesse": "hapsburg"}
    view = game.view("observer")
    assert view["sieges"] == {"wittenberg": {"besieger": "hapsburg", "impulse": 1}}
    assert view["captured"] == {"philip_of_hesse": "hapsburg"} and view["land_move"] is None


@pytest.mark.parametrize("seed", range(6))
def test_random_play_in_the_leagues_war_keeps_the_board_sound(seed: int) -> None:
    """Random legal play from the League's war with armies face to face, military actions preferred: no error, no
    empty or negative stack, every siege with its besieger in place, every leader on the map or captured once."""
    import random

    game = erfurt_game()
    state = game.state
    b.add_units(state, "nuremberg", "hapsburg", "regular", 3)
    state["leaders"]["ferdinand"] = "nuremberg"
    b.add_units(state, "magdeburg", "protestant", "regular", 3)
    b.add_units(state, "wittenberg", "protestant", "regular", 2)
    state["leaders"]["john_frederick"] = "wittenberg"
    pick = random.Random(seed)
    for _ in range(250):
        if game.state.get("over") or game.state.get("blocked") or not game.view("gm")["acting"]:
            break
        role = pick.choice(game.view("gm")["acting"])
        actions = game.view(role)["actions"]
        military = [a for a in actions if a.get("power") or a["type"] in ("move_formation", "move_over_pass")]
        game.act(role, pick.choice(military if military and pick.random() < 0.8 else actions))
        state = game.state
        for stacks in state["units"].values():
            assert all(n > 0 for units in stacks.values() for n in units.values())
        for space, siege in state.get("sieges", {}).items():
            assert b.land_unit_count(state, space, siege["besieger"]) or state.get("land_move")
        assert not set(state["leaders"]) & set(state.get("captured", {}))


def test_15_3_the_last_besieger_leaving_by_a_quiet_move_ends_the_siege() -> None:
    """Regression: a move out of a besieged space into a space with no enemy near used to leave the siege standing."""
    game = league_war("protestant")
    state = game.state
    state["spaces"]["brandenburg"]["control"] = "hapsburg"
    b.add_units(state, "brandenburg", "protestant", "regular", 1)
    state["sieges"] = {"brandenburg": {"besieger": "protestant", "impulse": 1}}
    state["impulse"]["count"] = 2
    game.act("protestant", protestant_move("brandenburg", "wittenberg", 1))
    assert "sieges" not in game.state and "the siege of Brandenburg is lifted" in texts(game)


def test_15_3_besiegers_who_intercept_out_of_their_siege_end_it(dice: Dice) -> None:
    """Regression (random play, seed 4): a besieging stack that intercepted a move next door left the siege of the
    space it walked out of standing, with no besieger in it."""
    game = league_war("papacy")
    state = game.state
    state["spaces"]["brandenburg"]["control"] = "hapsburg"
    b.add_units(state, "brandenburg", "protestant", "regular", 2)
    state["sieges"] = {"brandenburg": {"besieger": "protestant", "impulse": 1}}
    state["impulse"]["count"] = 2
    b.add_units(state, "leipzig", "hapsburg", "regular", 2)
    dice["interception of the move into wittenberg by protestant"] = [[6, 6]]
    game.act("papacy", hapsburg_move("leipzig", "wittenberg", 2))
    intercept = [a for a in game.view("protestant")["actions"] if a["type"] == "intercept" and a["regular"] == 2]
    game.act("protestant", intercept[0])
    assert "brandenburg" not in game.state.get("sieges", {})
    assert "the siege of Brandenburg is lifted" in texts(game)


def test_card_218_units_halted_by_the_siege_of_vienna_do_not_move() -> None:
    game = erfurt_game()
    game.state["vienna_halt"] = {"turn": game.state["turn"], "spaces": ["leipzig"]}
    assert not any(a.get("from") == "leipzig" for a in game.view("papacy")["actions"])
    with pytest.raises(IllegalAction, match="Siege of Vienna"):
        game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))


def test_15_2_a_relief_tied_on_hits_goes_inside_and_breaks_the_siege(dice: Dice) -> None:
    game = besieged_wittenberg("protestant")
    b.add_units(game.state, "magdeburg", "protestant", "regular", 2)
    dice["field battle at wittenberg: attacker"] = [[5, 1, 1]]  # 2 relief + 1 garrison: 1 hit
    dice["field battle at wittenberg: defender"] = [[6, 1, 1, 1]]  # 3 besiegers + 1: 1 hit, the defender wins
    game.act("protestant", protestant_move("magdeburg", "wittenberg", 2))
    game.act("papacy", {"type": "stand"})
    state = game.state
    # equal hits: the 2 Protestant survivors all go inside (4 at most); 2 besiegers no longer outnumber them (15.3)
    assert b.land_unit_count(state, "wittenberg", "protestant") == 2 and "sieges" not in state
    assert "the siege of Wittenberg is broken" in texts(game)
    assert decision(game)["kind"] == "retreat" and decision(game)["power"] == "hapsburg"


def test_13_3_a_stack_beaten_this_impulse_avoids_without_a_roll() -> None:
    game = erfurt_game()
    from umpire.games.his2p.war import land_war

    land_war.may_move_from(game.state, "protestant", "erfurt")  # opens this impulse's marks
    game.state["land_war"]["lost"].append(["erfurt", "protestant"])
    rolls = len(game.state["rolls"])
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "avoid_battle", "power": "protestant", "to": "magdeburg"})
    assert len(game.state["rolls"]) == rolls and b.land_unit_count(game.state, "magdeburg", "protestant") == 2


def test_13_1_a_lone_leader_caught_by_interceptors_is_captured(dice: Dice) -> None:
    game = league_war("protestant")
    state = game.state
    b.add_units(state, "leipzig", "hapsburg", "regular", 2)
    b.add_units(state, "magdeburg", "protestant", "regular", 1)
    state["leaders"]["philip_of_hesse"] = "magdeburg"
    dice["interception"] = [[6, 6]]
    lone = {"type": "move_formation", "from": "magdeburg", "to": "erfurt", "regular": 0, "mercenary": 0}
    game.act("protestant", {**lone, "leaders": ["philip_of_hesse"]})
    assert decision(game)["kind"] == "intercept" and decision(game)["role"] == "papacy"
    game.act(
        "papacy",
        {"type": "intercept", "power": "hapsburg", "from": "leipzig", "regular": 2, "mercenary": 0, "leaders": []},
    )
    assert game.state["captured"] == {"philip_of_hesse": "hapsburg"}


def test_seed_19_a_captured_invading_leader_leaves_play_in_winter() -> None:
    """Regression (found by random play through the combat windows): Charles V, captured by the Protestant, stayed
    captured over the winter and was then placed by Imperial Invasion while still captured. Seed 19: every French,
    Hapsburg and Ottoman army leader leaves play in winter, "even if they are currently captured"."""
    # ruling HIS-R05
    from umpire.games.his2p.mapdata import load_map
    from umpire.games.his2p.winter import wintering

    game = league_war()
    state = game.state
    state["leaders"].pop("charles_v", None)
    state["captured"] = {"charles_v": "protestant", "philip_of_hesse": "hapsburg"}
    wintering.invaders_return(state, load_map())
    assert state["captured"] == {"philip_of_hesse": "hapsburg"}  # a Protestant leader stays captured
    assert "Winter: hapsburg's captured leader charles_v leaves play (seed 19)" in texts(game)
