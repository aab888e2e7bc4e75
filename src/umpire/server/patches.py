"""Live updates as JSON Patch (RFC 6902): what changed between two documents a stream sent.

:func:`diff` uses the ``jsonpatch`` library, after one step of its own: lists that grew at one end and lost
entries at the other (a view's "latest N" news, rolls or closed items) are first aligned by explicit ``remove``
and ``add`` operations, since ``jsonpatch`` compares lists position by position and would otherwise rewrite every
shifted entry. The result applies with any RFC 6902 implementation (the pages' own, in ``static/common.js``).
"""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from typing import Any

from umpire.server import jsontext

Patch = list[dict[str, Any]]


def _token(key: str | int) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _align_list(old: list[Any], new: list[Any], path: str, ops: Patch) -> list[Any]:
    """``old`` after the removals and insertions that line its entries up with ``new``'s (found by
    :class:`difflib.SequenceMatcher` on the entries' JSON); entries left face to face are compared by ``jsonpatch``."""
    short = min(len(old), len(new))
    head = 0
    while head < short and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < short - head and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
        tail += 1
    old_mid, new_mid = old[head : len(old) - tail], new[head : len(new) - tail]
    if old_mid and new_mid:
        keys = [[json.dumps(v, sort_keys=True, separators=(",", ":")) for v in mid] for mid in (old_mid, new_mid)]
        blocks = SequenceMatcher(None, keys[0], keys[1], autojunk=False).get_opcodes()
    else:
        blocks = [("replace", 0, len(old_mid), 0, len(new_mid))]
    aligned = list(old)
    for tag, i1, i2, j1, j2 in reversed(blocks):  # from the end, so that earlier indices stay valid
        if tag == "equal":
            continue
        kept = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        at = head + i1 + kept
        ops.extend({"op": "remove", "path": f"{path}/{at}"} for _ in range(i2 - i1 - kept))
        del aligned[at : head + i2]
        added = new_mid[j1 + kept : j2]
        ops.extend({"op": "add", "path": f"{path}/{at + n}", "value": v} for n, v in enumerate(added))
        aligned[at:at] = added
    return aligned


def _walk(old: Any, new: Any, path: str, ops: Patch) -> None:
    """Append to ``ops`` what turns ``old`` into ``new`` at ``path``; equal subtrees are skipped at once."""
    if old == new and type(old) is type(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_token(key)}"})
        for key, value in new.items():
            if key in old:
                _walk(old[key], value, f"{path}/{_token(key)}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_token(key)}", "value": value})
    elif isinstance(old, list) and isinstance(new, list):
        aligned = _align_list(old, new, path, ops)
        for index, (before, after) in enumerate(zip(aligned, new, strict=True)):
            _walk(before, after, f"{path}/{index}", ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def diff(old: dict[str, Any], new: dict[str, Any]) -> Patch:
    """A JSON Patch that turns ``old`` into ``new`` (both plain JSON data)."""
    ops: Patch = []
    _walk(old, new, "", ops)
    return ops


def _dumps(data: Any) -> str:
    return jsontext.dumps(data)


class Feed:
    """One event stream's messages: the whole answer first (``event: state``), then only what changed in it
    (``event: patch``, a JSON Patch against the previous message), and nothing at all when nothing the caller is
    shown changed. The server's clock (``game.now``) rides only on ``state`` messages, never in a diff, so the
    passing of time alone never makes a message."""

    def __init__(self) -> None:
        self.last: dict[str, Any] | None = None
        self.size = 0  # the length of the last whole answer sent

    def message(self, answer: dict[str, Any]) -> str | None:
        """The SSE message for ``answer`` (a :func:`~umpire.server.present.present` result), or None."""
        game = answer.get("game")
        now = game.get("now") if isinstance(game, dict) else None
        doc = {**answer, "game": {k: v for k, v in game.items() if k != "now"}} if isinstance(game, dict) else answer
        last, self.last = self.last, doc
        if last is not None:
            if doc == last:
                return None
            patch = _dumps(diff(last, doc))
            # A patch under half the size of the last whole answer is sent as it is; only a larger one is weighed
            # against the whole answer now (whose serialisation, hundreds of kilobytes for a megagame desk, is not
            # worth making for every change).
            if len(patch) * 2 < self.size or len(patch) < len(_dumps(doc)):
                return f"event: patch\ndata: {patch}\n\n"
        state = _dumps(doc if now is None else {**doc, "game": {**doc["game"], "now": now}})
        self.size = len(state)
        return f"event: state\ndata: {state}\n\n"
