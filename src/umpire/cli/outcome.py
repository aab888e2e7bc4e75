"""What ``umpire act`` and ``umpire play`` tell the user: an action's outcome in a line or two, and why a game ended.

Everything here reads the acting role's views before and after the action, so it never shows more than the role
may see, and works the same for every ruleset (with a few touches for the shapes the rulesets' views share).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from umpire.kernel.errors import UnknownRuleset
from umpire.kernel.registry import get
from umpire.kernel.ruleset import View

#: A Diplomacy-style phase name: season, year, kind (``S1901M``).
_DIPLOMACY_PHASE = re.compile(r"^[SFWU](\d{4})[A-Z]$")


def listing(names: list[str], limit: int = 8) -> str:
    """``A, B, C`` with the tail cut after ``limit`` names."""
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def phase_words(view: View, code: Any) -> str:
    """A phase code in the words of the view's ruleset (``Ruleset.phase_title``), the code after it in brackets:
    ``Spring 1901 movement (S1901M)``; a code the ruleset leaves as it is stays ``phase X``."""
    try:
        title = get(str(view.get("ruleset"))).phase_title(str(code))
    except UnknownRuleset:
        title = str(code)
    return f"{title} ({code})" if title != str(code) else f"phase {code}"


def where_now(view: View) -> str:
    """``Spring 1901 movement (S1901M), waiting for: FRANCE, ITALY`` (who is waited for only when the view says)."""
    if view.get("over"):
        return f"the game is over: {end_reason(view)}"
    text = phase_words(view, view.get("phase"))
    waiting = view.get("waiting_for")
    if isinstance(waiting, list) and waiting:
        text += f", waiting for: {listing([str(w) for w in waiting])}"
    elif isinstance(waiting, list) and "history" in view:
        text += ", waiting for nobody"
    return text


def end_reason(view: View) -> str:
    """Why the game ended, from the ``result`` the Diplomacy rulesets keep (victory, draw, end year reached), or
    the ``winner`` and ``outcome`` of Here I Stand's view."""
    result = view.get("result")
    if not isinstance(result, dict) and view.get("winner") and view.get("outcome"):
        return f"{view['winner']} wins: {view['outcome']}"  # Here I Stand keeps its winner and how in the view
    if not isinstance(result, dict):
        return "ended by the game master" if view.get("over") else "not over"
    kind = result.get("kind")
    powers = [str(p) for p in result.get("powers") or result.get("survivors") or []]
    if kind == "solo":
        return f"victory of {result.get('winner')}, holding a majority of the supply centres"
    reason = result.get("reason")
    if kind == "victory":
        return f"victory of {listing(powers)}" + (f": {reason}" if reason else "")
    if kind == "stopped":
        return f"end year reached ({reason or 'the game was set to stop'}), no power won"
    if kind == "draw":
        if not reason:
            match = _DIPLOMACY_PHASE.match(str(view.get("phase", "")))
            reason = f"the end year {int(match.group(1)) - 1} was reached" if match else "no power won"
        return f"draw among {listing(powers, 10)}: {reason}"
    return f"{kind}: {reason or listing(powers)}"


def result_counts(entries: list[dict[str, Any]]) -> str:
    """``12 orders: 9 succeeded, 3 failed`` over the order results of some history entries (either shape)."""
    counts: Counter[str] = Counter()
    for entry in entries:
        results = entry.get("results", entry.get("orders"))
        groups = results.values() if isinstance(results, dict) else [results or []]
        for group in groups:
            for result in group if isinstance(group, list) else []:
                if isinstance(result, dict):
                    counts[str(result.get("result"))] += 1
    total = sum(counts.values())
    if not total:
        return "no orders"
    words = {"succeeds": "succeeded", "fails": "failed", "void": "void"}
    parts = [f"{n} {words.get(k, k)}" for k, n in sorted(counts.items(), key=lambda item: -item[1])]
    return f"{total} order{'s' if total != 1 else ''}: {', '.join(parts)}"


