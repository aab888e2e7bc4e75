"""RR3 Non-played States Control's desk (handbook, *The Non-played States*): influence by money or prestige, ruled
or rolled (RR3-DK19), and a non-played state going to war when attacked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import umpire.games.rr3.desks  # noqa: F401  (registers the desks)
from umpire.games.rr3 import desk
from umpire.games.rr3.desks import nonplayed as ndesk
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]


def seed_where(n: int, ok: Callable[[list[int]], bool]) -> int:
    for seed in range(5000):
        s: State = {"rng": rng.init_rng(seed), "rolls": []}
        if ok([rng.roll(s, "probe") for _ in range(n)]):
            return seed
    raise AssertionError("no seed found")


def make(seed: int = 1) -> State:
    def st(team: str | None, treasury: int) -> dict[str, Any]:
        return {"played": team is not None, "team": team, "treasury": treasury, "at_war_with": [], "influence": {}}

    return {
        "rng": rng.init_rng(seed),
        "rolls": [],
        "turn": 1,
        "phase": 2,
        "step": None,
        "items": {},
        "next_item": 1,
        "journal": [],
        "teams": {"france": {"states": ["france"], "prestige": 4}, "habsburgs": {"states": ["spain"], "prestige": 1}},
        "states": {"france": st("france", 10), "spain": st("habsburgs", 3), "swiss": st(None, 0), "savoy": st(None, 2)},
    }


def ask(game: State, team: str, **fields: Any) -> dict[str, Any]:
    return desk.make_request(game, team, {"type": "influence", **fields}, team=team)


def settle(state: State, item: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return desk.settle_item(state, desk.NONPLAYED, {"type": "settle", "item": item["id"], "who": "Nu", **fields})


def test_nonplayed_desk_influence_roll_with_money_and_prestige() -> None:
    """France offers the Swiss 5 florins (+2) and 1 prestige (+1) and stands first in prestige (+1): d6+4, 4+."""
    s = make(9)
    item = ask(s, "france", target="swiss", aim="hire 10,000 pikemen", florins=5, state="france", prestige=1)
    assert item["desk"] == desk.NONPLAYED
    settle(s, item, ruling="roll")
    die = item["dice"][0]["result"]
    assert "d6+4" in item["dice"][0]["purpose"]
    assert item["outcome"].startswith(f"d6 {die}+4 = {die + 4}: success")
    assert s["states"]["france"]["treasury"] == 5 and s["states"]["swiss"]["treasury"] == 5
    assert s["teams"]["france"]["prestige"] == 3
    assert s["states"]["swiss"]["influence"] == {"france": 1}


def test_nonplayed_desk_influence_can_fail() -> None:
    s = make(seed_where(1, lambda d: d[0] < 4))
    item = ask(s, "habsburgs", target="savoy", aim="passage for the army of Italy")
    settle(s, item, ruling="roll")
    assert "failure" in item["outcome"]
    assert s["states"]["savoy"]["influence"] == {}
    s2 = make(seed_where(1, lambda d: d[0] == 3))
    item2 = ask(s2, "habsburgs", target="savoy", aim="passage")
    settle(s2, item2, ruling="roll", modifier=1)  # the umpire's +1 makes 3 a success
    assert s2["states"]["savoy"]["influence"] == {"habsburgs": 1}


def test_nonplayed_desk_influence_ruled_without_dice() -> None:
    s = make()
    item = ask(s, "habsburgs", target="savoy", aim="a marriage alliance", florins=2, state="spain")
    with pytest.raises(IllegalAction, match="'ruling' must be one of"):
        settle(s, item)
    settle(s, item, ruling="failure", note="the Duke fears France")
    assert item["dice"] == [] and s["states"]["spain"]["treasury"] == 1  # paid even so
    assert item["outcome"] == "ruled a failure. the Duke fears France"


def test_nonplayed_desk_influence_checks() -> None:
    s = make()
    with pytest.raises(IllegalAction, match="cannot be 'spain'"):
        ask(s, "france", target="spain", aim="x")
    with pytest.raises(IllegalAction, match="which of your states pays"):
        ask(s, "france", target="swiss", aim="x", florins=2)
    with pytest.raises(IllegalAction, match="has 3 florins"):
        ask(s, "habsburgs", target="swiss", aim="x", florins=4, state="spain")
    with pytest.raises(IllegalAction, match="cannot spend 2"):
        ask(s, "habsburgs", target="swiss", aim="x", prestige=2)


def test_nonplayed_desk_attacked_goes_to_war() -> None:
    # ruling RR3-DK21
    s = make()
    assert ndesk.attacked(s, "swiss", "france")
    assert s["states"]["swiss"]["at_war_with"] == ["france"] and s["states"]["france"]["at_war_with"] == ["swiss"]
    assert not ndesk.attacked(s, "swiss", "france")
    assert s["journal"][-1]["public"]
    with pytest.raises(IllegalAction, match="played state"):
        ndesk.attacked(s, "spain", "france")
