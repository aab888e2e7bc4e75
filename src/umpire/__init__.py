"""umpire: an automated game master for multi-power strategy games of early-modern Europe."""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def adjudicate(case: dict[str, Any]) -> dict[str, Any]:
    """Adjudicate one Diplomacy-family phase: JSON case in, JSON answer out (docs/adjudication.md)."""
    from umpire.diplomacy.contract import adjudicate as _adjudicate

    return _adjudicate(case)


__all__ = ["__version__", "adjudicate"]
