"""Endeavours (rewrite 9.0-15.0): ratings from the chart, results from the Year Card, what each result does."""

from __future__ import annotations

import dataclasses

import pytest

from umpire.games.empires2 import endeavours as e
from umpire.games.empires2.endeavours import Circumstances, Defence, PartialConquest
from umpire.games.empires2.tables import load_tables


def test_9_0_costs_and_defence_cost() -> None:
    assert e.endeavour_cost("conquest") == 2
    assert e.endeavour_cost("diplomacy") == 1
    assert e.endeavour_cost("defence") == 2  # EMP-R02, from the seed's 33.23
    with pytest.raises(ValueError, match="no endeavour 'siege'"):
        e.endeavour_cost("siege")


def test_9_0_culture_penalty() -> None:
    assert e.culture_penalty("same", "same") == 0
    assert e.culture_penalty("related", "different_church") == 2
    assert e.culture_penalty("unrelated", "different_religion") == 4


def test_9_0_circumstances_refuse_unknown_relations() -> None:
    with pytest.raises(ValueError, match="language is one of same, related, unrelated"):
        Circumstances(language="cousin")
    with pytest.raises(ValueError, match="must not be negative"):
        Circumstances(gold=-1)


def test_9_0_two_sea_areas_halve_or_worsen() -> None:
    """Chart: halved, or times 1.5 if negative; rounded down (EMP-R03)."""
    assert e.across_two_seas(5) == 2
    assert e.across_two_seas(4) == 2
    assert e.across_two_seas(0) == 0
    assert e.across_two_seas(-3) == -5
    assert e.across_two_seas(-2) == -3


def test_15_0_ruling_er() -> None:
    """Administrative stature less the absolute social state, less culture, plus gold."""
    assert e.ruling_er(4, 2) == 2
    assert e.ruling_er(4, -2, Circumstances(language="related")) == 1
    assert e.ruling_er(4, 2, Circumstances(gold=3)) == 5
    # Gold is added after the sea adjustment: (4 - 2) // 2 + 3.
    assert e.ruling_er(4, 2, Circumstances(two_seas=True, gold=3)) == 4


def test_14_0_fortification_er() -> None:
    # ruling EMP-R19 (the base is the area fortified)
    assert e.fortification_er(2, 3, 2) == 7
    assert e.fortification_er(2, 3, 2, Circumstances(religion="different_religion")) == 5


def test_10_0_conquest_er_with_weapons_and_defence() -> None:
    """Combat + base social state - target social state - fortification; +3 a weapons card; less the defence."""
    assert e.conquest_er(3, 2, 1, 1) == 3
    assert e.conquest_er(3, 2, 1, 1, weapons_cards=2) == 9
    defence = Defence(combat=2, gold=1, weapons_cards=1)
    assert defence.reduction == 6
    assert e.conquest_er(3, 2, 1, 1, weapons_cards=1, defence=defence) == 0


def test_10_0_terrain_is_zero_by_the_chart_and_read_from_the_table() -> None:
    """EMP-R18: the public chart has no terrain term; a table with figures takes them off conquest and pillage."""
    # ruling EMP-D07
    assert e.conquest_er(3, 2, 1, 1, terrain="mountains") == 3
    printed = dataclasses.replace(load_tables(), terrain_modifier={"clear": 0, "mountains": 2})
    assert e.conquest_er(3, 2, 1, 1, terrain="mountains", tables=printed) == 1
    assert e.pillage_er(3, 1, 2, 1, 0, terrain="mountains", tables=printed) == 3
    with pytest.raises(ValueError, match="no terrain 'lava'; expected one of clear, forest"):
        e.conquest_er(3, 2, 1, 1, terrain="lava")


def test_10_33_partial_c_lowers_the_owners_rating() -> None:
    assert e.conquest_er(3, 2, 1, 0, Circumstances(partial_c=2)) == 2


def test_11_0_pillage_er_adds_population() -> None:
    assert e.pillage_er(3, 1, 2, 1, 0) == 5


def test_12_0_diplomacy_er_owned_and_unowned() -> None:
    """Chart: less the owner's diplomatic stature, or 3 unowned, 5 for Venice; less the owner's gold."""
    assert e.diplomacy_er(4, 2, 1, "burgundy", owner_diplomatic=2) == 3
    assert e.diplomacy_er(4, 2, 1, "burgundy") == 2
    assert e.diplomacy_er(4, 2, 1, "venice") == 0
    assert e.diplomacy_er(4, 2, 1, "burgundy", owner_diplomatic=2, defender_gold=2) == 1
    with pytest.raises(ValueError, match="no sea adjustment"):
        e.diplomacy_er(4, 2, 1, "burgundy", Circumstances(two_seas=True))


