"""The Independent Empire procedure of the seed (33.2), each case a function named by its number.

An Independent Empire's player-turn (33.22): A, the Event Card (33.24 A); B, taxation at a rebellion value of one
or less, if an area besides the Court qualifies (33.24 B); C, up to four endeavours chosen by the seven steps, each
run afresh, falling through to the next step when the one called for is impossible (33.24 C), with gold spent by
the schedule of 33.25; D, the postponed taxation. It keeps one Year Card and two gold for a defensive endeavour
(33.23) and always defends when it can; it never plunders and never conducts diplomacy. Every decision and roll is
written to ``state["log"]`` in words. The open points: docs/rulings/empires2.md (EMP-S). The turn's progress
is kept in ``state["iturn"]`` so that it can pause for an alliance contest and go on, or pass to the player who wins
the empire (33.44, ``alliances.py``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2 import alliances, board, demise, diplomacy, event_effects, excommunication, longevity, unrest
from umpire.games.empires2.board import name
from umpire.games.empires2.economy import (
    REBELLION,
    UNREST,
    TaxedArea,
    most_gold_within,
    tax_area,
    tax_gold,
)
from umpire.games.empires2.endeavours import (
    Defence,
    PartialConquest,
    apply_conquest,
    apply_fortification,
    apply_pillage,
    apply_ruling,
    conquest_er,
    endeavour_cost,
    fortification_er,
    pillage_er,
    ruling_er,
    struck_area,
)
from umpire.games.empires2.events import load_event_cards
from umpire.games.empires2.leaders import dies_heirless, stature_check
from umpire.games.empires2.mapdata import EmpiresMap, language_modifier, load_map, religion_modifier
from umpire.games.empires2.sequence import read_year_card, turn_over
from umpire.games.empires2.tables import Tables, load_tables
from umpire.kernel import rng

State = dict[str, Any]

#: 33.24 A: at most three cards kept at any one time.
MAX_KEPT = 3
#: 33.24 C: only four endeavours are ever attempted.
ENDEAVOURS_PER_TURN = 4
#: :func:`attempt`'s answer when the endeavour waits for a player's defence choice (EMP-S07).
ASKED = "asked"
#: :func:`carry_out`'s ``defend`` for an owner that defends by 33.23 (whenever able).
AUTO = "auto"
#: 33.23: Year Cards kept back for a defensive endeavour.
YEAR_CARDS_KEPT = 1
#: 33.23, 33.25: gold always kept for a defensive endeavour.
DEFENCE_GOLD_KEPT = 2
#: 33.24 B: the highest rebellion value an Independent Empire taxes at.
TAX_LIMIT = 1
MISSIONARY_FERVOR = "missionary_fervor"
LEADER_DIES_HEIRLESS = "leader_dies_heirless"
DIPLOMATIC_COUP = "diplomatic_coup"
DEMESNE = "enlargement_of_kings_personal_demesne"
WEAPONS_CARDS = ("technological_weapons", "tactical_systems_advance")
STEPS = {
    1: "attacked since its last turn",
    2: "unrest",
    3: "below maximum social state",
    4: "without fortification",
    5: "fortified below the top level",
    6: "gold for a conquest",
    7: "pillage",
}


def _say(state: State, eid: str, text: str) -> None:
    who = "Independent " if state["empires"][eid]["status"] == board.INDEPENDENT else ""
    board.log(state, f"{who}{name(state, eid)}: {text}")


def _area(aid: str, m: EmpiresMap) -> str:
    return m.area(aid).name


# --- 33.22: the general course of a turn ------------------------------------------------------------------------


def case_33_22_turn(state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None) -> bool:
    """33.22: 1) the Event Card; 2) tax if possible; 3) up to four endeavours; 4) tax now if it could not in 2.
    The turn's progress is kept in ``state["iturn"]`` so that it can pause (see :func:`resume_turn`); returns
    whether it ended."""
    if state["empires"][eid]["status"] != board.INDEPENDENT:
        raise ValueError(f"{eid} is not an Independent Empire")
    _say(state, eid, "player-turn begins")
    state["iturn"] = {"empire": eid, "stage": "event", "done": 0, "taxed": False}
    return resume_turn(state, tables, game_map)


def take_over_turn(state: State, eid: str, taxed: bool, done: int) -> None:
    """33.44: an Allied Empire that becomes Independent in its own turn has the turn completed by 33.24, from where
    its player left it (EMP-A07): taxation if none yet, then endeavours up to four in all, then taxation."""
    stage = "tax" if not taxed and done == 0 else "endeavours"
    state["iturn"] = {"empire": eid, "stage": stage, "done": done, "taxed": taxed}
    _say(state, eid, f"the engine completes the player-turn by 33.24 ({done} endeavours done, taxed: {taxed})")


def resume_turn(state: State, tables: Tables | None = None, game_map: EmpiresMap | None = None) -> bool:
    """Run the Independent turn of ``state["iturn"]`` on. It pauses (returns False) while a contest for an alliance
    waits (``state["contests"]``, 33.44-33.46) or once the empire is allied, when its player goes on with the turn
    (33.44 "continues that Empire's turn"); it returns True when the turn ends."""
    m = game_map or load_map()
    turn = state["iturn"]
    eid = turn["empire"]
    while True:
        if state.get("contests") or state.get("defence") or state["empires"][eid]["status"] != board.INDEPENDENT:
            return False
        stage = turn["stage"]
        if stage == "event":
            turn["stage"] = "tax"
            case_33_24a_event_card(state, eid, tables, m)
        elif stage == "tax":
            turn["stage"] = "endeavours"
            turn["taxed"] = case_33_24b_taxation(state, eid, tables, m)
        elif stage == "endeavours":
            if case_33_24c_next(state, eid, turn["done"], tables, m):
                turn["done"] += 1
            else:
                turn["stage"] = "second_tax"
        else:
            if not turn["taxed"]:
                case_33_24d_second_taxation(state, eid, tables, m)
            state["empires"][eid]["attacked"] = []
            del state["iturn"]
            _say(state, eid, "player-turn ends")
            return True


# --- 33.24 A: the Event Card ------------------------------------------------------------------------------------


def refill_events(state: State) -> None:
    """An empty Event deck takes the discards back, shuffled (EMP-S09)."""
    if not state["event_deck"] and state["event_discard"]:
        state["event_deck"] = rng.shuffle(state, "shuffle the Event discards into a new deck", state["event_discard"])
        state["event_discard"] = []


def draw_event(state: State) -> str:
    """The top Event Card; an empty deck takes the discards back, shuffled (EMP-S09)."""
    if not state["event_deck"] and not state["event_discard"]:
        raise ValueError("the Event deck and its discards are both empty")
    refill_events(state)
    card: str = state["event_deck"].pop(0)
    return card


def case_33_24a_event_card(
    state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> str:
    """33.24 A: draw and reveal; Missionary Fervor goes back into the deck and another is drawn; a holding card is
    kept (33.24 A keep); any other card takes effect. Returns the card that counts."""
    deck = load_event_cards()
    card = draw_event(state)
    while card == MISSIONARY_FERVOR:
        if not state["event_deck"] and not state["event_discard"]:
            _say(state, eid, "Event Card Missionary Fervor, the only card left: no Event Card this turn")
            state["event_discard"].append(card)
            return card
        refill_events(state)  # an empty deck first takes the discards, or the card would come straight back
        # EMP-S08: back into the deck at a place drawn by die, never on top, then draw again.
        place = rng.roll(state, f"{name(state, eid)}: where Missionary Fervor goes back", len(state["event_deck"]))
        state["event_deck"].insert(place, card)
        _say(state, eid, f"Event Card Missionary Fervor: put back as card {place + 1} of the deck, another drawn")
        card = draw_event(state)
    info = deck.card(card)
    if info.holding:
        case_33_24a_keep_holding(state, eid, card)
    else:
        event_effects.take_effect(state, eid, card, tables, game_map)
    event_effects.independent_plays(state, eid, tables)  # held cards are played as soon as possible
    return card


def case_33_24a_keep_holding(state: State, eid: str, card: str) -> None:
    """33.24 A: a holding card is kept and played as soon as possible: the cards that stay in play once played are
    played at once; the others are kept unplayed until played (``event_effects.independent_plays``: Diplomatic
    Coup never, 33.42; Royal Marriage never, as it courts, 33.22). At most three are kept: the unplayed held
    longest go first; played-and-kept ones only when no unplayed card is left."""
    info = load_event_cards().card(card)
    e = state["empires"][eid]
    if info.kept_when_played:
        e["in_play"].append(card)
        _say(state, eid, f"Event Card {info.name}: holding card, played at once and kept in play")
    else:
        e["held"].append(card)
        why = {"ally_court": "an Independent never plays it (33.42)", "court": "an Independent never courts (33.22)"}
        _say(state, eid, f"Event Card {info.name}: holding card, kept ({why.get(info.target or '', 'to be played')})")
    while len(e["held"]) + len(e["in_play"]) > MAX_KEPT:
        pile = e["held"] if e["held"] else e["in_play"]
        gone = pile.pop(0)
        state["event_discard"].append(gone)
        gone_name = load_event_cards().card(gone).name
        _say(state, eid, f"more than {MAX_KEPT} cards kept: {gone_name}, held longest, discarded")


def case_33_24a_leader_dies_heirless(state: State, eid: str, tables: Tables | None = None) -> None:
    """Leader Dies Heirless (33.24 A's "special effects", 33.48): all ties and played Personal Demesne cards lost,
    and a new leader from a stature check (EMP-R12); then the alliance rolls of 33.45 or 33.48."""
    e = state["empires"][eid]
    ties = {aid: a["ties"].get(eid, 0) for aid, a in state["areas"].items()}
    death = dies_heirless(ties, e["in_play"].count(DEMESNE))
    for aid in death.ties_lost:
        del state["areas"][aid]["ties"][eid]
    for _ in range(death.demesne_cards_discarded):
        e["in_play"].remove(DEMESNE)
        state["event_discard"].append(DEMESNE)
    new = stature_check(state, eid, board.leader(state, eid), tables)
    e["leader"] = board.leader_json(new)
    excommunication.case_22_1_new_leader(state, eid)
    _say(
        state,
        eid,
        f"Event Card Leader Dies Heirless: {sum(death.ties_lost.values())} ties and "
        f"{death.demesne_cards_discarded} Demesne cards lost; new leader {new.administrative}-"
        f"{new.combat}-{new.diplomatic}",
    )
    alliances.case_33_45_leader_dies_heirless(state, eid)


# --- 33.24 B and D: taxation ------------------------------------------------------------------------------------


def taxed_area(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> TaxedArea:
    """The rebellion value's terms for an area of ``eid``."""
    m = game_map or load_map()
    a = state["areas"][aid]
    kin = any(
        state["areas"][n]["owner"] is None
        and state["areas"][n]["language"] == a["language"]
        and state["areas"][n]["religion"] == a["religion"]
        for n in m.area(aid).links
    )
    return TaxedArea(
        fortification=a["fortification"],
        language=board.language_relation(state, eid, aid),
        religion=board.religion_relation(state, eid, aid),
        own_tie=a["ties"].get(eid, 0) > 0,
        other_ties=sum(n for other, n in a["ties"].items() if other != eid and not _waived(state, eid, other)),
        unrest=a["unrest"],
        independent_kin_neighbour=kin,
    )


def _waived(state: State, owner: str, holder: str) -> bool:
    """EMP-U01: a tie is waived, so not unfriendly (errata 17.22), when one player runs both the area's owner and
    the tie's holder (his own empire and his Allied Empires, 33.31)."""
    seat = alliances.case_33_31_controller(state, owner)
    return seat is not None and alliances.case_33_31_controller(state, holder) == seat


def tax_plan(
    state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> dict[str, int]:
    """33.24 B: each area that yields gold at a rebellion value of one or less, with the most it yields so; empty
    when no area besides the Court qualifies (EMP-S05)."""
    court = state["empires"][eid]["court"]
    plan = {}
    for aid in board.areas_of(state, eid):
        area = taxed_area(state, eid, aid, game_map)
        gold = most_gold_within(state["areas"][aid]["social_state"], area, TAX_LIMIT, tables)
        if gold > 0:
            plan[aid] = gold
    return plan if any(aid != court for aid in plan) else {}


def _tax(state: State, eid: str, when: str, tables: Tables | None, m: EmpiresMap) -> bool:
    plan = tax_plan(state, eid, tables, m)
    if not plan:
        return False
    e = state["empires"][eid]
    for aid, gold in plan.items():
        area = taxed_area(state, eid, aid, m)
        result = tax_area(state, aid, state["areas"][aid]["social_state"], gold, area, tables)
        value = f"rebellion value {result.value}"
        _say(state, eid, f"{when}: {gold} gold from {_area(aid, m)} at {value}: {result.outcome}")
        rebellion_outcome(state, aid, result.outcome, tables, m)
    total = tax_gold(plan, e["in_play"].count(DEMESNE))
    e["gold"] += total
    _say(state, eid, f"{when}: {total} gold in all, treasury {e['gold']}")
    return True


def case_33_24b_taxation(
    state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> bool:
    """33.24 B: tax every area (the Court too) for the most gold at rebellion value one or less, if an area besides
    the Court qualifies; otherwise postpone to D. Never plunder. Returns whether it taxed."""
    m = game_map or load_map()
    if _tax(state, eid, "taxation", tables, m):
        return True
    _say(state, eid, "taxation postponed: no area besides the Court yields gold at rebellion value 1 or less")
    return False


def case_33_24d_second_taxation(
    state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> bool:
    """33.24 D: the postponed taxation, by the same criteria (EMP-S05: the Court alone still does not qualify)."""
    m = game_map or load_map()
    if _tax(state, eid, "second taxation", tables, m):
        return True
    _say(state, eid, "no taxation this turn: still no area besides the Court qualifies")
    return False


# --- 33.25: the gold schedule -------------------------------------------------------------------------------------


def spare_gold(gold: int, cost: int) -> int:
    """The gold 33.25 may spend on a rating: what is left after the cost and the two kept for defence."""
    return max(0, gold - cost - DEFENCE_GOLD_KEPT)


def case_33_25_gold(er: int, spare: int) -> int:
    """33.25: below +1, gold up to +1; between +1 and +5, up to +5; between +5 and +8, up to +8; at +1, +5 or +8 and
    above, none. Only ``spare`` gold (what is left after the cost and the two kept for defence) is spent, as much of
    it as the aim takes (EMP-S04)."""
    if er < 1:
        aim = 1
    elif 1 < er < 5:
        aim = 5
    elif 5 < er < 8:
        aim = 8
    else:
        return 0
    return max(0, min(aim - er, spare))


# --- 33.24 C: endeavours ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """An endeavour the steps call for: its step, kind, target and base, basic ER and the gold 33.25 adds."""

    step: int
    endeavour: str
    target: str
    base: str | None
    er: int
    gold: int


def likeness(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> int:
    """EMP-S03, how unlike the Court Area an area is (lower is more alike): the language and religion modifiers
    against the Court's, then the differences in population and maximum social state."""
    e = state["empires"][eid]
    return unlikeness(state, e["court"], e["language"], e["religion"], aid, game_map)


def unlikeness(
    state: State, seat: str, language: str, religion: str, aid: str, game_map: EmpiresMap | None = None
) -> int:
    """How unlike ``seat``, held by a lord of ``language`` and ``religion``, the area ``aid`` is (lower is more
    alike): ten times the language and religion modifiers against the area's own now, then the differences in
    population and maximum social state. The Independents' Court (EMP-S03) and a Magnate's seat (EMP-M10) alike."""
    m = game_map or load_map()
    home, area = m.area(seat), m.area(aid)
    culture = language_modifier(language, state["areas"][aid]["language"])
    culture += religion_modifier(religion, state["areas"][aid]["religion"])
    return 10 * culture + abs(area.population - home.population) + abs(area.max_social_state - home.max_social_state)


def case_33_24c_target(
    state: State, eid: str, candidates: list[str], why: str, game_map: EmpiresMap | None = None
) -> str:
    """33.24 C: of several possible targets, the one most like the Court Area; still several, a die decides."""
    m = game_map or load_map()
    if not candidates:
        raise ValueError("no candidate target")
    best = min(likeness(state, eid, aid, m) for aid in candidates)
    tied = sorted(aid for aid in candidates if likeness(state, eid, aid, m) == best)
    if len(tied) == 1:
        return tied[0]
    face = rng.roll(state, f"{name(state, eid)}: target for {why} among {', '.join(tied)}", len(tied))
    _say(state, eid, f"{why}: {', '.join(_area(a, m) for a in tied)} equally like the Court; die {face}")
    return tied[face - 1]


def base_for(state: State, eid: str, target: str, m: EmpiresMap) -> str:
    """The own area an attack on ``target`` comes from: the linked one of highest social state (EMP-S06)."""
    own = [aid for aid in sorted(m.area(target).links) if state["areas"][aid]["owner"] == eid]
    return max(own, key=lambda aid: (state["areas"][aid]["social_state"], [-ord(c) for c in aid]))


def weapons(state: State, eid: str) -> int:
    return sum(1 for card in state["empires"][eid]["in_play"] if card in WEAPONS_CARDS)


def basic_er(state: State, eid: str, endeavour: str, target: str, game_map: EmpiresMap | None = None) -> int:
    """The ER before gold of an endeavour by ``eid`` on ``target`` (rewrite 9.0-15.0, chart), less an
    excommunication's penalty (22.1, EMP-E04)."""
    penalty = excommunication.case_22_1_er_penalty(state, eid, endeavour, target)
    return _chart_er(state, eid, endeavour, target, game_map) - penalty


def _chart_er(state: State, eid: str, endeavour: str, target: str, game_map: EmpiresMap | None = None) -> int:
    m = game_map or load_map()
    lead = board.leader(state, eid)
    a = state["areas"][target]
    c = board.circumstances(state, eid, target, 0, m)
    if endeavour == "ruling":
        return ruling_er(lead.administrative, a["social_state"], c)
    if endeavour == "fortification":
        return fortification_er(lead.administrative, a["social_state"], m.area(target).population, c)
    base = state["areas"][base_for(state, eid, target, m)]
    if endeavour == "conquest":
        return conquest_er(
            lead.combat,
            base["social_state"],
            a["social_state"],
            a["fortification"],
            c,
            weapons_cards=weapons(state, eid),
        )
    if endeavour == "pillage":
        return pillage_er(
            lead.combat,
            base["social_state"],
            m.area(target).population,
            a["social_state"],
            a["fortification"],
            c,
            weapons_cards=weapons(state, eid),
        )
    raise ValueError(f"an Independent Empire does not conduct {endeavour!r} endeavours")


def impossible(state: State, eid: str, endeavour: str, target: str, m: EmpiresMap) -> str | None:
    """Why an endeavour cannot be attempted (EMP-S02): a cost it cannot pay and keep two gold (an endeavour that
    costs nothing needs no gold), or a rating below +1 even with the schedule's gold; None when it can."""
    e = state["empires"][eid]
    cost = endeavour_cost(endeavour)
    if cost > 0 and e["gold"] - cost < DEFENCE_GOLD_KEPT:
        return (
            f"{cost} gold with {DEFENCE_GOLD_KEPT} kept for defence needs {cost + DEFENCE_GOLD_KEPT}, has {e['gold']}"
        )
    spare = spare_gold(e["gold"], cost)
    er = basic_er(state, eid, endeavour, target, m)
    if er + case_33_25_gold(er, spare) < 1:
        return f"rating {er:+d} cannot reach +1 with {spare} gold to spare"
    return None


def candidates(state: State, eid: str, step: int, m: EmpiresMap) -> tuple[str, list[str]]:
    """The endeavour a step calls for and the areas it may target."""
    e = state["empires"][eid]
    own = board.areas_of(state, eid)
    areas = state["areas"]
    if step == 1:
        return "fortification", [aid for aid in e["attacked"] if aid in own]
    if step == 2:
        return "ruling", [aid for aid in own if areas[aid]["unrest"]]
    if step == 3:
        return "ruling", [aid for aid in own if areas[aid]["social_state"] < m.area(aid).max_social_state]
    if step == 4:
        return "fortification", [aid for aid in own if areas[aid]["fortification"] == 0]
    if step == 5:
        top = load_tables().max_fortification
        return "fortification", [aid for aid in own if 0 < areas[aid]["fortification"] < top]
    if step == 6:
        return "conquest", board.neighbours(state, eid, m)
    if step == 7:
        return "pillage", board.neighbours(state, eid, m)
    raise ValueError(f"33.24 C has steps 1..7, not {step}")


def case_33_24c_step(state: State, eid: str, step: int, game_map: EmpiresMap | None = None) -> Plan | None:
    """One of the seven steps of 33.24 C: the endeavour it calls for, or None when the step does not apply or every
    target of it is impossible (EMP-S02: the target is chosen among the possible ones)."""
    m = game_map or load_map()
    endeavour, targets = candidates(state, eid, step, m)
    if not targets:
        return None
    reasons = {aid: impossible(state, eid, endeavour, aid, m) for aid in targets}
    possible = [aid for aid, why in reasons.items() if why is None]
    if not possible:
        first = targets[0]
        others = f" and {len(targets) - 1} more" if len(targets) > 1 else ""
        _say(
            state,
            eid,
            f"step {step}, {STEPS[step]}: {endeavour} impossible in {_area(first, m)}{others} "
            f"({reasons[first]}); next step",
        )
        return None
    target = case_33_24c_target(state, eid, possible, f"step {step} {endeavour}", m)
    er = basic_er(state, eid, endeavour, target, m)
    spare = spare_gold(state["empires"][eid]["gold"], endeavour_cost(endeavour))
    base = base_for(state, eid, target, m) if endeavour in ("conquest", "pillage") else None
    return Plan(step, endeavour, target, base, er, case_33_25_gold(er, spare))


def case_33_24c_choose(state: State, eid: str, game_map: EmpiresMap | None = None) -> Plan | None:
    """33.24 C: run the steps from 1, falling through to the next when the one called for is impossible."""
    m = game_map or load_map()
    for step in range(1, 8):
        plan = case_33_24c_step(state, eid, step, m)
        if plan is not None:
            return plan
    return None


def case_33_24c_endeavours(
    state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> int:
    """33.24 C: the steps run four times, one endeavour each, keeping the last Year Card for defence; with nothing
    possible the Year Cards are saved (no endeavour is required). Returns how many were attempted."""
    m = game_map or load_map()
    done = 0
    while (
        not state.get("contests")
        and not state.get("defence")
        and state["empires"][eid]["status"] == board.INDEPENDENT
        and not state["empires"][eid].get("demise")
    ):
        if not case_33_24c_next(state, eid, done, tables, m):
            break
        done += 1
    return done


def case_33_24c_next(
    state: State, eid: str, done: int, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> bool:
    """33.24 C, one pass of the steps: attempt the next endeavour unless four are done, only the defence's Year Card
    is left or nothing is possible. Returns whether one was attempted."""
    m = game_map or load_map()
    e = state["empires"][eid]
    if done >= ENDEAVOURS_PER_TURN:
        return False
    if len(e["year_cards"]) <= YEAR_CARDS_KEPT:
        _say(state, eid, f"{len(e['year_cards'])} Year Card left, kept for defence: no more endeavours")
        return False
    plan = case_33_24c_choose(state, eid, m)
    if plan is None:
        _say(state, eid, "nothing possible: Year Cards saved for the end of the round")
        return False
    attempt(state, eid, plan, tables, m)
    return True


def attempt(
    state: State, eid: str, plan: Plan, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> str:
    """Pay, turn over a Year Card, read and apply the result; an attacked owner defends first. Returns the code,
    or ``ASKED`` when the attacked area's empire is run by a player who may defend: the endeavour then waits in
    ``state["defence"]`` for his choice (``defence.py``, EMP-S07) and :func:`carry_out` finishes it."""
    m = game_map or load_map()
    owner = state["areas"][plan.target]["owner"]
    if plan.endeavour in ("conquest", "pillage") and owner is not None:
        seat = alliances.case_33_31_controller(state, owner)
        if seat is not None and can_defend(state, owner, tables):
            state["defence"] = {
                "seat": seat,
                "attacker": eid,
                "defender": owner,
                "plan": dataclasses.asdict(plan),
            }
            what = f"{plan.endeavour} against {_area(plan.target, m)}"
            _say(state, eid, f"{what}: {name(state, owner)}'s player decides its defence")
            return ASKED
    return carry_out(state, eid, plan, AUTO, tables, m)


def can_defend(state: State, eid: str, tables: Tables | None = None) -> bool:
    """Whether an empire holds a defence's cost in gold and a Year Card to turn over (rewrite 13.0, EMP-R02)."""
    e = state["empires"][eid]
    return bool(e["year_cards"]) and e["gold"] >= endeavour_cost("defence", tables)


def carry_out(
    state: State,
    eid: str,
    plan: Plan,
    defend: int | str | None,
    tables: Tables | None = None,
    game_map: EmpiresMap | None = None,
) -> str:
    """The endeavour of :func:`attempt` done: ``defend`` is ``AUTO`` (33.23, the owner defends whenever able), the
    gold its player adds to a defence, or None when he declines to defend."""
    m = game_map or load_map()
    e = state["empires"][eid]
    if plan.step == 1:
        e["attacked"].remove(plan.target)
    cost = endeavour_cost(plan.endeavour, tables)
    e["gold"] -= cost + plan.gold
    er = plan.er + plan.gold
    owner = state["areas"][plan.target]["owner"]
    if plan.endeavour in ("conquest", "pillage") and owner is not None:
        board.mark_attacked(state, plan.target)
        if defend is None:
            board.log(state, f"{name(state, owner)} does not defend {m.area(plan.target).name} (its player's choice)")
        else:
            extra = 0 if defend == AUTO else int(defend)
            defence = case_33_23_defend(state, owner, plan.target, tables, m, extra)
            if defence is not None:
                er -= defence.reduction
    excommunication.case_22_1_attack(state, eid, plan.endeavour, plan.target, m)
    card, rest = turn_over(board.year_cards(state, eid))
    e["year_cards"] = [board.card_json(c) for c in rest]
    read = read_year_card(plan.endeavour, er, card, tables)
    domestic = plan.endeavour in ("ruling", "fortification")
    target = _area(plan.target, m)
    where = f" in {target}" if domestic else ""
    step = f"step {plan.step}, {STEPS[plan.step]}{where}: " if plan.step else ""
    what = f"{plan.endeavour} endeavour" + (f" in {target}" if not plan.step and domestic else "")
    if not domestic:
        what += f" against {target} from {_area(plan.base or '', m)}"
    _say(
        state,
        eid,
        f"{step}{what}, {er:+d} after {plan.gold} gold ({cost} cost, treasury {e['gold']}); {read.words()}",
    )
    _apply(state, eid, plan, read.result, tables, m)
    if card.stature_check:
        stature_check_now(state, eid, tables)
    return read.result


def stature_check_now(state: State, eid: str, tables: Tables | None) -> None:
    """A stature check: a new leader, then the alliance contests it calls (33.44, 33.47); none while the scenario's
    longevity spares the empire (27.7)."""
    if longevity.spared(state, eid):
        longevity.say_spared(state, eid, "stature check")
        return
    before = board.leader(state, eid)
    new = stature_check(state, eid, before, tables)
    state["empires"][eid]["leader"] = board.leader_json(new)
    board.log(
        state,
        f"{name(state, eid)}: stature check on {board.leader_words(before)}, new leader {board.leader_words(new)}",
    )
    excommunication.case_22_1_new_leader(state, eid)
    alliances.case_33_33_stature_check(state, eid, before, new)


def _apply(state: State, eid: str, plan: Plan, code: str, tables: Tables | None, m: EmpiresMap) -> None:
    areas = state["areas"]
    target = areas[plan.target]
    e = state["empires"][eid]
    if code == "-1":
        struck = plan.target if struck_area(plan.endeavour) == "target" else (plan.base or plan.target)
        areas[struck]["social_state"] -= 1
        unrest.case_17_failed_endeavour(state, eid, struck, tables, m)
        return
    if plan.endeavour == "ruling":
        after = apply_ruling(
            code,
            target["social_state"],
            m.area(plan.target).max_social_state,
            target["fortification"],
            target["unrest"],
        )
        target.update(social_state=after.social_state, unrest=after.unrest)
    elif plan.endeavour == "fortification":
        after = apply_fortification(code, target["social_state"], target["fortification"], target["unrest"], tables)
        target.update(social_state=after.social_state, fortification=after.fortification)
    elif plan.endeavour == "pillage":
        got = apply_pillage(code, m.area(plan.target).population, tables)
        target["social_state"] += got.target_social_state_change
        e["gold"] += got.gold
    elif plan.endeavour == "conquest":
        held = e["partial"].get(plan.target, {})
        progress = PartialConquest(eid, plan.target, tuple(sorted(held.items())))
        out = apply_conquest(code, progress, plan.base or "", m.area(plan.target).population)
        e["partial"][plan.target] = dict(out.progress.markers)
        if not e["partial"][plan.target]:
            del e["partial"][plan.target]
        if out.conquered:
            loser = target["owner"]
            target.update(owner=eid, unrest=True)
            if plan.target not in e.setdefault("ever", []):
                e["ever"].append(plan.target)
            _say(state, eid, f"{_area(plan.target, m)} conquered, in unrest")
            diplomacy.case_18_claim(state, eid, plan.target, m)  # a tie held before the conquest (18.0)
            if loser is not None and state["empires"][loser]["court"] == plan.target:
                court_lost(state, loser, tables, m)
            unrest.case_17_cut_off(state, m)  # the loser's areas behind the conquest (17.0)


def rebellion_outcome(state: State, aid: str, outcome: str, tables: Tables | None, m: EmpiresMap) -> None:
    """EMP-R08: unrest marks the area; a rebellion makes it independent (and may cost a Court, 33.29)."""
    area = state["areas"][aid]
    if outcome == UNREST:
        area["unrest"] = True
    elif outcome == REBELLION:
        loser = area["owner"]
        area.update(owner=None, unrest=False)
        board.log(state, f"{m.area(aid).name} rebels and becomes independent")
        if loser is not None and state["empires"][loser]["court"] == aid:
            court_lost(state, loser, tables, m)
        demise.case_33_64_magnate_appears(state, aid, loser, tables, m)
        unrest.case_17_cut_off(state, m)  # the owner's areas behind the rebel (17.0)


# --- 33.23: always defending ------------------------------------------------------------------------------------


def case_33_23_defend(
    state: State,
    eid: str,
    aid: str,
    tables: Tables | None = None,
    game_map: EmpiresMap | None = None,
    gold: int = 0,
) -> Defence | None:
    """33.23: an attacked empire defends whenever it has the defence's gold and a Year Card: it pays the cost
    (EMP-R02), turns over a Year Card and takes its combat stature (and weapons cards) off the attack. A player's
    empire defends this way with the ``gold`` its player adds (rewrite 13.0, EMP-S07)."""
    m = game_map or load_map()
    e = state["empires"][eid]
    cost = endeavour_cost("defence", tables)
    if e["gold"] < cost + gold or not e["year_cards"]:
        board.log(
            state,
            f"{name(state, eid)} cannot defend {m.area(aid).name}: {e['gold']} gold, {len(e['year_cards'])} Year Cards",
        )
        return None
    e["gold"] -= cost + gold
    card, rest = turn_over(board.year_cards(state, eid))
    e["year_cards"] = [board.card_json(c) for c in rest]
    defence = Defence(board.leader(state, eid).combat, gold, weapons(state, eid))
    added = f" and {gold} more" if gold else ""
    board.log(
        state,
        f"{name(state, eid)} defends {m.area(aid).name}: {cost} gold{added}, Year Card {card.id}, "
        f"-{defence.reduction} to the attack",
    )
    if card.stature_check:
        stature_check_now(state, eid, tables)
    return defence


# --- 33.29: moving the Court --------------------------------------------------------------------------------------


def court_lost(state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None) -> None:
    """An empire lost its Court Area: it moves it (33.29) or meets its demise (33.6, ``demise.py``)."""
    demise.court_lost(state, eid, tables, game_map)


def case_33_29_move_court(
    state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> str | None:
    """33.29: a Court that must move goes to the area of the Court's language and religion with the highest
    population plus maximum social state (a die between equals, EMP-S10); None when there is no such area (the
    demise of 33.6, ``demise.py``)."""
    m = game_map or load_map()
    e = state["empires"][eid]
    areas = state["areas"]
    fit = [
        aid
        for aid in board.areas_of(state, eid)
        if areas[aid]["language"] == e["language"] and areas[aid]["religion"] == e["religion"]
    ]
    if not fit:
        return None
    best = max(m.area(aid).population + m.area(aid).max_social_state for aid in fit)
    tied = sorted(aid for aid in fit if m.area(aid).population + m.area(aid).max_social_state == best)
    court = (
        tied[0]
        if len(tied) == 1
        else tied[rng.roll(state, f"{e['name']}: new Court among {', '.join(tied)}", len(tied)) - 1]
    )
    e["court"] = court
    board.log(state, f"{e['name']} moves its Court to {m.area(court).name} (33.29)")
    alliances.case_33_41_court_moved(state, eid)
    return court
