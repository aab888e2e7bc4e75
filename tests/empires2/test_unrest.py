"""Unrest and rebellion (rewrite 17.0) and taxation (16.1) as the ruleset plays them; rulings EMP-U01 onward."""

from __future__ import annotations

from typing import Any

import pytest

from tests.empires2.helpers import cards, scenario_state, to_turn_of
from umpire.games.empires2 import alliances, board, independent, unrest
from umpire.games.empires2 import economy as ec
from umpire.games.empires2.economy import TaxedArea
from umpire.games.empires2.mapdata import load_map
from umpire.games.empires2.scenario import load_scenario
from umpire.kernel.game import new_game

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    return scenario_state("millennium", 7)


# --- 17.22: unfriendly ties (EMP-U01) ---------------------------------------------------------------------------------


def test_17_22_one_or_more_unfriendly_ties_add_two_once() -> None:
    """Errata 17.22: +2 for one or more unfriendly ties, not +2 for each."""
    assert ec.rebellion_value(0, TaxedArea(other_ties=1)) == 2
    assert ec.rebellion_value(0, TaxedArea(other_ties=2)) == 2
    assert ec.rebellion_value(0, TaxedArea(other_ties=3, own_tie=True)) == 0


def test_17_22_a_taxation_in_play_counts_two_empires_ties_once() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    s = game.state
    base = ec.rebellion_value(1, independent.taxed_area(s, "germany", "franconia"))
    s["areas"]["franconia"]["ties"].update(france=1, denmark=1)
    game.act("germany", {"type": "tax", "areas": {"franconia": 1}, "empire": "germany"})
    log = game.state["log"]
    assert any(line.startswith(f"Germany: 1 gold from Franconia, rebellion value {base + 2}:") for line in log)


# --- 17.0: an area cut off from its Court (7.51; EMP-U02) -------------------------------------------------------------


def test_17_0_line_of_communications_by_land_and_one_sea_area(state: State) -> None:
    assert unrest.cut_off(state, "germany") == [] and unrest.cut_off(state, "byzantine") == []
    assert "crete" in unrest.connected(state, "byzantine")  # an island, across the sea from another of its areas
    state["areas"]["lombardy"]["owner"] = "burgundy"
    # Tuscany's coasts (Ligurian, Tyrrhenian) share no sea area with Saxony's or Friesland's: more than one sea away.
    assert unrest.cut_off(state, "germany") == ["tuscany"]


def test_17_0_a_rebellion_cuts_off_an_area_behind_it_and_it_falls_into_unrest(state: State) -> None:
    """Lombardy rebels: Tuscany, Germany's only by way of Lombardy, falls into unrest where the rebellion happens."""
    independent.rebellion_outcome(state, "lombardy", ec.REBELLION, None, load_map())
    assert state["areas"]["lombardy"]["owner"] is None
    assert state["areas"]["tuscany"]["unrest"]
    assert "Tuscany is cut off from Germany's Court at Saxony: unrest (17.0)" in state["log"]
    assert state["cut_off"] == {"germany": ["tuscany"]}


def test_17_0_only_a_newly_broken_line_brings_unrest(state: State) -> None:
    state["areas"]["lombardy"]["owner"] = None
    assert unrest.case_17_cut_off(state) == ["tuscany"]
    state["areas"]["tuscany"]["unrest"] = False  # ruled calm (EMP-R07) while still cut off
    assert unrest.case_17_cut_off(state) == [] and not state["areas"]["tuscany"]["unrest"]
    state["areas"]["lombardy"]["owner"] = "germany"  # the line mended ...
    assert unrest.case_17_cut_off(state) == [] and "cut_off" in state and state["cut_off"] == {}
    state["areas"]["lombardy"]["owner"] = None  # ... and broken again
    assert unrest.case_17_cut_off(state) == ["tuscany"]


def test_17_0_an_empire_without_its_court_has_no_line_to_judge(state: State) -> None:
    state["areas"]["saxony"]["owner"] = None
    assert unrest.cut_off(state, "germany") == []


def test_17_0_the_ruleset_looks_for_broken_lines_after_each_action() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    game.state["areas"]["lombardy"]["owner"] = "burgundy"  # as a cession in an agreement might (EMP-G04)
    game.act("germany", {"type": "tax", "areas": {"saxony": 0}, "empire": "germany"})
    assert game.state["areas"]["tuscany"]["unrest"]
    assert "Tuscany is cut off from Germany's Court at Saxony: unrest (17.0)" in game.state["log"]


