"""The seed's Independent Empire procedure (33.2), one test per case, named by its number."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.empires2.helpers import cards, scenario_state
from umpire.games.empires2 import board, independent
from umpire.games.empires2.independent import case_33_25_gold
from umpire.games.empires2.mapdata import load_map

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    return scenario_state("millennium", 11, year_cards=cards(5), quiet_deck=True)


def test_33_11_every_empire_not_played_is_independent(state: State) -> None:
    status = {eid: e["status"] for eid, e in state["empires"].items()}
    assert status["germany"] == status["byzantine"] == board.PLAYER
    assert {eid for eid, s in status.items() if s == board.INDEPENDENT} == {
        "france",
        "burgundy",
        "denmark",
        "poland",
        "kiev",
    }


def test_33_22_turn_runs_event_tax_endeavours_in_order(state: State) -> None:
    independent.case_33_22_turn(state, "france")
    lines = [line for line in state["log"] if line.startswith("Independent France")]
    assert "Event Card Quiet Years" in lines[1]
    assert "taxation" in lines[2]
    assert any("step " in line for line in lines[3:])
    assert lines[-1].endswith("player-turn ends")
    with pytest.raises(ValueError, match="not an Independent"):
        independent.case_33_22_turn(state, "germany")


def test_33_22_second_taxation_when_the_first_was_postponed(state: State) -> None:
    # Burgundy: Provence (occitan, not the Court's French) cannot be taxed at value 1 or less before or after.
    independent.case_33_22_turn(state, "burgundy")
    assert any("taxation postponed" in line for line in state["log"])
    assert any("no taxation this turn" in line for line in state["log"])


def test_33_24a_missionary_fervor_is_replaced_and_another_drawn(state: State) -> None:
    state["event_deck"] = ["missionary_fervor", "plague", "quiet_years"]
    card = independent.case_33_24a_event_card(state, "france")
    assert card == "plague"
    assert "missionary_fervor" in state["event_deck"]
    assert state["event_deck"][0] != "missionary_fervor" or len(state["event_deck"]) == 1
    assert any("Missionary Fervor: put back" in line for line in state["log"])


def test_33_24a_holding_card_kept_at_most_three_oldest_unplayed_discarded(state: State) -> None:
    # ruling EMP-S12
    france = state["empires"]["france"]
    france["held"] = ["royal_marriage", "diplomatic_coup"]  # neither ever played by an Independent (EMP-V05)
    france["in_play"] = ["technological_weapons"]
    state["event_deck"] = ["diplomatic_coup"]
    independent.case_33_24a_event_card(state, "france")
    assert france["held"] == ["diplomatic_coup", "diplomatic_coup"]
    assert france["in_play"] == ["technological_weapons"]
    assert state["event_discard"] == ["royal_marriage"]


def test_33_24a_played_and_kept_cards_go_only_when_nothing_unplayed_is_held(state: State) -> None:
    france = state["empires"]["france"]
    france["in_play"] = ["technological_weapons", "tactical_systems_advance", "enlargement_of_kings_personal_demesne"]
    state["event_deck"] = ["enlargement_of_kings_personal_demesne"]
    independent.case_33_24a_event_card(state, "france")
    assert france["in_play"] == [
        "tactical_systems_advance",
        "enlargement_of_kings_personal_demesne",
        "enlargement_of_kings_personal_demesne",
    ]
    assert state["event_discard"] == ["technological_weapons"]


def test_33_24a_leader_dies_heirless_loses_ties_and_demesne(state: State) -> None:
    state["areas"]["flanders"]["ties"] = {"france": 2, "germany": 1}
    state["empires"]["france"]["in_play"] = ["enlargement_of_kings_personal_demesne"]
    state["event_deck"] = ["leader_dies_heirless"]
    independent.case_33_24a_event_card(state, "france")
    assert state["areas"]["flanders"]["ties"] == {"germany": 1}
    assert state["empires"]["france"]["in_play"] == []
    assert any(r["purpose"].startswith("stature check for france") for r in state["rolls"])


def test_33_24b_taxes_every_qualifying_area_at_rebellion_value_one_or_less(state: State) -> None:
    plan = independent.tax_plan(state, "france")
    assert "ile_de_france" in plan and len(plan) > 1
    assert independent.case_33_24b_taxation(state, "france")
    values = [
        int(line.split("rebellion value ")[1].split(":")[0]) for line in state["log"] if "rebellion value" in line
    ]
    assert values and max(values) <= 1
    assert not any("plunder" in line for line in state["log"])


def test_33_24b_court_alone_postpones_taxation(state: State) -> None:
    state["areas"]["provence"]["owner"] = None
    assert independent.tax_plan(state, "burgundy") == {}
    gold = state["empires"]["burgundy"]["gold"]
    assert not independent.case_33_24b_taxation(state, "burgundy")
    assert not independent.case_33_24d_second_taxation(state, "burgundy")
    assert state["empires"]["burgundy"]["gold"] == gold


def test_33_24c_example_attacked_without_gold_goes_to_step_2(state: State) -> None:
    france = state["empires"]["france"]
    france["gold"] = 0
    france["attacked"] = ["champagne"]
    france["leader"]["administrative"] = 4
    state["areas"]["normandy"].update(unrest=True, social_state=2)
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and (plan.step, plan.endeavour, plan.target) == (2, "ruling", "normandy")
    assert any("step 1, attacked since its last turn: fortification impossible in Champagne" in x for x in state["log"])


def test_33_24c_step_1_fortifies_an_attacked_area(state: State) -> None:
    state["empires"]["france"]["attacked"] = ["champagne"]
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and (plan.step, plan.endeavour, plan.target) == (1, "fortification", "champagne")


def test_33_24c_steps_3_to_7_in_order(state: State) -> None:
    # ruling EMP-S15 (step 5: fortified below the top level)
    assert independent.candidates(state, "france", 3, load_map())[1] == []
    state["areas"]["anjou"]["social_state"] = 1
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and (plan.step, plan.target) == (3, "anjou")
    state["areas"]["anjou"]["social_state"] = 3
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and (plan.step, plan.endeavour) == (4, "fortification")
    for aid in board.areas_of(state, "france"):
        state["areas"][aid]["fortification"] = 2
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and (plan.step, plan.endeavour) == (5, "fortification")
    for aid in board.areas_of(state, "france"):
        state["areas"][aid]["fortification"] = 3
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and (plan.step, plan.endeavour) == (6, "conquest")
    state["empires"]["france"]["gold"] = 3
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and (plan.step, plan.endeavour) == (7, "pillage")


def test_33_24c_four_endeavours_at_most_and_the_last_year_card_kept(state: State) -> None:
    state["empires"]["france"]["gold"] = 40
    assert independent.case_33_24c_endeavours(state, "france") == 4
    assert len(state["empires"]["france"]["year_cards"]) == 1
    state["empires"]["kiev"]["year_cards"] = cards(3)
    state["empires"]["kiev"]["gold"] = 40
    assert independent.case_33_24c_endeavours(state, "kiev") == 2
    assert len(state["empires"]["kiev"]["year_cards"]) == 1


def test_33_24c_nothing_possible_saves_the_year_cards(state: State) -> None:
    # Denmark with no gold and a leader too weak to pillage or rule anything to +1.
    state["empires"]["denmark"]["gold"] = 0
    state["empires"]["denmark"]["leader"] = {"administrative": 0, "combat": 0, "diplomatic": 0}
    for aid in board.areas_of(state, "denmark"):
        state["areas"][aid]["fortification"] = 3
    assert independent.case_33_24c_endeavours(state, "denmark") == 0
    assert len(state["empires"]["denmark"]["year_cards"]) == 5
    assert "nothing possible" in state["log"][-1]


def test_33_24c_target_most_like_the_court_then_by_die(state: State) -> None:
    # Ile de France (French, population 4, max 5): Champagne (French, 3, 4) is more like it than Flanders (Dutch).
    assert independent.case_33_24c_target(state, "france", ["flanders", "champagne"], "test") == "champagne"
    assert state["rolls"] == []
    picked = independent.case_33_24c_target(state, "france", ["champagne", "normandy"], "test")
    assert picked in ("champagne", "normandy")
    assert state["rolls"][-1]["kind"] == "d2"


def test_33_25_gold_schedule() -> None:
    assert case_33_25_gold(-2, 10) == 3  # to +1
    assert case_33_25_gold(1, 10) == 0  # at +1: none
    assert case_33_25_gold(2, 10) == 3  # to +5
    assert case_33_25_gold(5, 10) == 0
    assert case_33_25_gold(6, 10) == 2  # to +8
    assert case_33_25_gold(8, 10) == 0
    assert case_33_25_gold(2, 1) == 1  # as much as is spare
    assert independent.spare_gold(5, 2) == 1  # two always kept for defence


def test_33_25_gold_spent_keeps_two_for_defence(state: State) -> None:
    state["empires"]["france"]["gold"] = 4
    state["areas"]["normandy"].update(unrest=True, social_state=2)
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None and plan.gold <= 2
    independent.attempt(state, "france", plan)
    assert state["empires"]["france"]["gold"] >= 2


def test_33_23_always_defends_when_able(state: State) -> None:
    defence = independent.case_33_23_defend(state, "france", "champagne")
    assert defence is not None and defence.reduction == state["empires"]["france"]["leader"]["combat"]
    assert len(state["empires"]["france"]["year_cards"]) == 4
    state["empires"]["france"]["gold"] = 1
    assert independent.case_33_23_defend(state, "france", "champagne") is None


def test_33_23_an_attack_marks_the_area_attacked_and_the_owner_defends(state: State) -> None:
    state["empires"]["burgundy"]["gold"] = 20
    plan = independent.Plan(6, "conquest", "champagne", "burgundy", 3, 0)
    france_cards = len(state["empires"]["france"]["year_cards"])
    independent.attempt(state, "burgundy", plan)
    assert state["empires"]["france"]["attacked"] == ["champagne"]
    assert len(state["empires"]["france"]["year_cards"]) == france_cards - 1
    assert any("France defends Champagne" in line for line in state["log"])


def test_33_29_court_moves_to_the_richest_area_of_its_language_and_religion(state: State) -> None:
    state["areas"]["ile_de_france"]["owner"] = None
    assert independent.case_33_29_move_court(state, "france") in ("champagne", "normandy")
    assert state["empires"]["france"]["court"] in ("champagne", "normandy")
    state["areas"]["kiev"]["owner"] = None
    assert independent.case_33_29_move_court(state, "kiev") == "novgorod"


def test_33_29_no_court_possible_returns_none_for_the_demise(state: State) -> None:
    state["areas"]["denmark"]["owner"] = None
    state["areas"]["scania"]["owner"] = None
    assert independent.case_33_29_move_court(state, "denmark") is None
    assert state["empires"]["denmark"]["court"] == "denmark"  # the last Court, kept for 33.61 and 33.62


def test_33_29_a_player_losing_its_court_moves_it_too(state: State) -> None:
    state["areas"]["saxony"]["owner"] = None
    independent.court_lost(state, "germany")
    assert state["empires"]["germany"]["court"] != "saxony"
    assert state["empires"]["germany"].get("demise") is None
    state["areas"]["ile_de_france"]["owner"] = None
    independent.court_lost(state, "france")
    assert state["empires"]["france"]["court"] != "ile_de_france"


def test_33_24a_missionary_fervor_with_an_empty_deck_draws_from_the_discards(state: State) -> None:
    state["event_deck"] = ["missionary_fervor"]
    state["event_discard"] = ["quiet_years"]
    assert independent.case_33_24a_event_card(state, "france") == "quiet_years"
    assert state["event_deck"] == ["missionary_fervor"]


def test_33_23_never_diplomacy_and_only_the_four_endeavours_of_the_steps(state: State) -> None:
    m = load_map()
    kinds = {independent.candidates(state, "france", step, m)[0] for step in range(1, 8)}
    assert kinds == {"fortification", "ruling", "conquest", "pillage"}
    with pytest.raises(ValueError, match="does not conduct 'diplomacy'"):
        independent.basic_er(state, "france", "diplomacy", "flanders", m)


def test_33_24c_conquest_success_takes_the_area_into_unrest(state: State) -> None:
    state["empires"]["france"]["gold"] = 0  # Burgundy's target cannot defend
    state["empires"]["burgundy"]["gold"] = 20
    state["empires"]["burgundy"]["year_cards"] = cards(5, fortune=8)
    population = load_map().area("champagne").population
    for _ in range(population):
        independent.attempt(state, "burgundy", independent.Plan(6, "conquest", "champagne", "burgundy", 12, 0))
    assert state["areas"]["champagne"]["owner"] == "burgundy"
    assert state["areas"]["champagne"]["unrest"]
    assert any("Champagne conquered, in unrest" in line for line in state["log"])


def test_33_24c_the_log_says_step_reason_area_endeavour_rating_and_gold(state: State) -> None:
    france = state["empires"]["france"]
    france["gold"] = 4
    france["leader"]["administrative"] = 4
    state["areas"]["normandy"].update(unrest=True, social_state=2)
    plan = independent.case_33_24c_choose(state, "france")
    assert plan is not None
    independent.attempt(state, "france", plan)
    assert re.search(
        r"^Independent France: step 2, unrest in Normandy: ruling endeavour, \+\d after \d gold .*Year Card t0",
        state["log"][-1],
    )


def test_33_24a_missionary_fervor_as_the_last_card_does_not_come_back_on_top(state: State) -> None:
    # Regression: with the deck empty after it, the card went back on top of an empty deck and was drawn forever.
    state["event_deck"] = ["missionary_fervor"]
    state["event_discard"] = ["plague"]
    assert independent.case_33_24a_event_card(state, "france") == "plague"
    assert state["event_deck"] == ["missionary_fervor"]


def test_33_26_an_independents_marked_year_card_calls_a_stature_check_in_the_normal_fashion() -> None:
    # ruling EMP-S13
    state = scenario_state("millennium", 11, year_cards=cards(5, check=True), quiet_deck=True)
    before = dict(state["empires"]["france"]["leader"])
    independent.case_33_22_turn(state, "france")
    checks = [line for line in state["log"] if line.startswith("France: stature check on ")]
    assert len(checks) == 4  # each endeavour turns over a marked card: a check each (rewrite 8.0, EMP-R11)
    assert any(r["purpose"].startswith("stature check for france") for r in state["rolls"])
    assert checks[-1].endswith(board.leader_words(board.leader(state, "france")))
    assert before != state["empires"]["france"]["leader"]
