"""umpire: an automated game master for multi-power strategy games of early-modern Europe."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__version__ = "0.1.0"


_adjudicate: Callable[[dict[str, Any]], dict[str, Any]] | None = None


def adjudicate(case: dict[str, Any]) -> dict[str, Any]:
    """Adjudicate one Diplomacy-family phase: JSON case in, JSON answer out (docs/adjudication.md).

    The adjudicator is imported on the first call (``import umpire`` stays light) and kept for the next ones."""
    global _adjudicate
    if _adjudicate is None:
        from umpire.diplomacy.contract import adjudicate as implementation

        _adjudicate = implementation
    return _adjudicate(case)


__all__ = ["__version__", "adjudicate"]
