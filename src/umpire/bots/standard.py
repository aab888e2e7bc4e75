"""Simple bots for standard Diplomacy: always-legal orders, chosen at random or greedily towards centres.

These are the first, weak bots: enough to fill empty seats in a demonstration or a test game. Each gets only its
seat's view and returns one action at a time: its powers' orders first, then ``ready``.
"""

from __future__ import annotations

import random
from typing import Any

from umpire.bots.dipcommon import OrdersBot, province
from umpire.diplomacy.map import GameMap


class SimpleBot(OrdersBot):
    """``level="random"`` moves at random; ``level="greedy"`` prefers centres it does not own."""

    def __init__(self, level: str = "greedy") -> None:
        if level not in ("random", "greedy"):
            raise ValueError(f"unknown bot level {level!r}; expected 'random' or 'greedy'")
        self.level = level

    def orders(
        self, game_map: GameMap, view: dict[str, Any], power: str, what: dict[str, Any], rng: random.Random
    ) -> list[str]:
        if "units" in what and "disbands" not in what:
            return self.movement(game_map, view, power, rng)
        if "retreats" in what:
            return [
                f"{unit} R {rng.choice(options)}" if options and rng.random() < 0.9 else f"{unit} D"
                for unit, options in sorted(what["retreats"].items())
            ]
        if "builds" in what:
            sites = list(what["build_sites"])
            rng.shuffle(sites)
            builds = []
            for site in sites[: what["builds"]]:
                kinds = ["A"] if game_map.provinces[site].type == "land" else ["A", "F"]
                kind = rng.choice(kinds)
                loc = site
                if kind == "F" and game_map.coasts.get(site):
                    loc = rng.choice(list(game_map.coasts[site]))
                if kind == "A" and site not in game_map.army_locations:
                    kind = "F"
                builds.append(f"{kind} {loc} B")
            return builds or ["WAIVE"]
        units = list(what["units"])
        rng.shuffle(units)
        return [f"{unit} D" for unit in units[: what["disbands"]]]

    def movement(self, game_map: GameMap, view: dict[str, Any], power: str, rng: random.Random) -> list[str]:
        owned = set(view["centers"].get(power, []))
        plans: dict[str, str] = {}  # unit -> destination province (or its own for a hold)
        orders: dict[str, str] = {}
        for unit in view["units"][power]:
            kind, loc = unit[0], unit[2:]
            reach = sorted(game_map.army_adj[loc] if kind == "A" else game_map.fleet_adj[loc])
            if self.level == "greedy":
                wanted = [d for d in reach if province(d) in game_map.centers and province(d) not in owned]
                if wanted and rng.random() < 0.85:
                    reach = wanted
            if reach and rng.random() < 0.7:
                dest = rng.choice(reach)
                plans[unit] = province(dest)
                orders[unit] = f"{unit} - {dest}"
            else:
                plans[unit] = province(loc)
                orders[unit] = f"{unit} H"
        # Turn some holds into supports of a neighbour's move or hold that this unit can reach.
        for unit, order in list(orders.items()):
            if not order.endswith(" H") or rng.random() < 0.3:
                continue
            kind, loc = unit[0], unit[2:]
            near = {province(d) for d in (game_map.army_adj[loc] if kind == "A" else game_map.fleet_reach[loc])}
            helpable = [(other, dest) for other, dest in plans.items() if other != unit and dest in near]
            if helpable:
                other, dest = rng.choice(helpable)
                if dest == province(other[2:]):
                    orders[unit] = f"{unit} S {other}"
                else:
                    orders[unit] = f"{unit} S {other} - {dest}"
        return [orders[u] for u in sorted(orders)]
