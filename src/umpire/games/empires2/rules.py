"""Empires for Two (seed 002) as a ruleset: two player seats, every other empire Independent (33.11).

A round (rewrite 6.0): the Year Cards are dealt, initiative decides who picks a place in the round first
(Independent Empires take the earliest free place, 33.12), then each empire takes its player-turn in that order:
an Independent's by the engine (``independent.py``), a player's by its actions, and at the end of the round the
Year Cards left unused are turned over for stature checks. Actions (each listed in the acting seat's view):
``{"type": "place", "place": 2}``, ``{"type": "endeavour", "endeavour": "ruling", "area": "saxony", "gold": 1}``,
``{"type": "tax", "areas": {"saxony": 2}}``, ``{"type": "end_turn"}``, and while an asylum question is open (33.61,
``demise.py``) ``{"type": "asylum", "grant": true}``. What is not built (Allied Empires 33.3, alliances 33.4,
diplomacy, plunder, most Event Card effects) is refused or stops the game with a message naming it
(docs/status.md).
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, demise, events, independent
from umpire.games.empires2.economy import max_tax, tax_area, tax_gold
from umpire.games.empires2.endeavours import endeavour_cost
from umpire.games.empires2.mapdata import load_map
from umpire.games.empires2.scenario import load_scenario
from umpire.games.empires2.sequence import (
    deal_year_cards,
    earliest_free,
    initiative_rating,
    place_in_round,
    roll_initiative,
    round_years,
)
from umpire.kernel.errors import IllegalAction
from umpire.kernel.limits import ActionLimits
from umpire.kernel.registry import register
from umpire.kernel.ruleset import GM, Option, Ruleset, RulesetInfo, Scenario

State = dict[str, Any]

#: EMP-S11: the empires the two seats play in each scenario; every other one is Independent.
PLAYER_EMPIRES: dict[str, tuple[str, str]] = {
    "charlemagne": ("frankish", "byzantine"),
    "millennium": ("germany", "byzantine"),
}
PLAYER_ENDEAVOURS = ("ruling", "fortification", "conquest", "pillage")
NOT_BUILT = {
    "diplomacy": "diplomatic endeavours (rewrite 12.0) and the alliances they lead to (33.4)",
    "plunder": "plunder (rewrite 16.2)",
    "ally": "Allied Empires (33.3) and gaining alliances (33.4)",
}


class EmpiresForTwo(Ruleset):
    """Empires of the Middle Ages for two players, the other empires Independent (seed 002, 33.1-33.2)."""

    info = RulesetInfo(
        name="empires2",
        title="Empires for Two (engine in progress: Independent Empires; no alliances yet)",
        seed="002",
        scenarios=(
            Scenario("millennium", "Millennium 976: Germany and Byzantium, five Independent Empires"),
            Scenario("charlemagne", "Charlemagne 771: the Franks and Byzantium"),
        ),
        browser=False,
        options=(Option("seats", "scenario", ("scenario",), "the seats play the scenario's two empires (EMP-S11)"),),
    )

    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        sc = load_scenario(scenario)
        state.update(board.new_state(sc, PLAYER_EMPIRES[scenario]))
        state["options"] = options
        state["scenario"] = scenario
        state["rounds"] = sc.rounds
        state["start_year"] = sc.start_year
        state["round"] = 0
        state["phase"] = "round"
        state["order"] = []
        state["picking"] = []
        state["turn_index"] = 0
        state["current"] = None
        state["over"] = False
        state["event_deck"] = events.shuffled_deck(state)
        state["control"] = {
            eid: eid if e["status"] == board.PLAYER else "engine" for eid, e in state["empires"].items()
        }

    def seats(self, state: State) -> list[str]:
        return [eid for eid, e in state["empires"].items() if e["status"] == board.PLAYER]

    # --- the engine ---------------------------------------------------------------------------------------------

    def advance(self, state: State) -> None:
        if state.get("blocked"):
            return
        try:
            _advance(state)
        except NotImplementedError as missing:
            state["blocked"] = str(missing)
            board.log(state, f"umpire stops here: {missing} is not built yet")

    # --- views and actions ----------------------------------------------------------------------------------------

    def view(self, state: State, role: str) -> dict[str, Any]:
        empires = {
            eid: {
                "name": e["name"],
                "status": e["status"],
                "court": e["court"],
                "gold": e["gold"],
                "leader": e["leader"],
                "year_cards": len(e["year_cards"]),
                "held": e["held"] if role in (eid, GM) else len(e["held"]),
                "in_play": e["in_play"],
                "demise": e.get("demise"),
            }
            for eid, e in state["empires"].items()
        }
        return {
            "ruleset": "empires2",
            "scenario": state["scenario"],
            "role": role,
            "round": state["round"],
            "years": list(round_years(state["start_year"], max(1, state["round"]))),
            "phase": state["phase"],
            "order": state["order"],
            "current": state["current"],
            "areas": {
                aid: {k: a[k] for k in ("owner", "social_state", "fortification", "unrest")}
                for aid, a in state["areas"].items()
                if a["owner"] or a["fortification"]
            },
            "empires": empires,
            "log": state["log"][-60:],
            "over": state["over"],
            "blocked": state.get("blocked"),
            "acting": _acting(state),
            "actions": [] if state.get("blocked") or state["over"] else legal_actions(state, role),
            "asylum": demise.view(state, role),
        }

    def apply(self, state: State, role: str, action: dict[str, Any]) -> None:
        if state.get("blocked"):
            raise IllegalAction(
                f"the game cannot go on: {state['blocked']} is not built yet in umpire (docs/status.md)"
            )
        if action["type"] in NOT_BUILT:
            raise IllegalAction(f"{NOT_BUILT[action['type']]} is not built yet in umpire (docs/status.md)")
        if role not in self.seats(state):
            raise IllegalAction(f"{role!r} has no actions; the seats are {', '.join(self.seats(state))}")
        if role not in _acting(state):
            raise IllegalAction(f"it is not {role}'s move; waiting for {', '.join(_acting(state)) or 'nobody'}")
        kind = action["type"]
        if demise.pending(state):
            if kind != "asylum":
                raise IllegalAction(f"an asylum question (33.61) is open: answer it with 'asylum', not {kind!r}")
            demise.answer(state, role, action.get("grant"))
        elif kind == "place" and state["phase"] == "place":
            _place(state, role, action)
        elif kind == "endeavour" and state["phase"] == "turn":
            _endeavour(state, role, action)
        elif kind == "tax" and state["phase"] == "turn":
            _tax(state, role, action)
        elif kind == "end_turn" and state["phase"] == "turn":
            _end_turn(state, role)
        else:
            raise IllegalAction(
                f"no {kind!r} action now; legal: {sorted({a['type'] for a in legal_actions(state, role)})}"
            )

    def action_limits(self, state: State, role: str) -> ActionLimits:
        return ActionLimits(max_depth=2, max_string=40, max_items=200, max_values=200, max_number=99)


def _acting(state: State) -> list[str]:
    if state["over"] or state.get("blocked"):
        return []
    if demise.pending(state):
        return demise.waiting_for(state)
    if state["phase"] == "place" and state["picking"]:
        return [state["picking"][0]]
    if state["phase"] == "turn" and state["current"]:
        return [state["current"]]
    return []


def legal_actions(state: State, role: str) -> list[dict[str, Any]]:
    """What ``role`` may do now; an endeavour is listed with no gold, its most gold as ``max_gold`` and its
    effectiveness rating before gold as ``er`` (both are information: ``apply`` reads only the other keys)."""
    if role not in _acting(state):
        return []
    if demise.pending(state):
        return demise.actions(state, role)
    if state["phase"] == "place":
        return [{"type": "place", "place": i + 1} for i, held in enumerate(state["order"]) if held is None]
    e = state["empires"][role]
    out: list[dict[str, Any]] = []
    m = load_map()
    if e["year_cards"]:
        for kind in PLAYER_ENDEAVOURS:
            cost = endeavour_cost(kind)
            if cost > e["gold"]:
                continue
            own = kind in ("ruling", "fortification")
            for aid in board.areas_of(state, role) if own else board.neighbours(state, role, m):
                er = independent.basic_er(state, role, kind, aid, m)
                out.append(
                    {
                        "type": "endeavour",
                        "endeavour": kind,
                        "area": aid,
                        "gold": 0,
                        "max_gold": e["gold"] - cost,
                        "er": er,
                    }
                )
    if not state.get("taxed"):
        out.append(
            {
                "type": "tax",
                "areas": {aid: 1 for aid in board.areas_of(state, role) if state["areas"][aid]["social_state"] >= 1},
            }
        )
    if state.get("endeavours", 0) or not any(a["type"] == "endeavour" for a in out):
        out.append({"type": "end_turn"})
    return out


def _advance(state: State) -> None:
    while not state["over"] and not demise.pending(state):
        if state["phase"] == "round":
            _start_round(state)
        elif state["phase"] == "place":
            picker = state["picking"][0] if state["picking"] else None
            if picker is None:
                state["phase"], state["turn_index"] = "turn", 0
            elif state["empires"][picker]["status"] != board.PLAYER:
                place = earliest_free(state["order"])
                state["order"] = place_in_round(state["order"], picker, place)
                state["picking"].pop(0)
                board.log(
                    state, f"Independent {board.name(state, picker)} takes place {place}, the earliest free (33.12)"
                )
            else:
                return
        elif state["phase"] == "turn":
            if state["current"]:
                return
            if state["turn_index"] >= len(state["order"]):
                _end_round(state)
                continue
            eid = state["order"][state["turn_index"]]
            if not demise.in_play(state, eid) or state["empires"][eid]["status"] == demise.ALLIED:
                board.log(state, f"{board.name(state, eid)} takes no player-turn: {_no_turn(state, eid)}")
                state["turn_index"] += 1
            elif state["empires"][eid]["status"] == board.INDEPENDENT:
                independent.case_33_22_turn(state, eid)
                state["turn_index"] += 1
            else:
                _start_player_turn(state, eid)


def _no_turn(state: State, eid: str) -> str:
    fate = demise.demise_of(state, eid)
    if fate is not None:
        return f"{fate} (33.6, rewrite 21.0)"
    if not board.areas_of(state, eid):
        return "it holds no area"
    return "Allied Empires' turns (33.31) are not built on this branch"


def _start_round(state: State) -> None:
    state["round"] += 1
    first, last = round_years(state["start_year"], state["round"])
    board.log(state, f"Round {state['round']} ({first}-{last})")
    live = [eid for eid in state["empires"] if demise.in_play(state, eid)]
    hands = deal_year_cards(state, live)
    for eid, hand in hands.items():
        state["empires"][eid]["year_cards"] = [board.card_json(c) for c in hand]
    ratings = {eid: initiative_rating(board.leader(state, eid), len(board.areas_of(state, eid))) for eid in live}
    state["picking"] = roll_initiative(state, ratings)
    state["order"] = [None] * len(live)
    board.log(state, "initiative: " + ", ".join(f"{board.name(state, e)} {ratings[e]}" for e in state["picking"]))
    state["phase"] = "place"


def _end_round(state: State) -> None:
    for eid, e in state["empires"].items():
        marked = [c["id"] for c in e["year_cards"] if c["stature_check"]]
        e["year_cards"] = []
        if marked:
            board.log(state, f"{e['name']}: unused Year Card {marked[0]} turned over calls a stature check")
            independent.stature_check_now(state, eid, None)
    state["current"] = None
    if state["round"] >= state["rounds"]:
        state["over"] = True
        board.log(state, "the scenario's last round is over; victory points (rewrite 26.0, 33.5) are not built yet")
    else:
        state["phase"] = "round"


def _place(state: State, role: str, action: dict[str, Any]) -> None:
    place = action.get("place")
    if not isinstance(place, int) or isinstance(place, bool):
        raise IllegalAction(f"'place' must be a whole number 1..{len(state['order'])}, not {place!r}")
    try:
        state["order"] = place_in_round(state["order"], role, place)
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    state["picking"].pop(0)
    board.log(state, f"{board.name(state, role)} takes place {place}")


def _start_player_turn(state: State, eid: str) -> None:
    state["current"] = eid
    state["taxed"] = False
    state["endeavours"] = 0
    card = independent.draw_event(state)
    info = events.load_event_cards().card(card)
    e = state["empires"][eid]
    if info.holding:
        e["held" if not info.kept_when_played else "in_play"].append(card)
        board.log(state, f"{e['name']}: Event Card {info.name}, kept")
    elif card == independent.LEADER_DIES_HEIRLESS:
        independent.case_33_24a_leader_dies_heirless(state, eid)
        state["event_discard"].append(card)
    else:
        board.log(state, f"{e['name']}: Event Card {info.name}: its effect is not built yet (docs/status.md)")
        state["event_discard"].append(card)


def _endeavour(state: State, role: str, action: dict[str, Any]) -> None:
    kind, aid, gold = action.get("endeavour"), action.get("area"), action.get("gold", 0)
    if kind not in PLAYER_ENDEAVOURS:
        raise IllegalAction(f"'endeavour' must be one of {', '.join(PLAYER_ENDEAVOURS)}, not {kind!r}")
    if not isinstance(gold, int) or isinstance(gold, bool) or gold < 0:
        raise IllegalAction(f"'gold' must be a whole number from 0, not {gold!r}")
    legal = {a["area"] for a in legal_actions(state, role) if a.get("endeavour") == kind}
    if not isinstance(aid, str) or aid not in legal:
        raise IllegalAction(f"no {kind} on {aid!r} now; possible areas: {', '.join(sorted(legal)) or 'none'}")
    e = state["empires"][role]
    cost = endeavour_cost(kind)
    if cost + gold > e["gold"]:
        raise IllegalAction(f"{kind} costs {cost} gold and {gold} more is asked; the treasury holds {e['gold']}")
    m = load_map()
    base = independent.base_for(state, role, aid, m) if kind in ("conquest", "pillage") else None
    plan = independent.Plan(0, kind, aid, base, independent.basic_er(state, role, kind, aid, m), gold)
    independent.attempt(state, role, plan, None, m)
    state["endeavours"] += 1


def _tax(state: State, role: str, action: dict[str, Any]) -> None:
    if state.get("taxed"):
        raise IllegalAction("one taxation a player-turn (rewrite 16.1); this turn's is done")
    areas = action.get("areas")
    if not isinstance(areas, dict):
        raise IllegalAction("'areas' must map your areas to the gold taken from each")
    m = load_map()
    own = set(board.areas_of(state, role))
    for aid, gold in areas.items():
        if aid not in own:
            raise IllegalAction(f"{aid!r} is not an area of {board.name(state, role)}")
        most = max_tax(state["areas"][aid]["social_state"])
        if not isinstance(gold, int) or isinstance(gold, bool) or not 0 <= gold <= most:
            raise IllegalAction(f"{aid} yields 0..{most} gold, not {gold!r}")
    e = state["empires"][role]
    for aid, gold in sorted(areas.items()):
        result = tax_area(
            state, aid, state["areas"][aid]["social_state"], gold, independent.taxed_area(state, role, aid)
        )
        board.log(
            state, f"{e['name']}: {gold} gold from {m.area(aid).name}, rebellion value {result.value}: {result.outcome}"
        )
        independent.rebellion_outcome(state, aid, result.outcome, None, m)
    total = tax_gold(dict(areas), e["in_play"].count(independent.DEMESNE))
    e["gold"] += total
    state["taxed"] = True
    board.log(state, f"{e['name']}: taxation brings {total} gold, treasury {e['gold']}")


def _end_turn(state: State, role: str) -> None:
    if not any(a["type"] == "end_turn" for a in legal_actions(state, role)):
        raise IllegalAction("at least one endeavour each player-turn (rewrite 9.0) before ending it")
    state["empires"][role]["attacked"] = []
    state["current"] = None
    state["turn_index"] += 1
    board.log(state, f"{board.name(state, role)} ends its player-turn")


RULESET = register(EmpiresForTwo())
