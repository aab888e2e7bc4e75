"""A Europe 1615 bot's movement orders: attacks with the support they need, guards only where a centre is
threatened, every unit it commands used (its own and its ALIGNED states'), checked by adjudication.

The board (:class:`Board`) is read from the public state with the ruleset's own hooks (``policy.phase_policy``):
NEUTRAL states are closed, a power and its aligned states are friends (no dislodging them), the Union's or
League's members do not capture each other, a stronghold defends with two, a marked unit cannot cause a
standoff alone; the sanctions' bans on moves (the Treaty of Lyon's Switzerland) and the faith rules' void
supports (``policy.faith_problem``) are never ordered.

:func:`plan` is a greedy player for one power: (1) in the Fall, when captures are settled, a unit on an own
centre that an enemy can enter stays (it supports or holds), and an empty threatened centre is re-entered; in
Spring and Summer only a home centre threatened by more units than can cover it is guarded; an aligned state's
unit stays home while an enemy can take its centre (its state would be captured); (2) attacks on centres worth
taking, best first, each with the strength it needs -- one more than the defender and the supports the
defender's side can give it -- from movers and supporters, staying units included (a unit that stays may still
support); (3) every other unit moves towards the nearest centre worth taking; (4) a staying unit without an order
supports an attack or a threatened hold beside it, and holds only when there is none.

:func:`choose_orders` draws a few noisy plans and adjudicates each against two guesses of the others' orders
(each rival's own greedy plan; everyone holding), keeping the plan that leaves the power best placed
(:func:`evaluate`).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from umpire.bots.europe1615_reading import centre_values, gmap, minor_info
from umpire.diplomacy import resolver
from umpire.diplomacy.orders import Hold, Move, Order, SupportHold, SupportMove, format_order
from umpire.diplomacy.policy import Unit
from umpire.games.europe1615.mapdata import OTTOMAN, PAPAL_STATES, islamic_centers, papal_neighbours
from umpire.games.europe1615.policy import Policy1615, capturer, faith_problem, phase_policy
from umpire.games.europe1615.sanction_effects import LYON_BARRED, SWITZERLAND, blocs, in_force

#: How many noisy plans are tried besides the plain one.
CANDIDATES = 5
#: Noise on an attack's or a move's worth in the noisy plans (the plain plan has a little, to break ties).
PLAN_NOISE = 3.0


def prov(loc: str) -> str:
    return loc.split("/", 1)[0]


@dataclass
class Board:
    """One power's reading of the board for a movement phase."""

    me: str
    season: str
    units: dict[str, Unit]
    side: dict[str, str | None]
    owner: dict[str, str | None]
    policy: Policy1615
    aligned: dict[str, str | None]
    neutral: set[str]
    blocs: list[set[str]]
    lyon: bool
    leader: str | None
    my_inf: dict[str, int]
    expect: set[str] = field(default_factory=set)
    values: Mapping[str, int] = field(default_factory=dict)
    cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)

    @property
    def fall(self) -> bool:
        return self.season == "F"

    def commands(self, power: str) -> list[str]:
        """The provinces of the units ``power`` orders: its own, its aligned states' and (for the bot itself)
        the states it expects to align this phase."""
        out = []
        for p, u in sorted(self.units.items()):
            s = self.side[p]
            if s == power or (power == self.me and s is None and u.nation in self.expect):
                out.append(p)
        return out

    def works_for(self, p: str) -> str | None:
        s = self.side[p]
        if s is None and self.units[p].nation in self.expect:
            return self.me
        return s


def read_board(view: Mapping[str, Any], public: dict[str, Any], expect: Iterable[str] = ()) -> Board:
    """The board of the view's power (``expect``: states it expects to align with by this phase's INFs)."""
    me = view["role"]
    gm = gmap()
    units = {p: Unit(u["nation"], u["kind"], u["loc"]) for p, u in sorted(public["units"].items())}
    aligned = {m: st.get("power") for m, st in public["status"].items() if st.get("kind") == "ALIGNED"}
    neutral = {m for m, st in public["status"].items() if st.get("kind") == "NEUTRAL"}
    side: dict[str, str | None] = {}
    for p, u in units.items():
        if u.nation in gm.powers or u.nation == OTTOMAN:
            side[p] = u.nation
        else:
            side[p] = aligned.get(u.nation)
    scores = view.get("scores") or {}
    rivals = [p for p in gm.powers if p != me and p not in public["eliminated"]]
    leader = max(rivals, key=lambda p: (scores.get(p, 0), view.get("rounds_won", {}).get(p, 0), p)) if rivals else None
    return Board(
        me=me,
        season=view["phase"][0],
        units=units,
        side=side,
        owner=dict(public["owner"]),
        policy=phase_policy(public),
        aligned=aligned,
        neutral=neutral,
        blocs=blocs(public),
        lyon=in_force(public, "TREATY_OF_LYON"),
        leader=leader,
        my_inf=dict(view.get("my_inf", {})),
        expect=set(expect),
        values=centre_values(),
    )


