"""Empires for Two (seed 002) as a ruleset: two player seats, every other empire Independent (33.11).

A round (rewrite 6.0): the Year Cards are dealt, initiative decides who picks a place in the round first
(Independent Empires take the earliest free place, 33.12), then each empire takes its player-turn in that order:
an Independent's by the engine (``independent.py``), a player's by its actions, and at the end of the round the
Year Cards left unused are turned over for stature checks. Actions (each listed in the acting seat's view):
``{"type": "place", "place": 2}``, ``{"type": "endeavour", "endeavour": "ruling", "area": "saxony", "gold": 1}``,
``{"type": "tax", "areas": {"saxony": 2}}``, ``{"type": "end_turn"}``, and while an asylum question is open (33.61,
``demise.py``) ``{"type": "asylum", "grant": true}``; while a player's empire is attacked, his defence (rewrite 13.0,
``defence.py``): ``{"type": "defend", "gold": 1}`` or ``{"type": "defend", "defend": false}``. An Allied Empire
(33.3) is run by its player in its own place with its own leader: his actions for it carry ``"empire": <id>``.
Alliances (33.4, ``alliances.py``): ``{"type": "endeavour", "endeavour": "diplomacy", "area": <a Court>}``,
sealed bids ``{"type": "bid", "gold": 2}``,
``{"type": "end_alliance", "empire": <id>}``, ``{"type": "coup", "empire": <id>}``,
``{"type": "hinder", "empire": <id>, "on": false}``; parleys (EMP-P03, ``parley.py``): ``{"type": "parley",
"areas": [<area>, ...]}`` in the player's own turn and ``{"type": "vote", "yes": false}`` on each issue; exchanges
within a player's empires (33.32, ``exchange.py``):
``{"type": "exchange", "what": "areas", "trade": {"germany": "lorraine", "burgundy": "provence"}}`` and an
endeavour's ``"paid_by": {"germany": 2}``; a held Event Card played in the player-turn (``event_effects.py``):
``{"type": "play_event", "card": "assassination", "target": <empire id>}``. Diplomacy against any other area
(rewrite 12.0, ``diplomacy.py``), by a player's empire or an ally: ``{"type": "endeavour", "endeavour":
"diplomacy", "area": "flanders"}``; plunder in the taxation (rewrite 16.2, ``plunder.py``): ``{"type": "tax",
"areas": {...}, "plunder": ["saxony"]}``; a conversion (rewrite 22.0, ``conversion.py``), once in a player-turn:
``{"type": "convert", "area": "saxony"}``; an agreement between the players (rewrite 20.0, ``grand_diplomacy.py``)
proposed in the player's own turn, ``{"type": "propose", "gives": {"gold": 2}, "gets": {"claims": ["saxony"]}}``,
and answered ``{"type": "agreement", "accept": true}``; penance lifting an excommunication (rewrite 22.1,
``excommunication.py``): ``{"type": "penance"}``. Options (rewrite 23.0, ``schism.py``): ``schism`` (the churches one
until 1054), ``crusades`` (refused: no scenario here reaches 1096). What is not built is refused or stops the game
with a message naming it (docs/status.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2 import (
    alliances,
    board,
    conversion,
    course,
    defence,
    demise,
    diplomacy,
    event_effects,
    events,
    exchange,
    excommunication,
    grand_diplomacy,
    independent,
    labels,
    magnates,
    optional_rules,
    owner_data,
    parley,
    plunder,
    raiders,
    schism,
    unrest,
    victory,
)
from umpire.games.empires2.alliances import case_33_41_ties_required as ties_required
from umpire.games.empires2.economy import max_tax, tax_area, tax_gold
from umpire.games.empires2.endeavours import endeavour_cost
from umpire.games.empires2.excommunication import PENANCE
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
#: Actions a player may take whatever the turn (33.43 "at his whim", 33.49 "at any time").
ANY_TIME = ("end_alliance", "hinder")


class EmpiresForTwo(Ruleset):
    """Empires of the Middle Ages for two players, the other empires Independent (seed 002, 33.1-33.2)."""

    info = RulesetInfo(
        name="empires2",
        title="Empires for Two (Empires of the Middle Ages, authored base game)",
        seed="002",
        scenarios=(
            Scenario("millennium", "Millennium 976: Germany and Byzantium, five Independent Empires"),
            Scenario("charlemagne", "Charlemagne 771: the Franks and Byzantium"),
        ),
        browser=True,
        options=(
            Option("seats", "scenario", ("scenario",), "the seats play the scenario's two empires (EMP-S11)"),
            Option(
                course.LEAVE_OUT,
                course.NONE,
                course.CHOICES,
                "Millennium only: one of its smaller empires left out of the game (33.11, EMP-S16)",
            ),
            *optional_rules.RULE_OPTIONS,
            Option(
                victory.AUTHORED_ADJUSTMENT,
                True,
                (True, False),
                "Millennium's authored Byzantine victory point adjustment that levels the seats (EMP-P10); false "
                "plays the raw totals. Charlemagne's Frankish -40 is printed (27.92) and always counts",
            ),
            # Rewrite 23.0 (optional rules, EMP-E07 to E09): off unless asked for.
            Option(schism.SCHISM, False, (False, True), "the Catholic and Orthodox churches are one until 1054"),
            Option(
                schism.CRUSADES, False, (False,), "the crusades: not played, no scenario here reaches 1096 (EMP-E09)"
            ),
        ),
    )

    def option_values(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options, the two that cannot be played here refused with their reasons first (each offers only
        ``false``, so the new-game form does not show them)."""
        if options.get(schism.CRUSADES):
            raise ValueError(schism.case_23_2_crusades_refusal())
        if options.get("colonisation"):
            raise ValueError(optional_rules.colonisation_refusal())
        return super().option_values(options)

    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        owner_data.check()  # an owner's data folder (UMPIRE_DATA) is checked whole before a game starts on it
        players = PLAYER_EMPIRES[scenario]
        printed = load_scenario(scenario)
        left_out = options.get(course.LEAVE_OUT, course.NONE)
        sc = course.case_33_11_empires(printed, players, left_out)
        state.update(board.new_state(sc, players))
        if left_out != course.NONE:
            name = printed.empires[left_out].name
            board.log(
                state, f"{name} is left out of the game by the players' choice (33.11); its areas are independent"
            )
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
        state["control"] = {eid: eid if e["status"] == board.PLAYER else "engine" for eid, e in board.empires(state)}
        owner_data.note(state)

    def seats(self, state: State) -> list[str]:
        return [eid for eid, e in board.empires(state) if e["status"] == board.PLAYER]

    # --- the engine ---------------------------------------------------------------------------------------------

    def advance(self, state: State) -> None:
        if state.get("blocked"):
            return
        try:
            _advance(state)
            unrest.case_17_cut_off(state)  # 17.0: lines to a Court broken by whatever changed hands
        except NotImplementedError as missing:
            state["blocked"] = str(missing)
            board.log(state, f"umpire stops here: {missing} is not built yet")

    # --- views and actions ----------------------------------------------------------------------------------------

    def view(self, state: State, role: str) -> dict[str, Any]:
        colours = {eid: e.colour for eid, e in load_scenario(state["scenario"]).empires.items()}
        empires = {
            eid: {
                "name": e["name"],
                "colour": colours[eid],
                "status": e["status"],
                "court": e["court"],
                "gold": e["gold"],
                "leader": e["leader"],
                "year_cards": len(e["year_cards"]),
                "held": e["held"] if role in (eid, GM, alliances.case_33_31_controller(state, eid)) else len(e["held"]),
                "in_play": e["in_play"],
                "demise": e.get("demise"),
                "ally_of": e["ally_of"],
                "court_ties": e["court_ties"],
                "claims": e["claims"],
                "partial": {aid: sum(bases.values()) for aid, bases in e["partial"].items()},
                "ties_required": None if e["status"] == board.PLAYER else ties_required(state, eid),
                "alliance_points": e["alliance_points"],
                "victory_points": victory.empire_points(state, eid),
            }
            for eid, e in board.empires(state)
        }
        out = {
            "ruleset": "empires2",
            "scenario": state["scenario"],
            "role": role,
            "round": state["round"],
            "rounds": state["rounds"],
            "years": list(round_years(state["start_year"], max(1, state["round"]))),
            "phase": state["phase"],
            "order": state["order"],
            "current": state["current"],
            "areas": {
                aid: {k: a[k] for k in ("owner", "social_state", "fortification", "unrest", "ties", "religion")}
                for aid, a in state["areas"].items()
                if a["owner"] or a["fortification"] or a["ties"]
            },
            "empires": empires,
            "contests": _contests_view(state, role),
            "log": state["log"][-60:],
            "over": state["over"],
            "standings": victory.standings(state),
            "winner": state.get("winner"),
            "blocked": state.get("blocked"),
            "acting": _acting(state),
            "actions": [] if state.get("blocked") or state["over"] else legal_actions(state, role),
            "asylum": demise.view(state, role),
            "defence": defence.view(state),
            "parley": parley.view(state),
            "agreement": grand_diplomacy.view(state),
            "may_propose": grand_diplomacy.may_propose(state, role) and not _asked(state),
            "raids": raiders.view(state),
            "magnates": magnates.view(state),
            "church": excommunication.view(state),
        }
        out["action_labels"] = labels.labels(out)  # each action's button in words, in the same order
        out["decision_text"] = labels.decision_text(out)
        return out

    def apply(self, state: State, role: str, action: dict[str, Any]) -> None:
        owner_data.hold(state)
        if state.get("blocked"):
            raise IllegalAction(
                f"the game cannot go on: {state['blocked']} is not built yet in umpire (docs/status.md)"
            )
        try:
            _apply(self, state, role, action)
            unrest.case_17_cut_off(state)
        except NotImplementedError as missing:  # an action's outcome needs a rule not built (a lost Court's exile)
            state["blocked"] = str(missing)
            board.log(state, f"umpire stops here: {missing} is not built yet")

    def action_limits(self, state: State, role: str) -> ActionLimits:
        return ActionLimits(max_depth=3, max_string=40, max_items=200, max_values=200, max_number=99)


