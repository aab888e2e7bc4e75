"""The game's seeded random generator, kept inside the state, with every draw logged with its purpose.

The generator is counter based: draw *n* of a game seeded *s* is the first eight bytes of SHA-256("s:n") read as
an unsigned integer. Its whole state is therefore two integers, ``{"seed": s, "draws": n}``, stored at
``state["rng"]``; a replay that repeats the same actions makes the same draws. Bounded integers use rejection
sampling, so every face of a die is equally likely.

Every die roll, shuffle or random choice appends an entry to ``state["rolls"]``::

    {"n": 7, "purpose": "Spain: subsidy (d6+4)", "kind": "d6", "result": 3}

An entry may carry ``"visible_to": [role, ...]`` when the outcome is secret (a shuffled deck, a hidden draw);
views show such an entry's result only to those roles (see :func:`visible_rolls`).

The seed is the game's *secret* (issue 26): whoever knows it can set the game up offline and read every hidden
deck and every coming die. A game that is not given one gets :func:`new_secret`, :data:`SECRET_BITS` bits from the
operating system's random source. The secret never leaves the kernel in a view: every view is built from
:func:`without_secret` of the state (``kernel/game.py``, :func:`~umpire.kernel.game.role_view`). A GM's rollback
moves the generator on to a fresh secret (:func:`reseed`), so the dice that were undone do not come back.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

State = dict[str, Any]

_SPAN = 1 << 64

#: The bits of a secret drawn for a game that is not given a seed (issue 26, point 1: at least 128).
SECRET_BITS = 128
#: What a view's copy of the state holds in place of the secret.
HIDDEN = "hidden"


def new_secret() -> int:
    """A fresh secret seed: :data:`SECRET_BITS` bits from the operating system's random source (never 0, the
    default of reproducible games)."""
    return (1 << SECRET_BITS) | secrets.randbits(SECRET_BITS)


def reseed(state: State, secret: int) -> None:
    """Move the generator on to ``secret`` (a GM's rollback, issue 26 point 2): the draws after it are new."""
    if not isinstance(secret, int) or isinstance(secret, bool):
        raise TypeError(f"a secret must be an integer, not {secret!r}")
    state["rng"] = {"seed": secret, "draws": state["rng"]["draws"]}


def without_secret(state: State) -> State:
    """``state`` as every view is built from: the same parts (a shallow copy) with the generator's secret replaced
    by :data:`HIDDEN`, so no view can carry it, whatever a ruleset's view function copies."""
    gen = state.get("rng")
    if not isinstance(gen, dict):
        return state
    return {**state, "rng": {"seed": HIDDEN, "draws": gen.get("draws", 0)}}


def init_rng(seed: int) -> dict[str, int]:
    """The generator state for a new game."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"the seed must be an integer, not {seed!r}")
    return {"seed": seed, "draws": 0}


def _raw(state: State) -> int:
    gen = state["rng"]
    if gen["seed"] == HIDDEN:
        raise RuntimeError("a view drew from the generator")
    n = gen["draws"]
    gen["draws"] = n + 1
    digest = hashlib.sha256(f"{gen['seed']}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _below(state: State, bound: int) -> int:
    if bound <= 0:
        raise ValueError(f"cannot draw below {bound}")
    limit = _SPAN - (_SPAN % bound)
    while True:
        x = _raw(state)
        if x < limit:
            return x % bound


def _log(state: State, purpose: str, kind: str, result: Any, visible_to: Sequence[str] | None) -> None:
    if not purpose:
        raise ValueError("every random draw needs a purpose")
    entry: dict[str, Any] = {
        "n": len(state.setdefault("rolls", [])) + 1,
        "purpose": purpose,
        "kind": kind,
        "result": result,
    }
    if visible_to is not None:
        entry["visible_to"] = sorted(visible_to)
    state["rolls"].append(entry)


def roll(state: State, purpose: str, sides: int = 6, *, visible_to: Sequence[str] | None = None) -> int:
    """Roll one die with ``sides`` faces (1..sides), log it with its purpose and return it."""
    result = _below(state, sides) + 1
    _log(state, purpose, f"d{sides}", result, visible_to)
    return result


def roll_many(
    state: State, purpose: str, count: int, sides: int = 6, *, visible_to: Sequence[str] | None = None
) -> list[int]:
    """Roll ``count`` dice at once, logged as one entry whose result is the list of faces."""
    if count < 0:
        raise ValueError(f"cannot roll {count} dice")
    faces = [_below(state, sides) + 1 for _ in range(count)]
    _log(state, purpose, f"{count}d{sides}", faces, visible_to)
    return faces


def choice(state: State, purpose: str, options: Sequence[T], *, visible_to: Sequence[str] | None = None) -> T:
    """Pick one of ``options`` uniformly; the log records the index picked."""
    if not options:
        raise ValueError(f"nothing to choose from for {purpose!r}")
    index = _below(state, len(options))
    _log(state, purpose, f"choice of {len(options)}", index, visible_to)
    return options[index]


def shuffle(state: State, purpose: str, items: Sequence[T], *, visible_to: Sequence[str] | None = None) -> list[T]:
    """Return a uniformly shuffled copy of ``items`` (Fisher-Yates); the log records the permutation."""
    order = list(range(len(items)))
    for i in range(len(order) - 1, 0, -1):
        j = _below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    _log(state, purpose, f"shuffle of {len(items)}", order, visible_to)
    return [items[k] for k in order]


def visible_rolls(state: State, role: str) -> list[dict[str, Any]]:
    """The roll log as ``role`` may see it: secret results of others are replaced by ``"hidden"``."""
    seen = []
    for entry in state.get("rolls", []):
        allowed = entry.get("visible_to")
        if allowed is None or role in allowed:
            seen.append({k: v for k, v in entry.items() if k != "visible_to"})
        else:
            seen.append({k: v for k, v in entry.items() if k not in ("visible_to", "result")} | {"result": "hidden"})
    return seen
