"""Who decides for a power's units in war (seed 11): one function, a local copy until it merges with the land-war
helper's ``control.controller``; it imports no engine module, so every war module may use it."""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import restrictions as r

State = dict[str, Any]


def controller(state: State, power: str) -> str | None:
    """Who decides for ``power``'s units (seed 11; restrictions.major_of for minor allies): a player for its own
    units; for another major power, the player at peace with it whose opponent it is at war with; else None (local
    copy until merge with the land-war helper's ``control.controller``)."""
    major = r.major_of(state, power)
    if major in r.PLAYERS:
        return major
    found = [
        p
        for p in sorted(r.PLAYERS)
        if not r.at_war(state, p, major) and r.at_war(state, major, r.PAPACY if p == r.PROTESTANT else r.PROTESTANT)
    ]
    return found[0] if len(found) == 1 else None
