"""Magnates (rewrite 24.0, optional): local lords who rise, take areas by conquest and fall, each step a function.

With the ``magnates`` option on (EMP-M01) a Magnate appears (24.2, EMP-M07) where an area rebels and becomes
independent (rewrite 17.0) and, once a round, where two dice call one in an independent area. Where he appears an
exile of the area's language and religion takes the area instead (errata 21.3), or a dismantled empire that possessed
it reappears there (33.64) (``demise.case_33_64_magnate_appears`` decides, then calls :func:`case_24_2_rise`). A
Magnate holds areas that stay independent for every other rule (EMP-M09); each round he makes one conquest against
the neighbouring area most like his seat, as the seed's Independent Empires pick targets "as though a Magnate"
(33.24 steps 6-7, EMP-M10); he is gone when an empire takes his seat (EMP-M11). Every die goes through the game's
rng with its purpose and every act into the log.

State: ``state["magnates"][id]``: ``name``, ``seat``, the seat's ``language`` and ``religion``, ``combat``,
``areas`` (sorted) and ``partial`` (target -> C results, rewrite 10.3); ``state["magnate_count"]`` numbers them.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, demise, independent, raiders
from umpire.games.empires2.endeavours import Circumstances, c_results_needed, conquest_er, result
from umpire.games.empires2.mapdata import EmpiresMap, language_modifier, load_map, religion_modifier
from umpire.games.empires2.tables import LANGUAGE_RELATIONS, RELIGION_RELATIONS, Tables
from umpire.kernel import rng

State = dict[str, Any]


def held(state: State) -> dict[str, str]:
    """Area -> the Magnate holding it."""
    return {aid: mid for mid, g in state.get("magnates", {}).items() for aid in g["areas"]}


# --- 24.2: a Magnate appears --------------------------------------------------------------------------------------


def case_24_2_rise(state: State, aid: str, game_map: EmpiresMap | None = None) -> str:
    """A Magnate rises in the independent area ``aid`` (nobody took it in his place): one die for his combat stature
    (EMP-M08). Returns his id."""
    m = game_map or load_map()
    figures = raiders.load_chart().magnates
    face = rng.roll(state, f"combat stature of the Magnate rising in {m.area(aid).name}", 6)
    state["magnate_count"] = state.get("magnate_count", 0) + 1
    mid = f"magnate_{state['magnate_count']}"
    area = state["areas"][aid]
    state.setdefault("magnates", {})[mid] = {
        "name": f"Magnate of {m.area(aid).name}",
        "seat": aid,
        "language": area["language"],
        "religion": area["religion"],
        "combat": figures.combat_by_die[face - 1],
        "areas": [aid],
        "partial": {},
    }
    board.log(
        state,
        f"a Magnate rises in {m.area(aid).name}: die {face}, combat stature {figures.combat_by_die[face - 1]} "
        "(rewrite 24.0, EMP-M08)",
    )
    return mid


def case_24_2_round_appearance(
    state: State, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> str | None:
    """Once a round, two dice: on the chart's figure or more a Magnate appears in an independent area of population
    one or more that no Magnate holds, chosen by die (EMP-M07). Returns the area, or None."""
    m = game_map or load_map()
    need = raiders.load_chart().magnates.round_appearance_on
    total = sum(rng.roll(state, f"does a Magnate appear this round (2d6, {need} or more)", 6) for _ in "12")
    if total < need:
        board.log(state, f"Magnates: 2d6 {total}, under {need}: none appears this round (EMP-M07)")
        return None
    taken = held(state)
    free = [
        aid
        for aid in sorted(m.areas)
        if state["areas"][aid]["owner"] is None and aid not in taken and m.area(aid).population >= 1
    ]
    if not free:
        board.log(state, f"Magnates: 2d6 {total}, but no independent area is free for one")
        return None
    aid = rng.choice(state, "the area where a Magnate appears", free)
    board.log(state, f"Magnates: 2d6 {total}, {need} or more: a Magnate appears in {m.area(aid).name} (EMP-M07)")
    demise.case_33_64_magnate_appears(state, aid, None, tables, m)
    return aid


# --- 24.3: what a Magnate does ------------------------------------------------------------------------------------


def likeness(state: State, mid: str, aid: str, game_map: EmpiresMap | None = None) -> int:
    """How unlike the Magnate's seat an area is (lower is more alike), as the seed's 33.24 C reads its Court."""
    g = state["magnates"][mid]
    return independent.unlikeness(state, g["seat"], g["language"], g["religion"], aid, game_map)


def case_24_3_targets(state: State, mid: str, game_map: EmpiresMap | None = None) -> list[str]:
    """The land areas linked to one of his and held by no Magnate (EMP-M10)."""
    m = game_map or load_map()
    own = state["magnates"][mid]["areas"]
    taken = held(state)
    return sorted({n for aid in own for n in m.area(aid).links} - set(taken))


def case_24_3_target(state: State, mid: str, game_map: EmpiresMap | None = None) -> str | None:
    """The neighbouring area most like his seat; a die between equals (EMP-M10)."""
    m = game_map or load_map()
    options = case_24_3_targets(state, mid, m)
    if not options:
        return None
    best = min(likeness(state, mid, aid, m) for aid in options)
    tied = [aid for aid in options if likeness(state, mid, aid, m) == best]
    name = state["magnates"][mid]["name"]
    return tied[0] if len(tied) == 1 else rng.choice(state, f"{name}: target among {', '.join(tied)}", tied)


def magnate_er(state: State, mid: str, target: str, base: str, game_map: EmpiresMap | None = None) -> int:
    """The conquest chart's rating (rewrite 10.0) with his combat stature, his seat's language and religion against
    the target's, and no defence (EMP-M09)."""
    m = game_map or load_map()
    g = state["magnates"][mid]
    t = state["areas"][target]
    c = Circumstances(
        language=LANGUAGE_RELATIONS[language_modifier(g["language"], t["language"])],
        religion=RELIGION_RELATIONS[religion_modifier(g["religion"], t["religion"])],
    )
    return conquest_er(
        g["combat"],
        state["areas"][base]["social_state"],
        t["social_state"],
        t["fortification"],
        c,
        terrain=m.area(target).terrain,
    )


