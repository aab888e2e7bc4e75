"""The demise of empires (seed 33.6) and exile (rewrite 21.0), each case a function named by its number.

An empire that loses its Court Area first tries to move it (33.29, for every empire, EMP-X01). With no area of its
leaders' language and religion left:

- a player's empire goes into exile (rewrite 21.0, EMP-X02);
- an Independent Empire asks the two seats whether they grant it asylum (33.61): the seats answer with an
  ``asylum`` action, neither seeing the other's answer; one willing seat grants it, two contest it (Diplomatic
  Stature + the ties each earned courting it + 2d6), none dismantles the empire (33.64);
- an Allied Empire's own player chooses first: asylum, or ending the alliance and letting 33.61 run (33.63).

Asylum is an alliance with an empire in exile (33.61): the host holds the ties an alliance to the last Court needs,
kept where every Court tie lives (``court_ties``, ``alliances.py``), so they are its ties to the new Court once the
empire leaves exile (33.62). An empire in exile takes no player-turn (EMP-X02). A Magnate "appears" where an area
rebels and becomes independent (EMP-X04): an exile of that area's language and religion takes it as its new Court
(rewrite 21.3), and a dismantled empire that once possessed it reappears there with a 3-3-3 leader's stature check
and six gold (33.64).

State: ``empires[id]["demise"]`` is None, ``"exile"`` or ``"dismantled"``; ``empires[id]["exile"]`` holds the lost
Court and the host (None for a player's own exile) while in exile; ``empires[id]["ever"]`` the areas it took after
the scenario's start; ``state["asylum"]`` the open question (empire, the seats asked, their sealed answers),
``state["asylum_queue"]`` any asked after it.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import alliances, board, excommunication, independent, magnates, optional_rules
from umpire.games.empires2.alliances import ALLIED
from umpire.games.empires2.leaders import Leader, stature_check
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.scenario import load_scenario
from umpire.games.empires2.tables import Tables
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]

EXILE = "exile"
DISMANTLED = "dismantled"
#: 33.64: the leader before the reappearing empire's stature check, and the gold it starts with.
REAPPEARING_LEADER = Leader(3, 3, 3)
REAPPEARING_GOLD = 6


def _say(state: State, text: str) -> None:
    board.log(state, text)


def demise_of(state: State, eid: str) -> str | None:
    """None, ``"exile"`` or ``"dismantled"``."""
    value: str | None = state["empires"][eid].get("demise")
    return value


def in_play(state: State, eid: str) -> bool:
    """Whether the empire takes a place and a player-turn in the round: it has areas and is neither in exile nor
    dismantled (EMP-X02)."""
    return demise_of(state, eid) is None and bool(board.areas_of(state, eid))


def ally_of(state: State, eid: str) -> str | None:
    """The seat an Allied Empire is allied to, or None (``alliances``: the one record of who runs an ally)."""
    if state["empires"][eid]["status"] != ALLIED:
        return None
    return alliances.case_33_31_controller(state, eid)


def seats(state: State) -> list[str]:
    return [eid for eid, e in board.empires(state) if e["status"] == board.PLAYER]


def ever_possessed(state: State, eid: str) -> set[str]:
    """The areas the empire possessed at the scenario's start, took since, or holds now (33.64)."""
    sc = load_scenario(state["scenario"]) if "scenario" in state else None
    start = {aid for aid in state["areas"] if sc is not None and sc.possessor(aid) == eid}
    return start | set(state["empires"][eid].get("ever", [])) | set(board.areas_of(state, eid))


def took(state: State, eid: str, aid: str) -> None:
    """Note that ``eid`` took ``aid`` (for 33.64's "ever possessed")."""
    ever = state["empires"][eid].setdefault("ever", [])
    if aid not in ever:
        ever.append(aid)


# --- losing the Court ---------------------------------------------------------------------------------------------


