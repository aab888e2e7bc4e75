"""Bots for Empires for Two (issue 17): the two player seats.

- ``random`` takes a legal action at random; an endeavour gets a random part of the gold it may add.
- ``normal`` plays a plain, sensible empire from its seat's view and the public game data (map and scenario):
  it takes the earliest free place in the round; taxes first, each area for the most gold that keeps its rebellion
  value at 1 (one chance in six of unrest, which it rules away; at 0 when the treasury is full), never an area in
  unrest; then rules unrest away before anything else (at +5 where the gold to spare reaches it: below, a -1
  costs a level and a rebellion check); plays for victory points (EMP-P01): a tie to an area of its own that it
  does not claim yet (a claim: 2 points) comes before a conquest; its Court, where another empire borders it, is
  fortified first (an Independent attacks a Court round after round);
  then it conquers the weakest neighbours it can hit at a good rating (an independent area before another
  empire's), raises social states, fortifies its areas unlike its Court (a Leader Dies Heirless strikes them,
  EMP-V02) and unfortified border areas, makes diplomacy (rewrite 12.0) on areas where conquest is poor but
  diplomacy rates +5 or more, pillages for gold when nothing better is on; short of the gold for a conquest, it
  plunders (16.2) one calm area besides its Court that its leader can rule back to calm; it keeps two gold and one
  Year Card for a defence (as the seed's Independents do, 33.23; twice that while another empire borders its
  Court), spends gold to lift a rating to the next band of the results table (+5, then +8), and grants asylum
  when asked (33.61: an alliance costs nothing); in the scenario's last round, where unrest no longer costs
  points, it plunders every calm area, keeps nothing back and leaves unrest alone;
  attacked, it always defends (rewrite 13.0), adding the gold that would make the attack fail when it holds it;
  it plays a held Event Card at the first chance (an Assassination on the other seat's empire, a Royal Marriage on
  the Court nearest to an alliance); after taxing, it converts (rewrite 22.0) the area of its own whose religion
  raises its rebellion value most, when a die beats the differential at least half the time and the gold leaves
  its defence's two. It never attempts an endeavour listed as excommunicating it (``"excommunicates"``: a
  conquest or pillage of the Holy See, rewrite 22.1, EMP-E08); excommunicated, it does penance before converting
  when the gold leaves its defence's two.
  Once a round, before ending its turn, it calls a parley (EMP-P03) on claims to its own largest unclaimed areas
  (a claim to a possessed area is worth victory points at the end, rewrite 18.0); it votes no on the other
  player's claims. Offered an agreement (rewrite 20.0), it accepts only one that raises its victory points by
  ``victory.py``'s count (EMP-G07); it proposes one kind only: in the last round, at the end of its own player-turn,
  all its gold (worth nothing once the round ends) for the other player's claim to an area it possesses.
  With Magnates on the map (rewrite 24.0, EMP-M13) it conquers a Magnate's seat before another area (taking it ends
  him) and fortifies, up to level 2, the areas a Magnate may attack next; it makes no plan for raiders.

A view lists every legal endeavour with its rating before gold (``er``) and the most gold it may add
(``max_gold``), so the bots need no engine state; ``normal`` reads the rebellion-value terms of its own areas from
the scenario's languages and religions.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from umpire.games.empires2 import grand_diplomacy, victory
from umpire.games.empires2.conversion import chance
from umpire.games.empires2.conversion import cost as convert_cost
from umpire.games.empires2.economy import TaxedArea, most_gold_within
from umpire.games.empires2.mapdata import EmpiresMap, language_modifier, load_map, religion_modifier
from umpire.games.empires2.parley import MAX_ISSUES
from umpire.games.empires2.scenario import Scenario, load_scenario
from umpire.games.empires2.tables import LANGUAGE_RELATIONS, RELIGION_RELATIONS, load_tables

LEVELS = ("random", "normal")

View = dict[str, Any]
Action = dict[str, Any]

#: Gold and Year Cards a normal bot keeps back for a defensive endeavour (as 33.23's Independents).
KEEP_GOLD = 2
KEEP_CARDS = 1
#: A treasury this full taxes only where no rebellion check can hit (rebellion value 0 or less).
RICH = 12
#: The fortification level a normal bot builds in its areas unlike its Court (their rebellion value is higher).
UNLIKE_FORT = 2
#: The rating bands of the results table begin at +1, +5 and +8 (data/tables.json "results").
BANDS = (1, 5, 8)


def _clean(action: Action, gold: int) -> Action:
    """The action to send: the listed one without its information keys, with the gold chosen."""
    # ruling EMP-X09: the listed er and max_gold are information only, taken off before the action goes
    out = {k: v for k, v in action.items() if k not in ("max_gold", "er", "excommunicates", "cost")}
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


#: Each scenario's areas' languages and religions at the start, with the map and scenario they were read from (an
#: owner's data folder, ``owner_data.use``, gives new ones).
_TERMS: dict[str, tuple[EmpiresMap, Scenario, dict[str, tuple[str, str]]]] = {}


def _terms(scenario: str) -> dict[str, tuple[str, str]]:
    """Each area's language and religion at the scenario's start (a conversion changes the religion: the view's
    ``religion`` of a listed area is the current one)."""
    m, sc = load_map(), load_scenario(scenario)
    held = _TERMS.get(scenario)
    if held is None or held[0] is not m or held[1] is not sc:
        held = (m, sc, {aid: (sc.language(m, aid), sc.religion(m, aid)) for aid in m.areas})
        _TERMS[scenario] = held
    return held[2]


def _court_terms(view: View, me: str) -> tuple[str, str]:
    """The language and religion of the empire's original Court (rewrite 2.0: the leaders keep them)."""
    return _terms(view["scenario"])[load_scenario(view["scenario"]).empires[me].court]


