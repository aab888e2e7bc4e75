"""A simple legal bot for Europe 1615 seats (seed 003).

It sees only its seat's view.  In a movement phase it deploys the INFs left for the year (in the year's first
movement phase) to up to three of the most valuable minor states it may deploy to, and gives every unit it
commands (its own and its aligned minor states') a random legal order: hold, or a move to a neighbouring
province that is not impassable.  It retreats to the first allowed province, disbands the units it must, builds
on its free home centres, and names the first sanction of its list in winter.  Then it says it is ready.
"""

from __future__ import annotations

import random
from typing import Any

from umpire.games.europe1615.mapdata import center_values, europe1615_map, minors

LEVELS: tuple[str, ...] = ("random",)


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
            hand = what.get("sanction_list", [])
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


def make_bot(level: str = "random") -> Europe1615Bot:
    """A bot at ``level`` (only ``random`` for now)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
    return Europe1615Bot()
