"""The sequence of play (rewrite 6.0): phases, initiative, Year Cards."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.games.empires2 import sequence as sq
from umpire.games.empires2.leaders import Leader
from umpire.kernel import rng


def fresh(seed: int = 1) -> dict[str, Any]:
    return {"rng": rng.init_rng(seed), "rolls": []}


def test_6_0_round_phases_in_order() -> None:
    assert [p.id for p in sq.ROUND_PHASES] == ["year_cards", "initiative", "player_turns", "end_of_round"]
    assert sq.phase_after("initiative") == "player_turns"
    assert sq.phase_after("end_of_round") is None
    with pytest.raises(ValueError, match="no round phase 'upkeep'"):
        sq.phase_after("upkeep")
    assert [p.id for p in sq.PLAYER_TURN_STEPS] == ["event_card", "endeavours", "taxation"]


def test_6_0_rounds_and_game_turns() -> None:
    assert sq.round_years(976, 1) == (976, 980)
    assert sq.round_years(976, 3) == (986, 990)
    assert [sq.game_turn_of(r) for r in (1, 5, 6, 10, 11)] == [1, 1, 2, 2, 3]
    with pytest.raises(ValueError, match="rounds count from 1"):
        sq.game_turn_of(0)


def test_6_0_initiative_rating() -> None:
    """EMP-R13: statures plus areas held."""
    assert sq.initiative_rating(Leader(3, 2, 4), 6) == 15


def test_6_0_picking_order_highest_first_ties_by_roll() -> None:
    order = sq.picking_order({"a": 10, "b": 12, "c": 10}, {"a": [2], "c": [5]})
    assert order == ["b", "c", "a"]
    # Still level after one roll: the second roll decides.
    assert sq.picking_order({"a": 10, "c": 10}, {"a": [4, 6], "c": [4, 1]}) == ["a", "c"]


def test_6_0_initiative_ties_roll_until_broken() -> None:
    state = fresh(9)
    order = sq.roll_initiative(state, {"france": 9, "germany": 9, "england": 9, "denmark": 12})
    assert order[0] == "denmark" and sorted(order[1:]) == ["england", "france", "germany"]
    assert state["rolls"] and all(r["purpose"].startswith("initiative tie-break for ") for r in state["rolls"])
    assert not any("denmark" in r["purpose"] for r in state["rolls"])


def test_6_0_places_in_the_round() -> None:
    places: list[str | None] = [None, None, None]
    places = sq.place_in_round(places, "france", 2)
    assert sq.earliest_free(places) == 1
    with pytest.raises(ValueError, match="place 2 is taken by france"):
        sq.place_in_round(places, "germany", 2)
    with pytest.raises(ValueError, match="france already has a place"):
        sq.place_in_round(places, "france", 1)
    with pytest.raises(ValueError, match=r"place is 1\.\.3, not 4"):
        sq.place_in_round(places, "germany", 4)
    full = sq.place_in_round(sq.place_in_round(places, "a", 1), "b", 3)
    with pytest.raises(ValueError, match="every place in the round is taken"):
        sq.earliest_free(full)


def test_6_0_the_year_card_deck() -> None:
    deck = sq.year_card_deck()
    assert len(deck) == 56 and len({c.id for c in deck}) == 56
    assert sum(c.stature_check for c in deck) == 8
    assert sorted({c.fortune for c in deck}) == list(range(1, 9))


def test_6_0_five_year_cards_each() -> None:
    # ruling EMP-R17
    state = fresh(2)
    hands = sq.deal_year_cards(state, ["france", "germany", "england"])
    assert [len(h) for h in hands.values()] == [5, 5, 5]
    ids = [c.id for h in hands.values() for c in h]
    assert len(set(ids)) == 15
    assert state["rolls"][0]["purpose"] == "shuffle the Year Cards"
    with pytest.raises(ValueError, match="12 empires need 60 Year Cards; the deck holds 56"):
        sq.deal_year_cards(state, [f"e{i}" for i in range(12)])


def test_9_0_an_endeavour_turns_over_the_next_card() -> None:
    hand = sq.year_card_deck()[:2]
    card, rest = sq.turn_over(hand)
    assert card == hand[0] and rest == [hand[1]]
    with pytest.raises(ValueError, match="no Year Card left"):
        sq.turn_over([])


def test_9_0_reading_the_year_card() -> None:
    card = sq.YearCard("y40", 6, True)
    attempt = sq.read_year_card("conquest", 3, card)
    assert attempt.result == "C" and attempt.stature_check
    assert attempt.words() == "conquest at +3: Year Card y40 (fortune 6, stature check): C"
    assert sq.read_year_card("ruling", -1, sq.YearCard("y01", 1, False)).words() == (
        "ruling at -1: Year Card y01 (fortune 1): -1"
    )


@given(ratings=st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e", "f", "g"]), st.integers(0, 4), min_size=1),
       seed=st.integers(0, 10_000))  # fmt: skip
def test_6_0_initiative_orders_every_empire_by_rating(ratings: dict[str, int], seed: int) -> None:
    order = sq.roll_initiative(fresh(seed), ratings)
    assert sorted(order) == sorted(ratings)
    assert [ratings[e] for e in order] == sorted(ratings.values(), reverse=True)
