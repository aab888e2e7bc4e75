"""Where a Europe 1615 bot puts its INFs, and its diplomatic attack: concentrated stakes, bought by what they win.

Every state's INFs decide its status (ALIGNED with the power that holds the most and at least half, seed
"Political status") and its religious marker (one confession holding twice the other's INFs, seed
"Religious/confessional status"); at the year's scoring an alignment is worth twelve plus the values of the
state's centres to its power and a marker ten to every power of its confession ("SCORING PHASE").  The round is
won by the highest score, so the bot values a table of INFs by its own score less half the best rival's
(:func:`objective`).

:func:`plan_deployments` buys, one purchase at a time, the purchase that adds most to that value per INF.  A
purchase is the least that makes the bot ALIGNED in a state, or places its confession's marker, *against what
its rivals can be expected to hold there after this phase*: their estimated INFs (``reading.Belief``) plus what
each may still add -- a rival already in the state its usual stake, a rival not yet there its usual stake times
the share of states it usually enters.  So the bot puts what wins the status check, and no more, in the states
it wants: not one INF everywhere.  It keeps part of its INFs for the later phases of the year (they arrive after
its rivals have shown where they went), and spends what is left in the last movement phase, since unused INFs
are lost at the year's end ("Deployment of influence").

:func:`choose_attack` picks the diplomatic attack ("MUTUAL REDUCTION") that most improves the same value, if any
does, never one the sanctions make void (the immunities) nor one refused in its last phase.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from umpire.bots.europe1615_reading import (
    Belief,
    Refused,
    ceil_need,
    centre_values,
    confession,
    deployable_for,
    gmap,
    minor_info,
    nearness,
)
from umpire.games.europe1615 import influence, sanctions
from umpire.games.europe1615.mapdata import PAPAL_STATES
from umpire.games.europe1615.sanction_effects import reserved, sanction_context

#: The weight of the best rival's score in the bot's value (the round goes to the single highest score).
RIVAL_WEIGHT = 0.5
#: The share of the INFs left that the bot spends in each movement phase of the year: Spring, Summer, Fall.
PHASE_SPEND = {"S": 0.6, "U": 0.5, "F": 1.0}
#: A diplomatic attack is made only when it adds at least this much to the bot's value.
ATTACK_GAIN = 2.0
#: Noise on the worth of each purchase (so that seeds differ and bots with the same view do not all collide).
NOISE = 0.3


@dataclass(frozen=True)
class Worth:
    """What one state pays at scoring: its alignment value and whether it can carry a marker of each faith."""

    minor: str
    alignment: int
    markers: bool
    protestant_ok: bool


def worths(public: Mapping[str, Any]) -> dict[str, Worth]:
    """The pliant states' alignment values (twelve plus the values of the centres they hold now) and markers."""
    values = centre_values()
    table = minor_info()
    held: dict[str, int] = {}
    for c, owner in public["owner"].items():
        if owner and c in values:
            held[owner] = held.get(owner, 0) + values[c]
    barred = reserved(public)  # type: ignore[arg-type]
    out = {}
    for m in public["pliant"]:
        info = table.get(m)
        islamic = bool(info and info.islamic)
        out[m] = Worth(
            m,
            12 + held.get(m, 0),
            markers=not islamic and m != PAPAL_STATES,
            protestant_ok=m not in barred,
        )
    return out


def contribution(row: Mapping[str, float], worth: Worth, alive: list[str]) -> dict[str, float]:
    """Points each power scores from one state with INFs ``row``: its alignment, and its marker's ten points to
    every power of the marker's confession."""
    out: dict[str, float] = {}
    held = {p: n for p, n in row.items() if n > 0}
    st = influence.political_status(held)  # type: ignore[arg-type]
    if st.kind == "ALIGNED" and st.power is not None:
        out[st.power] = float(worth.alignment)
    if worth.markers and held:
        conf = influence.confessional_majority(held)  # type: ignore[arg-type]
        if conf == influence.PROTESTANT and not worth.protestant_ok:
            conf = None
        if conf is not None:
            for p in alive:
                if confession(p) == conf:
                    out[p] = out.get(p, 0.0) + 10.0
    return out


def capture_points(public: Mapping[str, Any]) -> dict[str, float]:
    """Each power's points for the centres it holds beyond its home centres."""
    gm = gmap()
    values = centre_values()
    out = dict.fromkeys(gm.powers, 0.0)
    for c, owner in public["owner"].items():
        if owner in out and c in values and c not in gm.homes[owner]:
            out[owner] += values[c]
    return out


def objective(me: str, totals: Mapping[str, float], alive: list[str]) -> float:
    """The bot's value of a score line: its score less :data:`RIVAL_WEIGHT` times the best rival's."""
    best = max((totals[p] for p in alive if p != me), default=0.0)
    return totals.get(me, 0.0) - RIVAL_WEIGHT * best


