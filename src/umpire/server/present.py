"""What a caller is shown: the one place where the server turns a game into output.

:func:`present` builds every game response, page payload and live message from ``ruleset.view(state, role)``
plus the server's own records, filtered for the caller: press only if the caller wrote it, received it, or it is
public; auction bids only the caller's own (the GM sees all); never a token or a token's hash. Nothing else in the
server reads a game's state for output — the phase history's maps are observer views made by
:func:`observer_view` when each phase opened.

An answer does not grow with the game: a view's ``history`` (and the GM's ``gm_history``) is replaced by its
length and latest entry; :func:`present_phase` gives one past phase, its entries cut from the caller's own view
(so what a role may see of a past phase is still decided by the ruleset's view function alone). The action
count ``seq`` is the GM's only: it moves whenever any seat changes its orders.
"""

from __future__ import annotations

import time
from typing import Any

from umpire.kernel.game import Game, role_history_reports, role_view
from umpire.kernel.ruleset import GM, OBSERVER, Ruleset
from umpire.server.scene import scene
from umpire.server.store import Caller, GameRow, NotFound, PhaseRow, Snapshot, lobby_may_take, phase_kind


def observer_view(game: Game) -> dict[str, Any]:
    """The public view of a game (what the observer sees)."""
    return role_view(game.ruleset, game.state, OBSERVER)


def _timeline(phases: list[PhaseRow], ruleset: Ruleset) -> list[dict[str, Any]]:
    """Per phase: the phase's code and name in words, and, per power, the public counts a chart can plot (centres,
    score, INF)."""
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
        phase = view.get("phase")
        title = ruleset.phase_title(phase) if isinstance(phase, str) else phase
        points.append({"idx": entry.idx, "phase": phase, "title": title, "series": series})
    return points


def phase_title(ruleset: Ruleset, view: dict[str, Any]) -> str:
    """The name in words of the phase a view is in (:meth:`Ruleset.phase_title`), or "" when it has none."""
    phase = view.get("phase")
    return ruleset.phase_title(phase) if isinstance(phase, str) else ""


def phase_titles(ruleset: Ruleset, view: dict[str, Any]) -> dict[str, str]:
    """The names in words of the phase codes a page shows from ``view``: its phase and the latest entry of each
    history list (a whole list when it is one phase's entries), as ``{code: title}``."""
    codes = [view.get("phase")]
    for key in HISTORY_KEYS:
        entries = view.get(key)
        if isinstance(entries, dict):  # the bounded form: {"length", "last"}
            entries = [entries.get("last")]
        if isinstance(entries, list):
            codes.extend(e.get("phase") for e in entries if isinstance(e, dict))
    return {code: ruleset.phase_title(code) for code in codes if isinstance(code, str)}


#: The view keys holding a list that grows by an entry per phase (the ruleset's record of past phases).
HISTORY_KEYS = ("history", "gm_history")


def view_role(caller: Caller) -> str:
    """The role whose view the caller gets: its own seat's, the GM's, else the observer's (a lobby player's too)."""
    role = caller.role
    own_seat = caller.player is not None and caller.player.seat == role
    return role if role in (GM, OBSERVER) or own_seat else OBSERVER


def caller_view(snap: Snapshot, caller: Caller) -> dict[str, Any]:
    """The ruleset's view for the caller (:func:`view_role`)."""
    return role_view(snap.game.ruleset, snap.game.state, view_role(caller))


def _bounded(view: dict[str, Any]) -> dict[str, Any]:
    """The view with each history list replaced by ``{"length", "last"}`` (the rest is paged by phase)."""
    out = dict(view)
    for key in HISTORY_KEYS:
        entries = view.get(key)
        if isinstance(entries, list):
            out[key] = {"length": len(entries), "last": entries[-1] if entries else None}
    return out


def _paused(view: dict[str, Any], paused: bool) -> dict[str, Any]:
    """The view with its clock's ``paused`` flag (a ruleset whose view has ``clock.paused``) set from the server's
    pause: the real-time clock is the server's, so the ruleset cannot know it."""
    clock = view.get("clock")
    if isinstance(clock, dict) and "paused" in clock and clock["paused"] != paused:
        return {**view, "clock": {**clock, "paused": paused}}
    return view


