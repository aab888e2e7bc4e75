"""DumbBot: David Norman's classic DAIDE reference bot (2002-2003), written for umpire from its published algorithm.

Source of the algorithm and of every constant below: the "How it works" description and the constructor's
settings in DumbBot's C++ source (``DumbBot.cpp``/``dumbbot.h``, David Norman, DAIDE client, release 8; kept in
public DAIDE client ports; /work/shared/data/bots/SOURCES.md says where). Its author: "these are just values that
seemed right at the time - there has been no attempt to optimise them". The program is umpire's own; only the
algorithm and its numbers carry over. DumbBot solos in about 6-8% of plays in DAIDE bot tournaments, which makes it
the outside reference umpire's levels are measured against (``benchmarks/bot_strength.py``).

How it plays, each phase:

1. **Power size**: ``x^2 + 4x + 16`` for a power with ``x`` centres (:data:`SIZE_SQUARE`, :data:`SIZE_LINEAR`,
   :data:`SIZE_CONSTANT`); the unowned centres count as one more "power" of their number.
2. **Province factors**: a centre it does not own has an *attack value*, its owner's size; an own centre has a
   *defence value*, the size of the largest other power with a unit that can move into it.
3. **Proximity** on every *node* (a place a unit can stand: an army's province, a fleet's coast):
   ``proximity[0] = attack * attack_weight + defence * defence_weight`` with the season's weights
   (:data:`SPRING_FACTORS`, :data:`FALL_FACTORS`; winter uses spring's), then over ten levels
   ``proximity[n] = (proximity[n-1] of the node + the sum, over adjacent provinces, of the best proximity[n-1]
   of its adjacent nodes there) // 5`` (the average node has four neighbours, plus itself).
4. **Strength** of a province: the own units that can move into it or stand on it; **competition**: the most units
   any one other power has so.
5. **Destination value** of a node: ``sum(proximity[n] * weight[n]) + strength_weight * strength -
   competition_weight * competition`` with the season's weights (:data:`SPRING_WEIGHTS`, :data:`FALL_WEIGHTS`); in
   winter ``sum(proximity[n] * weight[n]) + 1000 * defence`` (:data:`BUILD_WEIGHTS`, :data:`REMOVE_WEIGHTS`).
6. **Movement**: units in a random order; each ranks its adjacent nodes and its own (its value + 1, the hold) and
   walks down the ranking at random (:func:`walk_down`: 50% chance to consider the next one, kept unless a throw of
   100 falls under ``(this - next) * 500 / this``). Its own place: hold. A place one of its units stands on: wait
   until that unit has its order; if that unit stays, support it when the competition there is above 1, else choose
   again. A place another of its units already moves to: support that move when any competition is there, else
   choose again. Then every hold that could instead support a move into, or a hold in, a contested neighbouring
   province (competition above 0 for a move, above 1 for a hold) supports the most valuable of them.
7. **Retreats**: the same walk over the retreat options, never two units to one province; none: disband.
8. **Builds** on the best-valued free home node (army or fleet, each coast), walking down; one per province;
   waive the rest. **Removals**: the unit on the lowest-valued node, walking up.

Deviations (each an artefact of the C++ types, not of the algorithm): the original keeps only one destination per
value in its ranking (a ``std::map`` keyed by value), here all are kept, ties in location order; a unit is made to
wait for the same occupant at most once (the original could wait forever on two units that want each other's
place), after which the occupant counts as staying. No convoys, no press: DumbBot sends none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from umpire.bots.dipcommon import OrdersBot, build_kinds, province, reach, reach_provinces
from umpire.diplomacy.map import GameMap

#: Power size ``A x^2 + B x + C`` for ``x`` centres (DumbBot's m_size_square_coefficient, m_size_coefficient,
#: m_size_constant).
SIZE_SQUARE, SIZE_LINEAR, SIZE_CONSTANT = 1, 4, 16

#: (attack weight, defence weight) of proximity[0]: spring (m_proximity_spring_attack_weight 700,
#: m_proximity_spring_defence_weight 300) and fall (m_proximity_fall_attack_weight 600, ..._defence_weight 400).
SPRING_FACTORS: tuple[int, int] = (700, 300)
FALL_FACTORS: tuple[int, int] = (600, 400)

#: Weights of proximity[0..9] in spring (m_spring_proximity_weight): the next phase's reach counts most.
SPRING_WEIGHTS: tuple[int, ...] = (100, 1000, 30, 10, 6, 5, 4, 3, 2, 1)
#: In fall (m_fall_proximity_weight): where a unit stands at the end of the year counts most.
FALL_WEIGHTS: tuple[int, ...] = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
#: When building and removing (m_build_proximity_weight, m_remove_proximity_weight).
BUILD_WEIGHTS: tuple[int, ...] = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
REMOVE_WEIGHTS: tuple[int, ...] = BUILD_WEIGHTS

#: Strength and competition weights, spring and fall alike (m_spring_strength_weight, m_spring_competition_weight,
#: m_fall_strength_weight, m_fall_competition_weight).
STRENGTH_WEIGHT, COMPETITION_WEIGHT = 1000, 1000
#: Weight of a centre's defence value when building or removing (m_build_defence_weight, m_remove_defence_weight).
WINTER_DEFENCE_WEIGHT = 1000

#: Chance in 100 of considering the next-best choice (m_play_alternative) and the modifier of the chance of keeping
#: the better one when the next is nearly as good (m_alternative_difference_modifier).
PLAY_ALTERNATIVE, ALTERNATIVE_DIFFERENCE = 50, 500

#: Number of proximity levels (PROXIMITY_DEPTH).
DEPTH = 10

Node = tuple[str, str]  # ("A", "PAR") or ("F", "STP/SC"): where a unit of a kind can stand


@dataclass(frozen=True)
class _Graph:
    """A map's nodes and, for each, its adjacent nodes grouped by province (sorted)."""

    nodes: tuple[Node, ...]
    index: dict[Node, int]
    node_province: tuple[str, ...]
    #: ``spread[node, group, coast]``: the adjacent nodes of each node, one row per adjacent province (the best of
    #: its coasts counts), padded with ``len(nodes)``, a node that is always worth 0.
    spread: npt.NDArray[np.intp]


