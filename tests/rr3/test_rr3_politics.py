"""RR3 Diet, Imperial Penny and imperial elections (handbook, The Diet of the Holy Roman Empire)."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.rr3 import politics as pol
from umpire.kernel.rng import init_rng


def test_politics_diet_needs_a_majority_of_those_present() -> None:
    present = ["saxony", "hesse", "bavaria", "brandenburg"]
    assert not pol.diet_vote(present, ["saxony", "hesse"]).granted  # a tie fails
    assert pol.diet_vote(present, ["saxony", "hesse", "bavaria"]).granted
    with pytest.raises(ValueError):
        pol.diet_vote(present, ["palatinate"])
    with pytest.raises(ValueError):
        pol.diet_vote([], [])


def test_politics_imperial_penny() -> None:
    assert [pol.imperial_penny(i) for i in (1, 6)] == [7, 12]
    assert pol.penny_error(False, True) and pol.penny_error(True, False)
    assert pol.penny_error(True, True) is None
    state: dict[str, Any] = {"rng": init_rng(4), "rolls": []}
    vote, florins = pol.request_imperial_penny(
        state, ["saxony", "hesse", "bavaria"], ["bavaria", "hesse"], emperor_at_war=True, city_is_imperial_free=True
    )
    assert vote.granted and florins == state["rolls"][0]["result"] + 6
    vote, florins = pol.request_imperial_penny(
        state, ["saxony", "hesse", "bavaria"], ["bavaria"], emperor_at_war=True, city_is_imperial_free=True
    )
    assert not vote.granted and florins == 0 and len(state["rolls"]) == 1
    with pytest.raises(ValueError):
        pol.request_imperial_penny(state, ["saxony"], [], emperor_at_war=False, city_is_imperial_free=True)


def test_politics_election_needs_four_of_seven() -> None:
    sexes = {"Ferdinand": "M", "Francis": "M", "Mary": "F"}
    votes = {"mainz": "Ferdinand", "cologne": "Ferdinand", "trier": "Francis", "bohemia": "Ferdinand"}
    assert pol.election(votes, sexes).elected is None
    r = pol.election(votes | {"palatinate": "Ferdinand"}, sexes)
    assert r.elected == "Ferdinand" and r.tally == {"Ferdinand": 4, "Francis": 1}
    with pytest.raises(ValueError):
        pol.election({"mainz": "Mary"}, sexes)
    with pytest.raises(ValueError):
        pol.election({"hesse": "Ferdinand"}, sexes)