def _apply(rules: EmpiresForTwo, state: State, role: str, action: dict[str, Any]) -> None:
    """Check and carry out one action (see the module docstring for the forms)."""
    if role not in rules.seats(state):
        raise IllegalAction(f"{role!r} has no actions; the seats are {', '.join(rules.seats(state))}")
    kind = action["type"]
    if kind in ANY_TIME:
        _any_time(state, role, action)
        return
    if role not in _acting(state):
        raise IllegalAction(f"it is not {role}'s move; waiting for {', '.join(_acting(state)) or 'nobody'}")
    if kind == grand_diplomacy.PROPOSE and not _asked(state):
        with _refused():  # rewrite 20.0: a proposal, in the player's own turn with no question open (EMP-G02)
            grand_diplomacy.case_20_propose(state, role, action.get("gives"), action.get("gets"))
        return
    for question in QUESTIONS:
        if question.is_open(state):
            if kind != question.answer:
                raise IllegalAction(question.wanted(state, kind))
            with _refused():
                question.carry_out(state, role, action)
            return
    play = TURN_ACTIONS.get(kind)
    if play is None or state["phase"] != play.phase:
        raise IllegalAction(f"no {kind!r} action now; legal: {sorted({a['type'] for a in legal_actions(state, role)})}")
    eid = _for_empire(state, role, action) if play.for_empire else ""
    with _refused():
        play.carry_out(state, role, eid, action)


