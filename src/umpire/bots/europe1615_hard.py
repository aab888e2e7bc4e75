"""The ``hard`` Europe 1615 bot: it plays the variant -- concentrated INF stakes, its minor states' units used, the
sanctions in force respected, nothing refused given twice, attacks rather than holds.

It sees only its seat's view and draws only from the generator it is given (a different one for every game
seed, seat and step), so a game is the same for a seed and different games differ.  Each phase:

- **movement**: the INFs of ``europe1615_influence.plan_deployments`` (the least that wins the states it wants,
  part of the year's INFs kept for the later phases) and its diplomatic attack (``choose_attack``); the orders of
  ``europe1615_orders.choose_orders`` for its units, its ALIGNED states' units and the units of the states its
  INFs will align this phase (an aligned state follows the orders of its power in the phase it is aligned,
  seed "EFFECTS OF INFLUENCE"); suggestions for the Ottoman units (none under Ottoman neutrality); its
  Stronghold centres and its Levy when it holds them;
- **retreats** to a centre to take in the Fall, else to the best-placed province, two units never to one;
- **early winter** disbands the units farthest from anything worth taking, its states' too when it owes them;
- **late winter** builds on every free home centre an army or a fleet, whichever is nearer a centre to take,
  builds for its expanded states, and chooses the sanction of its list that helps it most now
  (:func:`sanction_pick`).

A refused order is not given again: before it is ready the bot reads its submission's errors, writes the
submission again without the refused lines (with other orders for those units), and in a movement phase never
gives again an order or attack that the last report shows void (``europe1615_reading.refusals``).
"""

from __future__ import annotations

import random
from typing import Any

from umpire.bots.europe1615_influence import choose_attack, plan_deployments
from umpire.bots.europe1615_orders import Board, choose_orders, distances, ottoman_suggestions, read_board, worth
from umpire.bots.europe1615_reading import (
    Belief,
    centre_values,
    confession,
    gmap,
    public_state,
    read_belief,
    refusals,
    status_of,
)
from umpire.diplomacy.orders import format_order
from umpire.games.europe1615 import sanctions
from umpire.games.europe1615.sanction_effects import in_force

#: The comment line the bot adds to a submission it wrote again after refusals (text after ``#`` is ignored).
REVISED = "# revised after refused lines"

#: What a sanction of each kind is worth to the power that chooses it (see :func:`sanction_pick`).
_HAPSBURG = ("AUSTRIA", "SPAIN")
IMPEDED: dict[str, tuple[str, ...]] = {
    "ANTI_HAPSBURG": _HAPSBURG,
    "BOHEMIAN_REVOLT": ("AUSTRIA",),
    "TREATY_OF_LYON": _HAPSBURG,
    "DANO_SWEDISH_RIVALRY": ("DENMARK",),
    "HUGUENOT_REBELLION": ("FRANCE",),
    "CATALONIAN_REVOLT": ("SPAIN",),
    "IRISH_CATHOLIC_REBELLION": ("ENGLAND", "DENMARK"),
}


def _line(text: str) -> str:
    return " ".join(text.split("#", 1)[0].upper().split())


