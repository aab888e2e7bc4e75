"""Excommunication (rewrite 22.0-22.1). The rewrite's 22.1 text was not found in public, so the rule is authored from
its title and history (EMP-E01 to E06, docs/rulings/empires2.md; figures in ``data/church.json``, all marked authored):

- who (EMP-E02): an empire whose leaders' church (its original Court's, rewrite 2.0) is in communion with Rome: the
  Catholic; the Orthodox too before the schism when the ``schism`` option is on (23.0, ``schism.py``). A player's
  empire, an Allied Empire and an Independent Empire alike.
- by what (EMP-E03): a conquest or pillage endeavour against the Holy See (the Rome area), whoever holds it; the
  excommunication falls when the endeavour is carried out, whatever its result. One already excommunicated is not
  struck again.
- its effects (EMP-E04): at once, each other area the empire possesses whose church is in communion with Rome and
  that is calm (not its Court) enters unrest on a die of 1 or 2, its vassals freed from their oaths; while it lasts,
  -1 on the rating of the empire's ruling and diplomatic endeavours in areas in communion with Rome.
- how it is lifted (EMP-E05): by a new leader (any stature check, Leader Dies Heirless's too: the ban was the
  man's), or by penance: ``{"type": "penance"}`` in a player-turn its player runs, three gold of its own, at once.
  Independents never do penance (EMP-E06): the 33.23 procedure names none.
Every die goes through the kernel's rng with its purpose; every effect is logged in words.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, schism
from umpire.games.empires2.church import load_church
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.kernel import rng

State = dict[str, Any]

#: The action's type.
PENANCE = "penance"
#: The endeavours that strike the Holy See (EMP-E03) and those the ban weakens (EMP-E04).
AGAINST_THE_SEE = ("conquest", "pillage")
WEAKENED = ("ruling", "diplomacy")


def excommunicated(state: State, eid: str) -> bool:
    """Whether the empire is under the ban now."""
    return eid in state.get("excommunicated", [])


def case_22_1_subject(state: State, eid: str) -> bool:
    """Whether the empire can be excommunicated: its leaders' church is in communion with Rome (EMP-E02)."""
    return schism.in_communion(state, state["empires"][eid]["religion"])


def area_in_communion(state: State, aid: str) -> bool:
    """Whether an area's church is in communion with Rome now."""
    return schism.in_communion(state, state["areas"][aid]["religion"])


def case_22_1_would_excommunicate(state: State, eid: str, endeavour: str, aid: str) -> bool:
    """Whether this endeavour would bring the ban on the empire (EMP-E03): a conquest or pillage against the Holy
    See by an empire in communion with Rome and not under the ban already."""
    return (
        endeavour in AGAINST_THE_SEE
        and aid == load_church().holy_see
        and case_22_1_subject(state, eid)
        and not excommunicated(state, eid)
    )


def case_22_1_attack(state: State, eid: str, endeavour: str, aid: str, game_map: EmpiresMap | None = None) -> None:
    """An endeavour is carried out: a conquest or pillage against the Holy See excommunicates (EMP-E03)."""
    if case_22_1_would_excommunicate(state, eid, endeavour, aid):
        see = (game_map or load_map()).area(aid).name
        case_22_1_excommunicate(state, eid, f"its {endeavour} against the Holy See at {see}", game_map)


def case_22_1_excommunicate(state: State, eid: str, why: str, game_map: EmpiresMap | None = None) -> None:
    """Put the empire under the ban and roll for each of its calm areas in communion with Rome, its Court aside
    (EMP-E04): on ``unrest_at_most`` or less the area enters unrest."""
    m = game_map or load_map()
    c, e = load_church(), state["empires"][eid]
    state.setdefault("excommunicated", []).append(eid)
    board.log(
        state,
        f"{e['name']} is excommunicated for {why}: its vassals in communion with Rome are freed from their oaths; "
        f"-{c.er_penalty} on its ruling and diplomacy there until a new leader or penance (rewrite 22.1, EMP-E03)",
    )
    for aid in board.areas_of(state, eid):
        a = state["areas"][aid]
        if aid == e["court"] or a["unrest"] or not area_in_communion(state, aid):
            continue
        where = m.area(aid).name
        face = rng.roll(state, f"{e['name']}: excommunication, {where} enters unrest on {c.unrest_at_most} or less")
        if face <= c.unrest_at_most:
            a["unrest"] = True
            board.log(state, f"{e['name']}: {where} rolled {face}: it enters unrest (EMP-E04)")
        else:
            board.log(state, f"{e['name']}: {where} rolled {face}: it stays loyal (EMP-E04)")


def case_22_1_er_penalty(state: State, eid: str, endeavour: str, aid: str) -> int:
    """What the ban takes off an endeavour's rating (EMP-E04): ruling and diplomacy in areas in communion with
    Rome."""
    if endeavour in WEAKENED and excommunicated(state, eid) and area_in_communion(state, aid):
        return load_church().er_penalty
    return 0


def case_22_1_new_leader(state: State, eid: str) -> None:
    """A new leader lifts the ban (EMP-E05); called after every stature check."""
    if excommunicated(state, eid):
        state["excommunicated"].remove(eid)
        board.log(state, f"{board.name(state, eid)}: its new leader is received back into the Church (EMP-E05)")


def penance_refusal(state: State, eid: str) -> str | None:
    """Why the empire may not do penance now (EMP-E05, E06), or None."""
    e = state["empires"][eid]
    if not excommunicated(state, eid):
        return f"{e['name']} is not excommunicated"
    if e["status"] == board.INDEPENDENT:
        return f"{e['name']} is an Independent Empire: the 33.2 procedure does no penance (EMP-E06)"
    cost = load_church().penance_gold
    if e["gold"] < cost:
        return f"penance costs {cost} gold of {e['name']}'s own (EMP-E05); it holds {e['gold']}"
    return None


def case_22_1_penance(state: State, eid: str) -> None:
    """Penance (EMP-E05): the empire pays its own gold and the ban is lifted at once. Raises ValueError naming why
    it may not."""
    why = penance_refusal(state, eid)
    if why is not None:
        raise ValueError(why)
    cost, e = load_church().penance_gold, state["empires"][eid]
    e["gold"] -= cost
    state["excommunicated"].remove(eid)
    board.log(state, f"{e['name']} does penance for {cost} gold: the excommunication is lifted (EMP-E05)")


def actions(state: State, eid: str) -> list[dict[str, Any]]:
    """Penance when it may be done."""
    if penance_refusal(state, eid) is None:
        return [{"type": PENANCE, "cost": load_church().penance_gold, "empire": eid}]
    return []


def mark(state: State, eid: str, listed: list[dict[str, Any]]) -> None:
    """Add ``"excommunicates": true`` (information) to each listed endeavour that would bring the ban."""
    for a in listed:
        if a.get("type") == "endeavour" and case_22_1_would_excommunicate(state, eid, a["endeavour"], a["area"]):
            a["excommunicates"] = True


def view(state: State) -> dict[str, Any]:
    """The Church's state for every seat: who is excommunicated, the Holy See, the churches united or not."""
    return {
        "excommunicated": list(state.get("excommunicated", [])),
        "holy_see": load_church().holy_see,
        "schism_option": schism.option(state, schism.SCHISM),
        "united": schism.case_23_1_united(state),
    }