def _area(view: View, aid: str, m: EmpiresMap) -> dict[str, Any]:
    """An area as the view has it; one the view leaves out is independent and unfortified at its maximum."""
    listed = view["areas"].get(aid)
    if listed is not None:
        return dict(listed)
    return {"owner": None, "social_state": m.area(aid).max_social_state, "fortification": 0, "unrest": False}


def _now(view: View, aid: str) -> tuple[str, str]:
    """An area's language and its religion now (the view lists the religion of every area it lists)."""
    lang, church = _terms(view["scenario"])[aid]
    return lang, str(view["areas"].get(aid, {}).get("religion", church))


def convert_choice(view: View, actions: list[Action], me: str) -> Action | None:
    """The conversion the normal bot makes, or None: among its areas whose religion adds to their rebellion value,
    the one it adds most to (then the most populous), when one die beats the differential at least half the time,
    the gold spent leaves the defence's two and none of its areas is in unrest."""
    if view["empires"][me]["gold"] - convert_cost() < KEEP_GOLD:
        return None
    if any(a["owner"] == me and a["unrest"] for a in view["areas"].values()):
        return None  # unrest is ruled away first
    church = _court_terms(view, me)[1]
    weight = load_tables().rebellion_value.religion
    best: tuple[int, int, str] | None = None
    for a in actions:
        if a["type"] != "convert" or chance(int(a["differential"])) < 0.5:
            continue
        aid = str(a["area"])
        raised = weight[RELIGION_RELATIONS[religion_modifier(church, _now(view, aid)[1])]]
        key = (raised, load_map().area(aid).population, aid)
        if raised > 0 and (best is None or key > best):
            best = key
    return None if best is None else {"type": "convert", "area": best[2], "empire": me}


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
        kin = any(_area(view, n, m)["owner"] is None and _now(view, n) == _now(view, aid) for n in m.area(aid).links)
        ties = a.get("ties", {})
        taxed = TaxedArea(
            fortification=a["fortification"],
            language=LANGUAGE_RELATIONS[language_modifier(lang, terms[aid][0])],
            religion=RELIGION_RELATIONS[religion_modifier(church, _now(view, aid)[1])],
            own_tie=ties.get(me, 0) > 0,
            other_ties=sum(n for other, n in ties.items() if other != me),
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


def _conquest_ratings(actions: list[Action]) -> dict[str, int]:
    """The best conquest rating before gold listed for each area."""
    best: dict[str, int] = {}
    for a in actions:
        if a["type"] == "endeavour" and a["endeavour"] == "conquest":
            best[a["area"]] = max(best.get(a["area"], -99), int(a["er"]))
    return best


#: What a conquest of a Magnate's seat is worth more than another's (EMP-M11: taking his seat ends him, his other
#: areas stay independent and calm).
MAGNATE_SEAT = 15.0


def magnate_seats(view: View) -> set[str]:
    """The seats of the Magnates on the map (the view's ``magnates``, rewrite 24.0; empty with the option off)."""
    return {str(g["seat"]) for g in view.get("magnates") or []}


def magnate_threats(view: View, m: EmpiresMap) -> set[str]:
    """The areas a Magnate may attack in his next conquest (EMP-M10: a land area linked to one of his): those linked
    to a Magnate's area, and those he already holds C results against."""
    out: set[str] = set()
    for g in view.get("magnates") or []:
        out.update(str(aid) for aid in g["partial"])
        for held in g["areas"]:
            out.update(m.area(held).links)
    return out


def _score(
    view: View,
    action: Action,
    spare: int,
    m: EmpiresMap,
    conquest: dict[str, int] | None = None,
    *,
    plans: bool = True,
) -> tuple[float, int]:
    """How much the normal bot wants an endeavour (0: not at all) and the gold it would add; ``conquest`` is the
    best listed conquest rating of each area (diplomacy goes where conquest is poor); ``plans``: the Magnates'
    plans (a seat's conquest first, fortification against them; issue 28 point 5)."""
    me = str(action.get("empire", view["role"]))
    kind, aid, er = action["endeavour"], action["area"], int(action["er"])
    gold = min(_gold_for(er, spare), int(action["max_gold"]))
    rating = er + gold
    a = _area(view, aid, m)
    area = m.area(aid)
    if kind == "ruling":
        if a["unrest"]:
            return (0.0, 0) if final_round(view) else _calming(er, spare)
        if a["social_state"] < area.max_social_state and rating >= 1:
            return 20.0 + rating + area.population, gold
        return 0.0, 0
    if kind == "conquest":
        if rating < 5:
            return 0.0, 0
        owner_bonus = 10.0 if a["owner"] is None else 0.0
        seat = MAGNATE_SEAT if plans and aid in magnate_seats(view) else 0.0
        return 40.0 + owner_bonus + seat + 2 * rating + area.population + area.max_social_state, gold
    if kind == "fortification":
        border = any(_area(view, n, m)["owner"] not in (me,) for n in area.links)
        if rating < 1:
            return 0.0, 0
        top = load_tables().max_fortification  # the Court's aim where it borders another empire's
        if aid == view["empires"][me]["court"] and border and a["fortification"] < top:  # its Court first
            return 90.0 + rating - 5 * a["fortification"], gold
        if a["fortification"] < UNLIKE_FORT and _unlike(view, aid, me):  # -1 on its rebellion value a level
            return 25.0 + rating + area.population - 5 * a["fortification"], gold
        if plans and a["fortification"] < UNLIKE_FORT and aid in magnate_threats(view, m):  # -1 on his rating a level
            return 28.0 + rating + area.population - 5 * a["fortification"], gold
        if a["fortification"] == 0 and border:
            return 12.0 + rating + area.population, gold
        return 0.0, 0
    if kind == "pillage":
        return (5.0 + rating, gold) if rating >= 5 and a["owner"] is not None else (0.0, 0)
    if kind == "diplomacy" and any(e["court"] == aid and eid != me for eid, e in view["empires"].items()):
        # courting a non-player empire's Court (33.41): an ally is worth a conquest
        return (45.0 + 2 * rating, gold) if rating >= 5 else (0.0, 0)
    if kind == "diplomacy" and a["owner"] == me:  # its tie: a claim (18.0) and -2 on the rebellion value
        return (_own_tie_worth(view, aid, me) + rating + area.population, gold) if rating >= 1 else (0.0, 0)
    if kind == "diplomacy":  # a tie, or C results toward the area where conquest is poor (rewrite 12.0)
        poor = (conquest or {}).get(aid, -99) + spare < 5
        if poor and rating >= 5:
            return 30.0 + rating + area.population + (5.0 if a["owner"] is None else 0.0), gold
        return 0.0, 0
    return 0.0, 0


def final_round(view: View) -> bool:
    """The scenario's last round: victory points are counted when it ends (rewrite 26.0), so unrest no longer costs
    anything and gold kept is worth nothing."""
    return int(view["round"]) >= int(view["rounds"])


def reserve(view: View, me: str) -> tuple[int, int]:
    """The gold and Year Cards the normal bot keeps for defensive endeavours (13.0): none in the last round; two
    defences' worth while another empire's area borders its Court (an Independent attacks a Court again and again,
    33.24, and a lost Court moves and costs its areas, EMP-X01); else one."""
    if final_round(view):
        return 0, 0
    m, court = load_map(), view["empires"][me]["court"]
    if any(_area(view, n, m)["owner"] not in (me, None) for n in m.area(court).links):
        return 2 * KEEP_GOLD, 2 * KEEP_CARDS
    return KEEP_GOLD, KEEP_CARDS


def final_taxation(view: View, actions: list[Action], me: str) -> Action | None:
    """The last round's taxation: every calm area plundered (16.2: its tax and its population in gold; the unrest
    that follows costs no victory points, EMP-P01), so the gold buys conquests and rulings before the count; an area
    already in unrest is left alone (plundered, it would take a rebellion check). None when there is nothing to take."""
    listed = {a["plunder"][0] for a in actions if a["type"] == "tax" and a.get("plunder")}
    calm = sorted(aid for aid in listed if not view["areas"][aid]["unrest"])
    if calm:
        return {"type": "tax", "areas": {}, "plunder": calm, "empire": me}
    plan = tax_plan(view, 1, me)
    return {"type": "tax", "areas": plan, "empire": me} if plan else None


def _calming(er: int, spare: int) -> tuple[float, int]:
    """A ruling on an area in unrest, before anything else: with the gold to spare (the defence's is kept: a Court
    left undefended is soon lost) that lifts it past the band where a -1 can come (+5; a -1 there costs a social
    state and a rebellion check at 5 above the area's value, 17.0); else at +1 with what it takes; never below."""
    for band in BANDS[1:2] + BANDS[:1]:
        if er + spare >= band:
            gold = max(0, band - er)
            return 100.0 + er + gold, gold
    return 0.0, 0


def _unlike(view: View, aid: str, me: str) -> bool:
    """The area's language or religion differs from the empire's Court's: a Leader Dies Heirless puts it in unrest
    and checks it for rebellion (EMP-V02), and its rebellion value is higher at every taxation."""
    return _now(view, aid) != _court_terms(view, me)


def _own_tie_worth(view: View, aid: str, me: str) -> float:
    """How much the normal bot wants a tie to an area of its own: the claim it brings is victory points at the end
    (EMP-P01) and the -2 on the rebellion value keeps an area unlike its Court through a Leader Dies Heirless or a
    revolt (EMP-V02); so an unlike or unclaimed area's tie comes before a conquest."""
    claimed = aid in view["empires"][me]["claims"]
    return (30.0 if _unlike(view, aid, me) else 20.0) + (0.0 if claimed else 25.0)


class NormalBot:
    """A plain sensible empire (see the module docstring). ``plans`` (on by default) adds the plans of issue 28
    point 5: around Magnates (their seats conquered first, the areas they threaten fortified) and the last round's
    purchase of a claim; off, the bot plays as it did before them (``benchmarks/empires2_bots.py --plans`` measures
    the one against the other)."""

    def __init__(self, *, plans: bool = True) -> None:
        self.plans = plans

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
        if grand_diplomacy.ANSWER in kinds:
            return answer_agreement(view, view["role"])
        if "vote" in kinds:  # a parley's issue is always a claim for the other player (EMP-P03)
            return {"type": "vote", "yes": False}
        if "place" in kinds:
            first = min((a for a in actions if a["type"] == "place"), key=lambda a: int(a["place"]))
            return _clean(first, 0)
        # The empire whose turn this is: the seat's own or an ally it runs (33.31); every turn action names it.
        me = next((a["empire"] for a in actions if a["type"] in ("endeavour", "tax", "end_turn")), view["role"])
        e = view["empires"][me]
        if "play_event" in kinds:
            return play_event(view, [a for a in actions if a["type"] == "play_event"])
        last = final_round(view)
        final = final_taxation(view, actions, me) if "tax" in kinds and last else None
        if final is not None:
            return final
        if "tax" in kinds:
            plan = tax_plan(view, 0 if e["gold"] >= RICH else 1, me)
            stripped = _plunder_choice(view, actions, me, e["gold"] + sum(plan.values()))
            if stripped is not None:
                plan.pop(stripped, None)
                return {"type": "tax", "areas": plan, "plunder": [stripped], "empire": me}
            if plan:
                return {"type": "tax", "areas": plan, "empire": me}
        penance = next((a for a in actions if a["type"] == "penance"), None)
        if penance is not None and e["gold"] - int(penance["cost"]) >= KEEP_GOLD:
            return _clean(penance, 0)
        convert = convert_choice(view, actions, me)
        if convert is not None:
            return convert
        m = load_map()
        endeavours = [a for a in actions if a["type"] == "endeavour"]
        can_end = "end_turn" in kinds
        keep_gold, keep_cards = reserve(view, me)
        if can_end and e["year_cards"] <= keep_cards:
            return _before_ending(view, actions, me, plans=self.plans)
        best: tuple[float, float, Action, int] | None = None
        conquest = _conquest_ratings(endeavours)
        for a in endeavours:
            spare = int(a["max_gold"]) - keep_gold
            score, gold = _score(view, a, max(0, spare), m, conquest, plans=self.plans)
            if a["max_gold"] < keep_gold and a["endeavour"] != "ruling":
                continue  # its cost would eat the defence's gold
            if a.get("excommunicates"):
                continue  # an attack on the Holy See (EMP-E08)
            key = (score, rng.random(), a, gold)
            if score > 0 and (best is None or key[:2] > best[:2]):
                best = key
        if best is not None:
            return _clean(best[2], best[3])
        if can_end:
            return _before_ending(view, actions, me, plans=self.plans)
        # One endeavour is required (rewrite 9.0): the least harmful, a ruling at its best rating.
        fallback = max(endeavours, key=lambda a: (not a.get("excommunicates"), a["endeavour"] == "ruling", a["er"]))
        return _clean(fallback, 0)


def answer_agreement(view: View, me: str) -> Action:
    """EMP-G07: accept the open agreement only when it raises ``me``'s victory points (``victory.py``'s count, on a
    copy of the view's areas and empires with the agreement carried out); never one that lowers or keeps them."""
    p = view["agreement"]
    after: dict[str, Any] = {
        "areas": copy.deepcopy(view["areas"]),
        "empires": copy.deepcopy(view["empires"]),
        "scenario": view["scenario"],
    }
    before = victory.player_points(after, me)["total"]
    try:
        grand_diplomacy.carry_out(after, p["proposer"], p["to"], p["gives"], p["gets"])
    except ValueError:
        return {"type": grand_diplomacy.ANSWER, "accept": False}
    return {"type": grand_diplomacy.ANSWER, "accept": victory.player_points(after, me)["total"] > before}


def play_event(view: View, plays: list[Action]) -> Action:
    """A held Event Card at the first chance: one that strikes a leader on the other seat's empire if it may, else on
    the empire with the strongest leader; Royal Marriage on the Court it is nearest to allying."""

    def want(a: Action) -> tuple[int, float]:
        target = view["empires"][a["target"]]
        if a["card"] == "royal_marriage":
            need = target.get("ties_required") or 1
            return 0, target["court_ties"].get(view["role"], 0) / need
        if target.get("ally_of") == view["role"]:
            return -1, 0.0
        rival = target["status"] == "player" and a["target"] != view["role"]
        return int(rival), float(sum(target["leader"].values()))

    best: Action = max(plays, key=want)
    return dict(best)


#: The gold a conquest needs with the defence's gold kept (its cost, 2, and KEEP_GOLD): below it, plunder pays.
POOR = 4


def _plunder_choice(view: View, actions: list[Action], me: str, gold_after_tax: int) -> str | None:
    """The area the normal bot plunders (16.2) when its gold after taxation is short of a conquest: a calm area
    besides its Court that its leader's ruling can bring back to calm (rating +1 or more), the most gold first."""
    if gold_after_tax >= POOR:
        return None
    e = view["empires"][me]
    terms = _terms(view["scenario"])
    lang, church = _court_terms(view, me)
    m = load_map()
    best: tuple[int, str] | None = None
    for a in actions:
        if a["type"] != "tax" or not a.get("plunder"):
            continue
        aid = a["plunder"][0]
        area = view["areas"][aid]
        if aid == e["court"] or area["unrest"]:
            continue
        culture = language_modifier(lang, terms[aid][0]) + religion_modifier(church, terms[aid][1])
        if e["leader"]["administrative"] - abs(area["social_state"]) - culture < 1:
            continue
        gold = max(0, area["social_state"]) + max(0, m.area(aid).population)
        if best is None or (gold, aid) > best:
            best = (gold, aid)
    return best[1] if best else None


def _before_ending(view: View, actions: list[Action], me: str, *, plans: bool = True) -> Action:
    """The turn's last move: a parley on claims if one may be called (EMP-P03), else, in the last round, an offer
    of its gold for a claim (``last_round_offer``), else the end of the turn."""
    areas = _parley_areas(view, actions)
    if areas:
        return {"type": "parley", "areas": areas}
    offer = last_round_offer(view, me) if plans else None
    if offer is not None:
        return offer
    return {"type": "end_turn", "empire": me}


def last_round_offer(view: View, me: str) -> Action | None:
    """EMP-G07: at the end of its own player-turn in the scenario's last round the gold it holds buys nothing more
    (the victory points are counted when the round ends, rewrite 26.0), so the normal bot offers all of it for the
    other player's claim to an area it possesses and does not claim (2 points to it at the end, EMP-P01): the most
    valuable such area, then by name. None if no agreement may be proposed, it holds no gold, or there is no such
    claim."""
    if not final_round(view) or not view.get("may_propose") or me != view["role"]:
        return None
    gold = int(view["empires"][me]["gold"])
    other = next((eid for eid, e in view["empires"].items() if e["status"] == "player" and eid != me), None)
    if gold <= 0 or other is None:
        return None
    m, mine = load_map(), set(view["empires"][me]["claims"])
    wanted = [
        aid
        for aid in view["empires"][other]["claims"]
        if aid not in mine and view["areas"].get(aid, {}).get("owner") == me
    ]
    if not wanted:
        return None
    best = max(wanted, key=lambda aid: (m.area(aid).population + view["areas"][aid]["social_state"], aid))
    return {"type": grand_diplomacy.PROPOSE, "gives": {"gold": gold}, "gets": {"claims": [best]}}


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