@lru_cache(maxsize=8)
def _graph(game_map: GameMap) -> _Graph:
    nodes: list[Node] = [("A", p) for p in sorted(game_map.army_adj)]
    nodes += [("F", loc) for loc in sorted(game_map.fleet_adj)]
    index = {node: i for i, node in enumerate(nodes)}
    groups = []
    for kind, loc in nodes:
        adjacent = game_map.army_adj[loc] if kind == "A" else game_map.fleet_adj[loc]
        by_province: dict[str, list[int]] = {}
        for there in sorted(adjacent):
            by_province.setdefault(province(there), []).append(index[(kind, there)])
        groups.append([ids for _p, ids in sorted(by_province.items())])
    width = max(len(g) for g in groups)
    coasts = max(len(ids) for g in groups for ids in g)
    spread = np.full((len(nodes), width, coasts), len(nodes), dtype=np.intp)
    for i, group in enumerate(groups):
        for j, ids in enumerate(group):
            spread[i, j, : len(ids)] = ids
    return _Graph(tuple(nodes), index, tuple(province(loc) for _k, loc in nodes), spread)


def power_size(centres: int) -> int:
    """DumbBot's size of a power with ``centres`` supply centres."""
    return SIZE_SQUARE * centres * centres + SIZE_LINEAR * centres + SIZE_CONSTANT


def walk_down(values: Sequence[int], rng: random.Random) -> int:
    """The index chosen in a ranking (``values`` best first): from the best, each step on has a 50% chance to be
    considered and is then taken unless a throw of 100 falls under ``(this - next) * 500 / this`` (so a next choice
    nearly as good is taken about half the time, one much worse almost never)."""
    i = 0
    while i + 1 < len(values):
        here, there = values[i], values[i + 1]
        chance = 0 if here == 0 else int((here - there) * ALTERNATIVE_DIFFERENCE / here)  # C's truncation
        if rng.randrange(100) < PLAY_ALTERNATIVE and rng.randrange(100) >= chance:
            i += 1
        else:
            break
    return i