class HardEurope1615Bot:
    """The ``hard`` level (module docstring)."""

    def act(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        kinds = {a["type"] for a in view.get("actions", [])}
        if "submit" not in kinds:
            return None
        sub = view.get("submission")
        if sub is None:
            return {"type": "submit", "text": self.text(view, rng)}
        if sub.get("errors") and not view.get("ready"):
            old = str(sub.get("text", ""))
            if REVISED not in old:
                new = self.text(view, rng)
                refused = refusals(view).lines
                new = "\n".join(x for x in new.splitlines() if _line(x) not in refused)
                return {"type": "submit", "text": f"{REVISED}\n{new}"}
            bad = {int(e.get("line", 0)) for e in sub["errors"]}
            kept = [x for i, x in enumerate(old.splitlines(), start=1) if i not in bad]
            if len(kept) < len(old.splitlines()):
                return {"type": "submit", "text": "\n".join(kept)}
        if "ready" in kinds and not view.get("ready"):
            return {"type": "ready", "ready": True}
        return None

    # ------------------------------------------------------------------------------------------- phases
    def text(self, view: dict[str, Any], rng: random.Random) -> str:
        kind = view["phase"][-1]
        if kind == "M":
            return "\n".join(self.movement(view, rng))
        if kind == "R":
            return "\n".join(self.retreats(view))
        if kind == "E":
            return "\n".join(self.disbands(view))
        return "\n".join(self.builds(view))

    def movement(self, view: dict[str, Any], rng: random.Random) -> list[str]:
        me = view["role"]
        public = public_state(view)
        belief = read_belief(view)
        refused = refusals(view)
        plan = plan_deployments(view, public, belief, rng, refused)
        attack = choose_attack(view, public, belief, plan, refused)
        lines = [f"{n}: {m}" for m, n in sorted(plan.items())]
        if attack is not None:
            lines.append(f"{attack[0]} > {attack[1]}")
        expect = self.expected_alignments(belief, plan, me)
        board = read_board(view, public, expect)
        banned = {text for _, text in refused.orders} | set(refused.lines)
        orders = choose_orders(board, rng, banned)
        lines += [format_order(o) for _, o in sorted(orders.items())]
        if not in_force(public, "OTTOMAN_NEUTRALITY"):
            lines += [x for x in ottoman_suggestions(board) if _line(x) not in banned]
        lines += self.sanction_lines(view, board)
        return [x for x in lines if _line(x) not in refused.lines]

    @staticmethod
    def expected_alignments(belief: Belief, plan: dict[str, int], me: str) -> set[str]:
        """The states the bot expects to be ALIGNED with after this phase's INFs (on its estimate)."""
        out = set()
        for m, n in plan.items():
            row = {**belief.row(m)}
            row[me] = row.get(me, 0.0) + n
            st = status_of(row)
            if st.kind == "ALIGNED" and st.power == me:
                out.add(m)
        return out

    def sanction_lines(self, view: dict[str, Any], board: Board) -> list[str]:
        """A Stronghold's centres (its most valuable threatened own centres) and a Levy (an army on a free home
        centre), when the bot holds them."""
        gm = gmap()
        me = view["role"]
        values = centre_values()
        out = []
        picks = int(view.get("my_stronghold_picks", 0) or 0)
        if picks > 0:
            forts = set(view.get("strongholds", {}))
            own = [c for c, o in view["owner"].items() if o == me and c in values and c not in forts]
            near_enemy = {c for c in own if self._threatened(board, c)}
            ranked = sorted(own, key=lambda c: (c not in near_enemy, -values[c], c))
            if ranked:
                out.append("STRONGHOLD: " + ", ".join(ranked[:picks]))
        if "LEVY" in view.get("my_sanction_uses", []):
            free = [c for c in gm.homes[me] if view["owner"].get(c) == me and c not in view["units"]]
            if free:
                site = max(free, key=lambda c: (self._threatened(board, c), values.get(c, 0), c))
                kind = "A" if gm.is_location(site, "A") else "F"
                out.append(f"LEVY: {kind} {site}")
        return out

    @staticmethod
    def _threatened(board: Board, c: str) -> bool:
        gm = gmap()
        for p in board.units:
            s = board.side[p]
            if s is None or s == board.me:
                continue
            if c in gm.any_adj.get(p, ()):
                return True
        return False

    # ----------------------------------------------------------------------------------------- retreats
    def retreats(self, view: dict[str, Any]) -> list[str]:
        me = view["role"]
        public = public_state(view)
        board = read_board(view, public)
        goals = [c for c in board.values if worth(board, me, me, c) > 0]
        dist = {k: distances(board, k, goals) for k in ("A", "F")}
        fall = view["phase"][0] == "F"
        taken: set[str] = set()
        lines = []
        for unit, options in sorted(view.get("orderable", {}).get("retreats", {}).items()):
            kind = unit.split(" ", 1)[0]

            def rank(loc: str, kind: str = kind) -> tuple[float, str]:
                c = loc.split("/", 1)[0]
                score = -float(dist[kind].get(loc, 12))
                if fall and worth(board, me, me, c) > 0:
                    score += 10 + worth(board, me, me, c)
                if view["owner"].get(c) == me and c in board.values:
                    score += 4
                return (score, loc)

            choices = [o for o in options if o.split("/", 1)[0] not in taken]
            if not choices:
                lines.append(f"{unit} D")
                continue
            best = max(choices, key=rank)
            taken.add(best.split("/", 1)[0])
            lines.append(f"{unit} R {best}")
        return lines

    # ----------------------------------------------------------------------------------------- disbands
    def disbands(self, view: dict[str, Any]) -> list[str]:
        me = view["role"]
        what = view.get("orderable", {})
        public = public_state(view)
        board = read_board(view, public)
        goals = [c for c in board.values if worth(board, me, me, c) > 0]
        dist = {k: distances(board, k, goals) for k in ("A", "F")}

        def keep(unit: str) -> tuple[float, str]:
            kind, loc = unit.split(" ", 1)
            here = loc.split("/", 1)[0]
            score = -dist[kind].get(loc, 12)
            if view["owner"].get(here) == me and here in board.values and self._threatened(board, here):
                score += 5
            return (score, unit)

        units = sorted(what.get("units", []))
        lines = [f"{u} D" for u in sorted(units, key=keep)[: max(0, int(what.get("disbands", 0)))]]
        for mid, owed in sorted(what.get("minor_disbands", {}).items()):
            homes = [c for c, o in view["owner"].items() if o == mid]
            hdist = {k: distances(board, k, homes) for k in ("A", "F")}
            ranked = sorted(owed.get("units", []), key=lambda u: (-hdist[u[0]].get(u[2:], 12), u))
            lines += [f"{u} D" for u in ranked[: int(owed.get("disbands", 0))]]
        return lines

    # ------------------------------------------------------------------------------------------- builds
    def builds(self, view: dict[str, Any]) -> list[str]:
        me = view["role"]
        what = view.get("orderable", {})
        gm = gmap()
        public = public_state(view)
        board = read_board(view, public)
        goals = [c for c in board.values if worth(board, me, me, c) > 0]
        dist = {k: distances(board, k, goals) for k in ("A", "F")}
        lines = []

        def build(site: str) -> str:
            options = []
            if gm.is_location(site, "A"):
                options.append((dist["A"].get(site, 12), 0, f"A {site} B"))
            for loc in gm.coasts.get(site) or ((site,) if gm.provinces[site].type == "coast" else ()):
                if gm.is_location(loc, "F"):
                    options.append((dist["F"].get(loc, 12), 1, f"F {loc} B"))
            return min(options)[2] if options else f"A {site} B"

        sites = sorted(what.get("build_sites", []), key=lambda s: (not self._threatened(board, s), s))
        lines += [build(s) for s in sites[: max(0, int(what.get("builds", 0)))]]
        lines += [build(s) for s in sorted(what.get("minor_build_sites", {}))]
        pick = sanction_pick(view)
        if pick:
            lines.append(f"SANCTION: {sanctions.BY_ID[pick].name}")
        return lines


def sanction_pick(view: dict[str, Any]) -> str | None:
    """The sanction of the bot's list that may come into effect and helps it most: an advantage of its own
    confession, an embargo on the leader (or on a power of the other confession), an impediment on a rival, a
    satellite state; sanctions it would have to use by lines it does not write (Bribe, Forced march, Relieve
    attrition, Cancellation) last.  Ties go to the higher-ranked card (the one more likely to come into effect)."""
    what = view.get("orderable", {})
    usable = list(what.get("sanction_usable") or [])
    if not usable:
        hand = list(what.get("sanction_list") or [])
        return str(hand[0]) if hand else None
    me = view["role"]
    mine = confession(me)
    scores = view.get("scores") or {}
    rivals = [p for p in gmap().powers if p != me and p not in view.get("eliminated", [])]
    leader = max(rivals, key=lambda p: (scores.get(p, 0), p)) if rivals else None

    def value(sid: str) -> float:
        card = sanctions.BY_ID[sid]
        if card.category in ("protestant", "catholic"):
            return 4.0 if card.category == mine else 1.0
        if card.embargo_on:
            return 3.0 if card.embargo_on == leader else (2.0 if confession(card.embargo_on) != mine else 1.0)
        if sid in IMPEDED:
            hit = IMPEDED[sid]
            return -2.0 if me in hit else (2.5 if leader in hit else 1.5)
        if sid == "SATELLITE_STATE":
            return 2.5
        if sid.startswith("STRONGHOLD") or sid == "LEVY":
            return 1.5
        return 0.5

    return str(max(usable, key=lambda sid: (value(sid), sanctions.BY_ID[sid].rank, sid)))