class Ledger:
    """The INF rows of every pliant state with the scores they give, updated one state at a time."""

    def __init__(
        self, me: str, rows: dict[str, dict[str, float]], ws: dict[str, Worth], base: dict[str, float], alive: list[str]
    ) -> None:
        self.me, self.rows, self.ws, self.alive = me, rows, ws, alive
        self.parts = {m: contribution(rows.get(m, {}), ws[m], alive) for m in ws}
        self.totals = dict(base)
        for part in self.parts.values():
            for p, v in part.items():
                self.totals[p] = self.totals.get(p, 0.0) + v

    def value(self) -> float:
        return objective(self.me, self.totals, self.alive)

    def value_with(self, minor: str, row: Mapping[str, float]) -> float:
        """The value if ``minor``'s row were ``row``."""
        new = contribution(row, self.ws[minor], self.alive)
        old = self.parts[minor]
        totals = dict(self.totals)
        for p, v in old.items():
            totals[p] -= v
        for p, v in new.items():
            totals[p] = totals.get(p, 0.0) + v
        return objective(self.me, totals, self.alive)

    def set(self, minor: str, row: dict[str, float]) -> None:
        old = self.parts[minor]
        for p, v in old.items():
            self.totals[p] -= v
        self.rows[minor] = row
        self.parts[minor] = contribution(row, self.ws[minor], self.alive)
        for p, v in self.parts[minor].items():
            self.totals[p] = self.totals.get(p, 0.0) + v


def expected_rows(public: Mapping[str, Any], belief: Belief, ws: Mapping[str, Worth]) -> dict[str, dict[str, float]]:
    """Each state's INFs as the bot must expect them after this phase: its own, the rivals' estimates and what
    each rival may still add there -- in a state it holds INFs in, its usual stake, or its INFs left shared over
    the states it holds INFs in if that is less; in a state it has not entered, its usual stake times the chance
    that it enters (the share of states it usually enters, more for a valuable state and one near its home)."""
    me = belief.me
    mean_worth = sum(w.alignment for w in ws.values()) / max(1, len(ws))
    rows: dict[str, dict[str, float]] = {m: dict(belief.row(m)) for m in ws}
    for p, left in sorted(belief.left.items()):
        if p == me or left <= 0:
            continue
        can = set(deployable_for(dict(public), p))
        held = [m for m in ws if m in can and rows[m].get(p, 0.0) > 0]
        stake = min(left, belief.stake.get(p, 1.0))
        defend = min(stake, left / max(1, len(held)))
        for m in sorted(ws):
            if m not in can:
                continue
            row = rows[m]
            if row.get(p, 0.0) > 0:
                row[p] = row[p] + defend
                continue
            chance = min(1.0, belief.entry.get(p, 0.3) * nearness(p, m) * ws[m].alignment / mean_worth)
            add = stake * chance
            if add > 0.05:
                row[p] = add
    return rows


def purchases(row: Mapping[str, float], me: str, worth: Worth) -> set[int]:
    """The amounts worth trying in one state: the least that aligns it with the bot and the least that places
    the bot's marker there.  (Not one INF to tie a rival into NEUTRAL: a state is bought to be won.)"""
    mine = row.get(me, 0.0)
    rivals = [n for p, n in row.items() if p != me and n > 0]
    out = set()
    need = max(ceil_need(sum(rivals) - mine), int(max(rivals, default=0.0) - mine) + 1, 1)
    out.add(need)
    if worth.markers:
        conf = confession(me)
        if conf == influence.CATHOLIC or worth.protestant_ok:
            same = sum(n for p, n in row.items() if n > 0 and confession(p) == conf)
            other = sum(n for p, n in row.items() if n > 0 and confession(p) != conf)
            out.add(max(1, ceil_need(2 * other - same)))
    return out


def wins(row: Mapping[str, float], me: str, worth: Worth) -> tuple[bool, bool]:
    """Whether INFs ``row`` make the state ALIGNED with ``me``, and whether they give it ``me``'s marker."""
    held = {p: n for p, n in row.items() if n > 0}
    st = influence.political_status(held)  # type: ignore[arg-type]
    marker = False
    if worth.markers and held:
        conf = influence.confessional_majority(held)  # type: ignore[arg-type]
        marker = conf == confession(me) and (conf == influence.CATHOLIC or worth.protestant_ok)
    return (st.kind == "ALIGNED" and st.power == me, marker)


def budget(view: Mapping[str, Any]) -> int:
    """What the bot spends this phase (:data:`PHASE_SPEND`)."""
    left = int(view.get("inf_left", 0))
    share = PHASE_SPEND.get(view["phase"][0], 1.0)
    return left if share >= 1.0 else min(left, max(1, round(left * share)))


