"""Command-line argument helpers shared by the ``umpire`` commands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from umpire.kernel.errors import UmpireError


class UsageError(UmpireError):
    """A command-line argument that is not what the command expects."""


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs; values are read as JSON when they parse (numbers, null, true/false), else as text."""
    options: dict[str, Any] = {}
    for pair in pairs or ():
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"option {pair!r} must be written NAME=VALUE")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options
