"""The past of a game shared between its states instead of copied on every action (issue 32, point 2).

A state keeps records that only grow: the dice rolled (``rolls``), a ruleset's history or log, the megagame's
settled items. Copying and canonicalising the whole state on every action made an action's cost grow with the
game. A ruleset names these parts in :attr:`~umpire.kernel.ruleset.Ruleset.append_only` (the kernel adds
:data:`ROLLS` to every ruleset), each an :class:`AppendOnly`:

- a top-level *list* whose entries are never changed once appended;
- a top-level *dict* whose entries are never changed once ``final`` says so (an item once settled); without
  ``final``, once written.

:meth:`~umpire.kernel.game.Game.act` then works on :func:`work_copy` of the state: a new list (or dict) holding the
very same old entries, so that appending to it leaves the state as it was (a refused action changes nothing), and
every other part deep-copied as before. :func:`settled_copy` makes the state at rest from what the rules made:
the old entries, still the same objects, are kept as they are (they were checked and sorted when they were new);
only what is new is checked to be plain JSON data and copied in sorted key order. A top-level part the action left
as it was (its serialised form the same before and after the rules ran: most of a large state, on most actions)
is the old state's part itself, not a copy: states at rest are never changed in place (the kernel replaces the
state, never mutates it), so two of them may share it. The canonical JSON is the same as a full copy's, byte for
byte; a rule that breaks the contract by replacing or removing an old entry only costs the full copy of that part.

A rule that *changes* an old entry in place would change the state it came from: the contract. With
:data:`STRICT` on (``tests/kernel/test_journal.py`` turns it on for its games; ``UMPIRE_STRICT_APPEND_ONLY=1`` in
the environment for any run), the kernel compares the shared entries before and after every action and raises
:class:`AppendOnlyBroken` naming the part and the entry.

:func:`split_state` cuts a state into the part that is copied on every action and the append-only entries, so that
a store may write only the entries a state added to the last one it wrote (:func:`join_state` puts them back).
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from umpire.kernel.canonical import clone, plain_canonical_copy

State = dict[str, Any]


@dataclass(frozen=True)
class AppendOnly:
    """A top-level part of a state whose entries, once appended (a list) or once ``final`` (a dict's values; every
    value once written when ``final`` is None), are never changed."""

    name: str
    final: Callable[[Any], bool] | None = None


#: Every die, shuffle and draw of every ruleset (``kernel/rng.py``): appended, never changed.
ROLLS = AppendOnly("rolls")

#: Whether every action checks that it changed no shared entry (:class:`AppendOnlyBroken`); costs a serialisation
#: of the shared entries before and after each action.
STRICT = os.environ.get("UMPIRE_STRICT_APPEND_ONLY", "") == "1"


class AppendOnlyBroken(AssertionError):
    """A rule changed an entry of an append-only part in place: a ruleset's bug, never a player's."""


def parts_of(declared: Iterable[AppendOnly]) -> dict[str, AppendOnly]:
    """The append-only parts by name: :data:`ROLLS` and ``declared`` (a ruleset's, which may restate rolls)."""
    parts = {ROLLS.name: ROLLS}
    for part in declared:
        parts[part.name] = part
    return parts


def _shared(part: AppendOnly, value: Any) -> Iterator[tuple[Any, Any]]:
    """The (key, entry) pairs of ``value`` that are final, so shared between a state and the next."""
    if isinstance(value, list):
        yield from enumerate(value)
    elif isinstance(value, dict):
        final = part.final
        for key, entry in value.items():
            if final is None or final(entry):
                yield key, entry


def work_copy(
    state: State, parts: dict[str, AppendOnly], marks: dict[str, bytes] | None = None, rested: State | None = None
) -> State:
    """A copy of ``state`` for the rules to change: append-only parts as new containers of the same final entries
    (a dict's other entries deep-copied), everything else deep-copied; the keys in the same order.

    ``rested``: the top-level parts as :func:`settled_copy` (or a new game) put them at rest, canonical. ``marks``
    then receives the serialised form of each deep-copied part that is still the very object there, so that
    :func:`settled_copy` keeps it if the rules leave it as it was instead of copying it again (a part put in by
    other code, as a test setting a position up, may not be in canonical order: it is copied). The copy's form,
    not the original's: marshal marks an object held in more than one place, so an original that a view or an
    older state also holds would never compare equal."""
    work: State = {}
    for key, value in state.items():
        part = parts.get(key)
        if part is None:
            if type(value) is dict or type(value) is list:
                copied = marshal.loads(marshal.dumps(value))
                work[key] = copied
                if marks is not None and rested is not None and rested.get(key) is value:
                    marks[key] = marshal.dumps(copied)
            else:
                work[key] = value  # a str, number, bool or None: nothing a rule could change in place
        elif isinstance(value, list):
            work[key] = list(value)
        elif isinstance(value, dict):
            final = part.final
            if final is None:
                work[key] = dict(value)
            else:
                opened = clone({k: v for k, v in value.items() if not final(v)})
                work[key] = {k: opened.get(k, v) for k, v in value.items()}
        else:
            work[key] = clone(value)
    return work


def settled_copy(
    before: State,
    work: State,
    parts: dict[str, AppendOnly],
    where: str = "state",
    marks: dict[str, bytes] | None = None,
) -> State:
    """The state at rest from ``work`` (made from :func:`work_copy` of ``before``): what
    :func:`~umpire.kernel.canonical.plain_canonical_copy` of ``work`` is, with the entries ``before`` shared kept
    as they are (the same objects) and only the rest checked and copied. With the ``marks`` work_copy made, a
    top-level part whose serialised form is still what it was made from (the same data, types and key order as
    ``before``'s, which is at rest already) is ``before``'s part itself, not a copy."""
    fresh: State = {}
    kept: dict[str, Any] = {}
    for key, value in work.items():
        part = parts.get(key)
        old: Any = before.get(key)
        if key == "rng" and _is_generator(value):  # a secret passes 64 bits, which orjson would refuse
            kept[key] = {k: value[k] for k in sorted(value)}
        elif part is None and marks is not None and key in marks and _same(value, marks[key]):
            kept[key] = old
        elif part is None and type(value) is type(old) and value is old:
            kept[key] = old  # a scalar the rules did not replace
        elif part is None or type(value) is not type(old):
            fresh[key] = value
        elif isinstance(value, list):
            n = len(old)
            if len(value) >= n and all(a is b for a, b in zip(value, old, strict=False)):
                kept[key] = old
                fresh[key] = value[n:]
            else:  # an old entry replaced or removed: not append-only after all; copied whole
                fresh[key] = value
        elif isinstance(value, dict):
            same = {k: e for k, e in _shared(part, old) if value.get(k) is e}
            kept[key] = same
            fresh[key] = {k: e for k, e in value.items() if k not in same}
        else:
            fresh[key] = value
    copied = plain_canonical_copy(fresh, where)
    out: State = {}
    for key in sorted([*copied, *(k for k in kept if k not in copied)]):
        if key not in copied:
            out[key] = kept[key]
        elif key not in kept:
            out[key] = copied[key]
        elif isinstance(copied[key], list):
            out[key] = [*kept[key], *copied[key]]
        else:
            merged = {**kept[key], **copied[key]}
            out[key] = {k: merged[k] for k in sorted(merged)}
    return out


def _same(value: Any, mark: bytes) -> bool:
    """Whether ``value`` serialises to ``mark``: the very data it was made from (marshal keeps every type apart, as
    1, 1.0 and True, a list and a tuple, and the key order). What marshal cannot write is not plain: not the same."""
    try:
        return marshal.dumps(value) == mark
    except ValueError:
        return False


def _final_part(part: AppendOnly, value: Any) -> Any:
    """The shared entries of one part: the list itself, or a dict of a dict's final entries."""
    if isinstance(value, list) or (isinstance(value, dict) and part.final is None):
        return value
    if isinstance(value, dict):
        return dict(_shared(part, value))
    return None


def _is_generator(value: Any) -> bool:
    """Whether ``value`` is the generator's state as ``kernel/rng.py`` keeps it: integers by name."""
    return type(value) is dict and all(type(v) is int and type(k) is str for k, v in value.items())


def seal(state: State, parts: dict[str, AppendOnly]) -> dict[str, bytes]:
    """The serialised shared entries of ``state`` (marshal's version 2, which has no references, so equal data
    gives equal bytes), to find one changed in place (:func:`check_seal`)."""
    return {name: marshal.dumps(_final_part(part, state.get(name)), 2) for name, part in parts.items()}


def check_seal(state: State, parts: dict[str, AppendOnly], sealed: dict[str, bytes], why: str) -> None:
    """Raise :class:`AppendOnlyBroken` naming the first entry :func:`seal` serialised that is no longer what it was
    (the entries of ``state``, the state before the action, are those the action's work copy shared)."""
    for name, part in parts.items():
        now = _final_part(part, state.get(name))
        if marshal.dumps(now, 2) == sealed[name]:
            continue
        was = marshal.loads(sealed[name])
        keys = range(len(was)) if isinstance(was, list) else list(was)
        changed = next((k for k in keys if k not in now or marshal.dumps(was[k], 2) != marshal.dumps(now[k], 2)), None)
        raise AppendOnlyBroken(
            f"{why} changed {name}[{changed!r}] of the state before it, an append-only part: a rule may append to"
            f" {name} (or change its entries that are not final yet), never change what is there"
        )


def split_state(state: State, parts: dict[str, AppendOnly]) -> tuple[State, dict[str, Any]]:
    """``state`` cut into what is copied on every action and its append-only parts (a list, or a dict's final
    entries, by name): a store may write the second as rows, only those a state added since the last it wrote."""
    rest = {key: value for key, value in state.items() if key not in parts}
    kept: dict[str, Any] = {}
    for name, part in parts.items():
        value = state.get(name)
        if isinstance(value, list):
            kept[name] = value
        elif isinstance(value, dict):
            final = dict(_shared(part, value))
            kept[name] = final
            rest[name] = {k: v for k, v in value.items() if k not in final}
    return rest, kept


def join_state(rest: State, kept: dict[str, Any]) -> State:
    """The state :func:`split_state` cut, in its canonical key order again."""
    out = dict(rest)
    for name, value in kept.items():
        if isinstance(value, list):
            out[name] = value
        else:
            merged = {**out.get(name, {}), **value}
            out[name] = {k: merged[k] for k in sorted(merged)}
    return {k: out[k] for k in sorted(out)}
