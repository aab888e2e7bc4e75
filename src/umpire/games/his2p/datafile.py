"""Reading the JSON files of ``his2p/data`` and the checks every loader shares.

A fault in a data file raises :class:`ValueError` naming the file, the entry and what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "DATA_DIR",
    "LANGUAGE_ZONES",
    "MAJOR_POWERS",
    "MINOR_POWERS",
    "DataFault",
    "card_ref",
    "get",
    "get_bool",
    "get_int",
    "get_mapping",
    "get_opt_int",
    "get_opt_str",
    "get_str",
    "read",
]

DATA_DIR = Path(__file__).with_name("data")
MAJOR_POWERS: tuple[str, ...] = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINOR_POWERS: tuple[str, ...] = ("genoa", "venice", "scotland", "hungary")
LANGUAGE_ZONES: tuple[str, ...] = ("german", "french", "italian", "english", "spanish")


class DataFault(ValueError):
    """A data file breaks its format: the message names the file, the entry and the fault."""

    def __init__(self, file: str, where: str, what: str) -> None:
        super().__init__(f"{file}: {where}: {what}")


def read(name: str) -> dict[str, Any]:
    """The parsed top-level object of ``data/<name>``, which must carry an ``about`` string."""
    path = DATA_DIR / name
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise DataFault(name, "top level", "expected a JSON object")
    if not isinstance(data.get("about"), str) or not data["about"].strip():
        raise DataFault(name, "top level", "missing the 'about' string")
    return data


def get(entry: Mapping[str, Any], key: str, file: str, where: str) -> Any:
    """``entry[key]``, or a fault naming the missing key."""
    if key not in entry:
        raise DataFault(file, where, f"missing '{key}'")
    return entry[key]


def get_mapping(entry: Mapping[str, Any], key: str, file: str, where: str) -> Mapping[str, Any]:
    """A JSON object under ``key``."""
    value = get(entry, key, file, where)
    if not isinstance(value, dict):
        raise DataFault(file, where, f"'{key}' must be an object, got {value!r}")
    return value


def get_str(entry: Mapping[str, Any], key: str, file: str, where: str) -> str:
    """A non-empty string under ``key``."""
    value = get(entry, key, file, where)
    if not isinstance(value, str) or not value:
        raise DataFault(file, where, f"'{key}' must be a non-empty string, got {value!r}")
    return value


def get_opt_str(entry: Mapping[str, Any], key: str, file: str, where: str) -> str | None:
    """A non-empty string or null under ``key`` (absent counts as null)."""
    value = entry.get(key)
    if value is not None and (not isinstance(value, str) or not value):
        raise DataFault(file, where, f"'{key}' must be a non-empty string or null, got {value!r}")
    return value


def get_int(entry: Mapping[str, Any], key: str, file: str, where: str, low: int = 0, high: int = 99) -> int:
    """An integer in ``low..high`` under ``key`` (booleans are refused)."""
    value = get(entry, key, file, where)
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise DataFault(file, where, f"'{key}' must be an integer from {low} to {high}, got {value!r}")


def get_opt_int(entry: Mapping[str, Any], key: str, file: str, where: str, low: int = 0, high: int = 99) -> int | None:
    """An integer in ``low..high`` or null under ``key`` (absent counts as null)."""
    if entry.get(key) is None:
        return None
    return get_int(entry, key, file, where, low, high)


def get_bool(entry: Mapping[str, Any], key: str, file: str, where: str) -> bool:
    """A boolean under ``key``."""
    value = get(entry, key, file, where)
    if not isinstance(value, bool):
        raise DataFault(file, where, f"'{key}' must be true or false, got {value!r}")
    return value


def card_ref(value: object, file: str, where: str, main_cards: Mapping[int, object]) -> int:
    """The card number of a ``"main:N"`` reference, which must name a known main-deck card."""
    if not isinstance(value, str) or not value.startswith("main:") or not value[5:].isdigit():
        raise DataFault(file, where, f"expected a card reference 'main:N', got {value!r}")
    number = int(value[5:])
    if number not in main_cards:
        raise DataFault(file, where, f"{value!r} names no card of cards.json")
    return number
