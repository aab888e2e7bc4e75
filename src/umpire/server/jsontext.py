"""The JSON text of the server's answers and live messages: compact, UTF-8, keys in the order given.

orjson writes it several times faster than the standard library's encoder (a seat's 5 KB answer: 0.02 ms against
0.15 ms), which under load is a tenth of the server's time; what orjson refuses (an integer past 64 bits) is
written by the standard encoder, to the same text.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps_bytes(data: Any) -> bytes:
    """``data`` (plain JSON data) as compact UTF-8 JSON."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def dumps(data: Any) -> str:
    """:func:`dumps_bytes` as text."""
    return dumps_bytes(data).decode("utf-8")
