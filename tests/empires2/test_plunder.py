"""Plunder (rewrite 16.2, 17.0; EMP-R10, EMP-D19): a player's or an ally's, in the taxation; never an
Independent's (33.24 B)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.empires2.helpers import scenario_state, to_turn_of
from umpire.games.empires2 import alliances, board, independent, plunder
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    return scenario_state("millennium", 7)


def test_16_2_plunder_brings_tax_and_population_and_unrest(state: State) -> None:
    # Franconia: social state 4 (4 gold in tax), population 3: 7 gold (EMP-R10); calm, so it falls into unrest.
    gold = state["empires"]["germany"]["gold"]
    assert plunder.case_16_2_plunder(state, "germany", "franconia") == 7
    assert state["empires"]["germany"]["gold"] == gold + 7
    assert state["areas"]["franconia"]["unrest"] and state["areas"]["franconia"]["social_state"] == 4
    assert (
        state["log"][-1]
        == f"Germany plunders Franconia: 7 gold, treasury {gold + 7}; Franconia falls into unrest (17.0)"
    )
    assert state["rolls"] == []  # a calm area takes no check


def test_17_0_plunder_in_unrest_takes_a_rebellion_check(state: State) -> None:
    state["areas"]["franconia"]["unrest"] = True
    plunder.case_16_2_plunder(state, "germany", "franconia")
    assert state["rolls"][0]["purpose"].startswith("rebellion check in franconia")
    assert any(line.startswith("Franconia, plundered in unrest: rebellion check at value") for line in state["log"])


def test_33_24b_independent_empires_never_plunder(state: State) -> None:
    gold = state["empires"]["france"]["gold"]
    with pytest.raises(ValueError, match=r"Independent Empires never plunder \(33.24 B\)"):
        plunder.case_16_2_plunder(state, "france", "champagne")
    assert state["empires"]["france"]["gold"] == gold and not state["areas"]["champagne"]["unrest"]


def test_33_24b_an_independents_taxation_never_plunders(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[str] = []
    monkeypatch.setattr(plunder, "case_16_2_plunder", lambda _s, eid, aid, _m=None: called.append(aid) or 0)
    state["event_deck"] = ["quiet_years"] * 5
    for eid in ("france", "burgundy", "denmark", "poland", "kiev"):
        state["empires"][eid]["gold"] = 0  # plunder would pay most here
        independent.case_33_24b_taxation(state, eid)
        independent.case_33_24d_second_taxation(state, eid)
    assert called == []
    assert not any("plunders" in line for line in state["log"])


def test_16_2_refusals_name_the_fault(state: State) -> None:
    assert "only its own areas" in (plunder.refusal(state, "germany", ["champagne"]) or "")
    assert "both taxed and plundered" in (plunder.refusal(state, "germany", ["saxony"], {"saxony": 1}) or "")
    assert "names an area twice" in (plunder.refusal(state, "germany", ["saxony", "saxony"]) or "")
    assert "must list areas" in (plunder.refusal(state, "germany", "saxony") or "")
    assert plunder.refusal(state, "germany", ["saxony", "swabia"], {"franconia": 2}) is None


def test_16_2_a_player_plunders_in_his_taxation_through_the_ruleset() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    actions = game.view("germany")["actions"]
    listed = [a for a in actions if a["type"] == "tax" and a.get("plunder")]
    assert {a["plunder"][0] for a in listed} == set(board.areas_of(game.state, "germany"))
    labels = game.view("germany")["action_labels"]
    assert any(lab["label"] == "Plunder Franconia: its tax and population in gold, and unrest" for lab in labels)
    with pytest.raises(IllegalAction, match="both taxed and plundered"):
        game.act("germany", {"type": "tax", "areas": {"franconia": 1}, "plunder": ["franconia"], "empire": "germany"})
    with pytest.raises(IllegalAction, match="'champagne' is not an area of Germany"):
        game.act("germany", {"type": "tax", "areas": {}, "plunder": ["champagne"], "empire": "germany"})
    gold = game.state["empires"]["germany"]["gold"]
    game.act("germany", {"type": "tax", "areas": {"swabia": 1}, "plunder": ["franconia"], "empire": "germany"})
    s = game.state
    assert s["empires"]["germany"]["gold"] == gold + 1 + 7
    assert s["areas"]["franconia"]["unrest"] and s["taxed"]
    assert not any(a["type"] == "tax" for a in game.view("germany")["actions"])  # one taxation a turn (16.1)


def test_33_31_an_ally_plunders_its_own_areas_in_its_turn() -> None:
    game = new_game("empires2", "millennium", seed=3)
    s = game.state
    s["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(s, "burgundy")
    alliances.case_33_41_alliance(s, "germany", "burgundy", "set up by the test")
    to_turn_of(game, "burgundy")
    gold = game.state["empires"]["burgundy"]["gold"]
    with pytest.raises(IllegalAction, match="'saxony' is not an area of Burgundy"):
        game.act("germany", {"type": "tax", "areas": {}, "plunder": ["saxony"], "empire": "burgundy"})
    game.act("germany", {"type": "tax", "areas": {}, "plunder": ["provence"], "empire": "burgundy"})
    assert game.state["empires"]["burgundy"]["gold"] > gold
    assert game.state["areas"]["provence"]["unrest"]
