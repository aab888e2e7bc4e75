"""Who controls which power: data in the state that the rules may change during play.

``state["control"]`` maps each power (or minor state, or empire) to its controller: a seat (a player role), another
power whose seat then gives its orders (a 1615 minor aligned to a power, an Empires for Two allied empire), or
:data:`~umpire.kernel.ruleset.ENGINE` for a power the engine runs by procedure. Alignment, alliances, invasions and
civil disorder are changes of this map.
"""

from __future__ import annotations

from typing import Any

from umpire.kernel.ruleset import ENGINE

State = dict[str, Any]


def controller(state: State, power: str) -> str:
    """The seat (or ``engine``) that finally gives ``power``'s orders, following chains of control."""
    control: dict[str, str] = state["control"]
    seen = {power}
    who = control.get(power, ENGINE)
    while who in control and who != control[who]:
        if who in seen:
            raise ValueError(f"control of {power} loops through {who}")
        seen.add(who)
        who = control[who]
    return who


def powers_of(state: State, seat: str) -> list[str]:
    """Every power whose orders ``seat`` gives, directly or through powers it controls, sorted."""
    return sorted(p for p in state["control"] if controller(state, p) == seat)


def set_controller(state: State, power: str, who: str) -> None:
    """Hand ``power`` to ``who`` (a seat, another power, or ``engine``)."""
    state["control"][power] = who