class Values:
    """DumbBot's valuation of one position for one power: factors, proximities, strength, competition, values."""

    def __init__(self, game_map: GameMap, view: dict[str, Any], power: str) -> None:
        self.map = game_map
        self.graph = _graph(game_map)
        self.power = power
        phase = view["phase"]
        self.season = phase[0]
        units: dict[str, list[str]] = view["units"]
        owner = {c: p for p, cs in view["centers"].items() for c in cs}
        size = {p: power_size(len(view["centers"].get(p, []))) for p in game_map.powers}
        neutral = power_size(sum(1 for c in game_map.centers if c not in owner))
        # Attack and defence values (step 2).
        self.attack: dict[str, int] = {}
        self.defence: dict[str, int] = {}
        for centre in sorted(game_map.centers):
            holder = owner.get(centre)
            if holder == power:
                best = 0
                for other, theirs in units.items():
                    if other == power or size.get(other, SIZE_CONSTANT) <= best:
                        continue
                    if any(centre in reach_provinces(game_map, u) for u in theirs):
                        best = size.get(other, SIZE_CONSTANT)
                self.defence[centre] = best
            else:
                self.attack[centre] = neutral if holder is None else size.get(holder, SIZE_CONSTANT)
        # Strength and competition (step 4): units that can move into, or stand on, each province.
        counts: dict[str, dict[str, int]] = {}
        for who, theirs in units.items():
            for unit in theirs:
                here = province(unit[2:])
                counts.setdefault(here, {}).setdefault(who, 0)
                counts[here][who] += 1
                for loc in reach(game_map, unit):  # per location, as the original counts coasts
                    row = counts.setdefault(province(loc), {})
                    row[who] = row.get(who, 0) + 1
        self.strength = {p: row.get(power, 0) for p, row in counts.items()}
        self.competition = {p: max((n for w, n in row.items() if w != power), default=0) for p, row in counts.items()}
        # Proximities and destination values (steps 3 and 5).
        attack_w, defence_w = FALL_FACTORS if self.season == "F" else SPRING_FACTORS  # winter: spring's
        proximity = self._proximity(attack_w, defence_w)
        graph = self.graph
        node_province = graph.node_province
        if self.season == "W":
            removing = len(units.get(power, [])) > len(view["centers"].get(power, []))
            weights = REMOVE_WEIGHTS if removing else BUILD_WEIGHTS
            extra = [WINTER_DEFENCE_WEIGHT * self.defence.get(prov, 0) for prov in node_province]
        else:
            weights = SPRING_WEIGHTS if self.season == "S" else FALL_WEIGHTS
            strength, competition = self.strength, self.competition
            extra = [
                STRENGTH_WEIGHT * strength.get(prov, 0) - COMPETITION_WEIGHT * competition.get(prov, 0)
                for prov in node_province
            ]
        totals = (np.asarray(weights, dtype=np.int64) @ proximity).tolist()
        self.value: dict[Node, int] = {node: t + e for node, t, e in zip(graph.nodes, totals, extra, strict=True)}

    def _proximity(self, attack_w: int, defence_w: int) -> npt.NDArray[np.int64]:
        """proximity[0..9] by node (one row a level): the attack and defence values, spread ten levels out."""
        graph = self.graph
        count = len(graph.nodes)
        levels = np.zeros((DEPTH, count + 1), dtype=np.int64)  # the last column: the padding node, always 0
        levels[0, :count] = [
            self.attack.get(prov, 0) * attack_w + self.defence.get(prov, 0) * defence_w for prov in graph.node_province
        ]
        spread = graph.spread
        for n in range(1, DEPTH):
            last = levels[n - 1]
            levels[n, :count] = (last[:count] + last[spread].max(axis=2).sum(axis=1)) // 5
        return levels[:, :count]

    def of(self, kind: str, loc: str) -> int:
        """The destination value of a unit of ``kind`` standing on ``loc``."""
        return self.value[(kind, loc)]