def court_lost(state: State, eid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None) -> None:
    """The empire lost its Court Area: it moves the Court (33.29, EMP-X01); with no area to move it to, a player's
    empire goes into exile (rewrite 21.0), an Allied Empire's player chooses (33.63), an Independent Empire asks
    for asylum (33.61)."""
    m = game_map or load_map()
    if independent.case_33_29_move_court(state, eid, tables, m) is not None:
        return
    e = state["empires"][eid]
    _say(state, f"{e['name']} has lost its Court and holds no area of its language and religion")
    if e["status"] == board.PLAYER:
        case_21_exile(state, eid, None, m)
    elif (seat := ally_of(state, eid)) is not None:
        case_33_63_ally_loses_court(state, eid, seat)
    else:
        case_33_61_ask_asylum(state, eid, seats(state))


def case_21_exile(state: State, eid: str, host: str | None, game_map: EmpiresMap | None = None) -> None:
    """Rewrite 21.0: the empire goes into exile. It keeps its leader, gold, claims, ties and any areas it still
    holds, takes no player-turn (EMP-X02) and leaves exile when it gains an area of its language and religion
    (rewrite 21.3). ``host``: the seat that granted asylum (33.61): it is granted the ties an alliance to the last
    Court needs (33.62), held against the empire's Court like any others (``court_ties``), so they follow it to the
    new Court."""
    m = game_map or load_map()
    e = state["empires"][eid]
    last = e["court"]
    e["demise"] = EXILE
    e["exile"] = {"court": last, "host": host}
    if host:
        case_33_62_host_ties(state, eid, host, m)
    e["year_cards"] = []
    where = f", in asylum with {board.name(state, host)} (33.61)" if host else ""
    _say(state, f"{e['name']} goes into exile (rewrite 21.0){where}: no player-turn until it has a Court again")
    if state.get("current") == eid:
        state["current"] = None
        state["turn_index"] = state.get("turn_index", 0) + 1
        _say(state, f"{e['name']}'s player-turn ends: its leader is in exile")


def case_33_62_host_ties(state: State, eid: str, host: str, game_map: EmpiresMap | None = None) -> None:
    """33.62: "an alliance to an Empire in exile is represented by granting the player Empire which has the alliance
    a number of diplomatic ties sufficient to gain an alliance to the last Court": the host's Court ties are raised
    to what an alliance to the last Court needs (33.41), never lowered (EMP-X06)."""
    need = alliances.case_33_41_ties_required(state, eid, game_map)
    held = state["empires"][eid]["court_ties"]
    if held.get(host, 0) < need:
        held[host] = need
    _say(
        state,
        f"{board.name(state, host)} holds {held[host]} ties to {board.name(state, eid)}'s Court, enough for an "
        f"alliance to its last Court (33.62)",
    )


def case_33_63_ally_loses_court(state: State, eid: str, seat: str) -> None:
    """33.63: the Allied Empire's player either grants asylum to his ally or ends the alliance (then 33.61)."""
    _open(state, {"empire": eid, "seats": [seat], "answers": {}, "ally": seat})
    _say(
        state,
        f"{board.name(state, seat)}: grant asylum to its ally {board.name(state, eid)}, or end the alliance (33.63)?",
    )


def case_33_61_ask_asylum(state: State, eid: str, asked: list[str]) -> None:
    """33.61: the seats are asked whether they grant the Independent Empire asylum; with nobody to ask, 33.64."""
    if not asked:
        case_33_64_dismantle(state, eid)
        return
    _open(state, {"empire": eid, "seats": list(asked), "answers": {}, "ally": None})
    who = " and ".join(board.name(state, s) for s in asked)
    _say(state, f"{board.name(state, eid)} asks for asylum (33.61): {who} to answer, sealed")


# --- the asylum question ---------------------------------------------------------------------------------------


def _open(state: State, question: dict[str, Any]) -> None:
    """Open an asylum question, or queue it behind the one open (two Courts can fall in one player-turn)."""
    if state.get("asylum") is None:
        state["asylum"] = question
    else:
        state.setdefault("asylum_queue", []).append(question)


def pending(state: State) -> bool:
    return state.get("asylum") is not None


def waiting_for(state: State) -> list[str]:
    """The seats whose asylum answer is still missing."""
    question = state.get("asylum")
    if not question:
        return []
    return [s for s in question["seats"] if s not in question["answers"]]