def case_24_3_attack(state: State, mid: str, tables: Tables | None = None, game_map: EmpiresMap | None = None) -> str:
    """His conquest of the round: from his linked area of highest social state, a die of eight for the fortune.
    C results count toward the area's population (10.3); the last takes it, an empire's Court lost with it (33.29);
    -1 lowers his base's social state (17.0). The owner's area counts as attacked (33.24 step 1)."""
    m = game_map or load_map()
    g = state["magnates"][mid]
    target = case_24_3_target(state, mid, m)
    if target is None:
        board.log(state, f"{g['name']}: no area within his reach")
        return "none"
    bases = [aid for aid in g["areas"] if aid in m.area(target).links]
    base = max(bases, key=lambda aid: (state["areas"][aid]["social_state"], [-ord(c) for c in aid]))
    er = magnate_er(state, mid, target, base, m)
    fortune = rng.roll(state, f"fortune of {g['name']}'s conquest of {m.area(target).name}", raiders.FORTUNES)
    code = result("conquest", er, fortune, tables)
    t = state["areas"][target]
    owner = t["owner"]
    whose = board.name(state, owner) if owner else "independent"
    words = (
        f"{g['name']} attacks {m.area(target).name} ({whose}) from {m.area(base).name}: "
        f"rating {er:+d}, fortune {fortune}: {code}"
    )
    board.mark_attacked(state, target)
    if code == "-1":
        state["areas"][base]["social_state"] -= 1
        words += f"; {m.area(base).name}'s social state falls to {state['areas'][base]['social_state']}"
    elif code == "C":
        done = g["partial"].get(target, 0) + 1
        need = c_results_needed(m.area(target).population)
        if done < need:
            g["partial"][target] = done
            words += f"; {done} of {need} C results"
        else:
            g["partial"].pop(target, None)
            g["areas"] = sorted([*g["areas"], target])
            t.update(owner=None, unrest=False)
            words += "; he takes it"
    board.log(state, words + " (rewrite 24.0, EMP-M10)")
    if code == "C" and owner is not None and target in g["areas"] and state["empires"][owner]["court"] == target:
        independent.court_lost(state, owner, tables, m)
    return code


# --- 24.4: what becomes of him ------------------------------------------------------------------------------------


def case_24_4_tidy(state: State, game_map: EmpiresMap | None = None) -> None:
    """Areas an empire took from a Magnate leave his holding; a Magnate whose seat an empire took is gone and his
    other areas stay independent (EMP-M11)."""
    m = game_map or load_map()
    for mid in sorted(state.get("magnates", {})):
        g = state["magnates"][mid]
        g["areas"] = [aid for aid in g["areas"] if state["areas"][aid]["owner"] is None]
        if g["seat"] not in g["areas"]:
            taker = state["areas"][g["seat"]]["owner"]
            by = f"{board.name(state, taker)} took his seat" if taker else "he lost his seat"
            board.log(state, f"{g['name']} is gone: {by} ({m.area(g['seat']).name}) (EMP-M11)")
            del state["magnates"][mid]


def case_24_3_magnates_phase(state: State, tables: Tables | None = None, game_map: EmpiresMap | None = None) -> None:
    """The round's magnates (EMP-M07 to M11): the tidy-up, the round's appearance roll, one conquest each."""
    m = game_map or load_map()
    case_24_4_tidy(state, m)
    case_24_2_round_appearance(state, tables, m)
    for mid in sorted(state.get("magnates", {})):
        if mid in state["magnates"]:
            case_24_3_attack(state, mid, tables, m)
    case_24_4_tidy(state, m)


def view(state: State) -> list[dict[str, Any]]:
    """The Magnates on the map, for every seat (public)."""
    out = []
    for mid, g in sorted(state.get("magnates", {}).items()):
        out.append(
            {
                "id": mid,
                "name": g["name"],
                "seat": g["seat"],
                "combat": g["combat"],
                "areas": list(g["areas"]),
                "partial": dict(g["partial"]),
            }
        )
    return out