@contextlib.contextmanager
def _refused() -> Iterator[None]:
    """A rule function's ValueError, which names what is wrong, as the player's refusal."""
    try:
        yield
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def _deciding(state: State) -> str | None:
    """The empire whose decision the game waits for: the one picking a place, or the one whose turn it is."""
    if state["phase"] == "place" and state["picking"]:
        picker: str = state["picking"][0]
        return picker
    if state["phase"] == "turn" and state["current"]:
        current: str = state["current"]
        return current
    return None


def _acting(state: State) -> list[str]:
    """The seats the game waits for: the players sealing bids (33.46), else the player who runs the deciding
    empire (his own or his ally, 33.31)."""
    if state["over"] or state.get("blocked"):
        return []
    for question in QUESTIONS:
        if question.is_open(state):
            return question.waiting(state)
    eid = _deciding(state)
    who = alliances.case_33_31_controller(state, eid) if eid else None
    return [who] if who else []


def _for_empire(state: State, role: str, action: dict[str, Any]) -> str:
    """The empire an action is for: the deciding empire, named by ``"empire"`` (required for an ally, 33.31)."""
    eid = _deciding(state) or role
    named = action.get("empire", role)
    if named != eid:
        what = "place to pick" if state["phase"] == "place" else "player-turn"
        whose = "your own" if eid == role else f"{board.name(state, eid)}'s, your ally's"
        raise IllegalAction(f'it is {whose} {what}: name it with "empire": "{eid}", not {named!r}')
    return eid