def test_9_0_result_from_the_year_card() -> None:
    assert e.result("conquest", 8, 2) == "C"
    assert e.result("diplomacy", 5, 8) == "C"
    assert e.result("diplomacy", 5, 3) == "T"


def test_17_0_failed_result_strikes_base_or_target() -> None:
    assert e.struck_area("conquest") == "base"
    assert e.struck_area("ruling") == "target"
    with pytest.raises(ValueError, match="'defence' reads"):
        e.struck_area("defence")


def test_10_3_c_results_add_up_to_the_population() -> None:
    """10.3: as many C results as the population take the area; 10.32: markers by base, cumulative."""
    p = PartialConquest("france", "lorraine")
    first = e.apply_conquest("C", p, "champagne", 3)
    assert not first.conquered and first.progress.total == 1
    second = e.apply_conquest("C", first.progress, "burgundy", 3)
    assert second.progress.markers == (("burgundy", 1), ("champagne", 1))
    third = e.apply_conquest("C", second.progress, "champagne", 3)
    assert third.conquered and third.progress.total == 0


def test_10_3_failed_conquest_lowers_the_base() -> None:
    outcome = e.apply_conquest("-1", PartialConquest("france", "lorraine"), "champagne", 2)
    assert outcome.base_social_state_change == -1 and not outcome.conquered
    with pytest.raises(ValueError, match="'T' is not a conquest result"):
        e.apply_conquest("T", PartialConquest("france", "lorraine"), "champagne", 2)


def test_10_3_an_area_below_population_one_needs_one_c() -> None:
    # ruling EMP-D02 (population 0 counts as one)
    assert e.c_results_needed(0) == 1
    assert e.apply_conquest("C", PartialConquest("a", "b"), "c", 0).conquered


def test_10_36_the_owner_removes_a_c_result_through_its_base() -> None:
    p = e.add_c(e.add_c(PartialConquest("france", "lorraine"), "champagne"), "champagne")
    assert e.remove_c(p, "champagne").through("champagne") == 1
    assert e.remove_c(e.remove_c(p, "champagne"), "champagne").markers == ()
    with pytest.raises(ValueError, match="no C result against lorraine through burgundy"):
        e.remove_c(p, "burgundy")


def test_11_0_pillage_result() -> None:
    assert e.apply_pillage("P", 3) == e.PillageOutcome(-1, 3, 0)
    assert e.apply_pillage("P", 0).gold == 1
    assert e.apply_pillage("-1", 3) == e.PillageOutcome(0, 0, -1)


def test_12_0_a_tie_or_a_diplomatic_conquest() -> None:
    assert e.apply_diplomacy("T") == e.DiplomacyOutcome(1, False, 0)
    assert e.apply_diplomacy("C") == e.DiplomacyOutcome(0, True, 0)
    assert e.apply_diplomacy("-1").base_social_state_change == -1


def test_14_0_fortification_result_stops_at_the_maximum() -> None:
    # ruling EMP-R15
    assert e.apply_fortification("F", 2, 1, False).fortification == 2
    assert e.apply_fortification("F", 2, 3, False).fortification == 3
    assert e.apply_fortification("-1", 2, 1, True) == e.AreaAfter(1, 1, True)
    with pytest.raises(ValueError, match=r"fortification level is 0\.\.3"):
        e.apply_fortification("F", 2, 4, False)


def test_15_0_ruling_ends_unrest_before_raising_the_social_state() -> None:
    """EMP-R07."""
    assert e.apply_ruling("+1", 2, 3, 0, True) == e.AreaAfter(2, 0, False)
    assert e.apply_ruling("+1", 2, 3, 0, False) == e.AreaAfter(3, 0, False)
    assert e.apply_ruling("+1", 3, 3, 0, False) == e.AreaAfter(3, 0, False)
    assert e.apply_ruling("-1", 3, 3, 0, False).social_state == 2
    with pytest.raises(ValueError, match="above the area's maximum"):
        e.apply_ruling("+1", 4, 3, 0, False)


def test_9_0_gold_to_reach_a_rating() -> None:
    assert e.lowest_gold_for(-2, 1) == 3
    assert e.lowest_gold_for(6, 5) == 0
