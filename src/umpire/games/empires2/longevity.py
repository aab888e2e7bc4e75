"""Charlemagne's Longevity (rewrite 27.7): through the first rounds a scenario names for an empire, its leader takes
no stature check of any kind and Leader Dies Heirless has no effect on it ("Charlemagne can neither die nor lose his
wits before 806"); from the next round on, both come as usual."""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board
from umpire.games.empires2.scenario import load_scenario

State = dict[str, Any]


def spared(state: State, eid: str) -> bool:
    """Whether the scenario's longevity spares ``eid``'s leader in the current round."""
    if "scenario" not in state:
        return False
    rounds = load_scenario(state["scenario"]).longevity.get(eid)
    return rounds is not None and int(state.get("round", 0)) <= rounds


def say_spared(state: State, eid: str, what: str) -> None:
    """The log line for a stature check or a Leader Dies Heirless that does not happen."""
    rounds = load_scenario(state["scenario"]).longevity[eid]
    board.log(
        state,
        f"{board.name(state, eid)}: {what} ignored: its leader can neither die nor lose his wits in the "
        f"first {rounds} rounds (27.7)",
    )
