"""Fortified spaces: the map's, and those Trace Italienne (#104) adds during the game (``state["fortresses"]``).

A fortress added by the card makes its space fortified for every rule that asks (sieges, assaults, withdrawal into
fortifications, retreats, control, winter quarters); the map data never changes, so each such rule asks
:func:`fortified` with the state.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]


def fortified(state: State, board: HisMap, space: str) -> bool:
    """Whether ``space`` is fortified now: on the map, or by a fortress added during the game."""
    return bool(board.spaces[space].fortified) or space in state.get("fortresses", [])


def add(state: State, space: str) -> None:
    """A fortress is built in ``space`` (Trace Italienne)."""
    found = state.setdefault("fortresses", [])
    if space not in found:
        found.append(space)
