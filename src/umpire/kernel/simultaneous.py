"""Sealed order boxes for simultaneous phases (Diplomacy movement, megagame intention cards).

Each seat's submission and its ready flag live in ``state["box"][seat]``. A seat may replace its submission until
the phase is resolved; a view shows a seat only its own box (:func:`own`). Only the seat's own ``ready`` action
changes its ready flag: submitting or replacing orders leaves it as it was, so the public list of seats still
thinking never reveals that a seat changed its orders. When every seat that must submit is
ready, or at a deadline, the ruleset takes all boxes at once (:func:`take_all`) and resolves them together.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def open_boxes(state: State, seats: list[str]) -> None:
    """Start a phase: an empty box for each seat that must submit."""
    state["box"] = {seat: {"submission": None, "ready": False} for seat in seats}


def submit(state: State, seat: str, submission: Any) -> None:
    """Put (or replace) ``seat``'s submission; its ready flag stays as it was (the seat's own ``ready`` changes it)."""
    box = state["box"][seat]
    state["box"][seat] = {"submission": submission, "ready": bool(box.get("ready"))}


def set_ready(state: State, seat: str, ready: bool) -> None:
    """Mark ``seat`` ready (or not) for early resolution."""
    state["box"][seat]["ready"] = ready


def expects(state: State, seat: str) -> bool:
    """Whether ``seat`` has a box in the current phase."""
    return seat in state.get("box", {})


def all_ready(state: State) -> bool:
    """Whether every seat with a box is ready (an empty phase is ready at once)."""
    return all(entry["ready"] for entry in state.get("box", {}).values())


def own(state: State, seat: str) -> dict[str, Any] | None:
    """``seat``'s own box, or None when it has none this phase."""
    box: dict[str, Any] | None = state.get("box", {}).get(seat)
    return box


def take_all(state: State) -> dict[str, Any]:
    """Empty every box and return the submissions by seat (None where nothing was submitted)."""
    boxes = state.pop("box", {})
    return {seat: entry["submission"] for seat, entry in boxes.items()}