def plan_deployments(
    view: Mapping[str, Any],
    public: Mapping[str, Any],
    belief: Belief,
    rng: random.Random,
    refused: Refused | None = None,
) -> dict[str, int]:
    """The INFs to deploy this phase, by state (module docstring)."""
    me = view["role"]
    left_total = int(view.get("inf_left", 0))
    spend = budget(view)
    if spend <= 0:
        return {}
    ws = worths(public)
    allowed = [
        m
        for m in view.get("orderable", {}).get("deployable", [])
        if m in ws and not (refused and any(line.endswith(f": {m}") for line in refused.lines))
    ]
    if not allowed:
        return {}
    alive = [p for p in gmap().powers if p not in public["eliminated"]]
    ledger = Ledger(me, expected_rows(public, belief, ws), ws, capture_points(public), alive)
    taste = {m: (1.0 + NOISE * (2 * rng.random() - 1)) * nearness(me, m) for m in sorted(allowed)}
    plan: dict[str, int] = {}
    while spend > 0:
        now = ledger.value()
        best: tuple[float, str, int] | None = None
        for m in allowed:
            row = ledger.rows[m]
            for x in sorted(purchases(row, me, ws[m])):
                if x > spend:
                    continue
                after = {**row, me: row.get(me, 0.0) + x}
                won, had = wins(after, me, ws[m]), wins(row, me, ws[m])
                if not (won[0] and not had[0]) and not (won[1] and not had[1]):
                    continue  # a purchase wins the state or its marker (not a NEUTRAL tie to spoil a rival's)
                gain = ledger.value_with(m, after) - now
                if gain <= 0:
                    continue
                score = gain * taste[m] / x
                if best is None or score > best[0]:
                    best = (score, m, x)
        if best is None:
            break
        _, m, x = best
        ledger.set(m, {**ledger.rows[m], me: ledger.rows[m].get(me, 0.0) + x})
        plan[m] = plan.get(m, 0) + x
        spend -= x
    if view["phase"][0] == "F" or budget(view) >= left_total:
        rest = left_total - sum(plan.values())
        if rest > 0:
            target = _best_home_for_rest(ledger, allowed, me)
            plan[target] = plan.get(target, 0) + rest
    return {m: n for m, n in sorted(plan.items()) if n > 0}


def _best_home_for_rest(ledger: Ledger, allowed: list[str], me: str) -> str:
    """Where INFs that would otherwise be lost go: the state where the bot's lead is thinnest among those it
    holds, else the most valuable state it has a stake in, else the most valuable it may deploy to."""

    def margin(m: str) -> float:
        row = ledger.rows[m]
        return row.get(me, 0.0) - sum(n for p, n in row.items() if p != me)

    held = [m for m in allowed if ledger.rows[m].get(me, 0.0) > 0]
    contested = [m for m in held if any(p != me and n > 0 for p, n in ledger.rows[m].items())]
    if contested:
        return min(contested, key=lambda m: (margin(m), -ledger.ws[m].alignment, m))
    pool = held or allowed
    return max(pool, key=lambda m: (ledger.ws[m].alignment, m))


def choose_attack(
    view: Mapping[str, Any],
    public: Mapping[str, Any],
    belief: Belief,
    plan: Mapping[str, int],
    refused: Refused | None = None,
) -> tuple[str, str] | None:
    """The diplomatic attack ``(state, target)`` that improves the bot's value the most, or None."""
    me = view["role"]
    ws = worths(public)
    alive = [p for p in gmap().powers if p not in public["eliminated"]]
    rows = {m: dict(belief.row(m)) for m in ws}
    for m, n in plan.items():
        if m in rows:
            rows[m][me] = rows[m].get(me, 0.0) + n
    ledger = Ledger(me, rows, ws, capture_points(public), alive)
    ctx = sanction_context(public) if public.get("sanctions") else None  # type: ignore[arg-type]
    now = ledger.value()
    best: tuple[float, str, str] | None = None
    for m in sorted(rows):
        row = rows[m]
        a = row.get(me, 0.0)
        if a <= 0:
            continue
        for target in sorted(p for p, n in row.items() if p != me and n > 0):
            if refused and (m, target) in refused.attacks:
                continue
            if ctx is not None and sanctions.attack_immunity(me, target, ctx):
                continue
            cut = min(a, row[target])
            after = {**row, me: a - cut, target: row[target] - cut}
            gain = ledger.value_with(m, after) - now
            if gain >= ATTACK_GAIN and (best is None or gain > best[0]):
                best = (gain, m, target)
    return (best[1], best[2]) if best else None
