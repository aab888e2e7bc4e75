"""The ``strong`` level for standard Diplomacy: a best response, found by search with the adjudicator.

In a movement phase :class:`StrongBot`, for its power:

1. **models the others**: each other power's orders are sampled from DumbBot's policy from that power's point of view
   (:class:`umpire.bots.dumbbot.Values`, computed once, then ``samples`` cheap random walks), the same joint samples
   for every candidate (common random numbers, so candidates are compared on the same futures);
2. **draws candidates** for itself: DumbBot walks from its own point of view, and all units holding;
3. **scores a candidate** by adjudicating it against every sample (:class:`Adjudicator`, the one place the search
   calls the adjudicator) and averaging :func:`evaluate` of each outcome: centres owned (in spring: held, the fall
   decides), units kept, own centres the next phase threatens beyond their cover and others' centres it opens to an
   attack stronger than their defence;
4. **improves the best** unit by unit (every hold, move, support of an own hold or move) and by whole supported
   attacks (a move into a province and every support into it), keeping a change only when it raises the average,
   until no change helps, the evaluation ``budget`` is spent or the ``deadline`` (seconds of wall clock) has passed.

This is a best response to a policy model, as in the no-press search bots (SearchBot: sampled candidate orders,
adjudicated against sampled opponents' orders, chosen by their expected value). Retreats, builds and removals are
DumbBot's. The time bound is :attr:`StrongBot.deadline`; the ``budget`` keeps the bot's work, and so its games,
the same on a fast machine and on a loaded one as long as the deadline does not bind.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from umpire.bots.dipcommon import OrdersBot, province, reach, reach_provinces, support_reach
from umpire.bots.dumbbot import DumbBot, Values
from umpire.diplomacy.fast import Board
from umpire.diplomacy.map import GameMap

Orders = dict[str, str]  # unit -> order text


@dataclass(frozen=True)
class Resolution:
    """A movement phase's outcome: every power's units after it, and the dislodged units with their retreats."""

    units: Mapping[str, Sequence[str]]
    dislodged: Mapping[str, Mapping[str, Sequence[str]]]


class Adjudicator:
    """The adapter between the search and the adjudicator: one movement position, resolved for many order sets.

    Backed by the in-process fast path (:class:`umpire.diplomacy.fast.Board`: the units read once, each order
    text encoded once, no JSON), which gives the contract's answers. :meth:`resolve` takes order texts and answers
    in the contract's form; the search encodes its orders once (:meth:`codes`) and resolves codes on
    :attr:`board`, reading each unit's location after the phase.
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.board = Board(view["units"], view["map"])
        self.nations = tuple(u.nation for u in self.board.units)
        self.kinds = tuple(u.kind for u in self.board.units)

    def codes(self, orders: Iterable[str]) -> list[int]:
        """The board's codes of order texts."""
        return [self.board.order(text) for text in orders]

    def resolve(self, orders: Mapping[str, Sequence[str]]) -> Resolution:
        """The outcome of every power's ``orders`` (power -> order texts)."""
        answer = self.board.resolve([code for lines in orders.values() for code in self.codes(lines)]).contract()
        return Resolution(answer["units"], answer["dislodged"])


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in centres (tuned by self-play against DumbBot, benchmarks/bot_strength.py)."""

    unit: float = 0.3  # a unit kept, besides the centres
    lost_unit: float = 0.6  # a unit dislodged with nowhere to go
    spring_gain: float = 0.8  # a centre taken in spring (it is the fall's to keep)
    spring_loss: float = 0.4  # an own centre an enemy stands on after spring (still ours until the fall)
    risk: float = 0.6  # after spring: an own centre the fall can take (more attackers than defenders)
    chance: float = 0.45  # after spring: another's centre the fall can take, one per own unit next to one
    fall_risk: float = 0.35  # the same after the fall, for the next year
    fall_chance: float = 0.15
    solo: float = 50.0  # eighteen centres


class StrongBot(OrdersBot):
    """Best response by search (see the module's description)."""

    def __init__(
        self,
        samples: int = 10,
        budget: int = 2500,
        deadline: float = 1.5,
        weights: Weights | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.samples = samples
        self.budget = budget  # adjudications per movement phase
        self.deadline = deadline  # seconds per movement phase, by ``clock`` (the wall clock)
        self.clock = clock
        self.weights = weights or Weights()
        self.fallback = DumbBot()

    def orders(
        self, game_map: GameMap, view: dict[str, Any], power: str, what: dict[str, Any], rng: random.Random
    ) -> list[str]:
        if "units" not in what or "disbands" in what:
            return self.fallback.orders(game_map, view, power, what, rng)
        return Search(self, game_map, view, power, rng).run()


@dataclass(frozen=True)
class _Tables:
    """A map's provinces as numbers, for the evaluation: each location's province and the provinces a unit there
    may move to (by kind), the centres."""

    provinces: tuple[str, ...]
    province_at: dict[str, int]  # location -> province number
    reach: dict[str, dict[str, tuple[int, ...]]]  # kind -> location -> reachable province numbers
    reach_set: dict[str, dict[str, frozenset[int]]]
    centres: tuple[int, ...]


@lru_cache(maxsize=8)
def _tables(game_map: GameMap) -> _Tables:
    provinces = tuple(sorted(game_map.provinces))
    number = {p: i for i, p in enumerate(provinces)}
    province_at = {loc: number[province(loc)] for loc in (*game_map.army_adj, *game_map.fleet_adj)}
    reach_tbl: dict[str, dict[str, tuple[int, ...]]] = {"A": {}, "F": {}}
    for kind, adj in (("A", game_map.army_adj), ("F", game_map.fleet_adj)):
        for loc, there in adj.items():
            reach_tbl[kind][loc] = tuple(sorted({number[province(t)] for t in there}))
    reach_set = {k: {loc: frozenset(r) for loc, r in table.items()} for k, table in reach_tbl.items()}
    return _Tables(provinces, province_at, reach_tbl, reach_set, tuple(number[c] for c in sorted(game_map.centers)))


#: Nation numbers per province row of the evaluation's counts (the map's powers, and room for one more).
_ROW = 8


class Search:
    """One movement phase's search for one power."""

    def __init__(self, bot: StrongBot, game_map: GameMap, view: dict[str, Any], power: str, rng: random.Random) -> None:
        self.started = bot.clock()
        self.bot = bot
        self.map = game_map
        self.view = view
        self.power = power
        self.rng = rng
        self.weights = bot.weights
        self.spring = view["phase"][0] == "S"
        self.mine = sorted(view["units"].get(power, []))
        self.owner = {c: p for p, cs in view["centers"].items() for c in cs}
        self.tables = _tables(game_map)
        self.nation_number = {p: i for i, p in enumerate(game_map.powers)}
        if len(self.nation_number) >= _ROW:
            raise ValueError(f"the strong bot plays maps of at most {_ROW - 1} powers, not {len(game_map.powers)}")
        self.me = self.nation_number[power]
        names = self.tables.provinces
        self.owner_before = [self.nation_number.get(self.owner.get(names[c], ""), -1) for c in range(len(names))]
        self.adjudicator = Adjudicator(view)
        self.unit_nation = tuple(self.nation_number.get(n, _ROW - 1) for n in self.adjudicator.nations)
        self.spent = 0
        dumb = bot.fallback
        models: list[dict[str, list[str]]] = [{} for _ in range(bot.samples)]
        for other in sorted(view["units"]):
            theirs = sorted(view["units"][other])
            if other == power or not theirs:
                continue
            values = Values(game_map, view, other)
            for model in models:
                model[other] = dumb.movement(values, theirs, view, rng)
        self.use_models(models)
        self.own_values = Values(game_map, view, power)

    def use_models(self, models: Sequence[Mapping[str, Sequence[str]]]) -> None:
        """Score candidates against these samples of the others' orders (power -> order texts, one dict each)."""
        self.models = [dict(m) for m in models]
        self.sample_codes = [
            self.adjudicator.codes(line for _p, lines in sorted(m.items()) for line in lines) for m in self.models
        ]

    # --- the search -------------------------------------------------------------------------------------------

    def run(self) -> list[str]:
        if not self.mine:
            return []
        candidates = self.initial()
        best: Orders | None = None
        best_score = float("-inf")
        for orders in candidates:
            score = self.score(orders)
            if score > best_score:
                best, best_score = orders, score
        assert best is not None
        improved = True
        while improved and not self.out_of_time():
            improved = False
            units = list(self.mine)
            self.rng.shuffle(units)
            for unit in units:
                if self.out_of_time():
                    break
                for change in self.unit_changes(best, unit):
                    trial = {**best, **change}
                    score = self.score(trial)
                    if score > best_score + 1e-9:
                        best, best_score, improved = trial, score, True
            for change in self.attack_changes(best):
                if self.out_of_time():
                    break
                trial = {**best, **change}
                score = self.score(trial)
                if score > best_score + 1e-9:
                    best, best_score, improved = trial, score, True
        return [line for _u, line in sorted(tidy(best).items())]

    def out_of_time(self) -> bool:
        return self.spent >= self.bot.budget or self.bot.clock() - self.started > self.bot.deadline

    def initial(self) -> list[Orders]:
        """Starting points: DumbBot's walks for this power, and every unit holding."""
        out: list[Orders] = [{u: f"{u} H" for u in self.mine}]
        for _ in range(4):
            lines = self.bot.fallback.movement(self.own_values, list(self.mine), self.view, self.rng)
            out.append({_unit_of(line): line for line in lines})
        return out

    def score(self, orders: Orders) -> float:
        """The mean evaluation of ``orders`` against every sample of the others' orders."""
        adjudicator = self.adjudicator
        me = self.me
        nations = self.unit_nation
        own = adjudicator.codes(orders[u] for u in sorted(orders))
        resolve = adjudicator.board.resolve
        total = 0.0
        for codes in self.sample_codes:
            done = resolve(codes + own)
            lost = sum(1 for i in done.dislodged() if nations[i] == me and not done.retreats(i))
            total += evaluate(self, done.locations, lost)
        self.spent += len(self.sample_codes)
        return total / len(self.sample_codes)

    # --- neighbourhoods ---------------------------------------------------------------------------------------

    def unit_changes(self, orders: Orders, unit: str) -> list[Orders]:
        """Every other order ``unit`` may be given, the rest unchanged."""
        game_map = self.map
        here = province(unit[2:])
        options = [f"{unit} H"] + [f"{unit} - {loc}" for loc in reach(game_map, unit)]
        cover = support_reach(game_map, unit)
        for other in self.mine:
            if other == unit:
                continue
            text = orders[other]
            there = province(other[2:])
            if " - " in text and " S " not in text:
                dest = province(text.split(" - ", 1)[1])
                if dest in cover and dest != here:
                    options.append(f"{unit} S {other} - {dest}")
            elif there in cover:
                options.append(f"{unit} S {other}")
        return [{unit: option} for option in options if option != orders[unit]]

    def attack_changes(self, orders: Orders) -> list[Orders]:
        """Whole supported attacks: one unit moves into a province, every other unit that can supports it."""
        game_map = self.map
        changes = []
        targets: dict[str, list[str]] = {}
        for unit in self.mine:
            for prov in sorted(reach_provinces(game_map, unit)):
                targets.setdefault(prov, []).append(unit)
        for prov, movers in sorted(targets.items()):
            helpers = [u for u in self.mine if prov in support_reach(game_map, u) and province(u[2:]) != prov]
            if len(helpers) < 2:
                continue
            for mover in movers:
                dest = next(loc for loc in reach(game_map, mover) if province(loc) == prov)
                change = {mover: f"{mover} - {dest}"}
                for helper in helpers:
                    if helper != mover:
                        change[helper] = f"{helper} S {mover} - {prov}"
                changes.append(change)
        return changes


def tidy(orders: Orders) -> Orders:
    """``orders`` with each support of an own unit that no longer does what is supported made a hold (the search
    changes one unit at a time, so a support may outlive the move it was for; it is a hold in effect)."""
    out = dict(orders)
    for unit, line in orders.items():
        if " S " not in line:
            continue
        supported = line.split(" S ", 1)[1]
        if " - " in supported:
            other, dest = supported.split(" - ", 1)
            if other in orders and not _moves_to(orders[other], dest):
                out[unit] = f"{unit} H"
        elif supported in orders and _moves_to(orders[supported], None):
            out[unit] = f"{unit} H"
    return out


def _moves_to(line: str, dest: str | None) -> bool:
    """Whether an order text is a move (into province ``dest`` when given)."""
    if " - " not in line or " S " in line or " C " in line:
        return False
    return dest is None or province(line.split(" - ", 1)[1]) == dest


def _unit_of(order: str) -> str:
    """The unit an order text names: ``"F STP/SC - BOT"`` -> ``"F STP/SC"``."""
    kind, loc = order.split(" ", 2)[:2]
    return f"{kind} {loc}"


def evaluate(search: Search, locations: Sequence[str | None], lost: int) -> float:
    """How good a movement phase's outcome is for the searching power, in centres: the centres it owns after the
    phase (after spring: keeps, and takes at a discount), its units (``locations``: where each unit of the board
    stands after the phase, None when dislodged; ``lost``: its units dislodged with nowhere to go), the own centres
    the next phase can take (more units of one other power next to it than its own defenders) and the others'
    centres it can (more own units next to it than the defence; counted once per own unit that could go)."""
    w = search.weights
    me = search.me
    tables = search.tables
    province_at = tables.province_at
    kinds = search.adjudicator.kinds
    nations = search.unit_nation
    reach_tbl = tables.reach
    occupant = [-1] * len(tables.provinces)
    counts = [0] * (len(tables.provinces) * _ROW)
    mine: list[frozenset[int]] = []
    for i, loc in enumerate(locations):
        if loc is None:
            continue
        who = nations[i]
        occupant[province_at[loc]] = who
        for prov in reach_tbl[kinds[i]][loc]:
            counts[prov * _ROW + who] += 1
        if who == me:
            mine.append(tables.reach_set[kinds[i]][loc])
    score = w.unit * len(mine) - w.lost_unit * lost
    owned = 0.0
    risks = 0
    chances: list[int] = []
    spring = search.spring
    owner_before = search.owner_before
    for centre in tables.centres:
        before = owner_before[centre]
        stands = occupant[centre]
        after = stands if stands >= 0 else before
        if spring:
            if after == me:
                owned += 1.0 if before == me else w.spring_gain
            elif before == me:
                owned += w.spring_loss
        elif after == me:
            owned += 1.0
        row = counts[centre * _ROW : centre * _ROW + _ROW]
        ours = row[me]
        row[me] = 0
        if after == me:
            attack = max(row)
            if attack and attack > ((1 + ours) if stands == me else ours):
                risks += 1
        elif ours:
            defence = 1 + row[stands] if stands >= 0 else max(row)
            if ours > defence:
                chances.append(centre)
    gains = min(len(chances), sum(1 for reached in mine if not reached.isdisjoint(chances))) if chances else 0
    if spring:
        score += owned - w.risk * risks + w.chance * gains
    else:
        score += owned - w.fall_risk * risks + w.fall_chance * gains
    if owned >= 18:
        score += w.solo
    return score