#: What every page of a game says of its seed (issue 26, point 1), by the game row's ``seed_kind``.
SEED_NOTES = {
    "secret": "this game's seed is a secret drawn by the server; it is published when the game is over",
    "chosen": "this game's seed was chosen by its creator",
    None: "this game's seed was set by an older release of the server (48 bits, or chosen by its creator)",
}


def seed_info(row: GameRow) -> dict[str, Any]:
    """How the game's generator was seeded, said to every role; the seed itself only once the game is over, as
    text (it has more digits than a browser's numbers keep), with the record that it lets anyone verify."""
    info: dict[str, Any] = {"kind": row.seed_kind or "unknown", "note": SEED_NOTES.get(row.seed_kind, SEED_NOTES[None])}
    if row.status == "over":
        info["seed"] = str(row.seed)
        info["record"] = f"/api/games/{row.id}/record"
    return info


def present(
    snap: Snapshot, caller: Caller, *, now: float | None = None, full_view: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Everything ``caller`` may see of the game in ``snap``, as JSON data (``full_view``: its
    :func:`caller_view`, when the caller already has it)."""
    row, game = snap.row, snap.game
    role = caller.role
    if full_view is None:
        full_view = caller_view(snap, caller)
    view = _paused(_bounded(full_view), row.status == "paused")
    is_gm = role == GM
    staff = set(snap.game.ruleset.staff_seats(snap.game.state))
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
            "phase_kind": phase_kind(view),
            "phase_title": phase_title(game.ruleset, view),
            "phase_titles": phase_titles(game.ruleset, view),
            "deadline_at": row.deadline_at,
            "paused_remaining": row.paused_remaining,
            "seed": seed_info(row),
            "now": time.time() if now is None else now,
        },
        "you": {
            "role": role,
            "is_gm": is_gm,
            "can_act": row.status == "running"
            or ((is_gm or role in staff) and row.status == "paused")
            or (is_gm and row.status != "over"),
        },
        "seats": [],
        "lobby": [],
        "view": view,
        "board": scene(full_view),
        "press": [],
        "phases": len(snap.phases),
    }
    if is_gm:
        out["game"]["seq"] = row.seq
    waiting = view.get("waiting_for")
    waiting_set = set(waiting) if isinstance(waiting, list) else set()
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
                "bot": row.settings.bots.get(player.seat),  # the level of the bot playing the seat from the start
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
                    "phase_title": game.ruleset.phase_title(message.phase) if message.phase else message.phase,
                    "at": message.created_at,
                }
            )
    return out


def present_timeline(snap: Snapshot) -> list[dict[str, Any]]:
    """The charts' data: per phase, its name and the public counts of each power (paged out of the answers, as
    it grows by a point per phase)."""
    return _timeline(snap.phases, snap.game.ruleset)


def present_phase(snap: Snapshot, caller: Caller, idx: int) -> dict[str, Any]:
    """Phase ``idx`` for the history page: its public map as it opened, and what happened in it as the caller may
    see it — the entries its resolution added to each history list of the caller's own view (none yet for the
    current phase; the first phase also has those its game's setup recorded), and, for a ruleset that writes
    them, those entries' reports (``reports``)."""
    phases = snap.phases
    if not 0 <= idx < len(phases):
        raise NotFound(f"game {snap.row.id} has no phase {idx}; it has {len(phases)} (0 to {len(phases) - 1})")
    opened = phases[idx].public_view
    out: dict[str, Any] = {
        "idx": idx,
        "phases": len(phases),
        "phase_title": phase_title(snap.game.ruleset, opened),
        "phase_titles": {},
        "view": opened,
        "board": scene(opened),
    }
    start = opened.get("history_length")
    if isinstance(start, int):
        start = 0 if idx == 0 else start
        later = phases[idx + 1].public_view.get("history_length") if idx + 1 < len(phases) else None
        role = view_role(caller)
        game = snap.game
        view = role_view(game.ruleset, game.state, role)
        for key in HISTORY_KEYS:
            entries = view.get(key)
            if isinstance(entries, list):
                out[key] = entries[start : later if isinstance(later, int) else len(entries)]
                out["phase_titles"].update(phase_titles(game.ruleset, {"history": out[key]}))
        entries = view.get("history")
        if isinstance(entries, list):
            stop = later if isinstance(later, int) else len(entries)
            reports = role_history_reports(game.ruleset, game.state, role, start, stop)
            if reports is not None:
                out["reports"] = reports
    return out
