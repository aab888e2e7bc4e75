"""What a Europe 1615 bot reads from its seat's view, and nothing else: the public board as the rules read it, an
estimate of each rival's INFs in each minor state, and the orders the adjudicator refused it.

- :func:`public_state` rebuilds from the view the part of the game state every seat may see (units, owners,
  statuses, markers, the sanctions in effect), so that the ruleset's own public functions answer the bot's
  questions exactly as they will answer them in adjudication: where a power may deploy
  (``sanction_effects.may_deploy``), which provinces are closed and who are friends (``policy.phase_policy``).
- :class:`Belief` estimates the INFs no view shows: the seed publishes "which powers have deployed to which
  states" and the statuses, not the amounts.  Each rival's yearly allocation is public, so a rival is taken to
  have split its year's INFs evenly over the states it deployed to that year; a resolved diplomatic attack takes
  the smaller side's estimate from both; the estimates are then made to agree with what is known for certain:
  who has INFs in each state (``deployers``), the bot's own INFs, and the statuses they produced.
- :func:`refusals` lists what the bot gave in its last movement phase that the adjudicator refused (void orders
  and attacks in the report) and the refused lines of its current submission, so that it does not give them again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from umpire.diplomacy.map import GameMap
from umpire.games.europe1615 import influence
from umpire.games.europe1615.mapdata import MinorState, center_values, europe1615_map, minors, power_confession
from umpire.games.europe1615.sanction_effects import may_deploy


@lru_cache(maxsize=1)
def gmap() -> GameMap:
    """The Europe 1615 map, read once for the bots (the loader resolves its path on every call)."""
    return europe1615_map()


@lru_cache(maxsize=1)
def minor_info() -> Mapping[str, MinorState]:
    """The map's minor states (not to be changed by the caller)."""
    return minors(gmap())


@lru_cache(maxsize=1)
def centre_values() -> Mapping[str, int]:
    """Every centre's value (not to be changed by the caller)."""
    return center_values(gmap())


POWERS: tuple[str, ...] = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")


@lru_cache(maxsize=8)
def home_distance(power: str) -> Mapping[str, int]:
    """Steps (over any border) from ``power``'s home centres to every province."""
    gm = gmap()
    dist = {c: 0 for c in gm.homes[power]}
    frontier = list(dist)
    while frontier:
        nxt = []
        for here in frontier:
            for there in sorted(gm.any_adj.get(here, ())):
                if there not in dist:
                    dist[there] = dist[here] + 1
                    nxt.append(there)
        frontier = nxt
    return dist


def nearness(power: str, minor: str) -> float:
    """How much more a power cares for a state beside its home than for a far one (its units can help or
    threaten it): 1.3 next to a home centre, 1.15 two steps away, else 1."""
    info = minor_info().get(minor)
    if info is None:
        return 1.0
    dist = home_distance(power)
    d = min((dist.get(q, 99) for q in info.provinces), default=99)
    return 1.3 if d <= 1 else 1.15 if d == 2 else 1.0


#: What a rival is expected to put into a state it enters, before it has shown how it spreads its INFs.
PRIOR_STAKE = 3.0
#: The chance that a rival enters a given state it has no INFs in, before it has shown how widely it spreads.
PRIOR_ENTRY = 0.3


def public_state(view: Mapping[str, Any]) -> dict[str, Any]:
    """The public part of the game state, from a seat's view, in the shape the ruleset's functions read."""
    sanctions = None
    if "sanctions_active" in view:
        sanctions = {"active": dict(view["sanctions_active"]), "strongholds": dict(view.get("strongholds", {}))}
    return {
        "phase": view["phase"],
        "year": view["year"],
        "units": view["units"],
        "owner": view["owner"],
        "pliant": list(view["pliant"]),
        "status": view["status"],
        "markers": view["markers"],
        "eliminated": list(view.get("eliminated", [])),
        "allocation": dict(view.get("allocation", {})),
        "new_minors": view.get("new_minors", {}),
        "sanctions": sanctions,
    }


def deployable_for(public: dict[str, Any], power: str) -> list[str]:
    """The pliant states ``power`` may deploy INFs to now (the ruleset's ``may_deploy`` on the public state)."""
    if power in public["eliminated"]:
        return []
    return [m for m in public["pliant"] if may_deploy(public, power, m)[0]]


