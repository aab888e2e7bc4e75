"""Taking actions back: a player's own last action, while it revealed nothing hidden and rolled no die, and the
GM's rollback of any number of actions.

A game is its record (``kernel/game.py``), so the game before its last ``n`` actions is the replay of the record
without them (:func:`rewind`). :func:`refusal` says why a player may not take an action back: another role acted
since, the generator moved (a die, a shuffle, a draw: ``state["rng"]``), or the ruleset's hidden parts
(:meth:`Ruleset.hidden_parts`: hands, decks, sealed choices) changed. The GM's rollback has no such limit.
"""

from __future__ import annotations

from typing import Any

from umpire.kernel.canonical import canonical_json, clone
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, replay
from umpire.kernel.ruleset import Ruleset, State

__all__ = ["changed", "refusal", "rewind"]


def rewind(record: dict[str, Any], count: int) -> Game:
    """The game of ``record`` before its last ``count`` actions (1 to all of them)."""
    actions = record["actions"]
    if not 1 <= count <= len(actions):
        raise IllegalAction(f"cannot take back {count} action(s): the game has {len(actions)}")
    shorter = clone(record)
    shorter["actions"] = actions[: len(actions) - count]
    return replay(shorter)


def refusal(game: Game, before: Game, role: str) -> str | None:
    """Why ``role`` may not take back the last action of ``game`` (``before`` is the game without it), or None."""
    actions = game.record["actions"]
    if not actions:
        return "there is no action to take back"
    last = actions[-1]["role"]
    if last != role:
        return f"the last action is {last}'s, not yours"
    return changed(game.ruleset, before.state, game.state)


def changed(ruleset: Ruleset, before: State, after: State) -> str | None:
    """Why an action that led from ``before`` to ``after`` may not be taken back by its player, or None: the ruleset
    offers no undo, the generator moved, or a hidden part changed."""
    hidden = ruleset.hidden_parts(after)
    if hidden is None:
        return f"{ruleset.info.name} offers no undo to its players (the GM may roll back)"
    if canonical_json(after["rng"]) != canonical_json(before["rng"]):
        return "a die was rolled or cards were shuffled or drawn since"
    if canonical_json(hidden) != canonical_json(ruleset.hidden_parts(before)):
        return "something hidden was revealed or changed since (a card played, drawn or committed)"
    return None
