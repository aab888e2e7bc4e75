"""What the new-game form offers for a ruleset's table: how seats are assigned, what happens to a missed order,
and which deadlines mean something (``GET /api/rulesets``, ``table``).

The API itself stays wider (any assignment for any ruleset; a bot only where the ruleset has one, as
:meth:`Store.create` checks): the form shows a player only what the chosen ruleset uses.
"""

from __future__ import annotations

import re
from typing import Any

from umpire.bots import registry
from umpire.server.bots import bot_for

#: Rulesets whose seed assigns its powers by the blind auction of :mod:`umpire.games.europe1615.auction`.
AUCTION_RULESETS = frozenset({"europe1615"})

#: Diplomacy-family rulesets with phases beyond movement, retreats and adjustments (their deadline is the
#: ``default`` kind): Europe 1615's early winter (``W1615E``, disbands).
OTHER_PHASES = frozenset({"europe1615"})

#: A Diplomacy-family phase name (season, year, kind): its phases have movement, retreats and adjustments.
_DIPLOMACY_PHASE = re.compile(r"^[A-Z][0-9]{4}[A-Z]$")


def table_choices(ruleset: str, sample_view: dict[str, Any]) -> dict[str, Any]:
    """The settings the form offers for ``ruleset``, read from its view of a new game (``sample_view``):
    ``assignment`` and ``missed_orders`` (the choices, in the form's order), ``bots`` (the levels of bot that may
    play a seat from the start, weakest first; none for a ruleset without bots), ``bot_notes`` (level -> a line
    saying how strong it is, for the levels that have one), ``deadlines`` (the phase kinds a
    deadline can be set for, see :func:`store.phase_kind`) and ``timetable`` (whether the ruleset times its phases
    itself, so an empty deadline means its own timetable)."""
    assignment = ["chosen", "random"] + (["auction"] if ruleset in AUCTION_RULESETS else [])
    missed = ["hold"] + (["bot"] if bot_for(ruleset) is not None else []) + ["civil_disorder"]
    phase = sample_view.get("phase")
    diplomacy = isinstance(phase, str) and bool(_DIPLOMACY_PHASE.match(phase)) and "phase_kind" not in sample_view
    if diplomacy:
        deadlines = ["movement", "retreats", "adjustments"] + (["default"] if ruleset in OTHER_PHASES else [])
    else:
        deadlines = ["default"]
    has_bots = ruleset in registry.rulesets_with_bots()
    return {
        "assignment": assignment,
        "missed_orders": missed,
        "bots": list(registry.levels(ruleset)) if has_bots else [],
        "bot_notes": registry.notes(ruleset) if has_bots else {},
        "deadlines": deadlines,
        "timetable": "phase_seconds" in sample_view,
    }
