"""The assault action in play (rule book 15.1, 15.3, 23.1; seed 2.2, 11): offered on sieges of ``state["sieges"]``,
its dice fixed here, losses chosen by their owners' controllers, the space taken or the siege going on or broken."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import board as b
from umpire.games.his2p import control
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.war import assaults, windows
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game

State = dict[str, Any]


@pytest.fixture(autouse=True)
def no_combat_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the war's own steps: every player auto-passes the combat-card windows (their opening
    and the cards are tested in test_windows.py and test_combat_cards.py)."""
    monkeypatch.setattr(windows, "autopassed", lambda state, role: list(windows.KINDS))


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Fix the faces of the next rolls: ``dice(attacker=[...], defender=[...])`` by the end of their purpose."""

    def set_faces(**faces: Sequence[int]) -> None:
        def roll_many(state: State, purpose: str, count: int, sides: int = 6, **_: Any) -> list[int]:
            side = purpose.rsplit(": ", 1)[-1]
            out = list(faces[side])
            assert len(out) == count, f"{purpose}: {count} dice rolled, {len(out)} faces given"
            return out

        monkeypatch.setattr(rng, "roll_many", roll_many)

    return set_faces


def siege_of_florence(regulars: int = 4, mercenaries: int = 0, garrison: int = 1) -> Game:
    """The Papacy (2 CP) besieging independent Florence since an earlier impulse, Siena Papal for a line of
    communication from Rome."""
    game = cp_decision("papacy", 2)
    state = game.state
    state["impulse"]["count"] = 3
    state["sieges"] = {"florence": {"besieger": "papacy", "impulse": 2}}
    state["spaces"]["siena"]["control"] = "papacy"
    b.add_units(state, "florence", "papacy", "regular", regulars)
    if mercenaries:
        b.add_units(state, "florence", "papacy", "mercenary", mercenaries)
    b.add_units(state, "florence", "independent", "regular", garrison - 1)
    return game


def assaults_offered(game: Game, role: str) -> list[dict[str, Any]]:
    return [a for a in game.view(role)["actions"] if a["type"] == "assault"]


def test_15_1_a_successful_assault_takes_control_and_ends_the_siege(dice: Callable[..., None]) -> None:
    game = siege_of_florence()
    assert assaults_offered(game, "papacy") == [{"type": "assault", "space": "florence"}]
    dice(attacker=[5, 6], defender=[1, 2])  # 4 regulars against 1 inside: 2 dice; the defence 1 + 1
    game.act("papacy", {"type": "assault", "space": "florence"})
    state = game.state
    assert state["spaces"]["florence"]["control"] == "papacy"
    assert "florence" not in state["sieges"]
    assert state["units"]["florence"] == {"papacy": {"regular": 4}}
    assert state["stack"][-1] == {"kind": "cp", "role": "papacy", "cp": 1}
    assert any("papacy takes Florence" in e["text"] for e in state["log"])


def test_15_1_requirements_read_from_the_state() -> None:
    game = siege_of_florence()
    state, board = game.state, load_map()
    state["sieges"]["florence"]["impulse"] = 3
    assert "impulse after the siege began" in str(assaults.refusal(state, board, "papacy", "florence"))
    state["sieges"]["florence"]["impulse"] = 2
    state["spaces"]["siena"]["control"] = "independent"
    assert "line of communication" in str(assaults.refusal(state, board, "papacy", "florence"))
    state["spaces"]["siena"]["control"] = "papacy"
    state["sieges"]["florence"]["assaulted"] = 3
    assert "already assaulted" in str(assaults.refusal(state, board, "papacy", "florence"))
    assert assaults_offered(game, "papacy") == []
    with pytest.raises(IllegalAction, match="already assaulted this impulse"):
        game.act("papacy", {"type": "assault", "space": "florence"})


def test_15_1_no_assault_while_the_defender_holds_the_sea() -> None:
    """Naples: a Hapsburg squadron in port needs more Papal squadrons in the Tyrrhenian Sea; one there at sea
    forbids the assault."""
    game = cp_decision("papacy", 2)
    state, board = game.state, load_map()
    state["diplomacy"]["at_war"].append(["papacy", "hapsburg"])
    state["impulse"]["count"] = 3
    state["sieges"] = {"naples": {"besieger": "papacy", "impulse": 1}}
    b.add_units(state, "naples", "papacy", "regular", 5)
    assert "needs more in the seas next to it, not 0" in str(assaults.refusal(state, board, "papacy", "naples"))
    b.add_units(state, "tyrrhenian_sea", "papacy", "squadron", 2)
    assert assaults.refusal(state, board, "papacy", "naples") is None
    b.add_units(state, "tyrrhenian_sea", "hapsburg", "squadron", 1)
    assert "squadrons in a sea next to" in str(assaults.refusal(state, board, "papacy", "naples"))


def test_15_1_step_10_naval_units_in_the_port_are_lost(dice: Callable[..., None]) -> None:
    game = cp_decision("papacy", 2)
    state = game.state
    state["diplomacy"]["at_war"].append(["papacy", "hapsburg"])
    state["impulse"]["count"] = 3
    state["sieges"] = {"naples": {"besieger": "papacy", "impulse": 1}}
    b.add_units(state, "naples", "papacy", "regular", 5)
    b.add_units(state, "tyrrhenian_sea", "papacy", "squadron", 2)
    dice(attacker=[5, 6], defender=[1, 1, 1])  # a formation of 4 (no leader) against 2: 2 dice; the defence 2 + 1
    game.act("papacy", {"type": "assault", "space": "naples"})
    assert game.state["spaces"]["naples"]["control"] == "papacy"
    assert game.state["units"]["naples"] == {"papacy": {"regular": 5}}  # the Hapsburg squadron is gone


def test_seed_2_2_no_assault_where_control_never_changes() -> None:
    game = siege_of_florence()
    state = game.state
    state["sieges"] = {"lyon": {"besieger": "papacy", "impulse": 1}}
    b.add_units(state, "lyon", "papacy", "regular", 2)
    assert "never changes political control" in str(assaults.refusal(state, load_map(), "papacy", "lyon"))


def test_15_1_step_9_losses_are_the_owners_choice(dice: Callable[..., None]) -> None:
    game = siege_of_florence(regulars=2, mercenaries=2, garrison=1)
    dice(attacker=[1, 2], defender=[6, 1])
    game.act("papacy", {"type": "assault", "space": "florence"})
    view = game.view("papacy")
    assert view["decision"]["kind"] == "assault_losses"
    assert sorted(view["actions"], key=str) == [{"type": "lose", "mercenary": 1}, {"type": "lose", "regular": 1}]
    game.act("papacy", {"type": "lose", "mercenary": 1})
    assert b.units_of(game.state, "florence", "papacy")["mercenary"] == 1
    assert game.state["sieges"]["florence"]["besieger"] == "papacy"  # 3 still outnumber 1: the siege goes on
    assert game.state["stack"][-1]["kind"] == "cp"
    assert assaults_offered(game, "papacy") == []  # one assault a space an impulse


def test_15_3_besiegers_no_longer_outnumbering_retreat(dice: Callable[..., None]) -> None:
    game = siege_of_florence(regulars=3, garrison=2)
    game.state["spaces"]["modena"]["control"] = "papacy"
    dice(attacker=[1, 2], defender=[5, 6, 1])  # 3 against 2: 2 dice; the defence 2 + 1
    game.act("papacy", {"type": "assault", "space": "florence"})
    view = game.view("papacy")
    assert view["decision"]["kind"] == "siege_retreat"
    assert view["actions"] == [{"type": "retreat", "to": "modena"}, {"type": "retreat", "to": "siena"}]
    game.act("papacy", {"type": "retreat", "to": "modena"})
    state = game.state
    assert "florence" not in state["sieges"]
    assert b.units_of(state, "modena", "papacy")["regular"] == 1
    assert "papacy" not in state["units"]["florence"]


def test_15_3_a_single_retreat_is_made_at_once(dice: Callable[..., None]) -> None:
    game = siege_of_florence(regulars=3, garrison=2)
    dice(attacker=[1, 2], defender=[5, 6, 1])
    game.act("papacy", {"type": "assault", "space": "florence"})
    assert b.units_of(game.state, "siena", "papacy")["regular"] == 1
    assert game.state["stack"][-1]["kind"] == "cp"


def test_seed_11_proxy_assault_captures_the_leaders_inside(dice: Callable[..., None]) -> None:
    """After the League the Papacy assaults with Hapsburg units (a major at war with the Protestant); the
    Protestant chooses nothing (one kind) and its leader inside is captured (15.1 step 10)."""
    game = cp_decision("papacy", 1)
    state = game.state
    state["events"]["schmalkaldic_league"] = True
    state["diplomacy"]["at_war"] += [["papacy", "protestant"], ["hapsburg", "protestant"]]
    state["diplomacy"]["allied"].append(["papacy", "hapsburg"])
    state["impulse"]["count"] = 3
    state["sieges"] = {"florence": {"besieger": "hapsburg", "impulse": 2}}
    state["spaces"]["florence"]["control"] = "protestant"
    state["spaces"]["siena"]["control"] = "papacy"
    b.add_units(state, "florence", "independent", "regular", -1)
    b.add_units(state, "florence", "protestant", "regular", 1)
    state["leaders"]["philip_of_hesse"] = "florence"
    b.add_units(state, "florence", "hapsburg", "regular", 4)
    state["leaders"]["duke_of_alva"] = "florence"
    action = {"type": "assault", "space": "florence", "power": "hapsburg"}
    assert assaults_offered(game, "papacy") == [action]
    dice(attacker=[6, 1, 1], defender=[1, 1])  # 4 against 1: 2 dice + Alva's 1; the defence 1 + 1
    game.act("papacy", action)
    state = game.state
    assert state["spaces"]["florence"]["control"] == "hapsburg"
    assert "philip_of_hesse" not in state["leaders"]
    assert state["captured"] == {"philip_of_hesse": "hapsburg"}
    assert state["leaders"]["duke_of_alva"] == "florence"


def test_seed_11_no_proxy_assault_for_a_power_at_peace_with_the_opponent() -> None:
    game = siege_of_florence()
    game.state["sieges"]["florence"]["besieger"] = "france"
    b.add_units(game.state, "florence", "france", "regular", 4)
    assert assaults_offered(game, "papacy") == []
    with pytest.raises(IllegalAction, match=re.escape("papacy may not act with france's units now")):
        game.act("papacy", {"type": "assault", "space": "florence", "power": "france"})


def test_seed_11_controller_of_another_major() -> None:
    state = cp_decision("papacy", 1).state
    assert control.controller(state, "papacy") == "papacy"
    assert control.controller(state, "france") is None
    state["diplomacy"]["at_war"].append(["france", "papacy"])
    assert control.controller(state, "france") == "protestant"
    assert control.controller(state, "independent") is None


def test_23_1_military_victory_at_seven_keys(dice: Callable[..., None]) -> None:
    game = siege_of_florence()
    for key in ("genoa", "milan", "naples", "venice"):
        game.state["spaces"][key]["control"] = "papacy"
    assert b.keys_controlled(game.state, load_map(), "papacy") == 6
    dice(attacker=[5, 6], defender=[1, 2])
    game.act("papacy", {"type": "assault", "space": "florence"})
    assert game.state["over"] and game.state["winner"] == "papacy"
    assert game.state["outcome"] == "military victory: 7 keys"


def league_siege_of_florence(hapsburg: int, alva: bool) -> Game:
    """After the League: Hapsburg units besiege Protestant-held Florence (1 regular and Philip of Hesse inside)."""
    game = cp_decision("papacy", 1)
    state = game.state
    state["events"]["schmalkaldic_league"] = True
    state["diplomacy"]["at_war"] += [["papacy", "protestant"], ["hapsburg", "protestant"]]
    state["diplomacy"]["allied"].append(["papacy", "hapsburg"])
    state["impulse"]["count"] = 3
    state["sieges"] = {"florence": {"besieger": "hapsburg", "impulse": 2}}
    state["spaces"]["florence"]["control"] = "protestant"
    state["spaces"]["siena"]["control"] = "papacy"
    b.add_units(state, "florence", "independent", "regular", -1)
    b.add_units(state, "florence", "protestant", "regular", 1)
    state["leaders"]["philip_of_hesse"] = "florence"
    b.add_units(state, "florence", "hapsburg", "regular", hapsburg)
    if alva:
        state["leaders"]["duke_of_alva"] = "florence"
    return game


def test_15_1_step_11_leaders_of_a_wiped_out_assault_go_to_a_fortified_space(dice: Callable[..., None]) -> None:
    game = league_siege_of_florence(hapsburg=2, alva=True)
    dice(attacker=[1, 1], defender=[5, 6])  # 2 against 1: 1 die + Alva's 1; the defence 1 + 1
    game.act("papacy", {"type": "assault", "space": "florence", "power": "hapsburg"})
    state, board = game.state, load_map()
    assert "florence" not in state["sieges"]
    assert state["spaces"]["florence"]["control"] == "protestant"
    where = state["leaders"]["duke_of_alva"]
    assert board.spaces[where].fortified and state["spaces"][where]["control"] == "hapsburg"
