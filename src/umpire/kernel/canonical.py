"""Canonical JSON: the one serialisation used to compare, hash and store game states."""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import Any

import orjson


def canonical_json(value: Any) -> str:
    """Serialise with sorted keys and no insignificant whitespace, so equal data gives equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def state_digest(value: Any) -> str:
    """SHA-256 of the canonical JSON, a short fingerprint for comparing states."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data (through ``marshal``, about ten times faster than ``copy.deepcopy`` on a
    game state; it builds fresh dicts and lists, and plain JSON data has no types marshal would change)."""
    return marshal.loads(marshal.dumps(value))


def canonical_copy(value: Any) -> Any:
    """A deep copy of plain JSON data with every dict's keys in sorted order: what reading its canonical JSON back
    gives. A game's state is kept in this form between actions, so that rules and views which walk a dict walk it
    in the same order whether the state was just computed, replayed, or read back from a store (equal digests then
    mean equal behaviour).

    ``value`` is data :func:`check_plain` accepts (orjson would write a non-finite float as null; check_plain
    refuses them). orjson makes the copy, twice as fast on a large state as the standard library (the kernel makes
    one after every action); the same values in the same order, which ``tests/kernel/test_canonical.py`` checks.
    What orjson refuses (an integer past 64 bits, a lone surrogate) is copied by the standard library."""
    try:
        return orjson.loads(orjson.dumps(value, option=orjson.OPT_SORT_KEYS))
    except (orjson.JSONEncodeError, TypeError):
        return json.loads(canonical_json(value))


_STRICT = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
_STRICT |= orjson.OPT_PASSTHROUGH_DATETIME


def plain_canonical_copy(value: Any, where: str = "state") -> Any:
    """:func:`check_plain` then :func:`canonical_copy`, in one pass for what is plain (the kernel's step after every
    action): orjson refuses a non-string key and anything but the built-in types, and what it writes differently (a
    tuple as a list, a non-finite float as null, an enum or a UUID by its value) makes the copy differ from
    ``value``, so a copy equal to ``value`` is the canonical copy of plain data. Otherwise check_plain raises naming
    the first offending value, or the standard library copies what orjson could not (an integer past 64 bits)."""
    try:
        copied = orjson.loads(orjson.dumps(value, option=_STRICT))
    except (orjson.JSONEncodeError, TypeError):
        pass
    else:
        if copied == value:
            return copied
    check_plain(value, where)
    return json.loads(canonical_json(value))


_SCALARS = frozenset({str, bool, int, float, type(None)})


def _is_plain(value: Any) -> bool:
    """A fast check (no recursion, no paths) that ``value`` is plain JSON data of the exact built-in types."""
    stack = [value]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is dict:
            for key, item in current.items():
                if type(key) is not str:
                    return False
                stack.append(item)
        elif kind is list:
            stack.extend(current)
        elif kind is float:
            if current - current:  # nan for nan and the infinities, 0.0 (false) for a finite number
                return False
        elif kind not in _SCALARS:
            return False
    return True


def check_plain(value: Any, where: str = "state") -> None:
    """Raise TypeError unless ``value`` is plain JSON data (dict with str keys, list, str, int, finite float, bool,
    None).

    The fast check runs first (a view is checked before it is sent): orjson's copy equal to ``value`` (as in
    :func:`plain_canonical_copy`), else the check in Python; the path of the first offending value is only worked
    out when there is one."""
    try:
        if orjson.loads(orjson.dumps(value, option=_STRICT)) == value:
            return
    except (orjson.JSONEncodeError, TypeError):
        pass
    if _is_plain(value):
        return
    _check_plain(value, where)


def _check_plain(value: Any, where: str) -> None:
    if isinstance(value, float) and value - value:
        raise TypeError(f"{where} is {value}, which is not a JSON number")
    if value is None or isinstance(value, (str, bool, int, float)):
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            _check_plain(item, f"{where}[{i}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where} has a non-string key {key!r}")
            _check_plain(item, f"{where}.{key}")
        return
    raise TypeError(f"{where} holds a {type(value).__name__}, which is not plain JSON data")
