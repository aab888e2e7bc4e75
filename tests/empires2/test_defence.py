"""A player's own defence (rewrite 13.0, EMP-S07): an attack on an area of an empire a player runs waits for his
choice, defend (with the gold he adds) or not; an Independent owner still defends by itself (33.23)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.empires2.helpers import cards, scenario_state
from umpire.bots.empires2 import NormalBot, RandomBot
from umpire.games.empires2 import board, defence, independent
from umpire.games.empires2 import rules as rules_module
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game

State = dict[str, Any]
RULES = rules_module.RULESET


@pytest.fixture
def state() -> State:
    return scenario_state("millennium", 3, year_cards=cards(5), quiet_deck=True, over=False, phase="turn", contests=[])


def _france_attacks_lorraine(state: State) -> str:
    plan = independent.Plan(6, "conquest", "lorraine", "champagne", 4, 1)
    return independent.attempt(state, "france", plan)


def test_13_0_an_independents_attack_on_a_players_area_waits_for_his_choice(state: State) -> None:
    france_gold = state["empires"]["france"]["gold"]
    assert _france_attacks_lorraine(state) == independent.ASKED
    assert state["empires"]["france"]["gold"] == france_gold  # nothing paid or turned over yet
    assert defence.waiting_for(state) == ["germany"]
    asked = defence.view(state)
    assert asked is not None
    assert (asked["attacker"], asked["area"], asked["attack_er"], asked["reduction"]) == ("france", "lorraine", 5, 3)
    assert asked["max_gold"] == 10 - 2
    assert defence.actions(state, "germany") == [
        {"type": "defend", "defend": True, "gold": 0, "max_gold": 8, "empire": "germany"},
        {"type": "defend", "defend": False, "empire": "germany"},
    ]
    assert defence.actions(state, "byzantine") == []


def test_13_0_the_player_defends_adding_gold(state: State) -> None:
    _france_attacks_lorraine(state)
    defence.answer(state, "germany", {"type": "defend", "gold": 3})
    germany = state["empires"]["germany"]
    assert germany["gold"] == 10 - 2 - 3 and len(germany["year_cards"]) == 4
    assert "defence" not in state
    said = "Germany defends Lorraine: 2 gold and 3 more, Year Card t0, -6 to the attack"
    assert said in state["log"]
    assert any("-1 after 1 gold" in line for line in state["log"])  # the attack at +5, less the defence's 6
    assert state["empires"]["germany"]["attacked"] == ["lorraine"]


def test_13_0_the_player_may_decline_to_defend(state: State) -> None:
    _france_attacks_lorraine(state)
    defence.answer(state, "germany", {"type": "defend", "defend": False})
    germany = state["empires"]["germany"]
    assert germany["gold"] == 10 and len(germany["year_cards"]) == 5
    assert any("Germany does not defend Lorraine" in line for line in state["log"])
    assert state["empires"]["france"]["gold"] == 6 - 2 - 1  # the attack is carried out all the same


@pytest.mark.parametrize("gold", [9, -1, "2", True])
def test_13_0_gold_the_treasury_cannot_add_is_refused_with_the_limit(state: State, gold: Any) -> None:
    _france_attacks_lorraine(state)
    with pytest.raises(ValueError, match=r"whole number 0\.\.8 \(Germany holds 10, the defence costs 2\)"):
        defence.answer(state, "germany", {"type": "defend", "gold": gold})
    assert defence.pending(state) is not None


def test_13_0_a_player_who_cannot_pay_for_a_defence_is_not_asked(state: State) -> None:
    state["empires"]["germany"]["gold"] = 1
    assert _france_attacks_lorraine(state) != independent.ASKED
    assert any("Germany cannot defend Lorraine: 1 gold" in line for line in state["log"])


def test_13_0_an_attack_by_the_other_player_asks_the_defender(state: State) -> None:
    state["empires"]["germany"]["gold"] = 20
    plan = independent.Plan(0, "pillage", "bulgaria", "rhineland", 2, 0)
    assert independent.attempt(state, "germany", plan) == independent.ASKED
    assert defence.waiting_for(state) == ["byzantine"]


def test_33_23_an_independent_owner_still_defends_by_itself(state: State) -> None:
    state["empires"]["germany"]["gold"] = 20
    plan = independent.Plan(0, "conquest", "champagne", "lorraine", 2, 0)
    assert independent.attempt(state, "germany", plan) != independent.ASKED
    assert any("France defends Champagne" in line for line in state["log"])


def _to_a_defence(seed: int) -> Game:
    """A random millennium game played until an Independent's attack asks a player for his defence."""
    game = new_game("empires2", "millennium", seed=seed)
    pick = random.Random(seed)
    bot = RandomBot()
    for _ in range(3000):
        if game.state.get("defence") or game.state["over"] or game.state.get("blocked"):
            break
        role = game.view("gm")["acting"][0]
        action = bot.act(game.view(role), pick)
        assert action is not None
        game.act(role, action)
    return game


def test_13_0_the_independents_turn_pauses_for_the_defence_and_goes_on() -> None:
    # ruling EMP-S13
    game = next(g for g in map(_to_a_defence, range(1, 40)) if g.state.get("defence"))
    asked = game.state["defence"]
    seat, attacker = asked["seat"], asked["attacker"]
    assert game.view("gm")["acting"] == [seat]
    assert {a["type"] for a in game.view(seat)["actions"]} == {"defend"}
    other = next(s for s in RULES.seats(game.state) if s != seat)
    with pytest.raises(IllegalAction, match=f"it is not {other}'s move"):
        game.act(other, {"type": "end_turn"})
    with pytest.raises(IllegalAction, match="answer it with 'defend'"):
        game.act(seat, {"type": "end_turn"})
    cards_before = len(game.state["empires"][attacker]["year_cards"])
    log_before = len(game.state["log"])
    game.act(seat, NormalBot().act(game.view(seat), random.Random(0)))  # type: ignore[arg-type]
    after = game.state["log"][log_before:]
    assert f"{board.name(game.state, asked['defender'])} defends" in after[0]
    assert len(game.state["empires"][attacker]["year_cards"]) < cards_before  # the attack was carried out
    assert len(after) > 2  # and the game went on past it