def _bid_wanted(state: State) -> str:
    contest = state["contests"][0]
    return (
        f"a sealed bid is wanted first (33.46): {board.name(state, contest['empire'])}, {contest['why']}; "
        f'send {{"type": "bid", "gold": n}}'
    )


def _contests_view(state: State, role: str) -> list[dict[str, Any]]:
    """The queued contests; a bid shows to its own player (and the GM) only: to others "sealed" (33.46)."""
    out = []
    for c in state.get("contests") or []:
        bids = {p: (b if p == role or role == GM or b is None else "sealed") for p, b in c["bids"].items()}
        out.append({"empire": c["empire"], "kind": c["kind"], "why": c["why"], "bids": bids})
    return out


def legal_actions(state: State, role: str) -> list[dict[str, Any]]:
    """What ``role`` may do now; an endeavour is listed with no gold, its most gold as ``max_gold`` and its
    effectiveness rating before gold as ``er`` (both are information: ``apply`` reads only the other keys). Every
    action names the empire it is for. Exchanges (33.32) and ``paid_by`` are accepted when legal but not listed."""
    if role not in _acting(state):
        return []
    for question in QUESTIONS:
        if question.is_open(state):
            return question.actions(state, role)  # ``role`` is among those it waits for (_acting)
    eid = _deciding(state)
    assert eid is not None
    if state["phase"] == "place":
        return [
            {"type": "place", "place": i + 1, "empire": eid} for i, held in enumerate(state["order"]) if held is None
        ]
    e = state["empires"][eid]
    out: list[dict[str, Any]] = []
    m = load_map()
    if e["year_cards"]:
        for kind in PLAYER_ENDEAVOURS:
            cost = endeavour_cost(kind)
            if cost > e["gold"]:
                continue
            own = kind in ("ruling", "fortification")
            for aid in board.areas_of(state, eid) if own else board.neighbours(state, eid, m):
                er = independent.basic_er(state, eid, kind, aid, m)
                out.append(
                    {
                        "type": "endeavour",
                        "endeavour": kind,
                        "area": aid,
                        "gold": 0,
                        "max_gold": e["gold"] - cost,
                        "er": er,
                        "empire": eid,
                    }
                )
        cost = endeavour_cost("diplomacy")
        if cost <= e["gold"]:
            penalty = -alliances.case_33_43_penalty(state, eid)[0]
            # An exile's Court stays its Court: the same action courts it (_diplomacy), so it is listed once, below.
            courted = {state["empires"][t]["court"] for t in alliances.courtable(state, role)} if eid == role else set()
            for aid in diplomacy.listed_targets(state, eid, m):
                if aid in courted:
                    continue
                out.append(
                    {
                        "type": "endeavour",
                        "endeavour": "diplomacy",
                        "area": aid,
                        "gold": 0,
                        "max_gold": e["gold"] - cost,
                        "er": diplomacy.rating(state, eid, aid, 0, penalty),
                        "empire": eid,
                    }
                )
        if eid == role and cost <= e["gold"]:
            for target in alliances.courtable(state, role):
                court = state["empires"][target]["court"]
                out.append(
                    {
                        "type": "endeavour",
                        "endeavour": "diplomacy",
                        "area": court,
                        "gold": 0,
                        "max_gold": e["gold"] - cost,
                        "er": alliances.diplomacy_rating(state, role, target, 0),
                        "empire": eid,
                    }
                )
    if not state.get("taxed"):
        out.append(
            {
                "type": "tax",
                "areas": {aid: 1 for aid in board.areas_of(state, eid) if state["areas"][aid]["social_state"] >= 1},
                "empire": eid,
            }
        )
        out.extend(
            {"type": "tax", "areas": {}, "plunder": [aid], "empire": eid}
            for aid in board.areas_of(state, eid)
            if plunder.gold_of(state, aid, m) > 0
        )
    out.extend(event_effects.play_actions(state, role, eid))
    out.extend(conversion.actions(state, eid))
    out.extend(excommunication.actions(state, eid))
    excommunication.mark(state, eid, out)
    if state.get("endeavours", 0) or not any(a["type"] == "endeavour" for a in out):
        out.append({"type": "end_turn", "empire": eid})
    out.extend(parley.call_actions(state, role))
    out.extend(grand_diplomacy.propose_actions(state, role))
    out.extend({"type": "end_alliance", "empire": ally} for ally in alliances.allies_of(state, role))
    if alliances.DIPLOMATIC_COUP in state["empires"][role]["held"]:
        out.extend(
            {"type": "coup", "empire": ally}
            for ally in alliances.allies_of(state, role)
            if set(state["empires"][ally]["court_ties"]) - {role}
        )
    for eid, _ in board.empires(state):
        if role in alliances.case_33_43_rivals(state, eid):
            waived = role in state["empires"][eid].get("waived", [])
            out.append({"type": "hinder", "empire": eid, "on": waived})
    return out


