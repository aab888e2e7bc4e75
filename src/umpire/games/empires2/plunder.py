"""Plunder (rewrite 16.2): an empire strips one of its own areas for more gold than taxation gives, at the cost of
unrest; not pillage (rewrite 11.0), which is an endeavour against another's area.

A player plunders in his player-turn's taxation (EMP-D19): the ``tax`` action names the areas to plunder as
``"plunder": [...]``, each one of his own (or his ally's, in the ally's turn, 33.31) and not also taxed. What plunder
brings is ``economy.plunder`` (EMP-R10: the area's tax plus its population in gold; a calm area falls into unrest,
one already in unrest takes a rebellion check, 17.0). Independent Empires never plunder (33.24 B): refused here.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, independent
from umpire.games.empires2.economy import plunder, rebellion_check, rebellion_value
from umpire.games.empires2.mapdata import EmpiresMap, load_map

State = dict[str, Any]


def refusal(state: State, eid: str, areas: Any, taxed: Any = ()) -> str | None:
    """Why ``eid`` may not plunder ``areas`` (a list of its area ids, none also in ``taxed``), or None."""
    e = state["empires"][eid]
    if e["status"] == board.INDEPENDENT:
        return f"{e['name']} is an Independent Empire: Independent Empires never plunder (33.24 B)"
    if not isinstance(areas, list) or not all(isinstance(aid, str) for aid in areas):
        return f"'plunder' must list areas of {e['name']}, not {areas!r}"
    if len(set(areas)) != len(areas):
        return f"'plunder' names an area twice: {sorted(areas)}"
    for aid in areas:
        if aid not in state["areas"] or state["areas"][aid]["owner"] != eid:
            return f"{aid!r} is not an area of {e['name']}: an empire plunders only its own areas (16.2)"
        if aid in taxed:
            return f"{aid} is both taxed and plundered: an area is one or the other in a taxation (EMP-D19)"
    return None


def gold_of(state: State, aid: str, game_map: EmpiresMap | None = None) -> int:
    """What plundering ``aid`` now brings (EMP-R10)."""
    m = game_map or load_map()
    a = state["areas"][aid]
    return plunder(a["social_state"], m.area(aid).population, a["unrest"]).gold


def case_16_2_plunder(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> int:
    """Rewrite 16.2 and 17.0: plunder one of ``eid``'s areas: the gold goes to its treasury; a calm area falls into
    unrest, an area in unrest takes a rebellion check (and may rebel). Returns the gold."""
    m = game_map or load_map()
    why = refusal(state, eid, [aid])
    if why is not None:
        raise ValueError(why)
    e = state["empires"][eid]
    a = state["areas"][aid]
    got = plunder(a["social_state"], m.area(aid).population, a["unrest"])
    e["gold"] += got.gold
    name = m.area(aid).name
    took = f"{e['name']} plunders {name}: {got.gold} gold, treasury {e['gold']}"
    if got.enters_unrest:
        a["unrest"] = True
        board.log(state, f"{took}; {name} falls into unrest (17.0)")
    else:
        board.log(state, f"{took}; in unrest already")
    if got.needs_rebellion_check:
        value = rebellion_value(0, independent.taxed_area(state, eid, aid, m))
        outcome = rebellion_check(state, aid, value, True)
        board.log(state, f"{name}, plundered in unrest: rebellion check at value {value}, {outcome} (17.0)")
        independent.rebellion_outcome(state, aid, outcome, None, m)
    return got.gold
