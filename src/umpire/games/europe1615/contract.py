"""Europe 1615 through the adjudication contract: a game state and each power's submission in, the next state out.

A Europe 1615 phase needs more than a board (influence tables, statuses, markers, attrition, sanctions), so its
case carries the whole game state as ``umpire new europe1615`` writes it (the ``state`` of that file) together
with the text each power submits for the phase, in the seed's own format::

    {"id": "…", "variant": "europe1615", "state": {…},
     "submissions": {"FRANCE": "9: WUR\\nPAR-CHA\\nNORM S PAR-CHA", "SPAIN": "…"}}

The answer::

    {"id": "…", "phase": "S1615M", "next_phase": "U1615M", "state": {…the state after the phase…},
     "report": "…the GM's report of the phase…", "line_errors": {"FRANCE": [{"line": 3, …}]}}

A case may also carry ``"actions"``, taken in order before the submissions: the GM's
``{"by": "GM", "type": "abandon", "power": "SPAIN"}`` (civil disorder; ``"abandoned": false`` withdraws it) and a
seat's ``{"by": "FRANCE", "type": "propose_end", "agree": true}`` (victory by agreement).  When the votes end the
game, no phase is played: ``next_phase`` is ``phase`` and ``state["result"]`` says how it ended.

A power without a submission holds (its minors' orders are not given). Lines the ruleset refuses are reported in
``line_errors`` and left out, as the GM would.  The state is checked against its JSON Schema
(``data/state.schema.json``, :mod:`~umpire.games.europe1615.schema`; an error names the offending path) and its
derived fields (statuses, religious markers) are recomputed from the INF tables, not trusted.  A case that cannot
be adjudicated at all (a state that is not a Europe 1615 state, a submission outside a phase that takes one)
answers ``{"id": …, "error": "…"}``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import schema
from umpire.kernel import registry
from umpire.kernel.canonical import check_plain, clone
from umpire.kernel.errors import UmpireError
from umpire.kernel.ruleset import GM, Ruleset


def adjudicate(case: dict[str, Any]) -> dict[str, Any]:
    """Adjudicate one Europe 1615 phase from a state and the powers' submissions (see the module docstring)."""
    cid = case.get("id")
    state = case.get("state")
    if not isinstance(state, dict) or state.get("ruleset") != "europe1615":
        return {"id": cid, "error": "a europe1615 case needs 'state': a Europe 1615 game state (umpire new europe1615)"}
    submissions = case.get("submissions", {})
    if not isinstance(submissions, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in submissions.items()
    ):
        return {"id": cid, "error": "'submissions' must map each power to its submission text"}
    actions = case.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        return {"id": cid, "error": "'actions' must be a list of actions, each an object with 'by' and 'type'"}
    rules = registry.get("europe1615")
    work = clone(state)
    phase = work.get("phase")
    line_errors: dict[str, Any] = {}
    try:
        check_plain(work)
        schema.check_state(work)
        schema.refresh_derived(work)
        seats = rules.seats(work)
        spelled = {seat.upper(): seat for seat in seats}
        named: dict[str, str] = {}
        for given, text in submissions.items():  # power names are case-insensitive, as in every contract case
            power = spelled.get(given.upper())
            if power is None:
                return {"id": cid, "error": f"unknown power {given!r}; the powers are {', '.join(seats)}"}
            if power in named:
                return {"id": cid, "error": f"two submissions for {power} ({given!r} and another spelling)"}
            named[power] = text
        for i, action in enumerate(actions, 1):
            problem = _take_action(rules, work, action, spelled)
            if problem:
                return {"id": cid, "error": f"action {i}: {problem}"}
        if work["over"]:  # ended by agreement: no phase to play
            named = {}
        for power, text in sorted(named.items()):
            rules.apply(work, power, {"type": "submit", "text": text})
            errors = (rules.view(work, power).get("submission") or {}).get("errors") or []
            if errors:
                line_errors[power] = errors
        if not work["over"]:
            rules.apply(work, GM, {"type": "resolve"})
            rules.advance(work)
    except UmpireError as exc:
        return {"id": cid, "error": str(exc)}
    except (KeyError, TypeError, ValueError) as exc:
        return {"id": cid, "error": f"the state is not a valid Europe 1615 state: {type(exc).__name__}: {exc}"}
    return {
        "id": cid,
        "phase": phase,
        "next_phase": work.get("phase"),
        "state": work,
        "report": rules.view(work, GM).get("report", ""),
        "line_errors": line_errors,
    }


#: The actions a case may carry besides the submissions, and who takes each.
ACTIONS = {"abandon": "the GM", "propose_end": "a seat"}


def _take_action(rules: Ruleset, work: dict[str, Any], action: dict[str, Any], spelled: dict[str, str]) -> str:
    """Apply one of the case's ``actions`` (``{"by": "GM" or a power, "type": …, …}``); why not, or ''."""
    kind, by = action.get("type"), action.get("by")
    if kind not in ACTIONS:
        return f"unknown action type {kind!r}; expected 'abandon' (by the GM) or 'propose_end' (by a seat)"
    if not isinstance(by, str):
        return f"'by' must name who takes it ({ACTIONS[kind]}), not {by!r}"
    role = GM if by.upper() == "GM" else spelled.get(by.upper())
    if role is None:
        return f"unknown role {by!r}; expected GM or one of {', '.join(spelled.values())}"
    body = {k: v for k, v in action.items() if k != "by"}
    if isinstance(body.get("power"), str):
        body["power"] = spelled.get(body["power"].upper(), body["power"])
    try:
        rules.apply(work, role, body)
    except UmpireError as exc:
        return str(exc)
    return ""