def _advance(state: State) -> None:
    while not state["over"] and not demise.pending(state) and not defence.pending(state) and not parley.pending(state):
        if state.get("contests"):
            alliances.resolve_ready(state)
            if state.get("contests"):
                return  # sealed bids wanted (33.46)
            continue
        if state["phase"] == "round":
            _start_round(state)
        elif state["phase"] == "place":
            picker = state["picking"][0] if state["picking"] else None
            if picker is None:
                state["phase"], state["turn_index"] = "turn", 0
            elif state["empires"][picker]["status"] == board.INDEPENDENT:  # an ally's player picks its spot (33.12)
                place = earliest_free(state["order"])
                state["order"] = place_in_round(state["order"], picker, place)
                state["picking"].pop(0)
                board.log(
                    state, f"Independent {board.name(state, picker)} takes place {place}, the earliest free (33.12)"
                )
            else:
                return
        elif state["phase"] == "turn":
            if "iturn" in state:
                _resume_engine_turn(state)
                continue
            if state["current"]:
                if alliances.case_33_31_controller(state, state["current"]) is None:
                    # 33.44, 33.49: an ally made Independent in its own turn; the engine completes it (EMP-A07).
                    independent.take_over_turn(state, state["current"], state["taxed"], state["endeavours"])
                    state["current"] = None
                    continue
                return
            if state["turn_index"] >= len(state["order"]):
                _end_round(state)
                continue
            eid = state["order"][state["turn_index"]]
            if not demise.in_play(state, eid):
                board.log(state, f"{board.name(state, eid)} takes no player-turn: {_no_turn(state, eid)}")
                state["turn_index"] += 1
            elif state["empires"][eid]["status"] == board.INDEPENDENT:
                if independent.case_33_22_turn(state, eid):
                    state["turn_index"] += 1
            else:
                _start_player_turn(state, eid)
        elif state["phase"] == "round_end":
            _finish_round(state)


def _resume_engine_turn(state: State) -> None:
    """Go on with an engine-run turn that paused for a contest; an empire allied meanwhile is handed to its player,
    who "continues that Empire's turn" (33.44)."""
    eid = state["iturn"]["empire"]
    if state["empires"][eid]["status"] == board.INDEPENDENT:
        if independent.resume_turn(state):
            state["turn_index"] += 1
        return
    turn = state.pop("iturn")
    state.update(current=eid, taxed=turn["taxed"], endeavours=turn["done"])
    board.log(
        state,
        f"{board.name(state, alliances.case_33_31_controller(state, eid) or eid)} continues {board.name(state, eid)}'s "
        f"player-turn ({turn['done']} endeavours done, taxed: {turn['taxed']}) (33.44)",
    )


def _no_turn(state: State, eid: str) -> str:
    fate = demise.demise_of(state, eid)
    if fate is not None:
        return f"{fate} (33.6, rewrite 21.0)"
    return "it holds no area"


def _start_round(state: State) -> None:
    state["round"] += 1
    first, last = round_years(state["start_year"], state["round"])
    board.log(state, f"Round {state['round']} ({first}-{last})")
    optional_rules.round_start(state)  # rewrite 24.0's raiders and Magnates, when their options are on (EMP-M01)
    schism.case_23_1_round_start(state, board.log)
    live = [eid for eid, _ in board.empires(state) if demise.in_play(state, eid)]
    hands = deal_year_cards(state, live)
    for eid, hand in hands.items():
        state["empires"][eid]["year_cards"] = [board.card_json(c) for c in hand]
    ratings = {eid: initiative_rating(board.leader(state, eid), len(board.areas_of(state, eid))) for eid in live}
    state["picking"] = roll_initiative(state, ratings)
    state["order"] = [None] * len(live)
    board.log(state, "initiative: " + ", ".join(f"{board.name(state, e)} {ratings[e]}" for e in state["picking"]))
    state["phase"] = "place"


