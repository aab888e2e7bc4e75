"""The colours of Renaissance and Reformation's teams and states, as every drawing of the map shows them."""

from __future__ import annotations

import zlib

from umpire.render.markup import pale

__all__ = ["RR3_TEAM_COLOURS", "RR3_TEAM_OF_STATE", "rr3_state_colour"]

#: The team each played state belongs to (the shared identifiers of the ruleset, spec rr3-ids).
RR3_TEAM_OF_STATE: dict[str, str] = {
    "england": "england",
    "france": "france",
    **{s: "habsburgs" for s in ("spain", "naples", "netherlands", "austria")},
    **{s: "electors" for s in ("saxony", "brandenburg", "palatinate", "bohemia", "hungary", "mainz")},
    **{s: "lutherans" for s in ("ansbach", "hesse", "anhalt")},
    **{s: "princes" for s in ("bavaria", "baden", "ducal_saxony")},
    "denmark": "denmark",
    "papacy": "papacy",
    "florence": "florence",
    "milan": "milan",
    "venice": "venice",
}

#: A colour per team, for its states' areas and its counters.
RR3_TEAM_COLOURS: dict[str, str] = {
    "england": "#c8102e",
    "france": "#2657a8",
    "habsburgs": "#c9a227",
    "electors": "#7b4f9d",
    "princes": "#2e8b57",
    "papacy": "#efe3a8",
    "lutherans": "#8b5a2b",
    "venice": "#1f8a8a",
    "florence": "#e07b1f",
    "milan": "#4f6272",
    "denmark": "#e06c9f",
}


def rr3_state_colour(state: str) -> str:
    """A state's colour: its team's for a played state, else a soft colour fixed by the state's id."""
    team = RR3_TEAM_OF_STATE.get(state)
    if team is not None:
        return RR3_TEAM_COLOURS[team]
    return "#9a9a9a" if state == "ottomans" else pale(zlib.crc32(state.encode()) % 97)
