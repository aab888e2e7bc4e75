"""Charlemagne's Longevity (rewrite 27.7): no stature check and no Leader Dies Heirless for the Franks in the first
seven rounds of Charlemagne; both as usual from the eighth, and for every other empire."""

from __future__ import annotations

from typing import Any

import pytest

from tests.empires2.helpers import cards, scenario_state
from umpire.games.empires2 import board, independent, longevity, rules
from umpire.games.empires2.scenario import load_scenario

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    # the scenario field as the ruleset sets it
    return scenario_state("charlemagne", 7, year_cards=cards(5), quiet_deck=True, scenario="charlemagne")


def draws_heirless(state: State, eid: str, round_: int) -> None:
    state.update(phase="turn", order=[eid], turn_index=0, over=False, round=round_)
    state["event_deck"] = ["leader_dies_heirless", *state["event_deck"]]
    rules._start_player_turn(state, eid)


def test_the_scenarios_name_it() -> None:
    assert load_scenario("charlemagne").longevity == {"frankish": 7}
    assert load_scenario("charlemagne").public["longevity"] == "rewrite 27.7"
    assert load_scenario("millennium").longevity == {}


def test_leader_dies_heirless_has_no_effect_on_the_franks_through_round_seven(state: State) -> None:
    # ruling EMP-P08
    areas, leader = board.areas_of(state, "frankish"), dict(state["empires"]["frankish"]["leader"])
    draws_heirless(state, "frankish", 7)
    assert board.areas_of(state, "frankish") == areas
    assert not any(state["areas"][aid]["unrest"] for aid in areas)
    assert state["empires"]["frankish"]["leader"] == leader
    assert not any(r["purpose"].startswith("rebellion check") for r in state["rolls"])
    assert any("Leader Dies Heirless ignored" in line and "(27.7)" in str(line) for line in state["log"])
    assert state["event_discard"][-1] == "leader_dies_heirless"


def test_from_round_eight_it_strikes_the_franks_as_usual(state: State) -> None:
    draws_heirless(state, "frankish", 8)
    assert sum(r["purpose"].startswith("rebellion check") for r in state["rolls"]) == 10  # the non-German areas


def test_it_never_spares_the_other_empire(state: State) -> None:
    assert not longevity.spared(state, "byzantine")
    draws_heirless(state, "byzantine", 1)
    assert any(r["purpose"].startswith("rebellion check") for r in state["rolls"])


def test_no_stature_check_for_the_franks_through_round_seven(state: State) -> None:
    leader = dict(state["empires"]["frankish"]["leader"])
    state["round"] = 7
    independent.stature_check_now(state, "frankish", None)
    assert state["empires"]["frankish"]["leader"] == leader and not state["rolls"]
    assert "stature check ignored" in str(state["log"][-1])
    state["round"] = 8
    independent.stature_check_now(state, "frankish", None)
    assert state["rolls"] and ", new leader " in str(state["log"][-1])