def _end_round(state: State) -> None:
    for eid, e in board.empires(state):
        marked = [c["id"] for c in e["year_cards"] if c["stature_check"]]
        e["year_cards"] = []
        if marked:
            board.log(state, f"{e['name']}: unused Year Card {marked[0]} turned over calls a stature check")
            independent.stature_check_now(state, eid, None)
    state["current"] = None
    state["phase"] = "round_end"


def _finish_round(state: State) -> None:
    """After the round's stature checks and any contests they called: the next round, or the scenario's end, when
    running alliances are credited (33.5, EMP-A10)."""
    if state["round"] >= state["rounds"]:
        alliances.credit_at_end(state)
        board.log(state, "the scenario's last round is over")
        victory.end_of_scenario(state)
        state["over"] = True
    else:
        state["phase"] = "round"


def _place(state: State, eid: str, action: dict[str, Any]) -> None:
    place = action.get("place")
    if not isinstance(place, int) or isinstance(place, bool):
        raise IllegalAction(f"'place' must be a whole number 1..{len(state['order'])}, not {place!r}")
    try:
        state["order"] = place_in_round(state["order"], eid, place)
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    state["picking"].pop(0)
    board.log(state, f"{board.name(state, eid)} takes place {place}")


def _start_player_turn(state: State, eid: str) -> None:
    state["current"] = eid
    state["taxed"] = False
    state["converted"] = False
    state["endeavours"] = 0
    card = independent.draw_event(state)
    info = events.load_event_cards().card(card)
    e = state["empires"][eid]
    if info.holding:
        e["held" if not info.kept_when_played else "in_play"].append(card)
        board.log(state, f"{e['name']}: Event Card {info.name}, kept")
    else:
        event_effects.take_effect(state, eid, card)


def _endeavour(state: State, role: str, eid: str, action: dict[str, Any]) -> None:
    kind, aid, gold = action.get("endeavour"), action.get("area"), action.get("gold", 0)
    if kind not in (*PLAYER_ENDEAVOURS, "diplomacy"):
        raise IllegalAction(f"'endeavour' must be one of {', '.join(PLAYER_ENDEAVOURS)} or diplomacy, not {kind!r}")
    if not isinstance(gold, int) or isinstance(gold, bool) or gold < 0:
        raise IllegalAction(f"'gold' must be a whole number from 0, not {gold!r}")
    if not state["empires"][eid]["year_cards"]:
        raise IllegalAction(f"{board.name(state, eid)} has no Year Card left for an endeavour")
    if kind == "diplomacy":
        _diplomacy(state, role, eid, aid, gold, action)
        return
    m = load_map()
    own = kind in ("ruling", "fortification")
    legal = set(board.areas_of(state, eid) if own else board.neighbours(state, eid, m))
    if not isinstance(aid, str) or aid not in legal:
        raise IllegalAction(f"no {kind} on {aid!r} now; possible areas: {', '.join(sorted(legal)) or 'none'}")
    cost = endeavour_cost(kind)
    _funding(state, role, eid, cost + gold, action)
    base = independent.base_for(state, eid, aid, m) if kind in ("conquest", "pillage") else None
    er = independent.basic_er(state, eid, kind, aid, m)
    penalty, rivals = alliances.case_33_43_penalty(state, eid)
    if penalty:
        er -= penalty
        board.log(
            state,
            f"{', '.join(board.name(state, p) for p in rivals)} takes {penalty} off {board.name(state, eid)}'s "
            f"{kind} (33.43)",
        )
    plan = independent.Plan(0, kind, aid, base, er, gold)
    independent.attempt(state, eid, plan, None, m)
    state["endeavours"] += 1


def _funding(state: State, role: str, eid: str, direct: int, action: dict[str, Any]) -> None:
    """33.32: the ``paid_by`` gold other empires of the player give toward this endeavour's direct costs, checked,
    then moved; afterwards the acting empire must hold the whole cost."""
    paid_by = action.get("paid_by", {})
    try:
        exchange.case_33_32_endeavour_gold(state, role, eid, paid_by, direct)
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    e = state["empires"][eid]
    if direct > e["gold"]:
        raise IllegalAction(f"the endeavour's direct costs are {direct} gold; {e['name']} holds {e['gold']}")