# --- 17.0: a failed endeavour from or on an area in unrest (EMP-U03) --------------------------------------------------


def test_17_0_courting_from_a_court_in_unrest_that_loses_a_level_takes_a_rebellion_check(state: State) -> None:
    """33.41's diplomacy has the player's Court as its base (12.11): a -1 there in unrest calls 17.0's check."""
    state["event_deck"] = ["quiet_years"] * 5
    state["empires"]["germany"]["leader"]["diplomatic"] = 0
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=1)
    state["areas"]["saxony"]["unrest"] = True
    assert alliances.case_33_41_diplomatic_endeavour(state, "germany", "burgundy", 0).result == "-1"
    assert any(r["purpose"].startswith("rebellion check in saxony") for r in state["rolls"])
    said = "Saxony in unrest lost a social state: rebellion check at value"
    assert any(line.startswith(said) for line in state["log"])


def test_17_0_a_calm_court_losing_a_level_takes_no_check(state: State) -> None:
    state["empires"]["germany"]["leader"]["diplomatic"] = 0
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=1)
    assert alliances.case_33_41_diplomatic_endeavour(state, "germany", "burgundy", 0).result == "-1"
    assert not any("rebellion check" in r["purpose"] for r in state["rolls"])


def test_17_22_an_allys_tie_is_waived_for_its_players_empire(state: State) -> None:
    """EMP-U01: one player runs both, so the tie is not unfriendly; an Independent's tie still is."""
    state["areas"]["franconia"]["ties"]["burgundy"] = 1
    assert independent.taxed_area(state, "germany", "franconia").other_ties == 1
    state["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(state, "burgundy")
    alliances.case_33_41_alliance(state, "germany", "burgundy", "set up by the test")
    assert independent.taxed_area(state, "germany", "franconia").other_ties == 0
    state["areas"]["provence"]["ties"]["germany"] = 1  # the player's tie on his ally's area, waived too
    assert independent.taxed_area(state, "burgundy", "provence").other_ties == 0
    state["areas"]["franconia"]["ties"]["france"] = 1
    assert independent.taxed_area(state, "germany", "franconia").other_ties == 1


def test_17_0_a_ruling_that_costs_an_area_in_unrest_a_level_takes_a_rebellion_check(state: State) -> None:
    """The domestic target in unrest loses a level: the check, at its rebellion value with no gold."""
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=1)
    state["areas"]["franconia"]["unrest"] = True
    level = state["areas"]["franconia"]["social_state"]
    plan = independent.Plan(0, "ruling", "franconia", None, -10, 0)
    assert independent.attempt(state, "germany", plan) == "-1"
    assert state["areas"]["franconia"]["social_state"] == level - 1
    assert any(r["purpose"].startswith("rebellion check in franconia") for r in state["rolls"])
    said = "Franconia in unrest lost a social state: rebellion check at value"
    assert any(line.startswith(said) for line in state["log"])


def test_17_0_a_conquest_from_a_base_in_unrest_that_loses_a_level_takes_a_rebellion_check(state: State) -> None:
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=1)
    state["empires"]["burgundy"]["year_cards"] = []  # no defence
    state["areas"]["swabia"]["unrest"] = True
    plan = independent.Plan(0, "conquest", "burgundy", "swabia", -10, 0)
    assert independent.attempt(state, "germany", plan) == "-1"
    assert any(r["purpose"].startswith("rebellion check in swabia") for r in state["rolls"])


@pytest.mark.parametrize(
    "scenario, seats", [("millennium", ("germany", "byzantine")), ("charlemagne", ("frankish", "byzantine"))]
)
def test_17_0_no_scenario_starts_with_an_area_cut_off(scenario: str, seats: tuple[str, str]) -> None:
    """EMP-U02's line (land, or one sea area) holds every empire's set-up together."""
    s = board.new_state(load_scenario(scenario), seats)
    assert {eid: unrest.cut_off(s, eid) for eid in s["empires"]} == {eid: [] for eid in s["empires"]}
    assert unrest.case_17_cut_off(s) == [] and s["cut_off"] == {}
