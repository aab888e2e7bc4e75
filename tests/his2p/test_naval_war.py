"""Naval war in play (rule book 16.1 steps 4-7, 16.2; seed 11): after a naval move, interception and avoiding
battle offered to the enemy's controller, naval battles with fixed dice, losses and retreats, proxy naval moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.war import naval_war, windows
from umpire.kernel import rng
from umpire.kernel.game import Game

State = dict[str, Any]


@pytest.fixture(autouse=True)
def no_combat_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the naval war's own steps: every player auto-passes the combat-card windows (tested in
    test_windows.py and test_combat_cards.py)."""
    monkeypatch.setattr(windows, "autopassed", lambda state, role: list(windows.KINDS))


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Fix the faces of the next rolls: each keyword names a word of the roll's purpose (``attacker``,
    ``defender``, ``interception``, ``avoids``)."""

    def set_faces(**faces: Sequence[int]) -> None:
        def roll_many(state: State, purpose: str, count: int, sides: int = 6, **_: Any) -> list[int]:
            found = [list(f) for key, f in faces.items() if key in purpose]
            assert found, f"no faces given for {purpose!r}"
            assert len(found[0]) == count, f"{purpose}: {count} dice rolled, {len(found[0])} faces given"
            return found[0]

        monkeypatch.setattr(rng, "roll_many", roll_many)

    return set_faces


def at_war_with_hapsburg(cp: int = 2) -> Game:
    game = cp_decision("papacy", cp)
    game.state["diplomacy"]["at_war"].append(["papacy", "hapsburg"])
    return game


def of_type(game: Game, role: str, kind: str) -> list[dict[str, Any]]:
    return [a for a in game.view(role)["actions"] if a["type"] == kind]


def sail(game: Game, src: str, dst: str, n: int = 1) -> None:
    game.act("papacy", {"type": "naval_move"})
    game.act("papacy", {"type": "sail", "from": src, "to": dst, "squadrons": n})
    game.act("papacy", {"type": "done"})


def test_16_1_step_4_naval_interception_then_battle(dice: Callable[..., None]) -> None:
    """The Hapsburg squadron in Naples, run by the Protestant (seed 11), intercepts into the Tyrrhenian Sea (2d6 9+)
    and loses the battle that follows."""
    # ruling HIS-S06
    game = at_war_with_hapsburg()
    sail(game, "rome", "tyrrhenian_sea")
    view = game.view("protestant")
    assert view["decision"]["kind"] == "naval_intercept"
    assert view["actions"] == [{"type": "intercept"}, {"type": "decline"}]
    dice(interception=[5, 4], attacker=[5, 6], defender=[1, 1])
    game.act("protestant", {"type": "intercept"})
    state = game.state
    assert b.units_of(state, "naples", "hapsburg")["squadron"] == 0
    assert b.units_of(state, "tyrrhenian_sea", "hapsburg")["squadron"] == 0  # sunk by two hits
    assert state["units"]["tyrrhenian_sea"] == {"papacy": {"squadron": 1}}
    assert state["stack"][-1] == {"kind": "cp", "role": "papacy", "cp": 1}
    assert "naval_war" not in state


def test_16_1_step_4_a_failed_or_declined_interception_means_no_battle(dice: Callable[..., None]) -> None:
    game, declined = at_war_with_hapsburg(), at_war_with_hapsburg()
    sail(game, "rome", "tyrrhenian_sea")
    sail(declined, "rome", "tyrrhenian_sea")
    dice(interception=[4, 4])
    game.act("protestant", {"type": "intercept"})
    assert b.units_of(game.state, "naples", "hapsburg")["squadron"] == 1
    assert game.state["stack"][-1]["kind"] == "cp"
    declined.act("protestant", {"type": "decline"})
    assert declined.state["units"]["tyrrhenian_sea"] == {"papacy": {"squadron": 1}}
    assert b.units_of(declined.state, "naples", "hapsburg")["squadron"] == 1


def test_16_1_step_5_avoiding_naval_battle(dice: Callable[..., None]) -> None:
    game = at_war_with_hapsburg()
    b.add_units(game.state, "naples", "hapsburg", "squadron", -1)
    b.add_units(game.state, "tyrrhenian_sea", "hapsburg", "squadron", 1)
    sail(game, "rome", "tyrrhenian_sea")
    view = game.view("protestant")
    assert view["decision"]["kind"] == "naval_avoid"
    assert {"type": "avoid", "to": "naples"} in view["actions"] and {"type": "stay"} in view["actions"]
    assert {"type": "avoid", "to": "rome"} not in view["actions"]  # a port of its own only
    dice(avoids=[6, 3])
    game.act("protestant", {"type": "avoid", "to": "naples"})
    assert b.units_of(game.state, "naples", "hapsburg")["squadron"] == 1
    assert game.state["units"]["tyrrhenian_sea"] == {"papacy": {"squadron": 1}}


def test_16_2_step_9_battle_in_port_the_attacker_always_leaves(dice: Callable[..., None]) -> None:
    """16.1: an enemy port may be entered while its ships are in it; the defender gets one more die in port."""
    game = at_war_with_hapsburg()
    b.add_units(game.state, "rome", "papacy", "squadron", -1)
    b.add_units(game.state, "tyrrhenian_sea", "papacy", "squadron", 2)
    dice(attacker=[5, 5, 1, 1], defender=[1, 1, 1])  # 2 squadrons: 4 dice; 1 squadron in port: 2 + 1
    sail(game, "tyrrhenian_sea", "naples", 2)
    state = game.state
    assert b.units_of(state, "naples", "hapsburg")["squadron"] == 0
    assert b.units_of(state, "naples", "papacy")["squadron"] == 0
    assert b.units_of(state, "tyrrhenian_sea", "papacy")["squadron"] == 2  # the only sea zone of Naples


def test_16_2_step_9_the_loser_at_sea_retreats_where_its_controller_says(dice: Callable[..., None]) -> None:
    game = at_war_with_hapsburg()
    b.add_units(game.state, "rome", "papacy", "squadron", 1)
    b.add_units(game.state, "naples", "hapsburg", "squadron", -1)
    b.add_units(game.state, "tyrrhenian_sea", "hapsburg", "squadron", 2)
    sail(game, "rome", "tyrrhenian_sea", 2)
    dice(attacker=[1, 1, 1, 1], defender=[5, 1, 1, 1])
    game.act("protestant", {"type": "stay"})
    view = game.view("papacy")
    assert view["decision"]["kind"] == "naval_retreat"
    assert {a["to"] for a in view["actions"]} == {"rome", "gulf_of_lyon", "barbary_coast"}
    game.act("papacy", {"type": "retreat", "to": "rome"})
    state = game.state
    assert b.units_of(state, "rome", "papacy")["squadron"] == 1  # the odd hit sank one of the loser's two
    assert state["units"]["tyrrhenian_sea"] == {"hapsburg": {"squadron": 2}}
    assert state["stack"][-1]["kind"] == "cp"
    assert of_type(game, "papacy", "naval_move") == []  # 16.1: beaten ships move no more this impulse
    state["impulse"]["count"] = state["impulse"].get("count", 0) + 1
    assert of_type(game, "papacy", "naval_move") == [{"type": "naval_move"}]


def test_seed_11_proxy_naval_move_for_a_power_at_war_with_the_opponent() -> None:
    game = cp_decision("protestant", 1)
    assert of_type(game, "protestant", "naval_move") == []
    game.state["diplomacy"]["at_war"].append(["france", "papacy"])
    assert of_type(game, "protestant", "naval_move") == [{"type": "naval_move", "power": "france"}]
    game.act("protestant", {"type": "naval_move", "power": "france"})
    sails = of_type(game, "protestant", "sail")
    assert {"type": "sail", "power": "france", "from": "marseille", "to": "gulf_of_lyon", "squadrons": 1} in sails
    game.act("protestant", sails[0])
    assert of_type(game, "protestant", "sail") == []
    game.act("protestant", {"type": "done"})
    assert game.state["stack"][-1] == {"kind": "cp", "role": "protestant", "cp": 0}


def test_seed_11_the_papacy_moves_its_own_squadrons_with_the_hapsburgs() -> None:
    game = cp_decision("papacy", 1)
    game.state["diplomacy"]["at_war"].append(["hapsburg", "protestant"])
    game.act("papacy", {"type": "naval_move", "power": "hapsburg"})
    sails = of_type(game, "papacy", "sail")
    assert {"type": "sail", "from": "rome", "to": "tyrrhenian_sea", "squadrons": 1} in sails
    assert {"type": "sail", "power": "hapsburg", "from": "naples", "to": "tyrrhenian_sea", "squadrons": 1} in sails


def test_16_1_minor_allies_ships_move_with_their_major_never_into_the_atlantic() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    state["minor_allies"] = {"genoa": "papacy"}
    b.add_units(state, "rome", "papacy", "squadron", -1)
    b.add_units(state, "bay_of_biscay", "genoa", "squadron", 1)
    game.act("papacy", {"type": "naval_move"})
    targets = {(a["from"], a["to"]) for a in of_type(game, "papacy", "sail") if a.get("power") == "genoa"}
    assert ("genoa", "gulf_of_lyon") in targets and ("genoa", "tyrrhenian_sea") in targets
    assert {dst for src, dst in targets if src == "bay_of_biscay"} == {"english_channel", "irish_sea"}  # no Atlantic


def test_16_2_step_10_and_8_2_a_wiped_out_sides_naval_leader_returns_next_turn(dice: Callable[..., None]) -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    state["diplomacy"]["at_war"].append(["ottoman", "papacy"])
    b.add_units(state, "rome", "papacy", "squadron", 1)
    b.add_units(state, "tyrrhenian_sea", "ottoman", "squadron", 1)
    state["leaders"]["barbarossa"] = "tyrrhenian_sea"
    sail(game, "rome", "tyrrhenian_sea", 2)
    dice(attacker=[5, 6, 5, 6], defender=[1, 1, 1, 1])  # 2 squadrons; 1 squadron + Barbarossa's 2
    game.act("protestant", {"type": "stay"})
    state = game.state
    assert "barbarossa" not in state["leaders"] and state["leaders_next_turn"] == {"barbarossa": "ottoman"}
    naval_war.return_naval_leaders(state, load_map())
    where = state["leaders"]["barbarossa"]
    assert load_map().spaces[where].is_port and state["spaces"][where]["control"] == "ottoman"
    assert "leaders_next_turn" not in state