def _diplomacy(state: State, role: str, eid: str, aid: Any, gold: int, action: dict[str, Any]) -> None:
    """A diplomatic endeavour: against a non-player empire's Court by the player's own empire, courting it (33.41,
    ``alliances.py``); against any other area by his empire or an ally (rewrite 12.0, ``diplomacy.py``)."""
    courts = {state["empires"][t]["court"]: t for t in alliances.courtable(state, role)} if eid == role else {}
    if aid not in courts:
        why = diplomacy.refusal(state, eid, aid)
        if why is not None:
            raise IllegalAction(f"no diplomacy on {aid!r}: {why}")
    _funding(state, role, eid, endeavour_cost("diplomacy") + gold, action)
    if aid in courts:
        read = alliances.case_33_41_diplomatic_endeavour(state, role, courts[aid], gold)
    else:
        try:
            read = diplomacy.case_12_diplomatic_endeavour(state, eid, aid, gold, diplomacy.penalty(state, eid))
        except ValueError as err:
            raise IllegalAction(str(err)) from None
    state["endeavours"] += 1
    if read.stature_check:
        independent.stature_check_now(state, eid, None)


def _tax(state: State, eid: str, action: dict[str, Any]) -> None:
    if state.get("taxed"):
        raise IllegalAction("one taxation a player-turn (rewrite 16.1); this turn's is done")
    areas = action.get("areas")
    if not isinstance(areas, dict):
        raise IllegalAction(f"'areas' must map areas of {board.name(state, eid)} to the gold taken from each")
    m = load_map()
    own = set(board.areas_of(state, eid))
    for aid, gold in areas.items():
        if aid not in own:
            raise IllegalAction(f"{aid!r} is not an area of {board.name(state, eid)}")
        most = max_tax(state["areas"][aid]["social_state"])
        if not isinstance(gold, int) or isinstance(gold, bool) or not 0 <= gold <= most:
            raise IllegalAction(f"{aid} yields 0..{most} gold, not {gold!r}")
    stripped = action.get("plunder", [])
    why = plunder.refusal(state, eid, stripped, areas)
    if why is not None:
        raise IllegalAction(why)
    e = state["empires"][eid]
    for aid, gold in sorted(areas.items()):
        result = tax_area(
            state, aid, state["areas"][aid]["social_state"], gold, independent.taxed_area(state, eid, aid)
        )
        board.log(
            state, f"{e['name']}: {gold} gold from {m.area(aid).name}, rebellion value {result.value}: {result.outcome}"
        )
        independent.rebellion_outcome(state, aid, result.outcome, None, m)
    total = tax_gold(dict(areas), e["in_play"].count(independent.DEMESNE))
    e["gold"] += total
    state["taxed"] = True
    board.log(state, f"{e['name']}: taxation brings {total} gold, treasury {e['gold']}")
    for aid in stripped:
        if state["areas"][aid]["owner"] == eid:  # an earlier area's rebellion may have cost a Court and this area
            plunder.case_16_2_plunder(state, eid, aid, m)


def _end_turn(state: State, role: str, eid: str) -> None:
    if not any(a["type"] == "end_turn" for a in legal_actions(state, role)):
        raise IllegalAction("at least one endeavour each player-turn (rewrite 9.0) before ending it")
    state["empires"][eid]["attacked"] = []
    state["current"] = None
    state["turn_index"] += 1
    board.log(state, f"{board.name(state, eid)} ends its player-turn")


def _named_empire(state: State, action: dict[str, Any]) -> str:
    eid = action.get("empire")
    if not isinstance(eid, str) or eid not in state["empires"]:
        raise IllegalAction(f"'empire' must name an empire ({', '.join(state['empires'])}), not {eid!r}")
    return eid


def _any_time(state: State, role: str, action: dict[str, Any]) -> None:
    """33.49 (end an alliance) and 33.43 (the rival's -2 on or off): a player's at any time."""
    eid = _named_empire(state, action)
    try:
        if action["type"] == "end_alliance":
            alliances.case_33_49_terminate(state, role, eid)
        else:
            on = action.get("on", True)
            if not isinstance(on, bool):
                raise IllegalAction(f"'on' must be true or false, not {on!r}")
            alliances.case_33_43_hinder(state, role, eid, on)
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def _exchange(state: State, role: str, action: dict[str, Any]) -> None:
    """33.32: a trade between two of the player's empires (his own and his allies), in his or an ally's turn."""
    try:
        exchange.case_33_32_exchange(state, role, action.get("what"), action.get("trade"))
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def _asked(state: State) -> bool:
    """Whether a question is open that must be answered before anything else (an agreement, a vote, defence,
    asylum, a bid)."""
    return any(question.is_open(state) for question in QUESTIONS)


