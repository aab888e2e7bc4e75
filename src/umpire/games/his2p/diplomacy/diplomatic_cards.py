"""The registry of the Diplomatic cards' events (seed section 9): ``diplomatic_events.py``, ``invasions.py`` and
``minor_powers.py`` register theirs by card number as they are imported; ``diplomacy.resolve`` runs them. It
imports nothing of the package but the map's type, so any module may register here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]
#: A Diplomatic card's event: the state, the map and the role that resolves it (ruling HIS-D02).
Effect = Callable[[State, HisMap, str], None]

#: The Diplomatic cards' events by number.
EVENTS: dict[int, Effect] = {}


def register_events(effects: Mapping[int, Effect]) -> None:
    """Register Diplomatic cards' events, each card once."""
    for number, effect in effects.items():
        if number in EVENTS:
            raise ValueError(f"Diplomatic card {number} has two events")
        EVENTS[number] = effect
