"""Which power an army leader fights for now: the people data's side, unless an event changed it in the state.

Two cards move a leader between sides during the game: Maurice of Saxony (#60) switches him between the Protestant
and the Hapsburgs, and Charles Bourbon (#70) brings the renegade, who has no side of his own, for the power that
played the card until the end of the turn. Their sides are ``state["leader_sides"][leader] = power``; every reader
of a leader's power on the map (formations, battles, captures, winter) asks :func:`power_of`.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p.people import load_people

State = dict[str, Any]


def power_of(state: State, leader: str) -> str | None:
    """The power an army or naval leader fights for now (None for one with no side, or not a leader)."""
    side = state.get("leader_sides", {}).get(leader)
    if side is not None:
        return str(side)
    people = load_people()
    if leader in people.army_leaders:
        return people.army_leaders[leader].power
    return people.naval_leaders[leader].power if leader in people.naval_leaders else None


def set_side(state: State, leader: str, power: str | None) -> None:
    """Record that ``leader`` now fights for ``power`` (None: back to the people data's side)."""
    sides = state.setdefault("leader_sides", {})
    if power is None:
        sides.pop(leader, None)
    else:
        sides[leader] = power


def leaders_in(state: State, space: str, power: str) -> list[str]:
    """The army and naval leaders standing in ``space`` who fight for ``power`` now, sorted."""
    return sorted(lid for lid, where in state["leaders"].items() if where == space and power_of(state, lid) == power)


def powers_with_leaders(state: State, space: str) -> set[str]:
    """The powers with a leader in ``space`` (perhaps with no unit there)."""
    return {p for lid, where in state["leaders"].items() if where == space and (p := power_of(state, lid)) is not None}