def _coup(state: State, role: str, action: dict[str, Any]) -> None:
    eid = _named_empire(state, action)
    with _refused():
        alliances.case_33_42_diplomatic_coup(state, role, eid)


@dataclass(frozen=True)
class Question:
    """A question that holds the game until it is answered: whom it waits for, what they may do, and the only
    action taken meanwhile, its answer."""

    is_open: Callable[[State], Any]
    waiting: Callable[[State], list[str]]
    actions: Callable[[State, str], list[dict[str, Any]]]
    answer: str
    wanted: Callable[[State, str], str]  # the refusal of another action, given its type
    carry_out: Callable[[State, str, dict[str, Any]], object]


#: The open questions, in the order they hold the game.
QUESTIONS = (
    Question(
        grand_diplomacy.pending,
        grand_diplomacy.waiting_for,
        grand_diplomacy.actions,
        grand_diplomacy.ANSWER,
        lambda s, kind: f"an agreement is proposed: answer it with 'agreement', not {kind!r}",
        lambda s, role, a: grand_diplomacy.case_20_answer(s, role, a.get("accept")),
    ),
    Question(
        parley.pending,
        parley.waiting_for,
        parley.actions,
        "vote",
        lambda s, kind: f"a parley is open (EMP-P03): vote on its issue with 'vote', not {kind!r}",
        lambda s, role, a: parley.vote(s, role, a.get("yes")),
    ),
    Question(
        defence.pending,
        defence.waiting_for,
        defence.actions,
        "defend",
        lambda s, kind: f"a defence (rewrite 13.0) is asked: answer it with 'defend', not {kind!r}",
        defence.answer,
    ),
    Question(
        demise.pending,
        demise.waiting_for,
        demise.actions,
        "asylum",
        lambda s, kind: f"an asylum question (33.61) is open: answer it with 'asylum', not {kind!r}",
        lambda s, role, a: demise.answer(s, role, a.get("grant")),
    ),
    Question(
        alliances.bidders,
        alliances.bidders,
        lambda s, role: [{"type": "bid", "gold": 0, "max_gold": s["empires"][role]["gold"]}],
        "bid",
        lambda s, kind: _bid_wanted(s),
        lambda s, role, a: alliances.case_33_46_bid(s, role, a.get("gold")),  # type: ignore[arg-type]
    ),
)


@dataclass(frozen=True)
class TurnAction:
    """An action of the round's own flow: the phase it belongs to, whether it names the empire it is for (a
    player's own or an ally's, 33.31), and how it is carried out (``eid`` is that empire, or "")."""

    phase: str
    for_empire: bool
    carry_out: Callable[[State, str, str, dict[str, Any]], object]


TURN_ACTIONS: dict[str, TurnAction] = {
    "place": TurnAction("place", True, lambda s, role, eid, a: _place(s, eid, a)),
    "endeavour": TurnAction("turn", True, _endeavour),
    "tax": TurnAction("turn", True, lambda s, role, eid, a: _tax(s, eid, a)),
    "end_turn": TurnAction("turn", True, lambda s, role, eid, a: _end_turn(s, role, eid)),
    conversion.CONVERT: TurnAction(
        "turn", True, lambda s, role, eid, a: conversion.case_22_2_convert(s, eid, a.get("area"))
    ),
    PENANCE: TurnAction("turn", True, lambda s, role, eid, a: excommunication.case_22_1_penance(s, eid)),
    "exchange": TurnAction("turn", False, lambda s, role, eid, a: _exchange(s, role, a)),
    "coup": TurnAction("turn", False, lambda s, role, eid, a: _coup(s, role, a)),
    event_effects.PLAY: TurnAction(
        "turn", True, lambda s, role, eid, a: event_effects.play(s, role, eid, a.get("card"), a.get("target"))
    ),
    "parley": TurnAction("turn", False, lambda s, role, eid, a: parley.call(s, role, a.get("areas"))),
}


RULESET = register(EmpiresForTwo())
