"""The orders text box: a whole submission as typed, split into the ruleset's order actions, with per-line errors.

Accepted text (case does not matter; blank lines and lines starting with ``#`` or ``//`` are skipped)::

    FRANCE (EXAMPLE SUBMISSION):      a header: the following lines are this power's
    9: WUR                            a 1615 INF deployment: 9 INF to Wuerttemberg
    NORM S PAR-CHA                    an order, in any notation the ruleset's adjudicator reads
    A PAR - BUR

A submission without a header orders the power given with it, or the caller's only orderable power. Each
orderable power named becomes one ``{"type": "orders", "power": P, "orders": [...]}`` action (with ``"inf":
{STATE: n}`` when there are INF lines and the ruleset's order form takes them); all are applied together or not at
all. When the ruleset refuses, each line is tried on its own so the error is shown beside the line at fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

#: The most lines with an error (or a warning) an answer lists, and the most order lines a text is read for (then
#: tried one by one to find which were refused): the work an orders text costs is bounded, not only its size
#: (issue 26, point 4). No power has 200 units to order.
MAX_ERROR_LINES = 50
MAX_LINES_TRIED = 200


def bounded(lines: list[dict[str, Any]], unchecked: int = 0) -> list[dict[str, Any]]:
    """At most :data:`MAX_ERROR_LINES` of ``lines`` (per-line errors and warnings), then one line saying how many
    more there are (and how many lines were not checked at all, ``unchecked``)."""
    more = max(0, len(lines) - MAX_ERROR_LINES)
    if not more and not unchecked:
        return lines
    said = [f"{more} more line{'s' if more != 1 else ''} with errors or warnings"] if more else []
    if unchecked:
        said.append(f"{unchecked} more line{'s' if unchecked != 1 else ''} not checked")
    note = f"... and {' and '.join(said)} (at most {MAX_ERROR_LINES} are listed; correct these and submit again)"
    return [*lines[:MAX_ERROR_LINES], {"line": 0, "text": "", "error": note}]


_HEADER = re.compile(r"^([A-Za-z][A-Za-z .'_-]*?)\s*(?:\([^)]*\))?\s*:\s*$")
_INF = re.compile(r"^(\d{1,4})\s*:\s*([A-Za-z][A-Za-z/]*)\s*$")


@dataclass
class Parsed:
    """A submission split by power: the orders (with their source line numbers), INF lines, and line errors."""

    orders: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    inf: dict[str, list[tuple[int, str, int]]] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def error(self, line: int, text: str, message: str) -> None:
        self.errors.append({"line": line, "text": text, "error": message})

    def actions(self) -> list[dict[str, Any]]:
        result = []
        for power in sorted(set(self.orders) | set(self.inf)):
            action: dict[str, Any] = {
                "type": "orders",
                "power": power,
                "orders": [t for _, t in self.orders.get(power, [])],
            }
            if self.inf.get(power):
                action["inf"] = {state: n for _, state, n in self.inf[power]}
            result.append(action)
        return result


def order_forms(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The caller's order forms now, by power (from the view's ``actions``)."""
    forms = {}
    for action in view.get("actions", []) or []:
        if isinstance(action, dict) and action.get("type") == "orders" and isinstance(action.get("power"), str):
            forms[action["power"]] = action
    return forms


def takes_inf(form: dict[str, Any]) -> bool:
    """Whether a ruleset's order form accepts INF deployments (it says so with an ``inf`` entry)."""
    return "inf" in form or "inf" in (form.get("orderable") or {})


def parse_submission(text: str, view: dict[str, Any], power: str | None = None) -> Parsed:
    """Split ``text`` into per-power orders and INF lines, checking headers and INF lines against ``view``."""
    forms = order_forms(view)
    parsed = Parsed()
    by_name = {p.upper(): p for p in forms}
    for p in forms:
        by_name.setdefault(p.replace("_", " ").upper(), p)
    current = power if power in forms else (next(iter(forms)) if len(forms) == 1 else None)
    if power is not None and power not in forms:
        parsed.error(
            0, "", f"you have no orders to give for {power!r} now; you may order: {', '.join(forms) or 'none'}"
        )
        return parsed
    if not forms:
        parsed.error(0, "", "you have no orders to give in this phase")
        return parsed
    read = 0
    lines = text.splitlines()
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        read += 1
        if read > MAX_LINES_TRIED:
            parsed.error(
                0,
                "",
                f"the text has more than {MAX_LINES_TRIED} lines of orders; at most {MAX_LINES_TRIED} are read "
                f"(lines {number} to {len(lines)} were not read)",
            )
            break
        inf = _INF.match(line)
        header = _HEADER.match(line) if inf is None else None
        if header:
            name = header.group(1).strip().upper()
            if name not in by_name:
                parsed.error(
                    number,
                    raw,
                    f"{header.group(1).strip()!r} is not a power you order now; you order: {', '.join(forms)}",
                )
                current = None
            else:
                current = by_name[name]
                parsed.orders.setdefault(current, [])
            continue
        if current is None:
            parsed.error(number, raw, f"start with the power this is for, e.g. '{next(iter(forms))}:'")
            continue
        if inf:
            if not takes_inf(forms[current]):
                parsed.error(number, raw, "this game has no INF deployments; write orders such as 'A PAR - BUR'")
                continue
            parsed.inf.setdefault(current, []).append((number, inf.group(2).upper(), int(inf.group(1))))
            continue
        parsed.orders.setdefault(current, []).append((number, line))
    if not parsed.orders and not parsed.inf and not parsed.errors and current is not None:
        parsed.orders[current] = []  # an empty box clears the power's orders
    return parsed
