"""Structural bounds of an action: how deep, how long, how many, how large a number.

Every action goes through :func:`check_action` in :meth:`umpire.kernel.game.Game.act`, so the server and the CLI
are protected alike. :class:`ActionLimits` holds generous defaults; a ruleset tightens them for a state and role
with :meth:`umpire.kernel.ruleset.Ruleset.action_limits` (e.g. no more list items than the power has units). The
ruleset's own validation then applies the limits that need the rules (which orders, which amounts).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from umpire.kernel.errors import IllegalAction

#: The largest whole number JSON carries exactly everywhere (JavaScript's Number.MAX_SAFE_INTEGER).
SAFE_INT = 2**53 - 1


@dataclass(frozen=True)
class ActionLimits:
    """Bounds on an action's JSON: nesting depth, string length (characters), items of one list or object,
    values in all, and the magnitude of any number."""

    max_depth: int = 6
    max_string: int = 20_000
    max_items: int = 1_000
    max_values: int = 10_000
    max_number: int = SAFE_INT
    max_key: int = 64


def _describe(value: int) -> str:
    """A whole number too large to print in full (Python refuses str() past 4,300 digits): its digit count."""
    digits = len(str(abs(value))) if value.bit_length() < 10_000 else int(value.bit_length() * math.log10(2)) + 1
    return f"a {digits}-digit number"


def check_action(action: Any, limits: ActionLimits, where: str = "action") -> None:
    """Raise IllegalAction, naming the field and the accepted range, unless ``action`` is plain JSON data within
    ``limits``."""
    count = 0
    stack: list[tuple[Any, str, int]] = [(action, where, 1)]
    while stack:
        value, path, depth = stack.pop()
        count += 1
        if count > limits.max_values:
            raise IllegalAction(f"{where} holds more than {limits.max_values} values; expected at most that many")
        kind = type(value)
        if kind is str:
            if len(value) > limits.max_string:
                raise IllegalAction(
                    f"{path} is {len(value)} characters long; expected at most {limits.max_string} characters"
                )
        elif kind is bool or value is None:
            continue
        elif kind is int:
            if not -limits.max_number <= value <= limits.max_number:
                raise IllegalAction(
                    f"{path} is {_describe(value)}, out of range; expected a whole number from "
                    f"{-limits.max_number} to {limits.max_number}"
                )
        elif kind is float:
            if not math.isfinite(value) or abs(value) > limits.max_number:
                raise IllegalAction(
                    f"{path} is {value!r}, out of range; expected a finite number from "
                    f"{-limits.max_number} to {limits.max_number}"
                )
        elif kind is list or kind is dict:
            if depth > limits.max_depth:
                raise IllegalAction(f"{path} is nested {depth} levels deep; expected at most {limits.max_depth}")
            if len(value) > limits.max_items:
                what = "items" if kind is list else "keys"
                raise IllegalAction(f"{path} has {len(value)} {what}; expected at most {limits.max_items}")
            if kind is list:
                stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
            else:
                for key, item in value.items():
                    if type(key) is not str:
                        raise IllegalAction(f"{path} has a non-string key {key!r}")
                    if len(key) > limits.max_key:
                        raise IllegalAction(
                            f"{path} has a key of {len(key)} characters; expected keys of at most {limits.max_key}"
                        )
                    stack.append((item, f"{path}.{key}", depth + 1))
        else:
            raise IllegalAction(f"{path} holds a {kind.__name__}, which is not plain JSON data")