def phase_change(before: View, after: View) -> str:
    """One line on what happened between the phase of ``before`` and that of ``after``."""
    history = after.get("history")
    new = history[len(before.get("history") or []) :] if isinstance(history, list) else []
    entries = [e for e in new if isinstance(e, dict)]
    done = listing([phase_words(after, e.get("phase", "?")) for e in entries]) or phase_words(
        before, before.get("phase")
    )
    summary = f"{done} resolved"
    if entries:
        summary += f" ({result_counts(entries)})"
    if after.get("over"):
        return f"{summary}; the game is over: {end_reason(after)}"
    return f"{summary}; now {where_now(after)}"


def items_of(view: View) -> dict[str, dict[str, Any]]:
    """Every desk item (request) the view shows, by id: a desk's, every desk's (GM), or a team's own."""
    boxes: list[Any] = [view.get("desk"), *(view.get("desks") or {}).values()]
    team = view.get("team")
    if isinstance(team, dict):
        boxes.append(team.get("items"))
    found: dict[str, dict[str, Any]] = {}
    for box in boxes:
        if isinstance(box, dict):
            for item in [*box.get("pending", []), *box.get("done", [])]:
                if isinstance(item, dict) and "id" in item:
                    found[str(item["id"])] = item
    return found


def what_was_done(role: str, action: dict[str, Any], before: View, after: View) -> str:
    """The first words of the answer: what the action did, in the role's own terms."""
    kind = action.get("type")
    if kind == "orders":
        power = str(action.get("power") or role)
        orders = after.get("orders")
        given = orders.get(power, []) if isinstance(orders, dict) else []
        return f"{power}: orders accepted ({len(given)} order{'s' if len(given) != 1 else ''})"
    if kind == "submit":
        lines = [line for line in str(action.get("text", "")).splitlines() if line.strip()]
        refused = len(submission_errors(after))
        if refused:
            return f"{role}: submission kept {len(lines) - refused} of {len(lines)} lines ({refused} refused)"
        return f"{role}: submission accepted ({len(lines)} line{'s' if len(lines) != 1 else ''})"
    if kind == "ready":
        return f"{role}: {'ready' if action.get('ready', True) else 'not ready'}"
    text = f"{role}: {kind} accepted"
    old, new = items_of(before), items_of(after)
    item = new.get(str(action.get("item")))
    if item is not None and item.get("outcome"):
        text += f"; {item['id']} {item.get('status', 'closed')}: {item['outcome']}"
    opened = [i for i in new.values() if i["id"] not in old and i.get("status") == "pending"]
    for item in opened:
        text += f"; request {item['id']} ({item.get('title', item.get('kind'))}) waits on {item.get('desk')}'s desk"
    return text


def submission_errors(view: View) -> list[dict[str, Any]]:
    """The refused lines of the role's whole-text submission (Europe 1615), as the view reports them."""
    submission = view.get("submission")
    errors = submission.get("errors") if isinstance(submission, dict) else None
    return [e for e in errors or [] if isinstance(e, dict)]


def refused_lines(text: str, errors: list[dict[str, Any]]) -> list[str]:
    """One line per refused submission line: its number, its text, and why (with what was expected)."""
    lines = text.splitlines()
    out = []
    for error in errors:
        number = error.get("line", 0)
        source = lines[number - 1].strip() if isinstance(number, int) and 0 < number <= len(lines) else ""
        why = str(error.get("message", "refused"))
        if error.get("expected"):
            why += f"; expected {error['expected']}"
        out.append(f"line {number}: {source!r}: {why}")
    return out


def act_report(role: str, action: dict[str, Any], before: View, after: View) -> tuple[list[str], list[str]]:
    """What ``umpire act`` prints: the lines saying what happened, and the refused lines of a submission."""
    first = what_was_done(role, action, before, after)
    changed = before.get("phase") != after.get("phase") or (after.get("over") and not before.get("over"))
    if action.get("type") == "resolve" and changed:
        lines = [f"{role}: {phase_change(before, after)}"]
    elif changed:
        lines = [first, phase_change(before, after)]
    else:
        lines = [f"{first}; {where_now(after)}"]
    errors = (
        refused_lines(str(action.get("text", "")), submission_errors(after)) if action.get("type") == "submit" else []
    )
    return lines, errors
