"""Assigning the Europe 1615 powers by blind auction (seed 003: ASSIGNING POWERS)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.games.europe1615.auction import Award, assign_powers, bid_errors, no_preference_bids
from umpire.games.europe1615.influence import POWERS
from umpire.kernel.rng import init_rng


def bids(austria: int, denmark: int, england: int, france: int, spain: int) -> dict[str, int]:
    return {"AUSTRIA": austria, "DENMARK": denmark, "ENGLAND": england, "FRANCE": france, "SPAIN": spain}


def test_assigning_powers_valid_bids() -> None:
    assert bid_errors(bids(80, 5, 5, 5, 5)) == []
    assert bid_errors(bids(20, 20, 20, 20, 20)) == []


def test_assigning_powers_bid_errors() -> None:
    assert bid_errors(bids(81, 4, 5, 5, 5)) == ["the bid on DENMARK is 4; each power must receive at least 5 points"]
    assert bid_errors(bids(50, 5, 5, 5, 5)) == ["the bids add up to 70; they must add up to exactly 100"]
    assert bid_errors({"AUSTRIA": 95, "DENMARK": 5}) == [
        "no bid on ENGLAND, FRANCE, SPAIN; every power needs a bid of at least 5"
    ]
    assert (
        bid_errors([("AUSTRIA", 50), ("AUSTRIA", 30), ("DENMARK", 5), ("ENGLAND", 5), ("FRANCE", 5), ("SPAIN", 5)])[0]
        == "two bids on AUSTRIA"
    )
    assert bid_errors({**bids(75, 5, 5, 5, 5), "PRUSSIA": 5})[0].startswith("unknown power 'PRUSSIA'")
    fractional: dict[str, Any] = {**bids(80, 5, 5, 5, 5), "SPAIN": 5.0}
    assert "whole number" in bid_errors(fractional)[0]


def test_assigning_powers_highest_bid_first_then_repeat() -> None:
    table = {
        "ann": bids(60, 10, 10, 10, 10),
        "bob": bids(50, 20, 10, 10, 10),
        "cat": bids(10, 10, 10, 35, 35),
        "dan": bids(10, 10, 70, 5, 5),
        "eve": bids(20, 20, 20, 20, 20),
    }
    awards = assign_powers(table, ["ann", "bob", "cat", "dan", "eve"])
    assert [(a.player, a.power, a.points) for a in awards] == [
        ("dan", "ENGLAND", 70),
        ("ann", "AUSTRIA", 60),
        ("cat", "FRANCE", 35),  # listed before Spain at the same bid
        ("bob", "DENMARK", 20),  # Austria is gone; bob and eve tie at 20: bob registered first
        ("eve", "SPAIN", 20),
    ]
    assert awards[2].tie == "cat bid 35 on FRANCE, SPAIN too; FRANCE was listed first"


def test_assigning_powers_seed_ties_go_to_the_earliest_registration() -> None:
    """Seed, "ASSIGNING POWERS", modification (2): "In cases of ties, GM will check which player registered into
    the game first, and this player will be given priority"."""
    table = {"late": bids(80, 5, 5, 5, 5), "early": bids(80, 5, 5, 5, 5)}
    awards = assign_powers(table, ["early", "late"])
    assert awards[0] == Award("early", "AUSTRIA", 80, "tied with late at 80; early registered first")
    assert awards[1].player == "late" and awards[1].power == "DENMARK"  # its first listed of the 5-point bids


def test_assigning_powers_fewer_players_than_powers_and_errors() -> None:
    awards = assign_powers({"ann": bids(5, 5, 5, 5, 80)}, ["ann"])
    assert awards == [Award("ann", "SPAIN", 80)]
    with pytest.raises(ValueError, match="exactly the players who bid"):
        assign_powers({"ann": bids(5, 5, 5, 5, 80)}, ["bob"])
    six = {f"p{i}": bids(20, 20, 20, 20, 20) for i in range(6)}
    with pytest.raises(ValueError, match="6 players for 5 powers"):
        assign_powers(six, list(six))


def test_assigning_powers_no_preference_bids_are_valid_and_drawn_from_the_generator() -> None:
    state: dict[str, Any] = {"rng": init_rng(3)}
    got = no_preference_bids(state, "zoe")
    assert bid_errors(got) == [] and sorted(p for p, _ in got) == sorted(POWERS)
    assert state["rolls"][0]["purpose"] == "auction: order of zoe's no-preference bids"


valid_bids = (
    st.lists(st.integers(0, 75), min_size=4, max_size=4)
    .filter(lambda xs: sum(xs) <= 75)
    .map(lambda xs: [5 + x for x in xs] + [100 - sum(5 + x for x in xs)])
)


@given(st.lists(st.tuples(valid_bids, st.permutations(POWERS)), min_size=1, max_size=5))
def test_assigning_powers_every_player_gets_a_distinct_power(entries: list[tuple[list[int], list[str]]]) -> None:
    table = {f"p{i}": list(zip(order, amounts, strict=True)) for i, (amounts, order) in enumerate(entries)}
    for player_bids in table.values():
        assert bid_errors(player_bids) == []
    awards = assign_powers(table, list(table))
    assert sorted(a.player for a in awards) == sorted(table)
    assert len({a.power for a in awards}) == len(awards)
    # each award is the highest bid left at its turn
    assert [a.points for a in awards] == sorted((a.points for a in awards), reverse=True)
