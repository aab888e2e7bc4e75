"""Unrest as the ruleset meets it (rewrite 17.0): areas cut off from their Court (7.51; EMP-U02), and the rebellion
check after an endeavour that cost an area in unrest a social state level (EMP-U03).

An area's line runs from the Court Area through the empire's own areas, over land links or across one sea area
between two of its coastal areas. ``state["cut_off"]`` keeps, for each empire, the areas found cut off at the last
look, so that only a newly broken line brings unrest: a cut-off area ruled calm stays calm until its line is mended
and broken again.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, independent
from umpire.games.empires2.economy import rebellion_check, rebellion_value
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.tables import Tables

State = dict[str, Any]


def connected(state: State, eid: str, game_map: EmpiresMap | None = None, own: set[str] | None = None) -> set[str]:
    """The empire's areas whose line of communications reaches its Court Area (empty when it holds no Court): each
    step a land link between two of its areas, or one sea area crossed between two of its coastal areas. ``own``:
    the empire's areas, when the caller has them."""
    m = game_map or load_map()
    court = state["empires"][eid].get("court")
    own = set(board.areas_of(state, eid)) if own is None else own
    if court not in own:
        return set()
    steps = _steps(m)
    found, ring = {court}, [court]
    while ring:
        ring = [n for aid in ring for n in steps[aid] if n in own and n not in found]
        found.update(ring)
    return found


#: One step of a line of communications from each land area, by map (kept with the map so its id stays its own).
_STEPS: dict[int, tuple[EmpiresMap, dict[str, frozenset[str]]]] = {}


def _steps(m: EmpiresMap) -> dict[str, frozenset[str]]:
    """For each land area, the land areas one step away: linked by land, or on the coast of a sea area it is on."""
    if id(m) not in _STEPS:
        coasts = {sid: sea.coasts for sid, sea in m.seas.items()}
        steps = {aid: frozenset(a.links).union(*(coasts[s] for s in a.seas)) - {aid} for aid, a in m.areas.items()}
        _STEPS[id(m)] = (m, steps)
    return _STEPS[id(m)][1]


def cut_off(state: State, eid: str, game_map: EmpiresMap | None = None, own: set[str] | None = None) -> list[str]:
    """The empire's areas with no line to its Court Area, sorted; none while it holds no Court (its Court moves or
    it meets its demise first, 33.29, 33.6)."""
    own = set(board.areas_of(state, eid)) if own is None else own
    reached = connected(state, eid, game_map, own)
    return sorted(own - reached) if reached else []


def case_17_cut_off(state: State, game_map: EmpiresMap | None = None) -> list[str]:
    """17.0: every area whose line to its Court was broken since the last look falls into unrest, in words in the
    log; returns those areas. An area already in unrest stays so."""
    m = game_map or load_map()
    before: dict[str, list[str]] = state.setdefault("cut_off", {})
    held: dict[str, set[str]] = {}
    for aid, a in state["areas"].items():
        if a["owner"] is not None:
            held.setdefault(a["owner"], set()).add(aid)
    fallen: list[str] = []
    for eid, e in sorted(state["empires"].items()):
        now = cut_off(state, eid, m, held.get(eid, set()))
        for aid in now:
            if aid in before.get(eid, []):
                continue
            area = state["areas"][aid]
            cut = f"{m.area(aid).name} is cut off from {e['name']}'s Court at {m.area(e['court']).name}"
            if area["unrest"]:
                board.log(state, f"{cut}, already in unrest")
                continue
            area["unrest"] = True
            fallen.append(aid)
            board.log(state, f"{cut}: unrest (17.0)")
        if now:
            before[eid] = now
        else:
            before.pop(eid, None)
    return fallen


def case_17_failed_endeavour(
    state: State, eid: str, aid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> str | None:
    """17.0: an area of ``eid`` in unrest that an endeavour (as its base or domestic target) has just cost a social
    state level takes a rebellion check at its rebellion value with no gold; returns the outcome (None: no check)."""
    m = game_map or load_map()
    area = state["areas"][aid]
    if not area["unrest"] or area["owner"] != eid:
        return None
    value = rebellion_value(0, independent.taxed_area(state, eid, aid, m), tables)
    outcome = rebellion_check(state, aid, value, True, tables)
    board.log(state, f"{m.area(aid).name} in unrest lost a social state: rebellion check at value {value}, {outcome}")
    independent.rebellion_outcome(state, aid, outcome, tables, m)
    return outcome