class DumbBot(OrdersBot):
    """DumbBot's orders for one power (see the module's description)."""

    def orders(
        self, game_map: GameMap, view: dict[str, Any], power: str, what: dict[str, Any], rng: random.Random
    ) -> list[str]:
        values = Values(game_map, view, power)
        if "retreats" in what:
            return self.retreats(values, what["retreats"], rng)
        if "builds" in what:
            return self.builds(values, what["builds"], what["build_sites"], rng)
        if "disbands" in what:
            return self.removals(values, what["units"], what["disbands"], rng)
        return self.movement(values, list(what["units"]), view, rng)

    # --- movement -------------------------------------------------------------------------------------------

    def movement(self, values: Values, mine: list[str], view: dict[str, Any], rng: random.Random) -> list[str]:
        game_map = values.map
        competition = values.competition
        at = {province(u[2:]): u for u in mine}
        pending = sorted(mine)
        rng.shuffle(pending)
        orders: dict[str, str] = {}
        moving: set[str] = set()  # own units ordered to move
        moving_to: dict[str, str] = {}  # province -> own unit moving there
        waited: set[tuple[str, str]] = set()
        while pending:
            unit = pending.pop(0)
            kind, here = unit[0], unit[2:]
            ranking = sorted(
                [(values.of(kind, loc), loc) for loc in reach(game_map, unit)] + [(values.of(kind, here) + 1, here)],
                key=lambda item: -item[0],
            )
            while True:
                i = walk_down([v for v, _loc in ranking], rng)
                dest = ranking[i][1]
                prov = province(dest)
                if prov == province(here):
                    orders[unit] = f"{unit} H"
                    break
                occupant = at.get(prov)
                if occupant is not None and occupant not in orders and (unit, occupant) not in waited:
                    waited.add((unit, occupant))
                    pending.insert(pending.index(occupant) + 1, unit)  # decide after the occupant has
                    break
                if occupant is not None and occupant not in moving:
                    if competition.get(prov, 0) > 1:
                        orders[unit] = f"{unit} S {occupant}"
                        break
                    del ranking[i]
                    continue
                mover = moving_to.get(prov)
                if mover is not None:
                    if competition.get(prov, 0) > 0:
                        orders[unit] = f"{unit} S {mover} - {prov}"
                        break
                    del ranking[i]
                    continue
                orders[unit] = f"{unit} - {dest}"
                moving.add(unit)
                moving_to[prov] = unit
                break
        self._wasted_holds(values, orders, moving, moving_to, at)
        return [orders[u] for u in sorted(orders)]

    @staticmethod
    def _wasted_holds(
        values: Values, orders: dict[str, str], moving: set[str], moving_to: dict[str, str], at: dict[str, str]
    ) -> None:
        """Turn each hold into a support of the most valuable neighbouring own move or hold that needs one."""
        game_map = values.map
        competition = values.competition
        for unit in sorted(orders, key=lambda u: u[2:]):
            if not orders[unit].endswith(" H"):
                continue
            kind = unit[0]
            best, support = 0, ""
            for loc in reach(game_map, unit):
                prov = province(loc)
                worth = values.of(kind, loc)
                mover = moving_to.get(prov)
                if mover is not None:
                    if competition.get(prov, 0) > 0 and worth > best:
                        best, support = worth, f"{unit} S {mover} - {prov}"
                    continue
                stayer = at.get(prov)
                stays = stayer is not None and stayer != unit and stayer not in moving
                if stays and competition.get(prov, 0) > 1 and worth > best:
                    best, support = worth, f"{unit} S {stayer}"
            if best > 0:
                orders[unit] = support

    # --- retreats, builds, removals -------------------------------------------------------------------------

    def retreats(self, values: Values, retreats: dict[str, list[str]], rng: random.Random) -> list[str]:
        pending = sorted(retreats)
        rng.shuffle(pending)
        taken: set[str] = set()
        orders = []
        for unit in pending:
            ranking = sorted(((values.of(unit[0], loc), loc) for loc in retreats[unit]), key=lambda item: -item[0])
            while ranking:
                i = walk_down([v for v, _loc in ranking], rng)
                dest = ranking[i][1]
                if province(dest) in taken:
                    del ranking[i]
                    continue
                taken.add(province(dest))
                orders.append(f"{unit} R {dest}")
                break
            else:
                orders.append(f"{unit} D")
        return sorted(orders)

    def builds(self, values: Values, count: int, sites: list[str], rng: random.Random) -> list[str]:
        game_map = values.map
        options = []
        for site in sorted(sites):
            for order in build_kinds(game_map, site):
                kind, loc = order[0], order[2:-2]
                options.append((values.of(kind, loc), order, site))
        options.sort(key=lambda item: -item[0])
        chosen: list[str] = []
        while options and len(chosen) < count:
            i = walk_down([v for v, _o, _s in options], rng)
            _v, order, site = options[i]
            chosen.append(order)
            options = [o for o in options if o[2] != site]
        return chosen or ["WAIVE"]

    def removals(self, values: Values, units: list[str], count: int, rng: random.Random) -> list[str]:
        ranking = sorted(((values.of(u[0], u[2:]), u) for u in sorted(units)), key=lambda item: item[0])
        chosen: list[str] = []
        for _ in range(min(count, len(ranking))):
            i = walk_down([v for v, _u in ranking], rng)
            chosen.append(f"{ranking[i][1]} D")
            del ranking[i]
        return chosen
