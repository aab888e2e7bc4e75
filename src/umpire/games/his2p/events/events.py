"""Card events (rule book 6.1 and each card's text in the project's own words; the seed's Modified Cards): one
registered function per card number, each citing its card.

An event has a condition (:func:`playable` answers why not, or None) and an effect, which may change the state at
once and may push decisions onto the engine's stack (``core.decision_kind`` registers new kinds). Cards with no
registered event cannot be played as events: the engine does not offer them (docs/status.md lists which exist).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]

Condition = Callable[[State, HisMap, str], str | None]
Effect = Callable[[State, HisMap, str], None]


@dataclass(frozen=True)
class Event:
    """A card's event: when ``power`` may play it (None, or why not) and what it does."""

    number: int
    condition: Condition
    effect: Effect


EVENTS: dict[int, Event] = {}


def event(number: int, condition: Condition | None = None) -> Callable[[Effect], Effect]:
    """Register the effect of card ``number`` (with its condition; by default any power may play it)."""

    def register(effect: Effect) -> Effect:
        if number in EVENTS:
            raise ValueError(f"card {number} has two events")
        EVENTS[number] = Event(number, condition or (lambda state, board, power: None), effect)
        return effect

    return register


def playable(state: State, board: HisMap, power: str, number: int) -> str | None:
    """Why ``power`` may not play card ``number`` as its event now, or None if it may."""
    if number not in state["hands"][power]:
        return "it is not in your hand"
    found = EVENTS.get(number)
    if found is None:
        return "its event is not built yet in umpire (docs/status.md)"
    if number in played_this_turn(state):
        return "it was already played as an event this turn (11)"
    return found.condition(state, board, power)


def played_this_turn(state: State, power: str | None = None) -> list[int]:
    """Cards played as events this turn (by ``power``, or by anyone): a card may be played as an event once a turn,
    and Here I Stand may not take back a card its power played this turn (6.2, 11)."""
    return [n for turn, who, n in state.get("event_plays", []) if turn == state["turn"] and power in (None, who)]


def play(state: State, board: HisMap, power: str, number: int) -> None:
    """Run the event of card ``number`` for ``power`` (its condition was checked)."""
    plays = [p for p in state.get("event_plays", []) if p[0] == state["turn"]]
    state["event_plays"] = [*plays, [state["turn"], power, number]]
    EVENTS[number].effect(state, board, power)
