"""Bots for Empires for Two (issue 17): the two player seats.

- ``random`` takes a legal action at random; an endeavour gets a random part of the gold it may add.
- ``normal`` plays a plain, sensible empire from its seat's view and the public game data (map and scenario):
  it takes the earliest free place in the round; taxes first, each area for the most gold that keeps its rebellion
  value at 1 (one chance in six of unrest, which it rules away; at 0 when the treasury is full), never an area in
  unrest; then rules unrest away before anything else,
  conquers the weakest neighbours it can hit at a good rating (an independent area before another empire's), raises
  social states, fortifies unfortified border areas, pillages for gold when nothing better is on; it keeps two gold
  and one Year Card for a defence (as the seed's Independents do, 33.23), spends gold to lift a rating to the next
  band of the results table (+5, then +8), and grants asylum when asked (33.61: an alliance costs nothing);
  attacked, it always defends (rewrite 13.0), adding the gold that would make the attack fail when it holds it.
  Once a round, before ending its turn, it calls a parley (EMP-P03) on claims to its own largest unclaimed areas
  (a claim to a possessed area is worth victory points at the end, rewrite 18.0); it votes no on the other
  player's claims.

A view lists every legal endeavour with its rating before gold (``er``) and the most gold it may add
(``max_gold``), so the bots need no engine state; ``normal`` reads the rebellion-value terms of its own areas from
the scenario's languages and religions.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from umpire.games.empires2.economy import TaxedArea, most_gold_within
from umpire.games.empires2.mapdata import EmpiresMap, language_modifier, load_map, religion_modifier
from umpire.games.empires2.parley import MAX_ISSUES
from umpire.games.empires2.scenario import Scenario, load_scenario
from umpire.games.empires2.tables import LANGUAGE_RELATIONS, RELIGION_RELATIONS

LEVELS = ("random", "normal")

View = dict[str, Any]
Action = dict[str, Any]

#: Gold and Year Cards a normal bot keeps back for a defensive endeavour (as 33.23's Independents).
KEEP_GOLD = 2
KEEP_CARDS = 1
#: A treasury this full taxes only where no rebellion check can hit (rebellion value 0 or less).
RICH = 12
#: The rating bands of the results table begin at +1, +5 and +8 (data/tables.json "results").
BANDS = (1, 5, 8)


def _clean(action: Action, gold: int) -> Action:
    """The action to send: the listed one without its information keys, with the gold chosen."""
    out = {k: v for k, v in action.items() if k not in ("max_gold", "er")}
    if out["type"] == "endeavour" or (out["type"] == "defend" and out["defend"]):
        out["gold"] = gold
    return out


class RandomBot:
    """Uniformly random among the legal actions."""

    def act(self, view: View, rng: random.Random) -> Action | None:
        actions = view.get("actions") or []
        if not actions:
            return None
        action = rng.choice(actions)
        return _clean(action, rng.randint(0, max(0, int(action.get("max_gold", 0)))))


@cache
def _scenario(name: str) -> Scenario:
    return load_scenario(name)


@cache
def _terms(scenario: str) -> dict[str, tuple[str, str]]:
    """Each area's language and religion in the scenario (they do not change in play: no conversion yet)."""
    m, sc = load_map(), _scenario(scenario)
    return {aid: (sc.language(m, aid), sc.religion(m, aid)) for aid in m.areas}


def _court_terms(view: View, me: str) -> tuple[str, str]:
    """The language and religion of the empire's original Court (rewrite 2.0: the leaders keep them)."""
    return _terms(view["scenario"])[_scenario(view["scenario"]).empires[me].court]


def _area(view: View, aid: str, m: EmpiresMap) -> dict[str, Any]:
    """An area as the view has it; one the view leaves out is independent and unfortified at its maximum."""
    listed = view["areas"].get(aid)
    if listed is not None:
        return dict(listed)
    return {"owner": None, "social_state": m.area(aid).max_social_state, "fortification": 0, "unrest": False}


def tax_plan(view: View, limit: int, empire: str | None = None) -> dict[str, int]:
    """Each area of ``empire`` (the seat's own by default, or an ally it runs, 33.31) not in unrest with the most
    gold that keeps its rebellion value at ``limit`` or below."""
    me, m = empire or view["role"], load_map()
    terms = _terms(view["scenario"])
    lang, church = _court_terms(view, me)
    plan = {}
    for aid, a in view["areas"].items():
        if a["owner"] != me or a["unrest"]:
            continue
        kin = any(_area(view, n, m)["owner"] is None and terms[n] == terms[aid] for n in m.area(aid).links)
        taxed = TaxedArea(
            fortification=a["fortification"],
            language=LANGUAGE_RELATIONS[language_modifier(lang, terms[aid][0])],
            religion=RELIGION_RELATIONS[religion_modifier(church, terms[aid][1])],
            own_tie=False,
            other_ties=0,
            unrest=False,
            independent_kin_neighbour=kin,
        )
        gold = most_gold_within(a["social_state"], taxed, limit)
        if gold > 0:
            plan[aid] = gold
    return plan


def _gold_for(er: int, spare: int) -> int:
    """The gold that lifts ``er`` to the next band start within reach, or none."""
    for band in BANDS:
        if er < band:
            return band - er if band - er <= spare else 0
    return 0


