"""Diplomatic endeavours against areas (rewrite 12.0) and the claims ties lead to (rewrite 18.0).

A player's empire, or an Allied Empire in the turn its player runs (33.31), may make a diplomatic endeavour on any
land area but another player's Court (12.16) and a non-player empire's Court, which only a player courts for an
alliance (33.41, ``alliances.py``; EMP-A08). The base is the empire's own Court (12.11); distance and seas do not
count (12.12). Results (EMP-D12..D15): ``T`` gives the empire's one tie to the area (12.14: more are ignored);
``C`` is a diplomatic conquest, one C result toward taking the area as a conquest's (10.3), with no tie (errata
9.4); on the empire's own area a ``C`` gives the tie; ``-1`` lowers the Court's social state (17.0). An empire
that both possesses an area and holds a tie to it gains a claim to it, in either order (18.0, errata). Independent
Empires never make diplomatic endeavours (33.23): the functions here refuse them.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import alliances, board, excommunication, independent, unrest
from umpire.games.empires2.endeavours import (
    Circumstances,
    PartialConquest,
    apply_conquest,
    c_results_needed,
    diplomacy_er,
    endeavour_cost,
)
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.sequence import Attempt, read_year_card, turn_over

State = dict[str, Any]


def refusal(state: State, eid: str, aid: Any, game_map: EmpiresMap | None = None) -> str | None:
    """Why ``eid`` may not make a diplomatic endeavour on ``aid`` (rewrite 12.1x, 33.23, 33.41), or None."""
    m = game_map or load_map()
    e = state["empires"][eid]
    if e["status"] == board.INDEPENDENT:
        return f"{e['name']} is an Independent Empire: Independent Empires never conduct Diplomatic Endeavors (33.23)"
    if not isinstance(aid, str) or aid not in m.areas:
        return f"{aid!r} is not a land area of the map"
    for other, o in board.empires(state):
        if other == eid or o["court"] != aid or o.get("demise"):
            continue
        if o["status"] == board.PLAYER:
            return f"{m.area(aid).name} is {o['name']}'s Court: never a diplomatic target of another empire (12.16)"
        if e["status"] == board.PLAYER:
            return f"{m.area(aid).name} is {o['name']}'s Court: courting it is the alliance endeavour of 33.41"
        return (
            f"{m.area(aid).name} is {o['name']}'s Court: an Allied Empire does not court other empires, alliances are "
            "its player's (EMP-A08)"
        )
    area = state["areas"][aid]
    if area["owner"] == eid and area["ties"].get(eid, 0) > 0:
        return f"{e['name']} already holds its tie to {m.area(aid).name}, its own area: nothing to gain (12.14)"
    return None


def listed_targets(state: State, eid: str, game_map: EmpiresMap | None = None) -> list[str]:
    """The areas the legal actions list (EMP-D17): the empire's own areas without its tie, the areas linked to its
    own, and every area it holds a tie or a C result to. Any other area it may target is accepted when sent."""
    m = game_map or load_map()
    e = state["empires"][eid]
    near = set(board.areas_of(state, eid)) | set(board.neighbours(state, eid, m)) | set(e["partial"])
    near |= {aid for aid, a in state["areas"].items() if a["ties"].get(eid, 0) > 0}
    return sorted(aid for aid in near if refusal(state, eid, aid, m) is None)


def rating(state: State, eid: str, aid: str, gold: int, other: int = 0) -> int:
    """Rewrite 12.0 (chart): diplomatic stature plus the Court's social state (12.11), less the target's social
    state and its owner's diplomatic stature (3 for an independent area, 5 for Venice; none for the empire's own
    area, EMP-D13), less language and religion against the Court's; plus gold; ``other`` adds a rule's modifier
    (33.43's -2) and an excommunication's (22.1, EMP-E04). The owner spends no gold against it (EMP-D14)."""
    e = state["empires"][eid]
    owner = state["areas"][aid]["owner"]
    if owner == eid:
        resistance: int | None = 0
    elif owner is None:
        resistance = None
    else:
        resistance = board.leader(state, owner).diplomatic
    c = Circumstances(
        language=board.language_relation(state, eid, aid),
        religion=board.religion_relation(state, eid, aid),
        gold=gold,
        other=other - excommunication.case_22_1_er_penalty(state, eid, "diplomacy", aid),
    )
    return diplomacy_er(
        board.leader(state, eid).diplomatic,
        state["areas"][e["court"]]["social_state"],
        state["areas"][aid]["social_state"],
        aid,
        c,
        owner_diplomatic=resistance,
    )


def case_18_claim(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> bool:
    """Rewrite 18.0 (errata: possession and tie in either order): an empire that possesses an area and holds a tie
    to it gains a claim to it. Returns whether a claim was gained now."""
    e = state["empires"][eid]
    area = state["areas"][aid]
    if area["owner"] != eid or area["ties"].get(eid, 0) <= 0 or aid in e["claims"]:
        return False
    e["claims"].append(aid)
    board.log(state, f"{e['name']} possesses {board.area_name(aid, game_map)} and holds a tie to it: a claim (18.0)")
    return True


def case_12_diplomatic_endeavour(
    state: State, eid: str, aid: str, gold: int, other: int = 0, game_map: EmpiresMap | None = None
) -> Attempt:
    """Rewrite 12.0: ``eid``'s diplomatic endeavour on ``aid``: pay its cost and gold, turn over a Year Card, apply
    the result (see the module docstring). Raises ValueError naming the fault when it may not. Returns the attempt;
    the caller runs any stature check its card calls."""
    m = game_map or load_map()
    why = refusal(state, eid, aid, m)
    if why is not None:
        raise ValueError(why)
    e = state["empires"][eid]
    if not e["year_cards"]:
        raise ValueError(f"{e['name']} has no Year Card left for an endeavour")
    cost = endeavour_cost("diplomacy")
    if cost + gold > e["gold"]:
        raise ValueError(f"diplomacy costs {cost} gold and {gold} more; {e['name']} holds {e['gold']}")
    er = rating(state, eid, aid, gold, other)
    e["gold"] -= cost + gold
    card, rest = turn_over(board.year_cards(state, eid))
    e["year_cards"] = [board.card_json(c) for c in rest]
    read = read_year_card("diplomacy", er, card)
    what = _apply(state, eid, aid, read.result, m)
    board.log(
        state,
        f"{e['name']}: diplomatic endeavour on {m.area(aid).name} from its Court {m.area(e['court']).name}, {er:+d} "
        f"after {gold} gold ({cost} cost, treasury {e['gold']}); {read.words()}: {what}",
    )
    _after(state, eid, aid, read.result, m)
    return read


def _apply(state: State, eid: str, aid: str, code: str, m: EmpiresMap) -> str:
    """The result's effect on the board, in words for the log (the claim and conquest follow in :func:`_after`)."""
    e = state["empires"][eid]
    area = state["areas"][aid]
    own = area["owner"] == eid
    if code == "T" or (code == "C" and own):
        if area["ties"].get(eid, 0) > 0:
            return "a tie, but it holds one already (12.14)"
        area["ties"][eid] = 1
        why = " (a diplomatic conquest of its own area is a tie, EMP-D13)" if code == "C" else ""
        return f"a diplomatic tie{why}"
    if code == "C":
        held = e["partial"].get(aid, {})
        progress = PartialConquest(eid, aid, tuple(sorted(held.items())))
        need = c_results_needed(m.area(aid).population)
        out = apply_conquest("C", progress, e["court"], m.area(aid).population)
        if out.conquered:
            e["partial"].pop(aid, None)
            return "a diplomatic conquest: the area is taken (10.3)"
        e["partial"][aid] = dict(out.progress.markers)
        return f"a diplomatic conquest, {out.progress.total} of the {need} C results the area needs (10.3)"
    if code == "-1":
        court = e["court"]
        state["areas"][court]["social_state"] -= 1
        return f"{m.area(court).name}, the base, loses a social state level (17.0)"
    return "nothing"


def _after(state: State, eid: str, aid: str, code: str, m: EmpiresMap) -> None:
    """What follows a result: the area taken by a diplomatic conquest (10.3: the empire's, in unrest), a claim
    (18.0), a rebellion check for a Court in unrest that lost a social state (17.0)."""
    e = state["empires"][eid]
    area = state["areas"][aid]
    if code == "C" and area["owner"] != eid and aid not in e["partial"]:
        loser = area["owner"]
        area.update(owner=eid, unrest=True)
        if aid not in e.setdefault("ever", []):
            e["ever"].append(aid)
        board.log(state, f"{e['name']} takes {m.area(aid).name} by diplomacy, in unrest (10.3)")
        if loser is not None and state["empires"][loser]["court"] == aid:
            independent.court_lost(state, loser, None, m)
    if code in ("T", "C"):
        case_18_claim(state, eid, aid, m)
    if code == "-1":
        unrest.case_17_failed_endeavour(state, eid, e["court"], None, m)


def penalty(state: State, eid: str) -> int:
    """33.43: what the rivals take off this empire's endeavour (0 unless it is another player's ally), logged."""
    taken, rivals = alliances.case_33_43_penalty(state, eid)
    if taken:
        board.log(
            state,
            f"{', '.join(board.name(state, p) for p in rivals)} takes {taken} off {board.name(state, eid)}'s "
            "diplomacy (33.43)",
        )
    return -taken