def actions(state: State, role: str) -> list[dict[str, Any]]:
    """The asylum answers ``role`` may give now."""
    if role not in waiting_for(state):
        return []
    return [{"type": "asylum", "grant": True}, {"type": "asylum", "grant": False}]


def view(state: State, role: str) -> dict[str, Any] | None:
    """The open question as ``role`` sees it: who is asked and who has answered, never another seat's answer."""
    question = state.get("asylum")
    if not question:
        return None
    out = {"empire": question["empire"], "seats": question["seats"], "answered": sorted(question["answers"])}
    if role in question["answers"]:
        out["mine"] = question["answers"][role]
    return out


def answer(state: State, role: str, grant: Any, game_map: EmpiresMap | None = None) -> None:
    """One seat's sealed answer; once every asked seat has answered, the question is settled."""
    if role not in waiting_for(state):
        raise IllegalAction(f"{role} has no asylum question to answer; waiting for {', '.join(waiting_for(state))}")
    if not isinstance(grant, bool):
        raise IllegalAction(f"'grant' must be true or false, not {grant!r}")
    question = state["asylum"]
    question["answers"][role] = grant
    _say(state, f"{board.name(state, role)} has answered the asylum question")
    if not waiting_for(state):
        settle(state, game_map)


def settle(state: State, game_map: EmpiresMap | None = None) -> None:
    """Every answer is in: 33.63 (the ally's choice) or 33.61 (willing seats; a contest between two)."""
    m = game_map or load_map()
    question = state.pop("asylum")
    queue = state.get("asylum_queue") or []
    if queue:
        state["asylum"] = queue.pop(0)
    eid = question["empire"]
    willing = [s for s in question["seats"] if question["answers"][s]]
    if question["ally"] is not None:
        seat = question["ally"]
        if willing:
            _say(state, f"{board.name(state, seat)} grants asylum to its ally {board.name(state, eid)} (33.63)")
            case_21_exile(state, eid, seat, m)
            return
        case_33_49_end_alliance(state, eid, seat)
        case_33_61_ask_asylum(state, eid, [s for s in seats(state) if s != seat])
        return
    if not willing:
        _say(state, f"nobody grants {board.name(state, eid)} asylum")
        case_33_64_dismantle(state, eid)
        return
    host = willing[0] if len(willing) == 1 else case_33_61_contest(state, eid, willing)
    grant_asylum(state, eid, host, m)


def case_33_61_contest(state: State, eid: str, willing: list[str]) -> str:
    """33.61: each willing seat rolls 2d6 + its Diplomatic Stature + its "ties to the Independent's Court (before it
    was lost)": the ties it earned courting the empire (33.41, ``court_ties``), which the loss of the Court leaves
    in place; the highest grants asylum; equal highest roll again (EMP-X03)."""
    contenders = list(willing)
    while True:
        totals = {}
        for seat in contenders:
            dice = rng.roll_many(state, f"{board.name(state, seat)}: asylum contest for {board.name(state, eid)}", 2)
            stature = board.leader(state, seat).diplomatic
            ties = alliances.ties(state, seat, eid)
            totals[seat] = sum(dice) + stature + ties
            _say(
                state,
                f"{board.name(state, seat)}: asylum contest, dice {dice[0]}+{dice[1]}, diplomatic {stature}, "
                f"ties {ties}: {totals[seat]}",
            )
        best = max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            return contenders[0]
        _say(state, "equal totals: those tied roll again (EMP-X03)")


def grant_asylum(state: State, eid: str, host: str, game_map: EmpiresMap | None = None) -> None:
    """33.61, 33.62: the host gains an alliance to the empire in exile (an alliance like any other, 33.41), with
    the ties an alliance to its last Court needs kept for its new Court."""
    alliances.case_33_41_alliance(state, host, eid, "asylum granted (33.61)")
    case_21_exile(state, eid, host, game_map)


def case_33_49_end_alliance(state: State, eid: str, seat: str) -> None:
    """33.49, 33.63: the player ends the alliance rather than grant asylum; its victory points are credited (33.5)
    and the empire is Independent again."""
    alliances.case_33_5_end(state, eid, f"{board.name(state, seat)} grants no asylum to its ally (33.63)")


