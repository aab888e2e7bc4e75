"""Request bodies before anyone parses them: the size cap and the numbers a JSON body may hold.

:class:`umpire.server.app.Guard` reads a body through :func:`read_body` (refused at the cap, by Content-Length or by
counting what arrives) and checks it with :func:`number_problem` before the route parses it: Python refuses to
read an integer of more than 4,300 digits (a 400 or a 500 from deep inside the framework), and reads ``1e999`` as
infinity, which no game state may hold.
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import Any

#: The default cap on a request body (``create_app(max_body_bytes=...)``, env ``UMPIRE_MAX_BODY_BYTES``).
DEFAULT_MAX_BODY_BYTES = 1024 * 1024
#: The largest magnitude of a number in a body: a signed 64-bit integer's. Routes and rulesets bound tighter.
MAX_NUMBER = 2**63 - 1

# Cheap pre-check: only a body with a long digit run, a large exponent or a non-finite constant is parsed here.
_SUSPECT = re.compile(rb"\d{16,}|[eE][+-]?\d{2,}|Infinity|NaN")


class BodyTooLarge(Exception):
    """The body passed the cap."""


def max_body_bytes(value: int | None) -> int:
    """The cap: ``value`` when given, else env ``UMPIRE_MAX_BODY_BYTES``, else 1 MiB."""
    if value is not None:
        return value
    env = os.environ.get("UMPIRE_MAX_BODY_BYTES", "").strip()
    if env:
        try:
            parsed = int(env)
        except ValueError:
            raise ValueError(f"UMPIRE_MAX_BODY_BYTES must be a whole number of bytes, not {env!r}") from None
        if parsed < 1024:
            raise ValueError(f"UMPIRE_MAX_BODY_BYTES must be at least 1024 bytes, not {parsed}")
        return parsed
    return DEFAULT_MAX_BODY_BYTES


async def read_body(receive: Any, cap: int) -> tuple[bytes, list[Any]]:
    """Read the whole body, counting bytes as they arrive; raise BodyTooLarge past ``cap``. Returns the body and
    the messages read (to hand on unchanged)."""
    chunks: list[bytes] = []
    size = 0
    messages: list[Any] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > cap:
            raise BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks), messages


class _Bad:
    """A number that is out of range, kept as its text (never converted) until its place is found."""

    def __init__(self, text: str) -> None:
        self.text = text

    def describe(self) -> str:
        digits = len(self.text.lstrip("-").split(".")[0].split("e")[0].split("E")[0])
        if self.text in ("Infinity", "-Infinity", "NaN"):
            return self.text
        if "e" in self.text.lower() or "." in self.text:
            return f"{self.text[:20]}{'...' if len(self.text) > 20 else ''}"
        return f"a {digits}-digit number"


def _int(text: str) -> Any:
    if len(text.lstrip("-")) > 19:
        return _Bad(text)
    value = int(text)
    return value if -MAX_NUMBER <= value <= MAX_NUMBER else _Bad(text)


def _float(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) and abs(value) <= MAX_NUMBER else _Bad(text)


def _find(value: Any) -> tuple[str, _Bad] | None:
    """The first out-of-range number and its path (``action.n``, ``bids[2]``), depth first."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        current, path = stack.pop()
        if isinstance(current, _Bad):
            return path, current
        if isinstance(current, dict):
            stack.extend((item, f"{path}.{key}" if path else str(key)) for key, item in reversed(current.items()))
        elif isinstance(current, list):
            stack.extend((item, f"{path}[{i}]") for i, item in reversed(list(enumerate(current))))
    return None


def number_problem(body: bytes) -> str | None:
    """None when every number in the JSON ``body`` is finite and within :data:`MAX_NUMBER` (or the body is not
    JSON: the route reports that); else the message naming the field, the value's problem and the range."""
    if not _SUSPECT.search(body):
        return None
    try:
        data = json.loads(body, parse_int=_int, parse_float=_float, parse_constant=_Bad)
    except ValueError as exc:  # not JSON (UnicodeDecodeError included)
        return f"the body is not valid JSON: {exc}"
    except RecursionError:
        return "the body is nested too deeply"
    found = _find(data)
    if found is None:
        return None
    path, bad = found
    return (
        f"{path or 'body'}: {bad.describe()} is out of range; numbers must be finite and from {-MAX_NUMBER} to "
        f"{MAX_NUMBER}"
    )
