"""Victory points (rewrite 26.0) and the end of the scenario (18.0: claims and possession at the end).

An empire's victory points are counted from the areas it possesses with the figures of ``data/victory.json`` (all
authored, EMP-P01): for each area a fixed part, its population and its social state (none below zero) times their
weights, and a bonus when the empire also holds a claim to it (rewrite 2.0, 18.0). A player's total adds the
scenario's adjustment (rewrite 27.92, ``vp_adjustments``; Millennium's is authored, EMP-P10) and the points his
alliances brought (33.5, ``alliances.py``). At the end the higher total wins; equal totals are a draw (EMP-P02).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2 import board, datafiles
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.scenario import load_scenario

State = dict[str, Any]

VICTORY_FILE = "victory.json"
FIELDS = ("per_area", "per_population", "per_social_state", "claim_bonus")
#: The ruleset option that plays Millennium's raw totals when false (EMP-P10); the public 27.92 is not affected.
AUTHORED_ADJUSTMENT = "millennium_adjustment"


class VictoryFault(ValueError):
    """``victory.json`` breaks its format: the message names the file, the field and the fault."""

    def __init__(self, where: str, what: str, file: str = VICTORY_FILE) -> None:
        super().__init__(f"{file}: {where}: {what}")


@dataclass(frozen=True, slots=True)
class VictoryTable:
    """The victory-point figures: a possessed area is worth ``per_area + per_population * population +
    per_social_state * social state``, and ``claim_bonus`` more when the empire also claims it."""

    per_area: int
    per_population: int
    per_social_state: int
    claim_bonus: int
    authored: bool


def parse_victory(raw: Any, source: str = VICTORY_FILE) -> VictoryTable:
    """Check ``raw`` (the file's JSON) and build the table; a fault raises :class:`VictoryFault`."""
    if not isinstance(raw, dict):
        raise VictoryFault("top level", "must be an object", source)
    if not isinstance(raw.get("about"), str) or not raw["about"].strip():
        raise VictoryFault("top level", "'about' must be a non-empty string saying what the file holds", source)
    if not isinstance(raw.get("authored"), bool):
        raise VictoryFault("top level", "'authored' must be true or false (are the figures the printed ones?)", source)
    unknown = set(raw) - {"about", "authored", *FIELDS}
    if unknown:
        known = ", ".join(FIELDS)
        raise VictoryFault("top level", f"unknown fields {', '.join(sorted(unknown))}; known: {known}", source)
    values: dict[str, int] = {}
    for field in FIELDS:
        v = raw.get(field)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 20:
            raise VictoryFault(field, f"must be a whole number 0..20, not {v!r}", source)
        values[field] = v
    return VictoryTable(authored=raw["authored"], **values)


@functools.cache
def load_victory() -> VictoryTable:
    """The victory-point figures of ``victory.json`` (the package's, or the owner's, ``datafiles``), checked."""
    src = datafiles.source(VICTORY_FILE)
    try:
        return parse_victory(datafiles.read(src), src.label)
    except ValueError as fault:
        raise datafiles.refault(fault, src) from None


def area_points(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> int:
    """What one area the empire possesses is worth to it (EMP-P01)."""
    t, m = load_victory(), game_map or load_map()
    a = state["areas"][aid]
    social: int = max(0, a["social_state"])
    points = t.per_area + t.per_population * m.area(aid).population + t.per_social_state * social
    if aid in state["empires"][eid]["claims"]:
        points += t.claim_bonus
    return points


def empire_points(state: State, eid: str, game_map: EmpiresMap | None = None) -> int:
    """Rewrite 26.0 (figures authored, EMP-P01): the victory points of an empire's possessions and claims now. This
    is the count 33.5 notes when an alliance begins and compares when it ends."""
    m = game_map or load_map()
    return sum(area_points(state, eid, aid, m) for aid in board.areas_of(state, eid))


def adjustment(state: State, eid: str) -> int:
    """The scenario's fixed adjustment to an empire's total: rewrite 27.92's Frankish -40, always; an authored one
    (Millennium's Byzantine, EMP-P10) unless the option :data:`AUTHORED_ADJUSTMENT` is false."""
    if "scenario" not in state:
        return 0
    sc = load_scenario(state["scenario"])
    if f"vp_adjustment:{eid}" in sc.authored_entries and not state.get("options", {}).get(AUTHORED_ADJUSTMENT, True):
        return 0
    return int(sc.vp_adjustments.get(eid, 0))


def player_points(state: State, player: str, game_map: EmpiresMap | None = None) -> dict[str, int]:
    """A player's victory points by part: his empire's, the scenario's adjustment, his alliances' (33.5), total."""
    own = empire_points(state, player, game_map)
    adjust = adjustment(state, player)
    allied = int(state["empires"][player].get("alliance_points", 0))
    return {"empire": own, "adjustment": adjust, "alliances": allied, "total": own + adjust + allied}


def standings(state: State, game_map: EmpiresMap | None = None) -> dict[str, dict[str, int]]:
    """Every player's points by part (:func:`player_points`), in scenario order."""
    seats = [eid for eid, e in board.empires(state) if e["status"] == board.PLAYER]
    return {p: player_points(state, p, game_map) for p in seats}


def end_of_scenario(state: State) -> str | None:
    """The scenario's end (rewrite 26.0): each player's total in the log, part by part, and the winner, the higher
    total, kept in ``state["winner"]`` and ``state["result"]`` (a draw when equal, EMP-P02). Call it after the
    running alliances are credited (33.5, EMP-A10). Returns the winner or None."""
    table = standings(state)
    for p, parts in table.items():
        board.log(
            state,
            f"victory points of {board.name(state, p)}: {parts['empire']} for its areas and claims, "
            f"{parts['adjustment']:+d} the scenario's adjustment, {parts['alliances']:+d} from alliances (33.5): "
            f"{parts['total']} (rewrite 26.0)",
        )
    totals = {p: parts["total"] for p, parts in table.items()}
    best = max(totals.values())
    top = [p for p, v in totals.items() if v == best]
    winner = top[0] if len(top) == 1 else None
    if winner is None:
        board.log(state, f"the scenario ends in a draw: {' and '.join(board.name(state, p) for p in top)} at {best}")
    else:
        board.log(state, f"{board.name(state, winner)} wins with {best} victory points (rewrite 26.0)")
    state["winner"] = winner
    state["result"] = {"kind": "victory" if winner else "draw", "winner": winner, "scores": totals}
    return winner
