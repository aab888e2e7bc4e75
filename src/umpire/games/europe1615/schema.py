"""The Europe 1615 game state's JSON Schema (``data/state.schema.json``, docs/adjudication.md) and the check of a
state given from outside (``umpire.adjudicate``): its shape against the schema, then its derived fields (statuses
and religious markers) recomputed from the INF tables rather than trusted."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from umpire.games.europe1615.status import recompute_markers, statuses
from umpire.kernel.errors import BadGameFile

SCHEMA_PATH = Path(__file__).with_name("data") / "state.schema.json"


@cache
def validator() -> Draft202012Validator:
    """The validator of the shipped schema (read once)."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _where(error: ValidationError) -> str:
    """The JSON path of the offending value, from the state's root (``state.units.PAR.kind``)."""
    path = "state"
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def check_state(state: Any) -> None:
    """Raise :class:`BadGameFile` naming the first offending path if ``state`` does not match the schema."""
    error = best_match(validator().iter_errors(state))
    if error is None:
        return
    raise BadGameFile(
        f"the Europe 1615 state does not match its schema at {_where(error)}: {error.message} "
        "(the schema: docs/adjudication.md, Europe 1615 state)"
    )


def refresh_derived(state: dict[str, Any]) -> None:
    """Recompute the fields derived from the INF tables (statuses and religious markers) as the engine keeps them,
    so that a hand-built state's stale copies cannot change an adjudication.  Before the year's status check
    (``status_checked`` false) the check itself recomputes them."""
    if state["status_checked"]:
        state["status"] = statuses(state)
        recompute_markers(state)