# --------------------------------------------------------------------------------------------- geometry


def reach(board: Board, p: str) -> list[str]:
    """Where the unit in ``p`` may move: its neighbours, not closed, not barred to it by a sanction."""
    key = ("reach", p)
    got = board.cache.get(key)
    if got is None:
        got = board.cache[key] = _reach(board, p)
    return got


def _reach(board: Board, p: str) -> list[str]:
    gm = gmap()
    u = board.units[p]
    adj = gm.army_adj.get(prov(u.loc), frozenset()) if u.kind == "A" else gm.fleet_adj.get(u.loc, frozenset())
    out = []
    for d in sorted(adj):
        q = prov(d)
        if q in board.policy.impassable:
            continue
        if board.lyon and q == SWITZERLAND and u.nation in LYON_BARRED:
            continue
        out.append(d)
    return out


def support_reach(board: Board, p: str) -> set[str]:
    """The provinces the unit in ``p`` may support a hold in or a move into."""
    key = ("support", p)
    got = board.cache.get(key)
    if got is None:
        gm = gmap()
        u = board.units[p]
        adj = gm.army_adj.get(prov(u.loc), frozenset()) if u.kind == "A" else gm.fleet_reach.get(u.loc, frozenset())
        got = board.cache[key] = {q for q in adj if q not in board.policy.impassable}
    return got


def threats(board: Board, power: str) -> dict[str, int]:
    """How many units that work against ``power`` can move into each province."""
    key = ("threats", power)
    got = board.cache.get(key)
    if got is None:
        got = board.cache[key] = _threats(board, power)
    return got