def case_33_64_dismantle(state: State, eid: str) -> None:
    """33.64: the empire is dismantled and leaves the game; its claims stay. Its areas become independent, its ties
    and conquest markers are removed, its cards discarded, its gold gone (EMP-X05)."""
    e = state["empires"][eid]
    e["ever"] = sorted(ever_possessed(state, eid))
    for aid in board.areas_of(state, eid):
        state["areas"][aid].update(owner=None, unrest=False)
    for area in state["areas"].values():
        area["ties"].pop(eid, None)
    state["event_discard"].extend(e["held"] + e["in_play"])
    e.update(held=[], in_play=[], gold=0, year_cards=[], partial={}, attacked=[], demise=DISMANTLED)
    e.pop("exile", None)
    _say(state, f"{e['name']} is dismantled and removed from the game; its claims remain (33.64)")


# --- a Magnate appears ------------------------------------------------------------------------------------------


def case_33_64_magnate_appears(
    state: State, aid: str, rebelled_from: str | None, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> str | None:
    """EMP-X04: a Magnate appears in ``aid``, which just rebelled from ``rebelled_from``. An exile of the area's
    language and religion takes it as its Court instead (rewrite 21.3); a dismantled empire whose Court was of
    them and which once possessed the area reappears there instead (33.64); a die decides between several.
    With the ``magnates`` option on (rewrite 24.0, EMP-M07) the Magnate rises when no one takes his place, and the
    round's own appearances come here too. Returns the empire that took the area, or None (the area stays
    independent, a Magnate's when the option is on)."""
    m = game_map or load_map()
    area = state["areas"][aid]
    fit: list[str] = []
    for eid, e in sorted(state["empires"].items()):
        if eid == rebelled_from or (e["language"], e["religion"]) != (area["language"], area["religion"]):
            continue
        if demise_of(state, eid) == EXILE or (
            demise_of(state, eid) == DISMANTLED and aid in ever_possessed(state, eid)
        ):
            fit.append(eid)
    if not fit:
        if optional_rules.enabled(state, "magnates"):
            magnates.case_24_2_rise(state, aid, m)
        return None
    who = fit[0] if len(fit) == 1 else fit[rng.roll(state, f"who takes {aid} in place of a Magnate", len(fit)) - 1]
    if demise_of(state, who) == EXILE:
        case_21_3_leave_exile(state, who, aid, m)
    else:
        case_33_64_reappear(state, who, aid, tables, m)
    return who


def case_21_3_leave_exile(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> None:
    """Rewrite 21.3: the exile takes the area where a Magnate appears as its new Court; every tie held against its
    Court, the host's of 33.62 among them, is now a tie to the new Court (33.41, 33.62), and the number an alliance
    needs is the new Court's."""
    m = game_map or load_map()
    e = state["empires"][eid]
    e.pop("exile", None)
    state["areas"][aid].update(owner=eid, unrest=False)
    took(state, eid, aid)
    e.update(court=aid, demise=None)
    _say(state, f"{e['name']} leaves exile: {m.area(aid).name} rises for it in place of a Magnate (rewrite 21.3)")
    alliances.case_33_41_court_moved(state, eid)  # the host's ties of 33.62 among them


def case_33_64_reappear(
    state: State, eid: str, aid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> None:
    """33.64: the dismantled empire reappears in place of the Magnate, its leader from a stature check on a 3-3-3
    (the stature table's row 3 for each stature, whatever its last leader was, EMP-X08) and six gold in its
    treasury; it is Independent again."""
    m = game_map or load_map()
    e = state["empires"][eid]
    new = stature_check(state, eid, REAPPEARING_LEADER, tables)
    e.update(
        leader=board.leader_json(new),
        gold=REAPPEARING_GOLD,
        court=aid,
        demise=None,
        status=board.INDEPENDENT,
    )
    state.setdefault("control", {})[eid] = "engine"
    state["areas"][aid].update(owner=eid, unrest=False)
    excommunication.case_22_1_new_leader(state, eid)
    _say(
        state,
        f"{e['name']} reappears in {m.area(aid).name} in place of a Magnate (33.64): stature check on 3-3-3, "
        f"leader {board.leader_words(new)}, {REAPPEARING_GOLD} gold",
    )
