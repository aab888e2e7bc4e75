"""The bottom of Here I Stand's decision machine (seed 7's sequence of play as decisions; issue 27 point 2): the
stack of open decisions and the public log in the state, the registry of decision kinds and the registry of
continuations, each by name. It imports nothing of the package, so every module may import it.

- The *stack* (``state["stack"]``) holds the open decisions; the top one is being made now (:func:`top`).
- A *decision kind* (``"impulse"``, ``"combat_window"``…) is registered once by the module that owns it
  (:func:`decision_kind`): ``legal`` lists the actions of the role deciding, ``handle`` applies one.
- A *continuation* is what runs once a pause closes (a battle's combat windows, a response window): the module
  that owns the next step registers it by name (:func:`continuation`), the module that paused calls it by that
  name (:func:`proceed`), so neither imports the other and no step is picked by comparing strings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

State = dict[str, Any]
Action = dict[str, Any]
Decision = dict[str, Any]
#: The map (``mapdata.HisMap``), passed through untouched: this module does not read it.
Board = Any

PAPACY = "papacy"
PROTESTANT = "protestant"

Handler = Callable[[State, Board, str, Decision, Action], None]
Legal = Callable[[State, Board, str, Decision], list[Action]]
#: A continuation gets the state, the map and what the pause kept for it (a closed window's frame, a record).
Continuation = Callable[[State, Board, dict[str, Any]], None]

_LEGAL: dict[str, Legal] = {}
_HANDLERS: dict[str, Handler] = {}
_CONTINUATIONS: dict[str, Continuation] = {}


def log(state: State, text: str) -> None:
    """Append a line to the public log of the game (nothing hidden may be written here)."""
    state["log"].append({"turn": state["turn"], "phase": state["phase"], "text": text})


def top(state: State) -> Decision | None:
    """The decision being made now, or None."""
    stack: list[Decision] = state["stack"]
    return stack[-1] if stack else None


def decision_kind(kind: str, legal: Legal, handle: Handler) -> None:
    """Register a kind of decision: ``legal`` lists its legal actions for the role deciding, ``handle`` applies
    one (and pops the decision when it is made). A kind is registered once."""
    if kind in _HANDLERS:
        raise ValueError(f"decision kind {kind!r} is registered twice")
    _LEGAL[kind] = legal
    _HANDLERS[kind] = handle


def legal_of(kind: str) -> Legal:
    """The function listing the legal actions of a registered decision kind."""
    try:
        return _LEGAL[kind]
    except KeyError:
        raise LookupError(f"no decision kind {kind!r} is registered") from None


def handler_of(kind: str) -> Handler:
    """The function applying an action to a decision of a registered kind."""
    try:
        return _HANDLERS[kind]
    except KeyError:
        raise LookupError(f"no decision kind {kind!r} is registered") from None


def decision_kinds() -> list[str]:
    """The registered decision kinds, sorted."""
    return sorted(_HANDLERS)


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    """Register the decorated function as the continuation ``name`` (once)."""

    def register(function: Continuation) -> Continuation:
        if name in _CONTINUATIONS:
            raise ValueError(f"continuation {name!r} is registered twice")
        _CONTINUATIONS[name] = function
        return function

    return register


def proceed(state: State, board: Board, name: str, kept: dict[str, Any] | None = None) -> None:
    """Run the continuation ``name`` with what the pause ``kept`` for it."""
    try:
        function = _CONTINUATIONS[name]
    except KeyError:
        raise LookupError(f"no continuation {name!r} is registered") from None
    function(state, board, kept or {})


def continuations() -> list[str]:
    """The registered continuations' names, sorted."""
    return sorted(_CONTINUATIONS)
