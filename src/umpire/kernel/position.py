"""Positions: a moment of a game as a documented data file, to start a new game from (issue 31, point 1).

A position is a JSON object ``{"format": "umpire-position/1", "ruleset": name, ...}``; what follows the two tags
belongs to the ruleset (:meth:`~umpire.kernel.ruleset.Ruleset.to_position` writes it,
:meth:`~umpire.kernel.ruleset.Ruleset.from_position` reads and validates it; his2p's is
``games/his2p/position.py``, documented in docs/positions.md). A position holds no generator secret, no dice
rolled and no log: a game started from one (``new_game(..., position=...)``) draws from its own seed, and its
record carries the position, so that a replay is the position and the action log again, byte-identical.
"""

from __future__ import annotations

from typing import Any

from umpire.kernel.canonical import clone
from umpire.kernel.errors import BadPosition
from umpire.kernel.ruleset import Ruleset, State

FORMAT = "umpire-position/1"
#: The largest position a server accepts, in bytes of its JSON (a 1517 his2p position is about 20 kB).
MAX_BYTES = 400_000


def write_position(ruleset: Ruleset, state: State) -> dict[str, Any]:
    """The position of ``state``: the two tags, then the ruleset's part (which must not use them)."""
    body = ruleset.to_position(clone(state))
    return {"format": FORMAT, "ruleset": ruleset.info.name, **body}


def position_ruleset(position: Any) -> str:
    """The ruleset a position names, after checking its format tag; BadPosition otherwise."""
    if not isinstance(position, dict):
        raise BadPosition(
            [f'a position must be a JSON object with "format": "{FORMAT}", not {type(position).__name__}']
        )
    problems = []
    if position.get("format") != FORMAT:
        problems.append(f'format: expected "{FORMAT}", found {position.get("format")!r}')
    name = position.get("ruleset")
    if not isinstance(name, str):
        problems.append(f"ruleset: expected the name of a ruleset, found {name!r}")
    if problems:
        raise BadPosition(problems)
    assert isinstance(name, str)
    return name


def body_of(position: dict[str, Any]) -> dict[str, Any]:
    """The ruleset's part of a position: everything but the two tags."""
    return {k: v for k, v in position.items() if k not in ("format", "ruleset")}
