"""A simple legal bot for Europe 1615 seats (seed 003).

It sees only its seat's view.  In a movement phase it deploys the INFs left for the year (in the year's first
movement phase) to up to three of the most valuable minor states it may deploy to, and gives every unit it
commands (its own and its aligned minor states') a random legal order: hold, or a move to a neighbouring
province that is not impassable.  It retreats to the first allowed province, disbands the units it must, builds
on its free home centres, and names the first sanction of its list that may come into effect in winter.  Then
it says it is ready.
"""

from __future__ import annotations

import random
from typing import Any

from umpire.bots.europe1615_hard import HardEurope1615Bot
from umpire.games.europe1615.mapdata import center_values, europe1615_map, minors

LEVELS: tuple[str, ...] = ("random", "normal", "hard")

#: What the ``normal`` bot guesses a rival has put into a minor state it has deployed to.
RIVAL_GUESS = 7


def _prov(loc: str) -> str:
    return loc.split("/", 1)[0]


class Europe1615Bot:
    """Deploys INFs where they buy the most, then orders at random among legal moves."""

    def act(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        kinds = {a["type"] for a in view.get("actions", [])}
        if "submit" in kinds and view.get("submission") is None:
            return {"type": "submit", "text": self.text(view, rng)}
        if "ready" in kinds and not view.get("ready"):
            return {"type": "ready", "ready": True}
        return None

    def text(self, view: dict[str, Any], rng: random.Random) -> str:
        what = view.get("orderable", {})
        kind = view["phase"][-1]
        lines: list[str] = []
        if kind == "M":
            lines += self.deployments(view, what, rng)
            lines += self.moves(view, what, rng)
        elif kind == "R":
            for unit, options in sorted(what.get("retreats", {}).items()):
                lines.append(f"{unit} R {options[0]}" if options else f"{unit} D")
        elif kind == "E":
            for unit in rng.sample(what.get("units", []), max(0, what.get("disbands", 0))):
                lines.append(f"{unit} D")
        else:
            sites = list(what.get("build_sites", []))
            gm = europe1615_map()
            for site in sites[: what.get("builds", 0)]:
                kind_ = "A" if gm.provinces[site].type != "sea" else "F"
                lines.append(f"{kind_} {site} B")
            hand = what.get("sanction_usable") or what.get("sanction_list", [])
            if hand:
                lines.append(f"SANCTION: {hand[0]}")
        return "\n".join(lines)

    def deployments(self, view: dict[str, Any], what: dict[str, Any], rng: random.Random) -> list[str]:
        left = int(view.get("inf_left", 0))
        if left <= 0 or not view["phase"].startswith("S"):
            return []
        gm = europe1615_map()
        values = center_values(gm)
        table = minors(gm)
        worth = {m: sum(values[c] for c in table[m].centers) for m in what.get("deployable", []) if m in table}
        ranked = sorted(worth, key=lambda m: (-worth[m], m))[:10]
        best = rng.sample(ranked, min(3, len(ranked)))
        if not best:
            return []
        lines = []
        share = left // len(best)
        for i, m in enumerate(best):
            amount = share if i < len(best) - 1 else left - share * (len(best) - 1)
            if amount > 0:
                lines.append(f"{amount}: {m}")
        return lines

    def moves(self, view: dict[str, Any], what: dict[str, Any], rng: random.Random) -> list[str]:
        gm = europe1615_map()
        blocked = set(view.get("impassable", []))
        chosen: dict[str, str | None] = {}
        reach_of: dict[str, list[str]] = {}
        for unit in what.get("units", []):
            kind, loc = unit.split(" ", 1)
            reach = gm.army_adj[_prov(loc)] if kind == "A" else gm.fleet_adj.get(loc, frozenset())
            reach_of[unit] = sorted(d for d in reach if _prov(d) not in blocked)
            chosen[unit] = rng.choice(reach_of[unit]) if reach_of[unit] and rng.random() < 0.6 else None
        lines = []
        for unit, dest in chosen.items():
            if dest is not None:
                lines.append(f"{unit} - {dest}")
                continue
            # a holding unit supports a move of its side that it could make itself, when there is one
            helps = [
                (other, d)
                for other, d in chosen.items()
                if d is not None and other != unit and _prov(d) in {_prov(r) for r in reach_of[unit]}
            ]
            if helps:
                other, d = rng.choice(helps)
                lines.append(f"{unit} S {other} - {_prov(d)}")
            else:
                lines.append(f"{unit} H")
        return lines


class NormalEurope1615Bot(Europe1615Bot):
    """Buys alignments where they are cheapest per VP, takes centres with support and holds its own.

    - INFs: all of the year's INFs in its first movement phase.  Each deployable minor state is worth its
      alignment (12 plus its centres' values) plus a religious marker (10) for a Christian state; what securing it
      costs is guessed from the view (``deployers``: who has INFs there, :data:`RIVAL_GUESS` each, less its own
      INFs there).  It buys the best worth per INF first and keeps a state it already holds alone; what is left
      goes to the best state it could not afford (INFs stay, so it is bought over the years), else tops up the
      contested states it bought.
    - Orders: each own unit takes the most valuable reachable centre that is neither its own nor of a minor
      state it has INFs in; a unit on its own centre with a foreign army next to it holds; the others support
      those moves or step towards the nearest such centre.  Aligned minor states' units hold or support.
    - Retreats towards a centre it does not own, then its own; disbands the units farthest from a centre;
      builds armies (fleets at sea-only sites); sanctions: the first usable one of its list that is not
      ``CANCELLATION``.
    """

    def text(self, view: dict[str, Any], rng: random.Random) -> str:
        kind = view["phase"][-1]
        what = view.get("orderable", {})
        if kind == "M":
            lines = self.deployments(view, what, rng) + self.attack(view)
            return "\n".join(lines + self.moves(view, what, rng) + self.ottoman(view, what))
        if kind == "R":
            return "\n".join(self.retreats(view, what))
        if kind == "E":
            return "\n".join(self.disbands(view, what))
        lines = []
        gm = europe1615_map()
        for site in list(what.get("build_sites", []))[: what.get("builds", 0)]:
            lines.append(f"{'A' if gm.provinces[site].type != 'sea' else 'F'} {site} B")
        usable = list(what.get("sanction_usable") or what.get("sanction_list", []))
        hand = [h for h in usable if h != "CANCELLATION"] or usable
        if hand:
            lines.append(f"SANCTION: {hand[0]}")
        return "\n".join(lines)

    # ------------------------------------------------------------------------------------------------ INFs
    def deployments(self, view: dict[str, Any], what: dict[str, Any], rng: random.Random) -> list[str]:
        left = int(view.get("inf_left", 0))
        if left <= 0:
            return []
        gm = europe1615_map()
        values = center_values(gm)
        table = minors(gm)
        me = view["role"]
        mine = view.get("my_inf", {})
        deployers = view.get("deployers", {})
        status = view.get("status", {})
        markers = view.get("markers", {})
        offers: list[tuple[float, str, int]] = []
        for m in what.get("deployable", []):
            if m not in table:
                continue
            worth = 12 + sum(values.get(c, 0) for c in table[m].centers)
            if m in markers:
                worth += 10
            rivals = [p for p in deployers.get(m, []) if p != me]
            have = int(mine.get(m, 0))
            need = max(0, RIVAL_GUESS * len(rivals) + 1 - have) if rivals else (0 if have else 1)
            if need == 0 or (status.get(m, {}).get("power") == me and not rivals):
                continue
            offers.append((worth / need, m, need))
        offers.sort(key=lambda o: (-o[0], o[1]))
        spend: dict[str, int] = {}
        for _, m, need in offers:
            if need <= left:
                spend[m] = need
                left -= need
        out_of_reach = [m for _, m, need in offers if m not in spend]
        if left > 0 and out_of_reach:
            # the best state it cannot secure this year gets the rest: INFs stay, so it is bought over the years
            spend[out_of_reach[0]] = left
            left = 0
        contested = sorted(m for m in deployers if m in spend and any(p != me for p in deployers[m]))
        contested = contested or sorted(spend) or sorted(m for m in mine if m in what.get("deployable", []))
        i = 0
        while left > 0 and contested:
            m = contested[i % len(contested)]
            spend[m] = spend.get(m, 0) + 1
            left -= 1
            i += 1
        return [f"{n}: {m}" for m, n in sorted(spend.items()) if n > 0]

    def attack(self, view: dict[str, Any]) -> list[str]:
        """One diplomatic attack: in the most valuable state aligned with it where a rival also has INFs, against
        that rival (aligned means it holds at least half, so more than any one rival: the rival loses all)."""
        me = view["role"]
        values = center_values(europe1615_map())
        table = minors(europe1615_map())
        best: tuple[int, str, str] | None = None
        for m, who in view.get("deployers", {}).items():
            rivals = sorted(p for p in who if p != me)
            if not rivals or m not in table or view.get("status", {}).get(m, {}).get("power") != me:
                continue
            worth = 12 + sum(values.get(c, 0) for c in table[m].centers)
            if best is None or (worth, m) > best[:2]:
                best = (worth, m, rivals[0])
        return [f"{best[1]} > {best[2]}"] if best else []

    def ottoman(self, view: dict[str, Any], what: dict[str, Any]) -> list[str]:
        """Suggested Ottoman orders: into a neighbouring centre of another great power, else hold."""
        gm = europe1615_map()
        me = view["role"]
        owner = view.get("owner", {})
        blocked = set(view.get("impassable", []))
        values = center_values(gm)
        rivals = set(view.get("allocation", {})) - {me}
        lines = []
        for unit in what.get("ottoman", []):
            kind, loc = unit.split(" ", 1)
            reach = gm.army_adj[_prov(loc)] if kind == "A" else gm.fleet_adj.get(loc, frozenset())
            prey = sorted(d for d in reach if _prov(d) not in blocked and owner.get(_prov(d)) in rivals)
            prey = [d for d in prey if _prov(d) in values]
            lines.append(f"{unit} - {prey[0]}" if prey else f"{unit} H")
        return lines

    # ---------------------------------------------------------------------------------------------- orders
    def _targets(self, view: dict[str, Any]) -> dict[str, int]:
        """Centres worth taking (value by province): not its own, not a minor state it has INFs in or is aligned
        with."""
        gm = europe1615_map()
        me = view["role"]
        owner = view.get("owner", {})
        friends = set(view.get("my_inf", {})) | {m for m, st in view.get("status", {}).items() if st.get("power") == me}
        return {c: v for c, v in center_values(gm).items() if owner.get(c) != me and owner.get(c) not in friends}

    def moves(self, view: dict[str, Any], what: dict[str, Any], rng: random.Random) -> list[str]:
        gm = europe1615_map()
        me = view["role"]
        blocked = set(view.get("impassable", []))
        owner = view.get("owner", {})
        units = view.get("units", {})
        targets = self._targets(view)
        friendly = {me} | {m for m, st in view.get("status", {}).items() if st.get("power") == me}
        foes = {_prov(u["loc"]) for u in units.values() if u.get("nation") not in friendly}
        reach_of: dict[str, list[str]] = {}
        for unit in what.get("units", []):
            kind, loc = unit.split(" ", 1)
            reach = gm.army_adj[_prov(loc)] if kind == "A" else gm.fleet_adj.get(loc, frozenset())
            reach_of[unit] = sorted(d for d in reach if _prov(d) not in blocked)
        nation = {unit: units.get(_prov(unit.split(" ", 1)[1]), {}).get("nation") for unit in reach_of}
        chosen: dict[str, str | None] = {}
        claimed: set[str] = set()
        own = sorted(u for u in reach_of if nation[u] == me)
        # defenders first: a unit on its own centre with a foreign unit next to it stays
        for unit in own:
            here = _prov(unit.split(" ", 1)[1])
            near = {_prov(d) for d in gm.any_adj.get(here, ())}
            if here in center_values(gm) and owner.get(here) == me and near & foes:
                chosen[unit] = None
                claimed.add(here)
        # attackers: the best reachable target not yet claimed
        for unit in own:
            if unit in chosen:
                continue
            options = [d for d in reach_of[unit] if _prov(d) in targets and _prov(d) not in claimed]
            if options:
                dest = max(options, key=lambda d: (targets[_prov(d)], d))
                chosen[unit] = dest
                claimed.add(_prov(dest))
        lines: list[str] = []
        moving = {u: d for u, d in chosen.items() if d is not None}
        staying = {_prov(u.split(" ", 1)[1]) for u in reach_of if u not in moving}
        for unit in sorted(reach_of):
            if unit in moving:
                lines.append(f"{unit} - {moving[unit]}")
                continue
            provs = {_prov(r) for r in reach_of[unit]}
            helps = sorted((o, _prov(d)) for o, d in moving.items() if o != unit and _prov(d) in provs)
            if helps and unit not in chosen:
                other, d = max(helps, key=lambda h: (targets.get(h[1], 0), h))
                lines.append(f"{unit} S {other} - {d}")
                continue
            if unit not in chosen and nation[unit] == me:
                step = self._step(unit, reach_of[unit], targets, claimed | staying, blocked)
                if step is not None:
                    claimed.add(_prov(step))
                    lines.append(f"{unit} - {step}")
                    continue
            lines.append(f"{unit} H")
        return lines

    def _step(
        self, unit: str, reach: list[str], targets: dict[str, int], taken: set[str], blocked: set[str]
    ) -> str | None:
        """A move to the neighbour nearest to a target centre (breadth-first over the unit's kind of moves)."""
        gm = europe1615_map()
        kind = unit.split(" ", 1)[0]
        best: tuple[int, str] | None = None
        for first in reach:
            if _prov(first) in taken:
                continue
            seen = {first}
            frontier = [first]
            depth = 1
            found = False
            while frontier and depth <= 6 and not found:
                nxt = []
                for loc in frontier:
                    if _prov(loc) in targets:
                        found = True
                        break
                    adj = (
                        gm.army_adj.get(_prov(loc), frozenset()) if kind == "A" else gm.fleet_adj.get(loc, frozenset())
                    )
                    for d in adj:
                        if d not in seen and _prov(d) not in blocked:
                            seen.add(d)
                            nxt.append(d)
                if not found:
                    frontier = nxt
                    depth += 1
            if found and (best is None or (depth, first) < best):
                best = (depth, first)
        return best[1] if best else None

    def retreats(self, view: dict[str, Any], what: dict[str, Any]) -> list[str]:
        me = view["role"]
        owner = view.get("owner", {})
        values = center_values(europe1615_map())
        targets = self._targets(view)
        lines = []
        for unit, options in sorted(what.get("retreats", {}).items()):
            if not options:
                lines.append(f"{unit} D")
                continue

            def rank(d: str) -> tuple[int, str]:
                p = _prov(d)
                return (2 if p in targets else 1 if p in values and owner.get(p) == me else 0, d)

            lines.append(f"{unit} R {max(options, key=rank)}")
        return lines

    def disbands(self, view: dict[str, Any], what: dict[str, Any]) -> list[str]:
        values = center_values(europe1615_map())
        units = sorted(what.get("units", []))
        off = sorted(units, key=lambda u: (_prov(u.split(" ", 1)[1]) in values, u))
        return [f"{u} D" for u in off[: max(0, what.get("disbands", 0))]]


def make_bot(level: str = "hard") -> Europe1615Bot | HardEurope1615Bot:
    """A bot at ``level``: ``random`` (random legal orders), ``normal`` (see :class:`NormalEurope1615Bot`) or
    ``hard`` (``umpire.bots.europe1615_hard``: it plays the variant; the default)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
    if level == "hard":
        return HardEurope1615Bot()
    return NormalEurope1615Bot() if level == "normal" else Europe1615Bot()
