"""Gold, taxation and plunder (rewrite 16.0), unrest and rebellion (rewrite 17.0)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.games.empires2 import economy as ec
from umpire.games.empires2.economy import TaxedArea
from umpire.kernel import rng


def fresh(seed: int = 1) -> dict[str, Any]:
    return {"rng": rng.init_rng(seed), "rolls": []}


def test_16_1_rebellion_value_adds_every_chart_term() -> None:
    area = TaxedArea(
        fortification=1, language="unrelated", religion="different_church", own_tie=True, other_ties=1,
        unrest=True, independent_kin_neighbour=True,
    )  # fmt: skip
    # 3 gold - 1 fort + 2 language + 1 church - 2 own tie + 2 other tie + 5 unrest + 1 kin neighbour.
    assert ec.rebellion_value(3, area) == 11
    assert ec.rebellion_value(0, TaxedArea()) == 0
    with pytest.raises(ValueError, match="gold taken must not be negative"):
        ec.rebellion_value(-1, TaxedArea())


def test_16_1_the_rebellion_table() -> None:
    assert not ec.rebels_on(0, 2)
    assert not ec.rebels_on(-3, 12)
    assert ec.rebels_on(1, 2) and ec.rebels_on(1, 12) and not ec.rebels_on(1, 7)
    assert ec.rebels_on(20, 7)  # above the last row: every total
    with pytest.raises(ValueError, match=r"two-dice total is 2\.\.12"):
        ec.rebels_on(3, 13)
    assert ec.rebellion_chance(1) == pytest.approx(6 / 36)
    assert ec.rebellion_chance(8) == 1.0


def test_17_0_a_hit_brings_unrest_then_rebellion() -> None:
    """EMP-R08."""
    assert ec.check_outcome(False, True) == ec.CALM
    assert ec.check_outcome(True, False) == ec.UNREST
    assert ec.check_outcome(True, True) == ec.REBELLION


def test_17_0_rebellion_check_rolls_two_dice_with_a_purpose() -> None:
    state = fresh(7)
    outcomes = {ec.rebellion_check(state, "anjou", 8, True) for _ in range(3)}
    assert outcomes == {ec.REBELLION}
    assert state["rolls"][0]["purpose"] == "rebellion check in anjou (value 8)"
    assert state["rolls"][0]["kind"] == "2d6"


def test_16_1_most_an_area_yields() -> None:
    """EMP-R09: its social state, none below 1."""
    assert ec.max_tax(3) == 3
    assert ec.max_tax(0) == 0
    assert ec.max_tax(-2) == 0


def test_16_1_most_gold_within_a_rebellion_value() -> None:
    assert ec.most_gold_within(3, TaxedArea(), 1) == 1
    assert ec.most_gold_within(3, TaxedArea(fortification=2), 1) == 3
    assert ec.most_gold_within(3, TaxedArea(language="unrelated"), 1) == 0


def test_16_1_taxing_an_area() -> None:
    state = fresh(3)
    taxed = ec.tax_area(state, "anjou", 3, 2, TaxedArea(fortification=2))
    assert taxed.gold == 2 and taxed.value == 0 and taxed.outcome == ec.CALM
    with pytest.raises(ValueError, match=r"anjou yields 0\.\.3 gold at social state 3, not 4"):
        ec.tax_area(state, "anjou", 3, 4, TaxedArea())


def test_19_0_personal_demesne_adds_a_gold_each() -> None:
    assert ec.tax_gold({"anjou": 2, "paris": 3}, demesne_cards=2) == 7


def test_16_2_plunder() -> None:
    """17.0: plunder puts a calm area into unrest; an area in unrest takes a check. EMP-R10 for the gold."""
    calm = ec.plunder(2, 3, False)
    assert calm == ec.Plunder(5, True, False)
    assert ec.plunder(2, 3, True) == ec.Plunder(5, False, True)


@given(
    social_state=st.integers(-2, 5),
    fortification=st.integers(0, 3),
    language=st.sampled_from(["same", "related", "unrelated"]),
    unrest=st.booleans(),
    limit=st.integers(-3, 8),
)
def test_16_1_most_gold_within_is_the_largest_that_fits(
    social_state: int, fortification: int, language: str, unrest: bool, limit: int
) -> None:
    area = TaxedArea(fortification=fortification, language=language, unrest=unrest)
    gold = ec.most_gold_within(social_state, area, limit)
    assert 0 <= gold <= ec.max_tax(social_state)
    if gold:
        assert ec.rebellion_value(gold, area) <= limit
    if gold < ec.max_tax(social_state):
        assert ec.rebellion_value(gold + 1, area) > limit


@given(value=st.integers(-5, 20))
def test_16_1_a_higher_value_never_rebels_less(value: int) -> None:
    assert ec.rebellion_chance(value) <= ec.rebellion_chance(value + 1)
