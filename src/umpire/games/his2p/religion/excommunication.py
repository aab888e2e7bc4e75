"""Excommunicated rulers (rule book 21.5, 9.3 step 8; seed 9, "Removing At War Status"; ruling HIS-H03).

``state["excommunicated"]`` lists every person the Papacy has ever excommunicated (a ruler by Papal Bull in the
Diplomacy Phase, a reformer by the card's event): a person is excommunicated once a game (21.5; seed 9's "not yet
been excommunicated"). A ruler's Excommunication marker stays on the Papal power card until the Papacy makes peace
with his power by suing for peace (9.3 step 8); those lifted are in ``state["excommunication_lifted"]``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import core
from umpire.games.his2p.powers import load_powers

State = dict[str, Any]


def rulers_of(power: str) -> set[str]:
    """Every ruler ``power``'s card may have in the game."""
    card = load_powers().powers.get(power)
    return {r.id for r in card.rulers} if card is not None else set()


def markers(state: State) -> list[str]:
    """The rulers whose Excommunication marker is on the Papal power card now (excommunicated, not lifted)."""
    every_ruler = set().union(*(rulers_of(p) for p in load_powers().powers))
    lifted = set(state.get("excommunication_lifted", []))
    return sorted(x for x in state.get("excommunicated", []) if x in every_ruler and x not in lifted)


def lift_on_peace(state: State, power: str) -> None:
    """9.3 step 8: the Papacy making peace with ``power`` lifts the excommunication of its ruler (the marker goes;
    the ruler stays once-excommunicated, so no Papal Bull may excommunicate him again)."""
    for ruler in markers(state):
        if ruler in rulers_of(power):
            state.setdefault("excommunication_lifted", []).append(ruler)
            name = ruler.replace("_", " ").title()
            core.log(state, f"peace with {power} lifts the excommunication of {name} (9.3)")