def _score(view: View, action: Action, spare: int, m: EmpiresMap) -> tuple[float, int]:
    """How much the normal bot wants an endeavour (0: not at all) and the gold it would add."""
    me = action.get("empire", view["role"])
    kind, aid, er = action["endeavour"], action["area"], int(action["er"])
    gold = min(_gold_for(er, spare), int(action["max_gold"]))
    rating = er + gold
    a = _area(view, aid, m)
    area = m.area(aid)
    if kind == "ruling":
        if a["unrest"]:
            return (100.0 + rating, gold) if rating >= 1 else (0.0, 0)
        if a["social_state"] < area.max_social_state and rating >= 1:
            return 20.0 + rating + area.population, gold
        return 0.0, 0
    if kind == "conquest":
        if rating < 5:
            return 0.0, 0
        owner_bonus = 10.0 if a["owner"] is None else 0.0
        return 40.0 + owner_bonus + 2 * rating + area.population + area.max_social_state, gold
    if kind == "fortification":
        border = any(_area(view, n, m)["owner"] not in (me,) for n in area.links)
        if a["fortification"] == 0 and border and rating >= 1:
            return 12.0 + rating + area.population, gold
        return 0.0, 0
    if kind == "pillage":
        return (5.0 + rating, gold) if rating >= 5 and a["owner"] is not None else (0.0, 0)
    if kind == "diplomacy":  # courting a non-player empire's Court (33.41): an ally is worth a conquest
        return (45.0 + 2 * rating, gold) if rating >= 5 else (0.0, 0)
    return 0.0, 0


class NormalBot:
    """A plain sensible empire (see the module docstring)."""

    def act(self, view: View, rng: random.Random) -> Action | None:
        actions = view.get("actions") or []
        if not actions:
            return None
        kinds = {a["type"] for a in actions}
        if "asylum" in kinds:
            return {"type": "asylum", "grant": True}
        if "defend" in kinds:
            return defend(view)
        if "bid" in kinds:  # a sealed bid in an alliance contest (33.46): a little, keeping the defence's gold
            bid = next(a for a in actions if a["type"] == "bid")
            return {"type": "bid", "gold": max(0, min(2, int(bid["max_gold"]) - KEEP_GOLD))}
        if "vote" in kinds:  # a parley's issue is always a claim for the other player (EMP-P03)
            return {"type": "vote", "yes": False}
        if "place" in kinds:
            first = min((a for a in actions if a["type"] == "place"), key=lambda a: int(a["place"]))
            return _clean(first, 0)
        # The empire whose turn this is: the seat's own or an ally it runs (33.31); every turn action names it.
        me = next((a["empire"] for a in actions if a["type"] in ("endeavour", "tax", "end_turn")), view["role"])
        e = view["empires"][me]
        if "tax" in kinds:
            plan = tax_plan(view, 0 if e["gold"] >= RICH else 1, me)
            if plan:
                return {"type": "tax", "areas": plan, "empire": me}
        m = load_map()
        endeavours = [a for a in actions if a["type"] == "endeavour"]
        can_end = "end_turn" in kinds
        if can_end and e["year_cards"] <= KEEP_CARDS:
            return _before_ending(view, actions, me)
        best: tuple[float, float, Action, int] | None = None
        for a in endeavours:
            spare = int(a["max_gold"]) - KEEP_GOLD
            score, gold = _score(view, a, max(0, spare), m)
            if a["max_gold"] < KEEP_GOLD and a["endeavour"] != "ruling":
                continue  # its cost would eat the defence's gold
            key = (score, rng.random(), a, gold)
            if score > 0 and (best is None or key[:2] > best[:2]):
                best = key
        if best is not None:
            return _clean(best[2], best[3])
        if can_end:
            return _before_ending(view, actions, me)
        # One endeavour is required (rewrite 9.0): the least harmful, a ruling at its best rating.
        fallback = max(endeavours, key=lambda a: (a["endeavour"] == "ruling", a["er"]))
        return _clean(fallback, 0)


def _before_ending(view: View, actions: list[Action], me: str) -> Action:
    """The turn's last move: a parley on claims if one may be called (EMP-P03), else the end of the turn."""
    areas = _parley_areas(view, actions)
    if areas:
        return {"type": "parley", "areas": areas}
    return {"type": "end_turn", "empire": me}


def _parley_areas(view: View, actions: list[Action]) -> list[str]:
    """The seat's own areas listed for a parley's claim, the largest first, as many as one parley carries."""
    m, me = load_map(), view["role"]
    listed = [a["areas"][0] for a in actions if a["type"] == "parley"]
    own = [aid for aid in listed if view["areas"].get(aid, {}).get("owner") == me]
    own.sort(key=lambda aid: (-(m.area(aid).population + m.area(aid).max_social_state), aid))
    return own[:MAX_ISSUES]


def defend(view: View) -> Action:
    """Always defend (as 33.23's Independents), adding the gold that brings the attack's rating below the results
    table's first band, when the treasury holds it; otherwise none."""
    question = view["defence"]
    need = max(0, question["attack_er"] - question["reduction"] - BANDS[0] + 1)
    gold = need if need <= question["max_gold"] else 0
    return {"type": "defend", "defend": True, "gold": gold, "empire": question["defender"]}


def make_bot(level: str) -> RandomBot | NormalBot:
    """A bot at ``level`` (one of :data:`LEVELS`)."""
    if level == "random":
        return RandomBot()
    if level == "normal":
        return NormalBot()
    raise ValueError(f"unknown empires2 bot level {level!r}; levels: {', '.join(LEVELS)}")
