"""Military actions (rule book 10-17; seed 10, 11, 13, 14): spring deployment, moving formations, control of
unfortified spaces, building units, assaults, battles and sieges.

The engine asks this module for the legal military CP actions (:func:`cp_actions`), their cost (:func:`cost`),
and applies them (:func:`apply`); decisions these actions open (interception, retreats, battles) are registered
with ``engine.decision_kind``. Actions not built yet are not offered, and the engine refuses them by name.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]
Action = dict[str, Any]

#: The military action types this module handles (11.1); the engine refuses the rest of 11.1 as not built.
ACTIONS: frozenset[str] = frozenset()


def built(kind: str) -> bool:
    """Whether the military action ``kind`` exists yet."""
    return kind in ACTIONS


def cp_actions(state: State, board: HisMap, power: str, cp: int) -> list[Action]:
    """The military actions ``power`` may take with ``cp`` CP left (none are built yet)."""
    return []


def cost(state: State, power: str, action: Action) -> int:
    """The CP an action costs ``power`` (11.1, the power cards)."""
    raise ValueError(f"no military action {action.get('type')!r} is built")


def apply(state: State, board: HisMap, power: str, action: Action) -> None:
    """Carry out a military action (one of :func:`cp_actions`)."""
    raise ValueError(f"no military action {action.get('type')!r} is built")


def spring_actions(state: State, board: HisMap) -> list[Action]:
    """The Papacy's spring deployments (10; seed 10); none are built yet, so it may only skip."""
    return []


def spring_apply(state: State, board: HisMap, action: Action) -> None:
    """Carry out a spring deployment (one of :func:`spring_actions`)."""
    raise ValueError("spring deployment is not built")
