"""What every standard-Diplomacy bot shares: the seat protocol and the board's reach tables.

- :class:`OrdersBot` answers a seat's view one action at a time: each of the seat's powers' orders once (from
  :meth:`OrdersBot.orders`, which each level writes), then ``ready``;
- :func:`reach`, :func:`reach_provinces`, :func:`support_reach`: where a unit may move, and what it may support;
- :func:`build_kinds`: the build orders possible on a home centre;
- :func:`distances`: breadth-first distances over an adjacency table.

Every table is read in sorted order, so no bot's choice depends on set order (``PYTHONHASHSEED``).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from umpire.diplomacy.map import GameMap, map_by_id


def province(loc: str) -> str:
    """The province of a location: ``"STP/SC"`` -> ``"STP"``."""
    return loc.split("/", 1)[0]


class OrdersBot:
    """Submit each of the seat's powers' orders once, then declare ready."""

    def act(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        actions = view.get("actions", [])
        for action in actions:
            if action["type"] == "orders" and not view.get("orders", {}).get(action["power"]):
                game_map = map_by_id(view["map"])
                orders = self.orders(game_map, view, action["power"], action["orderable"], rng)
                if orders:
                    return {"type": "orders", "power": action["power"], "orders": orders}
        for action in actions:
            if action["type"] == "ready" and action["ready"]:
                return {"type": "ready", "ready": True}
        return None

    def orders(
        self, game_map: GameMap, view: dict[str, Any], power: str, what: dict[str, Any], rng: random.Random
    ) -> list[str]:
        """The orders of ``power`` for what it may order now (``what``: the view's ``orderable``)."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it orders")


@lru_cache(maxsize=65536)
def reach(game_map: GameMap, unit: str) -> tuple[str, ...]:
    """The locations ``unit`` ("A PAR", "F STP/SC") may move to, sorted."""
    kind, loc = unit[0], unit[2:]
    return tuple(sorted(game_map.army_adj[loc] if kind == "A" else game_map.fleet_adj[loc]))


@lru_cache(maxsize=65536)
def reach_provinces(game_map: GameMap, unit: str) -> frozenset[str]:
    """The provinces ``unit`` may move to."""
    return frozenset(province(loc) for loc in reach(game_map, unit))


def support_reach(game_map: GameMap, unit: str) -> frozenset[str]:
    """The provinces ``unit`` may support a hold in or a move into."""
    kind, loc = unit[0], unit[2:]
    return game_map.army_adj[loc] if kind == "A" else game_map.fleet_reach[loc]


def build_kinds(game_map: GameMap, site: str) -> list[str]:
    """Build orders possible on a home centre: an army unless it is a sea, fleets on each coast if coastal."""
    options = []
    if site in game_map.army_locations:
        options.append(f"A {site} B")
    if game_map.provinces[site].type == "coast":
        options.extend(f"F {coast} B" for coast in game_map.coasts.get(site, ()) or (site,))
    return options


def distances(adj: dict[str, Iterable[str]], sources: Iterable[str]) -> dict[str, int]:
    """Breadth-first distance from the nearest source over ``adj`` (location -> neighbouring locations)."""
    dist = {s: 0 for s in sources if s in adj}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for there in adj[here]:  # distances do not depend on the order
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist
