"""A squadron's winter port among equally near ones (rule book 19.3; seed 19; ruling HIS-W09).

19.3: naval units at sea go to the nearest port their power controls; "with several equally near ports the owner
chooses, and may split the stack". Offered in the ``winter`` decision one squadron at a time (``winter_port``);
squadrons left at sea go by HIS-W06's default (the first such port by name) in ``wintering.naval_return``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.winter import wintering

State = dict[str, Any]
Action = dict[str, Any]


def nearest_ports(state: State, board: HisMap, power: str, sea: str) -> list[str]:
    """The ports ``power`` controls nearest to the sea zone ``sea`` by sea steps (19.3), sorted."""
    dist = wintering.sea_distances(board, sea)
    ports = [p for p in dist if state["spaces"][p]["control"] == power]
    if not ports:
        return []
    near = min(dist[p] for p in ports)
    return sorted(p for p in ports if dist[p] == near)


def port_options(state: State, board: HisMap, powers: list[str]) -> list[Action]:
    """One ``winter_port`` per squadron stack at sea with two or more equally near ports, per such port."""
    found: list[Action] = []
    for power in powers:
        for sea in sorted(s for s in state["units"] if s in board.seas):
            if not b.units_of(state, sea, power)["squadron"]:
                continue
            ports = nearest_ports(state, board, power, sea)
            if len(ports) >= 2:
                found += [{"type": "winter_port", "power": power, "from": sea, "to": port} for port in ports]
    return found


def send_squadron(state: State, board: HisMap, power: str, sea: str, port: str) -> None:
    """19.3: one squadron goes to the port chosen (no interception, no attrition)."""
    b.add_units(state, sea, power, "squadron", -1)
    b.add_units(state, port, power, "squadron", 1)
    core.log(state, f"Winter: {power}'s squadron returns from {board.seas[sea].name} to {board.spaces[port].name}")
    wintering.naval_leaders_follow(state, board, power, sea, port)
