"""The ``strong`` level for standard Diplomacy: a best response, found by search with the adjudicator.

In a movement phase :class:`StrongBot`, for its power:

1. **models the others**: each other power's orders are sampled from DumbBot's policy from that power's point of view
   (:class:`umpire.bots.dumbbot.Values`, computed once, then ``samples`` cheap random walks), the same joint samples
   for every candidate (common random numbers, so candidates are compared on the same futures);
2. **draws candidates** for itself: DumbBot walks from its own point of view, the ``normal`` heuristic's orders,
   and all units holding;
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
from typing import Any

from umpire.bots.dipcommon import OrdersBot, province, reach, reach_provinces, support_reach
from umpire.bots.dumbbot import DumbBot, Values
from umpire.diplomacy.fast import Board
from umpire.diplomacy.fast import Resolution as FastResolution
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
    in the contract's form; the search uses :meth:`codes` and :meth:`placed`, which skip the texts.
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.board = Board(view["units"], view["map"])
        self.nations = tuple(u.nation for u in self.board.units)
        self.kinds = tuple(u.kind for u in self.board.units)

    def codes(self, orders: Iterable[str]) -> list[int]:
        """The board's codes of order texts."""
        return [self.board.order(text) for text in orders]

    def placed(self, codes: Sequence[int]) -> tuple[list[tuple[str, str, str]], FastResolution]:
        """The units after the phase as (power, kind, location), and the board's resolution (for the dislodged)."""
        done = self.board.resolve(codes)
        nations, kinds = self.nations, self.kinds
        return [(nations[i], kinds[i], loc) for i, loc in enumerate(done.locations) if loc is not None], done

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
        self.centres = sorted(game_map.centers)
        self.adjudicator = Adjudicator(view)
        self.spent = 0
        self.reach_of: dict[tuple[str, str], frozenset[str]] = {}
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

    def provinces_reached(self, kind: str, loc: str) -> frozenset[str]:
        """The provinces a unit of ``kind`` on ``loc`` may move to."""
        got = self.reach_of.get((kind, loc))
        if got is None:
            got = self.reach_of[(kind, loc)] = reach_provinces(self.map, f"{kind} {loc}")
        return got

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
        power = self.power
        nations = adjudicator.nations
        own = adjudicator.codes(orders[u] for u in sorted(orders))
        total = 0.0
        for codes in self.sample_codes:
            placed, done = adjudicator.placed(codes + own)
            lost = sum(1 for i in done.dislodged() if nations[i] == power and not done.retreats(i))
            total += evaluate(self, placed, lost)
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


def evaluate(search: Search, placed: Sequence[tuple[str, str, str]], lost: int) -> float:
    """How good a movement phase's outcome is for the searching power, in centres: the centres it owns after the
    phase (after spring: keeps, and takes at a discount), its units (``placed``: every unit after the phase as
    power, kind, location; ``lost``: its units dislodged with nowhere to go), the own centres the next phase can
    take (more units of one other power next to it than its own defenders) and the others' centres it can (more
    own units next to it than the defence; counted once per own unit that could go)."""
    w = search.weights
    power = search.power
    occupant: dict[str, str] = {}
    reach_count: dict[str, dict[str, int]] = {}
    mine: list[frozenset[str]] = []
    for who, kind, loc in placed:
        occupant[loc.split("/", 1)[0]] = who
        reached = search.provinces_reached(kind, loc)
        if who == power:
            mine.append(reached)
        for prov in reached:
            row = reach_count.get(prov)
            if row is None:
                reach_count[prov] = {who: 1}
            else:
                row[who] = row.get(who, 0) + 1
    score = w.unit * len(mine) - w.lost_unit * lost
    owned = 0.0
    risks = 0
    chances: list[str] = []
    spring = search.spring
    for centre in search.centres:
        before = search.owner.get(centre)
        stands = occupant.get(centre)
        after = stands if stands is not None else before
        if spring:
            if after == power:
                owned += 1.0 if before == power else w.spring_gain
            elif before == power:
                owned += w.spring_loss
        elif after == power:
            owned += 1.0
        counts = reach_count.get(centre)
        if not counts:
            continue
        ours = counts.get(power, 0)
        if after == power:
            attack = max((n for who, n in counts.items() if who != power), default=0)
            if attack and attack > ((1 + ours) if stands == power else ours):
                risks += 1
        elif ours:
            if stands is not None:
                defence = 1 + counts.get(stands, 0)
            else:
                defence = max((n for who, n in counts.items() if who != power), default=0)
            if ours > defence:
                chances.append(centre)
    gains = min(len(chances), sum(1 for reached in mine if any(c in reached for c in chances))) if chances else 0
    if spring:
        score += owned - w.risk * risks + w.chance * gains
    else:
        score += owned - w.fall_risk * risks + w.fall_chance * gains
    if owned >= 18:
        score += w.solo
    return score