@dataclass
class Belief:
    """The bot's picture of the INFs in every pliant state: its own exactly, each rival's estimated.

    ``inf``: state -> power -> INFs (floats for rivals); ``stake``: each rival's typical deployment per state it
    enters; ``entry``: the share of the pliant states it enters in a year; ``left``: what it may still deploy
    this year (an upper estimate)."""

    me: str
    inf: dict[str, dict[str, float]] = field(default_factory=dict)
    stake: dict[str, float] = field(default_factory=dict)
    entry: dict[str, float] = field(default_factory=dict)
    left: dict[str, float] = field(default_factory=dict)

    def row(self, minor: str) -> dict[str, float]:
        return self.inf.get(minor, {})


def _movement_entries(view: Mapping[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for h in view.get("history", []):
        if h.get("kind") == "movement":
            out.append((int(h["phase"][1:5]), h))
    return out


#: The share of a year's INFs a rival is taken to deploy from each movement phase on, before it has shown its
#: habit: everything from Spring, a third from Summer, a sixth in the Fall.
PRIOR_LATE = {0: 1.0, 1: 0.35, 2: 0.15}
SEASONS = "SUF"


def read_belief(view: Mapping[str, Any]) -> Belief:
    """Estimate every state's INFs from the public record (module docstring).  A rival's INFs of the current year
    are split over the states it deployed to so far in the share it has shown it deploys by now (from its
    earlier years: how many of its deployments came in each phase)."""
    me = view["role"]
    year = int(view["year"])
    season = SEASONS.index(view["phase"][0]) if view["phase"][0] in SEASONS else 0
    alloc_by_year: dict[int, dict[str, int]] = {}
    for h in view.get("history", []):
        if h.get("kind") == "status check":
            alloc_by_year[int(h["phase"][1:5])] = dict(h.get("allocation", {}))
    alloc_by_year.setdefault(year, dict(view.get("allocation", {})))
    moves = _movement_entries(view)
    entries: dict[int, dict[str, int]] = {}
    by_season: dict[str, list[int]] = {p: [0, 0, 0] for p in POWERS}
    for y, h in moves:
        s = SEASONS.index(h["phase"][0]) if h["phase"][0] in SEASONS else 0
        for p, states in h.get("deployed", {}).items():
            entries.setdefault(y, {})[p] = entries.get(y, {}).get(p, 0) + len(states)
            if y < year and p in by_season:
                by_season[p][s] += len(states)
    late = {}
    for p, counts in by_season.items():
        total = sum(counts)
        late[p] = sum(counts[season:]) / total if total else PRIOR_LATE[season]
    inf: dict[str, dict[str, float]] = {}
    for y, h in moves:
        for p, states in h.get("deployed", {}).items():
            n = entries[y][p]
            share = 1.0 if y < year else max(0.2, 1.0 - late.get(p, 0.0))
            each = share * alloc_by_year.get(y, {}).get(p, 0) / n if n else 0.0
            for m in states:
                row = inf.setdefault(m, {})
                row[p] = row.get(p, 0.0) + max(1.0, each)
        for att in h.get("attacks", []):
            if att.get("outcome") != "resolved":
                continue
            row = inf.setdefault(att["minor"], {})
            cut = min(row.get(att["power"], 0.0), row.get(att["target"], 0.0))
            row[att["power"]] = row.get(att["power"], 0.0) - cut
            row[att["target"]] = row.get(att["target"], 0.0) - cut
    deployers = view.get("deployers", {})
    mine = view.get("my_inf", {})
    eliminated = set(view.get("eliminated", []))
    out: dict[str, dict[str, float]] = {}
    for m in view["pliant"]:
        row = {p: float(n) for p, n in inf.get(m, {}).items() if p != me and p not in eliminated}
        who = set(deployers.get(m, [])) - {me}
        fixed = {p: max(1.0, row.get(p, 1.0)) for p in sorted(who)}
        if mine.get(m):
            fixed[me] = float(mine[m])
        out[m] = _agree(fixed, me, view["status"].get(m, {}))
    belief = Belief(me, out)
    # how each rival spreads its INFs: from the last year it deployed in
    pliant = max(1, len(view["pliant"]))
    for p in POWERS:
        if p == me:
            continue
        done = sorted(y for y in entries if entries[y].get(p) and y < year)
        now = entries.get(year, {}).get(p, 0)
        if done:
            y = done[-1]
            n = entries[y][p]
            belief.stake[p] = max(1.0, alloc_by_year.get(y, {}).get(p, 0) / n)
            belief.entry[p] = min(1.0, n / pliant)
        elif now:  # the first year it deploys: what it did so far this year
            share = max(0.2, 1.0 - late[p])
            belief.stake[p] = max(1.0, share * alloc_by_year.get(year, {}).get(p, 0) / now)
            belief.entry[p] = min(1.0, now / pliant / share)
        else:
            belief.stake[p] = PRIOR_STAKE
            belief.entry[p] = PRIOR_ENTRY
        year_inf = float(view.get("allocation", {}).get(p, 0))
        belief.left[p] = 0.0 if p in eliminated else (year_inf if now == 0 else year_inf * late[p])
    return belief


def _agree(row: dict[str, float], me: str, status: Mapping[str, Any]) -> dict[str, float]:
    """Adjust the rivals' estimates in one state so that its INFs give the status the view shows (the bot's own
    INFs are exact and are not changed)."""
    kind, holder = status.get("kind"), status.get("power")
    mine = row.get(me, 0.0)
    rivals = {p: n for p, n in row.items() if p != me}
    if not rivals:
        return row
    total_r = sum(rivals.values())
    if kind == "ALIGNED" and holder == me:
        if total_r > mine:  # they hold no more than the bot's half between them
            scale = mine / total_r
            rivals = {p: max(1.0, n * scale) for p, n in rivals.items()}
        rivals = {p: max(1.0, min(n, mine - 1)) for p, n in rivals.items()}  # and each less than the bot
    elif kind == "ALIGNED" and holder in rivals:
        others = mine + total_r - rivals[holder]
        rivals[holder] = max(rivals[holder], others, max([mine, *(n for p, n in rivals.items() if p != holder)]) + 1)
    elif kind == "NEUTRAL":
        top = max(rivals, key=lambda p: (rivals[p], p))
        if mine > 0 and mine >= total_r and mine > rivals[top]:  # the bot would be aligned: a rival ties it at least
            rivals[top] = mine
        elif rivals[top] >= mine + total_r - rivals[top] and rivals[top] > mine:
            rest = sorted((p for p in rivals if p != top), key=lambda p: (-rivals[p], p))
            if rest:
                rivals[rest[0]] = max(rivals[rest[0]], rivals[top] - mine - (total_r - rivals[top] - rivals[rest[0]]))
            elif mine > 0:
                rivals[top] = mine  # two powers and no alignment: a tie
    out = dict(rivals)
    if mine:
        out[me] = mine
    return out


def status_of(row: Mapping[str, float]) -> influence.Status:
    """The status a row of (possibly estimated) INFs gives (``influence.political_status``)."""
    held: dict[str, Any] = {p: n for p, n in row.items() if n > 0}
    return influence.political_status(held)


@lru_cache(maxsize=16)
def confession(power: str) -> str:
    """A great power's confession."""
    return power_confession(gmap(), power)


def ceil_need(x: float) -> int:
    """The whole INFs that make up ``x`` (a little tolerance for float sums)."""
    return max(0, math.ceil(x - 1e-9))


@dataclass(frozen=True)
class Refused:
    """What the adjudicator refused the bot: order texts by unit province (void in its last movement phase),
    diplomatic attacks ``(minor, target)`` void then, and the lines of its current submission with errors."""

    orders: frozenset[tuple[str, str]] = frozenset()
    attacks: frozenset[tuple[str, str]] = frozenset()
    lines: frozenset[str] = frozenset()

    def order(self, text: str) -> bool:
        """Whether ``text`` ("A MAD - SWI") was refused."""
        words = text.split()
        return len(words) > 1 and (words[1].split("/", 1)[0], " ".join(words)) in self.orders


def refusals(view: Mapping[str, Any]) -> Refused:
    """The refusals the bot must not repeat (module docstring).  A void order of one of the units it commanded
    in its last movement phase is read from that phase's report (its nation is the bot's power or a state that
    was aligned with it); a refused line of the current submission from ``submission.errors``."""
    me = view["role"]
    orders: set[tuple[str, str]] = set()
    attacks: set[tuple[str, str]] = set()
    moves = _movement_entries(view)
    if moves:
        _, last = moves[-1]
        mine = {me} | {m for m, st in last.get("status", {}).items() if st.get("power") == me}
        for line in last.get("orders", []):
            if line.get("result") == "void" and line.get("nation") in mine:
                words = str(line["order"]).split()
                if len(words) > 1:
                    orders.add((words[1].split("/", 1)[0], " ".join(words)))
        for att in last.get("attacks", []):
            if att.get("power") == me and att.get("outcome") == "void":
                attacks.add((att["minor"], att["target"]))
    lines: set[str] = set()
    sub = view.get("submission") or {}
    text_lines = str(sub.get("text", "")).splitlines()
    for err in sub.get("errors", []) or []:
        n = int(err.get("line", 0))
        if 1 <= n <= len(text_lines):
            lines.add(" ".join(text_lines[n - 1].split("#", 1)[0].upper().split()))
    return Refused(frozenset(orders), frozenset(attacks), frozenset(lines))
