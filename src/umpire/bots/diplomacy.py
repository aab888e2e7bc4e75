"""Bots for standard Diplomacy at several levels: random legal orders, a greedy bot and a heuristic player.

Levels (:data:`LEVELS`):

- ``random``: every unit holds or moves to a random neighbour, retreats and builds at random (the baseline);
- ``easy``: :class:`umpire.bots.standard.SimpleBot` in its greedy mode (moves towards centres it does not own);
- ``dumbbot``: :class:`umpire.bots.dumbbot.DumbBot`, David Norman's DAIDE reference bot from its published
  algorithm: the outside reference every level's strength is measured against;
- ``normal``: :class:`HeuristicBot`, which values provinces by the centres near them (the leader's centres more;
  once ahead, every rival's), defends an own centre only where the threat is greater than the cover (a unit on it
  holds, with the supports that match the attack, only when no neighbour can take its place; else it is free and
  a neighbour moves in if it leaves), attacks centres with enough support to beat the holder and the supports
  its side can give it (one more once ahead, to break a line), never orders two of its units into one province,
  turns idle holds into supports of contested moves and holds, retreats towards centres and builds armies or
  fleets by where its targets are;
- ``hard``: :class:`SearchBot`, the same player looking one phase ahead: it adjudicates a few of its own order
  sets against a guess of everyone else's orders and plays the one that ends best for it;
- ``strong``: :class:`umpire.bots.search.StrongBot`, a best response found by search with the adjudicator:
  candidate order sets for itself adjudicated against sampled DumbBot orders of the others, scored by a position
  evaluation and improved unit by unit within a budget and a deadline.

Each bot sees only its seat's view and draws only from the ``random.Random`` it is given, so for a given seed a
game is the same every time. Every order it gives names one of its own units and a place that unit can reach, so
the ruleset accepts it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from umpire.bots.dipcommon import OrdersBot, build_kinds, distances, province, reach, reach_provinces, support_reach
from umpire.bots.dumbbot import DumbBot
from umpire.bots.search import StrongBot
from umpire.bots.standard import SimpleBot
from umpire.diplomacy.contract import adjudicate
from umpire.diplomacy.map import GameMap

LEVELS: tuple[str, ...] = ("random", "easy", "dumbbot", "normal", "hard", "strong")

#: How strong each level is, in a line (shown where a seat's bot is chosen): measured alone against six DumbBots
#: (DumbBot against six random bots) to 1920, 140 games (20 a power), by benchmarks/bot_strength.py on
#: 2026-12-02; docs/selfplay.md has the intervals.
LEVEL_NOTES: dict[str, str] = {
    "random": "random legal orders: a baseline",
    "easy": "greedy moves towards centres; far weaker than DumbBot",
    "dumbbot": "DumbBot, the classic DAIDE reference bot (2003): solos in 99% of games against six random bots",
    "normal": "heuristic player; alone against six DumbBots: 6.1 centres at 1920, solos in 1%",
    "hard": "heuristic player looking one phase ahead; alone against six DumbBots: 7.6 centres, solos in 4%",
    "strong": "search with the adjudicator; alone against six DumbBots: solos in 68%, 16.6 centres",
}


class RandomBot(OrdersBot):
    """Random legal orders: the baseline every other level is measured against."""

    def orders(
        self, game_map: GameMap, view: dict[str, Any], power: str, what: dict[str, Any], rng: random.Random
    ) -> list[str]:
        if "retreats" in what:
            return [
                f"{unit} R {rng.choice(options)}" if options else f"{unit} D"
                for unit, options in sorted(what["retreats"].items())
            ]
        if "builds" in what:
            sites = sorted(what["build_sites"])
            rng.shuffle(sites)
            return [rng.choice(build_kinds(game_map, s)) for s in sites[: what["builds"]]] or ["WAIVE"]
        if "disbands" in what:
            units = sorted(what["units"])
            rng.shuffle(units)
            return [f"{unit} D" for unit in units[: what["disbands"]]]
        orders = []
        for unit in sorted(what["units"]):
            choices = reach(game_map, unit)
            pick = rng.randrange(len(choices) + 1)
            orders.append(f"{unit} H" if pick == len(choices) else f"{unit} - {choices[pick]}")
        return orders


class _Board:
    """What a heuristic player derives from a view, for one power."""

    def __init__(self, game_map: GameMap, view: dict[str, Any], power: str) -> None:
        self.map = game_map
        self.power = power
        self.spring = view["phase"][0] == "S"
        self.owner: dict[str, str] = {c: p for p, cs in view["centers"].items() for c in cs}
        self.occupant: dict[str, tuple[str, str]] = {}  # province -> (power, unit)
        for p, units in view["units"].items():
            for unit in units:
                self.occupant[province(unit[2:])] = (p, unit)
        self.mine = sorted(view["units"].get(power, []))
        self.own_centers = set(view["centers"].get(power, []))
        self.homes = set(game_map.homes.get(power, ()))
        size = {p: len(cs) for p, cs in view["centers"].items()}
        own = size.get(power, 0)
        rivals = sorted((n for p, n in size.items() if p != power), reverse=True) or [0]
        #: Ahead: more centres than anyone else, and at least nine: the drive for the solo starts.
        self.ahead = own > rivals[0] and own >= 9
        target = rivals[0]  # the leader's centres, or once ahead the strongest rival's
        # What a centre is worth to take: a neutral one most, then the leader's (or strongest rival's), then the
        # others'. Once ahead every centre is worth going for.
        self.value: dict[str, float] = {}
        for center in sorted(game_map.centers):
            holder = self.owner.get(center)
            if holder == power:
                continue
            if holder is None:
                self.value[center] = 10.0
            else:
                self.value[center] = 7.0 + (2.0 if size.get(holder) == target else 0.0) + (1.5 if self.ahead else 0)
                if center in game_map.homes.get(holder, ()):
                    self.value[center] += 0.5
        # The enemy units that could move into each province next phase: all of them (threat), the most of any one
        # power (threat1: they attack together), and the supports the holder's own side can give it (backing).
        self.threat: dict[str, int] = {}
        self.threat1: dict[str, int] = {}
        self.backing: dict[str, int] = {}
        for p, units in sorted(view["units"].items()):
            if p == power:
                continue
            mine: dict[str, int] = {}
            for unit in units:
                for prov in reach_provinces(game_map, unit):
                    self.threat[prov] = self.threat.get(prov, 0) + 1
                    mine[prov] = mine.get(prov, 0) + 1
            for prov, n in mine.items():
                self.threat1[prov] = max(self.threat1.get(prov, 0), n)
            for unit in units:
                here = province(unit[2:])
                self.backing[here] = max(0, min(mine.get(here, 0), 2))
        targets = list(self.value)
        army_adj: dict[str, Iterable[str]] = dict(game_map.army_adj)
        self.army_dist = distances(army_adj, targets)
        fleet_adj: dict[str, Iterable[str]] = dict(game_map.fleet_adj)
        fleet_targets = [loc for loc in game_map.fleet_adj if province(loc) in self.value]
        self.fleet_dist = distances(fleet_adj, fleet_targets)

    def dist(self, kind: str, loc: str) -> int:
        table = self.army_dist if kind == "A" else self.fleet_dist
        return table.get(loc if kind == "F" else province(loc), 12)

    def enemy_at(self, prov: str) -> bool:
        here = self.occupant.get(prov)
        return here is not None and here[0] != self.power

    def place_score(self, kind: str, loc: str) -> float:
        """How good it is for a unit of ``kind`` to stand on ``loc`` after this phase."""
        prov = province(loc)
        score = -1.5 * self.dist(kind, loc)
        if prov in self.value:
            score += self.value[prov] * (1.0 if not self.spring else 0.6)
        if prov in self.own_centers and self.threat1.get(prov, 0) and not (self.spring and prov not in self.homes):
            score += 3.0 + (2.0 if prov in self.homes else 0.0)
        return score


class HeuristicBot(OrdersBot):
    """A heuristic player: attacks centres (two against one where defended), defends, retreats and builds well."""

    def __init__(self, noise: float = 1.0) -> None:
        self.noise = noise

    def orders(
        self, game_map: GameMap, view: dict[str, Any], power: str, what: dict[str, Any], rng: random.Random
    ) -> list[str]:
        board = _Board(game_map, view, power)
        if "retreats" in what:
            return self.retreats(board, what["retreats"], rng)
        if "builds" in what:
            return self.builds(board, what["builds"], what["build_sites"])
        if "disbands" in what:
            return self.disbands(board, what["units"], what["disbands"])
        return self.movement(board, rng)

    # --- movement -------------------------------------------------------------------------------------------

    def movement(self, board: _Board, rng: random.Random) -> list[str]:
        game_map = board.map
        orders: dict[str, str] = {}
        moving_to: dict[str, str] = {}  # province -> unit ordered there (holds included)
        free = list(board.mine)
        refill: dict[str, str] = {}  # own centre -> the unit that moves in if the one on it leaves

        def claim(unit: str, order: str, prov: str) -> None:
            orders[unit] = order
            moving_to[prov] = unit
            free.remove(unit)

        def support(backer: str, order: str) -> None:
            orders[backer] = order
            moving_to[province(backer[2:])] = backer  # it stays where it is: nobody else may go there
            free.remove(backer)

        # 1. Defence, only where the threat is greater than the cover. The threat on an own centre is the most
        # units one other power can move into it (they attack together, with supports); a unit on it holds only
        # when the neighbours cannot take its place (a single attacker against one own neighbour that can move
        # in), and then gets the supports that make its hold as strong as the attack. An empty threatened centre
        # is refilled. In spring only home centres are defended (a centre changes hands in the fall).
        for center in sorted(board.own_centers, key=lambda c: (c not in board.homes, -board.threat1.get(c, 0), c)):
            attack = board.threat1.get(center, 0)
            if not attack or (board.spring and center not in board.homes):
                continue
            holder = board.occupant.get(center)
            if holder is not None and holder[0] == board.power:
                unit = holder[1]
                if unit not in free:
                    continue
                neighbours = [u for u in free if u != unit and center in reach_provinces(game_map, u)]
                if attack == 1 and neighbours:
                    refill[center] = min(neighbours, key=lambda u: (board.dist(u[0], u[2:]) * -1, u))
                    continue  # free to attack; a neighbour moves in if it leaves
                claim(unit, f"{unit} H", center)
                backers = [u for u in free if center in support_reach(game_map, u)]
                backers.sort(key=lambda u: (province(u[2:]) in board.own_centers, u))
                for backer in backers[: attack - 1]:
                    support(backer, f"{backer} S {unit}")
            elif holder is None and center not in moving_to:
                for unit in sorted(free, key=lambda u: (board.dist(u[0], u[2:]), u)):
                    dests = [loc for loc in reach(game_map, unit) if province(loc) == center]
                    if dests:
                        claim(unit, f"{unit} - {dests[0]}", center)
                        break

        # 2. Attacks on centres, strongest plans first: one mover and enough supporters to beat the defence
        # (the holder and the supports its power can give it); the units freed above take part.
        plans = []
        near: set[str] = set()
        for unit in free:
            near |= reach_provinces(game_map, unit)
        for center in sorted(near & board.value.keys()):
            value = board.value[center]
            if center in moving_to:
                continue
            reachers = [u for u in free if center in reach_provinces(game_map, u)]
            supporters = [u for u in free if center in support_reach(game_map, u)]
            if not reachers:
                continue
            helpers = len(set(reachers) | set(supporters))
            held = board.occupant.get(center)
            if held is not None and held[0] != board.power:
                need = 2 + board.backing.get(center, 0)  # the holder and the supports its own side can give
                if board.ahead:
                    need += 1  # a line that holds against two is broken with three
                if helpers < need:
                    need = helpers if helpers >= 2 + board.backing.get(center, 0) else 0
                if not need:
                    continue
            else:
                need = min(helpers, 1 + board.threat1.get(center, 0))
            plans.append((value + rng.random() * self.noise - 0.5 * need, center, reachers, supporters, need))
        plans.sort(key=lambda p: (-p[0], p[1]))
        for _score, center, reachers, supporters, need in plans:
            movers = [u for u in reachers if u in free]
            if not movers or center in moving_to:
                continue
            mover = min(movers, key=lambda u: (center in support_reach(game_map, u) and len(movers) > 1, u))
            backers = [u for u in supporters if u in free and u != mover]
            if 1 + len(backers) < need:
                continue
            dest = next(loc for loc in reach(game_map, mover) if province(loc) == center)
            # A unit must not move into a province its own side holds still, nor swap places with one.
            if center in board.occupant and board.occupant[center][0] == board.power:
                continue
            claim(mover, f"{mover} - {dest}", center)
            for backer in backers[: need - 1]:
                support(backer, f"{backer} S {mover} - {center}")

        # 2b. A threatened centre whose unit left is refilled by the neighbour chosen for it.
        for center, unit in sorted(refill.items()):
            leaver = board.occupant[center][1]
            left = " - " in orders.get(leaver, "") and " S " not in orders[leaver]
            if not left or unit not in free or center in moving_to:
                continue
            dest = next(loc for loc in reach(game_map, unit) if province(loc) == center)
            claim(unit, f"{unit} - {dest}", center)

        # 3. Everyone else: the best reachable place by position, without two own units aiming at one province.
        choices = []
        for unit in free:
            kind, loc = unit[0], unit[2:]
            here = province(loc)
            options = [(board.place_score(kind, loc), loc, True)]
            for dest in reach(game_map, unit):
                prov = province(dest)
                score = board.place_score(kind, dest)
                if board.enemy_at(prov):
                    score -= 6.0  # a lone attack on a held province bounces
                elif board.threat.get(prov, 0) and not board.spring:
                    score -= 1.0
                options.append((score, dest, False))
            for score, dest, hold in options:
                choices.append((score + rng.random() * self.noise, unit, dest, hold, here))
        choices.sort(key=lambda c: (-c[0], c[1], c[2]))
        staying = set()
        for _score, unit, dest, hold, here in choices:
            if unit not in free:
                continue
            prov = province(dest)
            if prov in moving_to:
                continue
            if not hold:
                stand = board.occupant.get(prov)
                if stand is not None and stand[0] == board.power and (stand[1] in free or stand[1] in staying):
                    continue  # the own unit there may stay: never risk bouncing or dislodging it
                mover_in = moving_to.get(here)
                if stand is not None and stand[0] == board.power and mover_in == stand[1]:
                    continue  # a swap without a convoy fails
                if stand is not None and stand[0] == board.power and orders.get(stand[1], "").endswith(" H"):
                    continue
                claim(unit, f"{unit} - {dest}", prov)
            else:
                claim(unit, f"{unit} H", prov)
                staying.add(unit)
        for unit in list(free):  # nothing safe to do: hold
            claim(unit, f"{unit} H", province(unit[2:]))

        # 4. Holding units support a neighbouring own move into a contested province, or a threatened hold; a
        # unit supporting still holds its own province, so a defender does it too.
        for unit in sorted(orders):
            if not orders[unit].endswith(" H"):
                continue
            cover = support_reach(game_map, unit)
            best: tuple[int, str] | None = None
            for prov, other in sorted(moving_to.items()):
                if other == unit or prov not in cover:
                    continue
                contested = board.threat.get(prov, 0)
                if not contested:
                    continue
                text = orders[other]
                if text.endswith(" H") or " S " in text:
                    order = f"{unit} S {other}"
                elif " - " in text:
                    order = f"{unit} S {other} - {prov}"
                else:
                    continue
                if best is None or contested > best[0]:
                    best = (contested, order)
            if best is not None:
                orders[unit] = best[1]
        return [orders[u] for u in sorted(orders)]

    # --- retreats, builds, disbands ---------------------------------------------------------------------------

    def retreats(self, board: _Board, retreats: dict[str, list[str]], rng: random.Random) -> list[str]:
        taken: set[str] = set()
        orders = []
        for unit, options in sorted(retreats.items()):
            kind = unit[0]
            ranked = sorted(
                (o for o in options if province(o) not in taken),
                key=lambda o: (-(board.place_score(kind, o) + rng.random() * 0.01), o),
            )
            if ranked:
                taken.add(province(ranked[0]))
                orders.append(f"{unit} R {ranked[0]}")
            elif options:  # every option is already someone's: still retreat rather than disband
                orders.append(f"{unit} R {sorted(options)[0]}")
            else:
                orders.append(f"{unit} D")
        return orders

    def builds(self, board: _Board, count: int, sites: list[str]) -> list[str]:
        game_map = board.map
        fleets = sum(1 for u in board.mine if u[0] == "F")
        armies = len(board.mine) - fleets
        ranked = []
        for site in sites:
            best = None
            for order in build_kinds(game_map, site):
                kind, loc = order[0], order[2:-2]
                score = -board.dist(kind, loc) - 0.5 * (fleets if kind == "F" else armies) / max(1, len(board.mine))
                score += 3.0 * board.threat.get(site, 0)
                if best is None or score > best[0]:
                    best = (score, order)
            if best is not None:
                ranked.append((best[0], site, best[1]))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        return [order for _s, _site, order in ranked[:count]] or ["WAIVE"]

    def disbands(self, board: _Board, units: list[str], count: int) -> list[str]:
        def usefulness(unit: str) -> tuple[float, str]:
            prov = province(unit[2:])
            keep = -board.dist(unit[0], unit[2:])
            if prov in board.own_centers and board.threat.get(prov, 0):
                keep += 5
            return (keep, unit)

        return [f"{unit} D" for unit in sorted(units, key=usefulness)[:count]]


class SearchBot(HeuristicBot):
    """The heuristic player with a one-ply look ahead in movement phases.

    It draws ``candidates`` order sets from the heuristic (one nearly noiseless, the others noisy), guesses every
    other power's orders with the plain heuristic, adjudicates each candidate against that guess and keeps the one
    that leaves it with the most centres, units and the best placed units.
    """

    def __init__(self, candidates: int = 4) -> None:
        super().__init__(noise=0.3)
        self.candidates = candidates

    def orders(
        self, game_map: GameMap, view: dict[str, Any], power: str, what: dict[str, Any], rng: random.Random
    ) -> list[str]:
        if "units" not in what or "disbands" in what:
            return super().orders(game_map, view, power, what, rng)
        board = _Board(game_map, view, power)
        guess: dict[str, list[str]] = {}
        for other, units in sorted(view["units"].items()):
            if other != power and units:
                seen = _Board(game_map, view, other)
                guess[other] = HeuristicBot(noise=1.0).movement(seen, random.Random(f"{view['phase']}:{other}"))
        options: list[list[str]] = []
        for k in range(self.candidates):
            self.noise = 0.05 if k == 0 else 2.5
            draw = self.movement(board, random.Random(rng.getrandbits(64)))
            if draw not in options:
                options.append(draw)
        self.noise = 0.3
        best: tuple[float, int] | None = None
        for i, orders in enumerate(options):
            case = {
                "id": view["phase"],
                "variant": view["map"],
                "phase": view["phase"],
                "units": view["units"],
                "centers": view["centers"],
                "orders": {**guess, power: orders},
            }
            answer = adjudicate(case)
            if "error" in answer:
                continue
            score = self.evaluate(board, answer, power)
            if best is None or score > best[0]:
                best = (score, i)
        return options[best[1] if best is not None else 0]

    @staticmethod
    def evaluate(board: _Board, answer: dict[str, Any], power: str) -> float:
        """How good the position after a movement phase is for ``power``."""
        units = answer["units"].get(power, [])
        if board.spring:
            enemy = {province(u[2:]) for p, us in answer["units"].items() if p != power for u in us}
            kept = sum(1 for c in board.own_centers if c not in enemy)
            gained = sum(1 for u in units if province(u[2:]) in board.value)
            score = 10.0 * kept + 6.0 * gained
        else:
            score = 10.0 * len(answer["centers"].get(power, []))
        dislodged = answer.get("dislodged", {}).get(power, {})
        score += 3.0 * len(units) + sum(1.5 for options in dislodged.values() if options)
        score -= 0.3 * sum(board.dist(u[0], u[2:]) for u in units)
        # Centres left open to more enemy units than own ones can cover are likely lost next phase.
        game_map = board.map
        mine_at: set[str] = {province(u[2:]) for u in units}
        cover: dict[str, int] = {}
        threat: dict[str, int] = {}
        for p, us in answer["units"].items():
            table = cover if p == power else threat
            for u in us:
                for prov in reach_provinces(game_map, u):
                    table[prov] = table.get(prov, 0) + 1
        for centre in answer["centers"].get(power, []):
            if centre not in mine_at and threat.get(centre, 0) > cover.get(centre, 0):
                score -= 5.0 if board.spring else 2.0
        return score


def make_bot(level: str) -> Any:
    """A standard-Diplomacy bot at ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return RandomBot()
    if level == "easy":
        return SimpleBot("greedy")
    if level == "normal":
        return HeuristicBot(noise=1.0)
    if level == "hard":
        return SearchBot()
    if level == "dumbbot":
        return DumbBot()
    if level == "strong":
        return StrongBot()
    raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