def _threats(board: Board, power: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in board.units:
        s = board.works_for(p) if power == board.me else board.side[p]
        if s is None or s == power or board.policy.friendly(board.units[p].nation, power):
            continue
        for d in reach(board, p):
            out[prov(d)] = out.get(prov(d), 0) + 1
    return out


def worth(board: Board, power: str, nation: str, c: str) -> float:
    """What taking centre ``c`` with a unit of ``nation`` (``power``'s own, or a state aligned with it) is worth
    to ``power``: its points and INFs, and what its holder loses; 0 when the unit would not take it."""
    key = ("worth", power, nation, c)
    got = board.cache.get(key)
    if got is None:
        got = board.cache[key] = _worth(board, power, nation, c)
    return got


def _worth(board: Board, power: str, nation: str, c: str) -> float:
    v = board.values.get(c)
    if not v:
        return 0.0
    holder = board.owner.get(c)
    if holder == power or (holder is not None and board.aligned.get(holder) == power):
        return 0.0
    if capturer(nation, holder, board.aligned, board.neutral, board.blocs) is None:
        return 0.0
    if power == board.me and holder is not None and board.my_inf.get(holder, 0) > 0 and holder in board.aligned:
        return 0.0
    if power == board.me and holder in board.expect:
        return 0.0
    gm = gmap()
    out = 1.6 * v
    if holder in gm.powers:
        out += 0.6 * v * (1.3 if holder == board.leader else 1.0)
    elif holder is not None and board.aligned.get(holder) not in (None, power):
        dominion = sum(board.values.get(x, 0) for x, o in board.owner.items() if o == holder)
        out += 0.5 * (12 + dominion) * (1.3 if board.aligned.get(holder) == board.leader else 1.0)
    if power == board.me and holder is not None and board.my_inf.get(holder, 0) > 0:
        out -= 1.0 * board.my_inf[holder]
    return max(0.0, out)


def goal_distances(board: Board, power: str) -> dict[str, dict[str, int]]:
    """By unit kind, the moves from every location to the nearest centre worth taking for ``power``."""
    key = ("goals", power)
    got = board.cache.get(key)
    if got is None:
        goals = [c for c in board.values if worth(board, power, power, c) > 0]
        got = board.cache[key] = {k: distances(board, k, goals) for k in ("A", "F")}
    return got


def distances(board: Board, kind: str, goals: Iterable[str]) -> dict[str, int]:
    """Moves from every location to the nearest of ``goals`` (provinces) for a unit of ``kind``."""
    gm = gmap()
    adj = gm.army_adj if kind == "A" else gm.fleet_adj
    goal_set = set(goals)
    start = [loc for loc in adj if prov(loc) in goal_set]
    dist = {loc: 0 for loc in start}
    queue = deque(start)
    while queue:
        here = queue.popleft()
        for there in adj.get(here, ()):
            if there not in dist and prov(there) not in board.policy.impassable:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


# ------------------------------------------------------------------------------------------------- plan


@dataclass
class Plan:
    orders: dict[str, Order]
    moving: dict[str, str]  # unit province -> destination province


def plan(board: Board, power: str, rng: random.Random, noise: float = 0.2) -> Plan:
    """A greedy plan for ``power``'s units (module docstring)."""
    gm = gmap()
    mine = board.commands(power)
    threat = threats(board, power)
    fall = board.fall
    units = board.units
    reaches = {p: reach(board, p) for p in mine}
    sreach = {p: support_reach(board, p) for p in mine}
    orders: dict[str, Order] = {}
    moving: dict[str, str] = {}
    staying: set[str] = set()
    claimed: set[str] = set()  # provinces some unit of ours will be in after the phase
    free = list(mine)

    def centre_of(p: str) -> bool:
        return p in board.values

    def is_own_unit(p: str) -> bool:
        return units[p].nation == power

    # 1. guards
    homes = set(gm.homes.get(power, ()))
    for p in list(free):
        t = threat.get(p, 0)
        if not t:
            continue
        nation = units[p].nation
        if is_own_unit(p):
            owned = centre_of(p) and board.owner.get(p) == power
            cover = sum(1 for q in mine if q != p and p in sreach[q])
            guard = owned and (fall or (p in homes and t > cover))
        else:  # an aligned state's unit on its own centre: its state is captured if an enemy takes it
            guard = centre_of(p) and board.owner.get(p) == nation
        if guard:
            staying.add(p)
            claimed.add(p)
            free.remove(p)
    if fall:
        for c in sorted(homes | {c for c, o in board.owner.items() if o == power and c in board.values}):
            if c in units or c in claimed or not threat.get(c):
                continue
            movers = [p for p in free if is_own_unit(p) and any(prov(d) == c for d in reaches[p])]
            if movers:
                p = min(movers, key=lambda q: (threat.get(q, 0) > 0 and centre_of(q), q))
                dest = next(d for d in reaches[p] if prov(d) == c)
                orders[p] = Move(units[p].kind, units[p].loc, dest)
                moving[p] = c
                claimed.add(c)
                free.remove(p)

    # 2. attacks
    helpers = free + sorted(staying)
    plans: list[tuple[float, str, int]] = []
    seen: set[str] = set()
    for p in free:
        for d in reaches[p]:
            c = prov(d)
            if c in seen:
                continue
            seen.add(c)
            occupant = units.get(c)
            if occupant is not None and (board.policy.friendly(occupant.nation, power) or board.works_for(c) == power):
                continue
            value = max(
                (worth(board, power, units[q].nation, c) for q in free if any(prov(x) == c for x in reaches[q])),
                default=0.0,
            )
            enemy = occupant is not None and board.side.get(c) not in (None, power)
            if value <= 0 and enemy:
                value = 1.5  # dislodging an enemy unit off a centre still weakens it
            if value <= 0:
                continue
            defence = 0
            if occupant is not None:
                defence = 1 + board.policy.defence_bonus(c)
                holder_side = board.side.get(c)
                if holder_side is not None:
                    holder_backers = sum(
                        1 for q in units if q != c and board.side.get(q) == holder_side and c in support_reach(board, q)
                    )
                    defence += min(2, holder_backers)
            elif threat.get(c, 0):
                defence = 1
            need = defence + 1 if defence else 1
            score = value * (1.0 if fall else 0.8) - 1.2 * (need - 1) + rng.random() * noise
            plans.append((score, c, need))
    plans.sort(key=lambda x: (-x[0], x[1]))
    for _score, c, need in plans:
        if c in claimed:
            continue
        movers = [p for p in free if any(prov(d) == c for d in reaches[p])]
        # an aligned state's unit leaves its home only while no enemy can take it
        movers = [p for p in movers if units[p].nation == power or not threat.get(p, 0)]
        if not movers:
            continue
        backers = [p for p in helpers if c in sreach[p] and (p in staying or p in free)]
        mover = max(movers, key=lambda p: (worth(board, power, units[p].nation, c), -len(backers), p))
        backers = [p for p in backers if p != mover]
        if 1 + len(backers) < need:
            continue
        dest = next(d for d in reaches[mover] if prov(d) == c)
        orders[mover] = Move(units[mover].kind, units[mover].loc, dest)
        moving[mover] = c
        claimed.add(c)
        free.remove(mover)
        # supporters: staying units first (they stay anyway), then free ones
        chosen = sorted(backers, key=lambda p: (p not in staying, p))[: need - 1]
        for b in chosen:
            orders[b] = SupportMove(units[b].kind, units[b].loc, units[mover].kind, units[mover].loc, c)
            if b in free:
                free.remove(b)
                claimed.add(b)
            staying.discard(b)
        helpers = [h for h in helpers if h not in chosen and h != mover]

    # 3. the others move towards centres worth taking
    dist = goal_distances(board, power)
    for p in sorted(free, key=lambda q: (units[q].nation != power, q)):
        u = units[p]
        if u.nation != power:
            # an aligned state's unit: it stays to support (it cannot retreat, and its home is its state)
            continue
        here = dist[u.kind].get(u.loc, 12)
        options: list[tuple[float, str | None]] = [(-1.5 * here + rng.random() * noise * 0.3, None)]
        for d in reaches[p]:
            c = prov(d)
            if c in claimed:
                continue
            occupant = units.get(c)
            if occupant is not None and (board.works_for(c) == power or board.side.get(c) == power):
                continue  # never into a province one of its own units keeps
            score = -1.5 * dist[u.kind].get(d, 12) + rng.random() * noise * 0.3
            if occupant is not None:
                # alone into a held province: a minor state's unit stays and it bounces; a power's unit may leave,
                # and the attack cuts its support
                moves_away = board.side.get(c) in gm.powers and worth(board, power, u.nation, c) > 0
                score -= 2.0 if moves_away else 5.0
            elif threat.get(c, 0):
                score -= 0.6
            options.append((score, d))
        options.sort(key=lambda o: (-o[0], o[1] or ""))
        best = options[0][1]
        if best is None:
            staying.add(p)
            claimed.add(p)
        else:
            orders[p] = Move(u.kind, u.loc, best)
            moving[p] = prov(best)
            claimed.add(prov(best))
        free.remove(p)
    for p in free:
        staying.add(p)
        claimed.add(p)

    # 4. a unit that stays supports an attack or a threatened hold beside it
    for p in sorted(staying):
        if p in orders:
            continue
        u = units[p]
        best_order: Order | None = None
        best_score = 0.0
        for q, c in sorted(moving.items()):
            if c not in sreach[p] or q == p:
                continue
            contested = (1 if c in units else 0) + threat.get(c, 0)
            if contested and contested > best_score:
                mu = units[q]
                best_score = contested
                best_order = SupportMove(u.kind, u.loc, mu.kind, mu.loc, c)
        for q in sorted(staying):
            if q == p or q not in sreach[p] or q in moving:
                continue
            t = threat.get(q, 0)
            if t and t + 0.5 > best_score:
                best_score = t + 0.5
                best_order = SupportHold(u.kind, u.loc, units[q].kind, units[q].loc)
        orders[p] = best_order if best_order is not None else Hold(u.kind, u.loc)
    return Plan(orders, moving)


# ---------------------------------------------------------------------------------------------- search


@lru_cache(maxsize=1)
def _faith_tables() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The Islamic nations, the Papal States with their neighbours, the Islamic centres."""
    gm = gmap()
    table = minor_info()
    islamic = frozenset(mid for mid, m in table.items() if m.islamic)
    papal = frozenset(table[PAPAL_STATES].provinces) | papal_neighbours(gm)
    return islamic, papal, frozenset(islamic_centers(gm))


def _faith_ok(board: Board, order: Order) -> bool:
    if not isinstance(order, SupportMove):
        return True
    islamic, papal, centres = _faith_tables()
    why = faith_problem(
        order, board.units, islamic=islamic, papal_area=papal, islamic_centres=centres, aligned=board.aligned
    )
    return not why


def evaluate(board: Board, power: str, result: Any) -> float:
    """How well placed ``power`` is after a movement phase: centres worth taking it stands on (all of their
    worth in the Fall, when they are taken), own centres an enemy stands on, units lost and enemy units
    dislodged, and the distance of its units from their goals."""
    gm = gmap()
    fall = board.fall
    score = 0.0
    after: dict[str, Unit] = result.units
    dist = goal_distances(board, power)
    came = {
        prov(o.order.dest): q
        for q, o in result.outcomes.items()
        if o.result == "succeeds" and isinstance(o.order, Move)
    }
    for p, u in after.items():
        s = board.side.get(came.get(p, p))
        works = s == power or (power == board.me and s is None and u.nation in board.expect)
        if not works:
            continue
        w = worth(board, power, u.nation, p)
        score += w * (1.0 if fall else 0.55) + 2.0
        if u.nation == power:
            score -= 0.4 * dist[u.kind].get(u.loc, 12)
    own = [c for c, o in board.owner.items() if o == power and c in board.values]
    for c in own:
        there = after.get(c)
        if there is not None and there.nation != power and not board.policy.friendly(there.nation, power):
            score -= board.values[c] * (1.6 if fall else 0.6) * (1.3 if c in gm.homes.get(power, ()) else 1.0)
    for m, ally in board.aligned.items():
        if ally != power:
            continue
        for c, o in board.owner.items():
            if o == m and c in board.values:
                there = after.get(c)
                if there is not None and not board.policy.friendly(there.nation, power) and fall:
                    score -= 12 + board.values[c]
    for q, d in result.dislodged.items():
        s = board.side.get(q)
        if s == power or (power == board.me and d.unit.nation in board.expect):
            score -= 4.0 if d.unit.nation == power else 6.0
        elif s is not None:
            score += 2.0
    return score


def choose_orders(
    board: Board, rng: random.Random, banned: set[str] | frozenset[str] = frozenset()
) -> dict[str, Order]:
    """The bot's orders for the units it commands: the best of a few plans, each adjudicated against two
    guesses of the others' orders (module docstring).  ``banned``: order texts it must not give (refused)."""
    gm = gmap()
    me = board.me
    guesses: list[dict[str, Order]] = [{}]
    others: dict[str, Order] = {}
    for r in sorted({s for s in board.side.values() if s in gm.powers and s != me}):
        others.update(plan(board, r, random.Random(f"{board.season}:{r}"), noise=0.2).orders)
    guesses.insert(0, others)
    candidates: list[dict[str, Order]] = []
    for k in range(CANDIDATES + 1):
        drawn = plan(board, me, random.Random(rng.getrandbits(64)), noise=0.2 if k == 0 else PLAN_NOISE).orders
        cleaned = _clean(board, drawn, banned)
        if cleaned not in candidates:
            candidates.append(cleaned)
    best: tuple[float, int] | None = None
    for i, orders in enumerate(candidates):
        total = 0.0
        for guess in guesses:
            merged = {**{p: o for p, o in guess.items() if p not in orders}, **orders}
            result = resolver.resolve_movement(gm, board.units, merged, policy=board.policy)
            total += evaluate(board, me, result)
        if best is None or total > best[0]:
            best = (total, i)
    return candidates[best[1] if best else 0]


def _clean(board: Board, orders: dict[str, Order], banned: set[str] | frozenset[str]) -> dict[str, Order]:
    """Orders the adjudicator would void (the faith rules) or has refused become holds."""
    out: dict[str, Order] = {}
    for p, o in sorted(orders.items()):
        u = board.units[p]
        if not _faith_ok(board, o) or format_order(o) in banned:
            o = Hold(u.kind, u.loc)
        out[p] = o
    return out


def ottoman_suggestions(board: Board) -> list[str]:
    """Suggested orders for the Ottoman units: into the most valuable neighbouring centre of a rival (the
    leader's first), never into one of the bot's or its states' centres; else hold."""
    lines = []
    for p, u in sorted(board.units.items()):
        if u.nation != OTTOMAN:
            continue
        best: tuple[float, str] | None = None
        for d in reach(board, p):
            c = prov(d)
            holder = board.owner.get(c)
            if holder is None or c not in board.values or holder in (OTTOMAN, board.me):
                continue
            if board.aligned.get(holder) == board.me:
                continue
            occupant = board.units.get(c)
            if occupant is not None and board.works_for(c) == board.me:
                continue
            score = board.values[c] * (
                1.5 if holder == board.leader or board.aligned.get(holder) == board.leader else 1.0
            )
            if best is None or (score, d) > best:
                best = (score, d)
        lines.append(f"{u.kind} {u.loc} - {best[1]}" if best else f"{u.kind} {u.loc} H")
    return lines
