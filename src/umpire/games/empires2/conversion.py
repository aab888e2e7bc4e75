"""Religious conversion of an area (rewrite 22.0-22.2) and Missionary Fervor's halving of it (rewrite 19.0).

The public rewrite names a conversion differential per area that Missionary Fervor halves (19.0, "see 22.2"); the
rest of the procedure is not public, so it is authored here (EMP-C01..C06, docs/rulings/empires2.md):
- who and when (EMP-C01): a player's empire, or an Allied Empire in the turn its player runs (33.31), once in its
  player-turn, on an area it possesses, not in unrest, whose religion differs from its leaders' (the original Court
  Area's, rewrite 2.0). It is no endeavour: it takes no Year Card. Independent Empires never convert (EMP-C05).
- the cost (EMP-C02): one gold, paid before the die.
- the differential (EMP-C03): the area's population plus 1 for a different church, 2 for a different religion;
  halved, rounded down, while the empire has Missionary Fervor in play (EMP-C06).
The cost and the differential's figures are the ``conversion`` table of ``data/tables.json`` (authored).
- the die (EMP-C04): one die; above the differential the area takes the empire's religion, otherwise nothing
  changes. The die goes through the kernel's rng with its purpose; the result is logged in words.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.tables import load_tables
from umpire.kernel import rng

State = dict[str, Any]

#: The action's type.
CONVERT = "convert"
MISSIONARY_FERVOR = "missionary_fervor"


def refusal(state: State, eid: str, aid: Any, game_map: EmpiresMap | None = None) -> str | None:
    """Why ``eid`` may not attempt to convert ``aid`` now (EMP-C01, C02, C05), or None."""
    m = game_map or load_map()
    e = state["empires"][eid]
    if e["status"] == board.INDEPENDENT:
        return f"{e['name']} is an Independent Empire: the 33.2 procedure never converts (EMP-C05)"
    if state.get("converted"):
        return f"{e['name']} has already attempted a conversion this player-turn (EMP-C01)"
    if not isinstance(aid, str) or aid not in m.areas:
        return f"{aid!r} is not a land area of the map"
    area, where = state["areas"][aid], m.area(aid).name
    if area["owner"] != eid:
        return f"{where} is not {e['name']}'s: an empire converts only areas it possesses (EMP-C01)"
    if area["unrest"]:
        return f"{where} is in unrest: rule it calm before converting it (EMP-C01)"
    if board.religion_relation(state, eid, aid) == "same":
        if area["religion"] != e["religion"]:
            one = f"one church with {e['name']}'s {e['religion']} before the schism (EMP-E07)"
            return f"{where} is {area['religion']}, {one}"
        return f"{where} is already {e['religion']}, {e['name']}'s religion"
    if e["gold"] < cost():
        return f"a conversion costs {cost()} gold (EMP-C02); {e['name']} holds {e['gold']}"
    return None


def cost() -> int:
    """The gold an attempt costs (EMP-C02, ``tables.json`` ``conversion.gold``)."""
    return load_tables().conversion_cost


def fervor(state: State, eid: str) -> bool:
    """Whether the empire has Missionary Fervor in play (rewrite 19.0: kept indefinitely)."""
    return MISSIONARY_FERVOR in state["empires"][eid]["in_play"]


def differential(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> int:
    """Rewrite 22.2's conversion differential (figures EMP-C03): population plus the religion's figure, halved
    (rounded down) under Missionary Fervor (rewrite 19.0, EMP-C06)."""
    m = game_map or load_map()
    t = load_tables()
    relation = board.religion_relation(state, eid, aid)
    full = t.conversion_per_population * m.area(aid).population + t.conversion_religion[relation]
    return full // 2 if fervor(state, eid) else full


def chance(diff: int) -> float:
    """The chance one die beats ``diff`` (EMP-C04)."""
    return max(0, min(6, 6 - diff)) / 6


def targets(state: State, eid: str, game_map: EmpiresMap | None = None) -> list[str]:
    """The areas ``eid`` may attempt to convert now, sorted."""
    m = game_map or load_map()
    return [aid for aid in board.areas_of(state, eid) if refusal(state, eid, aid, m) is None]


def actions(state: State, eid: str) -> list[dict[str, Any]]:
    """The legal conversions, each with its differential as information (``apply`` reads type, area, empire)."""
    m = load_map()
    return [
        {"type": CONVERT, "area": aid, "differential": differential(state, eid, aid, m), "empire": eid}
        for aid in targets(state, eid, m)
    ]


def case_22_2_convert(state: State, eid: str, aid: Any) -> bool:
    """Attempt to convert ``aid`` to ``eid``'s religion: pay the cost, roll one die against the differential; True
    when the area converts. Raises ValueError naming why the attempt is not allowed."""
    m = load_map()
    why = refusal(state, eid, aid, m)
    if why is not None:
        raise ValueError(why)
    e, where = state["empires"][eid], m.area(aid).name
    diff = differential(state, eid, aid, m)
    halved = " (halved by Missionary Fervor)" if fervor(state, eid) else ""
    paid = cost()
    e["gold"] -= paid
    state["converted"] = True
    old = state["areas"][aid]["religion"]
    face = rng.roll(state, f"{e['name']}: conversion of {where}, above {diff} converts")
    if face > diff:
        state["areas"][aid]["religion"] = e["religion"]
        board.log(
            state,
            f"{e['name']}: conversion of {where} ({old}), differential {diff}{halved}, {paid} gold: rolled {face}, "
            f"{where} is now {e['religion']} (rewrite 22.2)",
        )
        return True
    board.log(
        state,
        f"{e['name']}: conversion of {where} ({old}), differential {diff}{halved}, {paid} gold: rolled {face}, "
        f"{where} stays {old} (rewrite 22.2)",
    )
    return False
