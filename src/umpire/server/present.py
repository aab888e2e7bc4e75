"""What a caller is shown: the one place where the server turns a game into output.

:func:`present` builds every game response, page payload and live message from ``ruleset.view(state, role)``
plus the server's own records, filtered for the caller: press only if the caller wrote it, received it, or it is
public; auction bids only the caller's own (the GM sees all); never a token or a token's hash. Nothing else in the
server reads a game's state for output — the phase history's maps are observer views made by
:func:`observer_view` when each phase opened.
"""

from __future__ import annotations

import time
from typing import Any

from umpire.kernel.game import Game
from umpire.kernel.ruleset import GM, OBSERVER
from umpire.server.scene import scene
from umpire.server.store import Caller, PhaseRow, Snapshot, lobby_may_take, phase_kind


def observer_view(game: Game) -> dict[str, Any]:
    """The public view of a game (what the observer sees)."""
    return game.ruleset.view(game.state, OBSERVER)


def _timeline(phases: list[PhaseRow]) -> list[dict[str, Any]]:
    """Per phase: the phase's name and, per power, the public counts a chart can plot (centres, score, INF)."""
    points = []
    for entry in phases:
        view = entry.public_view
        series: dict[str, dict[str, float]] = {}
        centers = view.get("centers")
        if isinstance(centers, dict):
            series["centres"] = {p: len(cs) for p, cs in centers.items() if isinstance(cs, list)}
        for key in ("scores", "score", "inf", "influence"):
            value = view.get(key)
            if isinstance(value, dict) and all(isinstance(v, (int, float)) for v in value.values()):
                series[key] = {p: float(v) for p, v in value.items()}
        points.append({"idx": entry.idx, "phase": view.get("phase"), "series": series})
    return points


def present(snap: Snapshot, caller: Caller, *, now: float | None = None) -> dict[str, Any]:
    """Everything ``caller`` may see of the game in ``snap``, as JSON data."""
    row, game = snap.row, snap.game
    role = caller.role
    own_seat = caller.player is not None and caller.player.seat == role
    view_role = role if role in (GM, OBSERVER) or own_seat else OBSERVER
    view = game.ruleset.view(game.state, view_role)
    is_gm = role == GM
    settings = row.settings
    out: dict[str, Any] = {
        "game": {
            "id": row.id,
            "title": row.title,
            "ruleset": row.ruleset,
            "ruleset_title": game.ruleset.info.title,
            "scenario": row.scenario,
            "options": row.options,
            "settings": {
                "press": settings.press,
                "assignment": settings.assignment,
                "missed_orders": settings.missed_orders,
                "civil_disorder_after": settings.civil_disorder_after,
                "deadlines": settings.deadlines,
            },
            "status": row.status,
            "seq": row.seq,
            "phase_kind": phase_kind(view),
            "deadline_at": row.deadline_at,
            "paused_remaining": row.paused_remaining,
            "now": time.time() if now is None else now,
        },
        "you": {"role": role, "is_gm": is_gm, "can_act": row.status == "running" or (is_gm and row.status != "over")},
        "seats": [],
        "lobby": [],
        "view": view,
        "board": scene(view),
        "press": [],
        "timeline": _timeline(snap.phases),
    }
    waiting = view.get("waiting_for")
    waiting_set = set(waiting) if isinstance(waiting, list) else set()
    staff = set(snap.game.ruleset.staff_seats(snap.game.state))
    for player in snap.players:
        if player.seat is None:
            entry: dict[str, Any] = {"player": player.id, "name": player.name, "has_bid": player.bids is not None}
            if is_gm:
                entry["bids"] = player.bids
            out["lobby"].append(entry)
            continue
        out["seats"].append(
            {
                "seat": player.seat,
                "player": player.id,
                "name": player.name,
                "joined": player.name is not None,
                "staff": player.seat in staff,
                "free": lobby_may_take(player, staff),
                "civil_disorder": player.civil_disorder,
                "misses": player.misses,
                "waiting": player.seat in waiting_set,
            }
        )
    if caller.player is not None:
        me = caller.player
        out["you"].update({"player": me.id, "name": me.name, "seat": me.seat, "civil_disorder": me.civil_disorder})
        if me.bids is not None:
            out["you"]["bids"] = me.bids
    for message in snap.messages:
        if (
            message.recipients is None
            or is_gm
            or message.sender == role
            or (role in message.recipients and caller.player is not None)
        ):
            out["press"].append(
                {
                    "id": message.id,
                    "from": message.sender,
                    "to": "public" if message.recipients is None else message.recipients,
                    "body": message.body,
                    "phase": message.phase,
                    "at": message.created_at,
                }
            )
    return out


def present_phase(entry: PhaseRow) -> dict[str, Any]:
    """One past phase for the history page: the public view when it opened (its map)."""
    return {"idx": entry.idx, "view": entry.public_view, "board": scene(entry.public_view)}
