"""Europe 1615: reading the game state -- the map, the minor states' table, the units, who holds what, who is
still in the game.  No rule is decided here; every other module reads the state through these.

Seed sections: "PHASES OF THE GAME YEAR" (the first year), "Political status" (the aligned and neutral states),
"ELIMINATION AND EFFECTS OF" (who is still in the game), "ABANDONMENT / CIVIL DISORDER" (the minor states made of
a dissolved power's centres).
"""

from __future__ import annotations

from typing import Any

from umpire.diplomacy.map import GameMap
from umpire.diplomacy.policy import Unit
from umpire.games.europe1615.mapdata import MinorState, europe1615_map, minors

State = dict[str, Any]

FIRST_YEAR = 1615


def prov_of(loc: str) -> str:
    """The province of a location (``SPA/NC`` -> ``SPA``)."""
    return loc.split("/", 1)[0]


def game_map() -> GameMap:
    """The Europe 1615 map (read once)."""
    return europe1615_map()


def minor_table(state: State | None = None) -> dict[str, MinorState]:
    """The map's minor states, plus (given ``state``) the minor states made of a dissolved power's centres
    (``state["new_minors"]``, see ``elimination.dissolve``)."""
    table = minors(game_map())
    if state is None or not state.get("new_minors"):
        return table
    out = dict(table)
    for mid, nm in state["new_minors"].items():
        out[mid] = MinorState(
            id=mid,
            name=nm["name"],
            kind="minor",
            region="dissolved",
            provinces=tuple(nm["provinces"]),
            centers=(nm["centre"],),
            units=(nm["unit"],),
            confession=nm["confession"] or "none",
            denomination="",
            pliant=True,
        )
    return out


def capital(m: MinorState) -> str:
    """The province whose capture is the capture of the state: its first centre, or its first province."""
    return m.centers[0] if m.centers else m.provinces[0]


def board(state: State) -> dict[str, Unit]:
    """Province -> resolver unit of every unit on the board."""
    return {p: Unit(u["nation"], u["kind"], u["loc"]) for p, u in state["units"].items()}


def aligned_map(state: State) -> dict[str, str | None]:
    """The ALIGNED states and the power each is aligned with."""
    return {m: s["power"] for m, s in state["status"].items() if s["kind"] == "ALIGNED"}


def neutral_set(state: State) -> set[str]:
    """The NEUTRAL states."""
    return {m for m, s in state["status"].items() if s["kind"] == "NEUTRAL"}


def owned_centres(state: State, nation: str) -> list[str]:
    """The supply centres ``nation`` holds, sorted."""
    gm = game_map()
    return sorted(c for c in gm.centers if state["owner"].get(c) == nation)


def alive(state: State) -> list[str]:
    """The great powers not eliminated, in the map's order."""
    return [p for p in game_map().powers if p not in state["eliminated"]]


def kinds(prov: str) -> str:
    """The unit types that may stand on ``prov``: "A", "F" or "AF"."""
    gm = game_map()
    return ("A" if gm.is_location(prov, "A") else "") + ("F" if gm.is_location(prov, "F") else "")
