"""Games in the database: create, load (replay, verified), act (committed before acknowledged), seats, press, GM.

Every change to a game happens in :meth:`Store.transact`: under the game's lock, inside one database transaction
that holds the game's row (``SELECT … FOR UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite), the kernel
applies the actions to a copy of the cached game; the new action rows, the game row and the phase snapshot are
written; the transaction commits; only then is the cached game replaced and the caller answered. A process that
dies anywhere before the commit leaves the database as it was, so nothing is acknowledged that is not stored, and
a deadline that was being resolved is still due when the server comes back.

The kernel state (and so every secret) is read here only to act and to compute phase keys; whatever is sent out
is built by :func:`umpire.server.present.present` from ``ruleset.view``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, TypeVar

try:
    import fcntl
except ImportError:  # not POSIX: the processes sharing a SQLite file queue in its busy handler
    fcntl = None  # type: ignore[assignment]

from sqlalchemy import Connection, Engine, bindparam, func, insert, select, text, update

from umpire.games.europe1615.auction import MIN_BID, POINTS, assign_powers, bid_errors
from umpire.kernel import registry, undo
from umpire.kernel.bots import play_bot
from umpire.kernel.canonical import canonical_json, state_digest
from umpire.kernel.errors import BadGameFile, IllegalAction, UmpireError
from umpire.kernel.game import Game, new_game, replay, role_view
from umpire.kernel.position import MAX_BYTES as POSITION_BYTES
from umpire.kernel.rng import new_secret
from umpire.kernel.ruleset import GM, OBSERVER, Ruleset, State
from umpire.server import db, security
from umpire.server.bot_seats import bot_name, check_bot_seats, play_bot_seats
from umpire.server.bots import bot_for
from umpire.server.live import Hub
from umpire.server.models import CreateGame, GameSettings
from umpire.server.ratelimit import Window

log = logging.getLogger("umpire.server")

T = TypeVar("T")

#: Set by the crash test: a file to touch, then sleep, after adjudicating and before committing.
CRASH_HOOK_ENV = "UMPIRE_TEST_PAUSE_BEFORE_COMMIT"

_PHASE = re.compile(r"^[A-Z][0-9]{4}[MRA]$")

# The hot statements, built once: SQLAlchemy then finds their compiled form without rebuilding them (3x faster).
_GAME_ROW = select(db.games).where(db.games.c.id == bindparam("game_id"))
_GAME_ROW_LOCKED = _GAME_ROW.with_for_update()
_PLAYERS = select(db.players).where(db.players.c.game_id == bindparam("game_id")).order_by(db.players.c.id)
_PRESS = (
    select(db.messages)
    .where(db.messages.c.game_id == bindparam("game_id"))
    .order_by(db.messages.c.id.desc())
    .limit(1000)
)
_PHASES_FROM = (
    select(db.phases)
    .where(db.phases.c.game_id == bindparam("game_id"), db.phases.c.idx >= bindparam("idx"))
    .order_by(db.phases.c.idx)
)
_INSERT_ACTION = insert(db.actions)
_CHANGED_SINCE = select(db.games.c.id, db.games.c.updated_at).where(db.games.c.updated_at > bindparam("mark"))


@lru_cache(maxsize=4096)
def _settings(text: str) -> GameSettings:
    """Parsed settings by their stored text (rows are read on every request; the text rarely changes)."""
    return GameSettings.model_validate(json.loads(text))


@lru_cache(maxsize=4096)
def _options(text: str) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(text)
    return parsed


_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


class NotFound(UmpireError):
    """No such game (or seat)."""


class Forbidden(UmpireError):
    """The caller's token does not allow this."""


class Unauthorized(UmpireError):
    """No token, or a token that belongs to nobody in this game."""


class Conflict(UmpireError):
    """The request is well formed but the game is not in a state that allows it."""


class TooMany(UmpireError):
    """Too many requests of a kind from one seat (undo): ``wait`` seconds before the next."""

    def __init__(self, message: str, wait: int) -> None:
        super().__init__(message)
        self.wait = wait


#: Undos (refused ones too: each may cost a replay) per seat of a game, and the GM's, within UNDO_WINDOW seconds.
UNDO_LIMIT = 10
#: The states before a game's last actions kept in memory, for its seats' undos.
BEFORES_KEPT = 4
UNDO_WINDOW = 60.0
#: An undo's note in the public press, and the same note repeated ("… (3 times).") that it collapses into.
_UNDO_NOTE = re.compile(r"^(?P<what>.+? (?:took back|rolled back) .+?)(?: \((?P<times>\d+) times\))?\.$")


@dataclass
class GameRow:
    id: str
    title: str
    ruleset: str
    scenario: str
    options: dict[str, Any]
    seed: int  # the generator's first secret (or the seed its creator chose): never sent before the game is over
    settings: GameSettings
    status: str
    seq: int
    digest: str
    phase_key: str
    deadline_at: float | None
    paused_remaining: float | None
    created_at: float
    updated_at: float
    players_version: int = 0
    press_version: int = 0
    gm_token_hash: str = field(default="", repr=False)
    lobby_token_hash: str = field(default="", repr=False)
    seed_kind: str | None = None  # secret (drawn by the server), chosen (by the creator), None: an older release's
    position: str | None = field(default=None, repr=False)  # the JSON of the position it started from, if any

    def __repr__(self) -> str:  # never the seed, in a log line or a traceback
        return f"GameRow(id={self.id!r}, ruleset={self.ruleset!r}, status={self.status!r}, seq={self.seq})"


@dataclass
class Player:
    id: int
    seat: str | None
    name: str | None
    joined_at: float | None
    bids: dict[str, int] | None
    misses: int
    civil_disorder: bool
    account_id: int | None = None
    token_hash: str = field(default="", repr=False)


@dataclass
class MessageRow:
    id: int
    sender: str
    recipients: list[str] | None
    body: str
    phase: str
    created_at: float


@dataclass
class PhaseRow:
    idx: int
    key: str
    public_view: dict[str, Any]


@dataclass(frozen=True)
class Caller:
    """Who is asking: a role of the game (a seat, ``gm`` or ``observer``) and the player row behind a seat."""

    role: str
    player: Player | None = None


@dataclass
class Snapshot:
    """Everything :func:`present` may draw on for one game at one moment."""

    row: GameRow
    game: Game
    players: list[Player]
    messages: list[MessageRow]
    phases: list[PhaseRow]


@dataclass
class Tx:
    """One transaction on one game: the working copy of the game and what to write with it."""

    conn: Connection
    row: GameRow
    game: Game
    players: list[Player]
    now: float
    pending: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)
    row_changes: dict[str, Any] = field(default_factory=dict)
    rewound_to: int | None = None  # an undo: the action count the game went back to (its later actions deleted)
    befores: list[tuple[str, State] | None] = field(default_factory=list)  # per pending entry: role, state before

    def players_changed(self) -> None:
        """Note that player rows changed (readers then reload them)."""
        self.set(players_version=self.row.players_version + 1)

    def press_changed(self) -> None:
        """Note that a message was written (readers then reload the press)."""
        self.set(press_version=self.row.press_version + 1)

    def apply(self, role: str, action: dict[str, Any]) -> None:
        """Apply an action to the working copy; it is logged when the transaction commits."""
        before = self.game.state  # the kernel replaces the state, never changes it: this stays the state before
        self.game.act(role, action)
        self.pending.append((role, action, self.game.digest()))
        self.befores.append((role, before))

    def reseed(self) -> None:
        """Move the working copy's generator on to a fresh secret (a GM's rollback), logged like an action."""
        self.game.reseed(new_secret())
        self.befores.append(None)
        entry = self.game.record["actions"][-1]
        self.pending.append((entry["role"], entry["action"], self.game.digest()))

    def set(self, **changes: Any) -> None:
        """Change columns of the game's row (written at commit)."""
        for key in ("players_version", "press_version"):
            if key in changes and key in self.row_changes:
                changes[key] = self.row_changes[key]  # bump once per transaction
        self.row_changes.update(changes)
        for key, value in changes.items():
            if key == "settings":
                value = GameSettings.model_validate(json.loads(value))
            setattr(self.row, key, value)


def working_copy(game: Game) -> Game:
    """A game to act on without touching ``game``: the same state (the kernel replaces it, never mutates it) and a
    record whose action list is empty. The server's games carry no action list: the log is the database's."""
    return Game(game.ruleset, {**game.record, "actions": []}, game.state)


def checked_position(body: CreateGame) -> dict[str, Any]:
    """The position a game is created from, bounded in size (:data:`~umpire.kernel.position.MAX_BYTES`) and given
    without a scenario or options, which it carries itself; the ruleset then checks it (one line per problem)."""
    assert body.position is not None
    if body.scenario is not None or body.options:
        raise IllegalAction(
            "a game from a position plays the position's own moment and options: give no scenario or options with it"
        )
    size = len(canonical_json(body.position).encode())
    if size > POSITION_BYTES:
        raise IllegalAction(f"the position is {size} bytes; this server takes positions of at most {POSITION_BYTES}")
    return body.position


def phase_key(game: Game) -> str:
    """An identifier of the current phase from the public view: its name and how many phases are behind it.

    A ruleset whose view numbers its phases (``turn`` and ``phase_no``, as Renaissance and Reformation does) is
    identified by those numbers, so that its named sub-steps (a military phase's pay and movement steps) do not
    count as new phases: a step keeps its phase's deadline."""
    view = role_view(game.ruleset, game.state, OBSERVER)
    history = view.get("history")
    name: Any = view.get("phase")
    if isinstance(view.get("phase_no"), int):
        name = [view.get("turn"), view["phase_no"]]
    return canonical_json([name, len(history) if isinstance(history, list) else None, view.get("over")])


def phase_kind(view: dict[str, Any]) -> str:
    """The deadline class of the view's phase: movement, retreats, adjustments or default."""
    kind = view.get("phase_kind")
    if isinstance(kind, str) and kind in ("movement", "retreats", "adjustments"):
        return kind
    phase = view.get("phase")
    if isinstance(phase, str) and _PHASE.match(phase):
        return _KINDS[phase[-1]]
    return "default"


def timetable_seconds(view: dict[str, Any]) -> int | None:
    """The length of the current phase by the ruleset's own timetable (``view["phase_seconds"]``), if it has one."""
    seconds = view.get("phase_seconds")
    if isinstance(seconds, int) and not isinstance(seconds, bool) and seconds > 0:
        return seconds
    return None


def phase_name(view: dict[str, Any]) -> str:
    phase = view.get("phase")
    return str(phase) if phase is not None else ""


def public_phase_view(game: Game) -> dict[str, Any]:
    """The observer's view kept for the phase history (without the full history list, which grows)."""
    from umpire.server.present import observer_view

    view = observer_view(game)
    if isinstance(view.get("history"), list):
        view = {k: v for k, v in view.items() if k != "history"} | {"history_length": len(view["history"])}
    return view


class Store:
    """The games of one database, with an in-memory cache of each game's replayed state."""

    def __init__(self, engine: Engine, hub: Hub | None = None, chosen_seeds: bool = True) -> None:
        self.engine = engine
        self.chosen_seeds = chosen_seeds  # whether a creator may choose a game's seed (ruling K-G03)
        self.hub = hub or Hub()
        self.is_postgres = engine.dialect.name == "postgresql"
        # Each game's replayed state with the action count and digest it is at (an undo can bring a game back to
        # an earlier count and on to the same count by other actions: the digest tells them apart).
        self._games: dict[str, tuple[Game, int, str]] = {}
        self._phases: dict[str, list[PhaseRow]] = {}
        # Player rows and press by game, with the version of the game row they were read at.
        self._players_cache: dict[str, tuple[int, list[Player]]] = {}
        self._press_cache: dict[str, tuple[int, list[MessageRow]]] = {}
        # For the event streams (read_shared): the last snapshot read per game with when it was read, and the
        # update time of the last change this process committed to each game.
        self._shared: dict[str, tuple[float, Snapshot]] = {}
        self._written: dict[str, float] = {}
        self._mark: float | None = None  # the latest update time changes_by_others has seen
        self._locks: dict[str, threading.RLock] = {}
        self._locks_guard = threading.Lock()
        # SQLite has one writer at a time: the threads of this process queue for it here, where the next one is
        # woken at once, rather than in SQLite's busy handler, which polls with sleeps of up to 100 ms; and the
        # processes sharing a database file (umpire serve --workers) queue for it on a lock file beside it, or
        # one process's threads, handing the database on among themselves, would starve the others for seconds.
        self._write_lock = threading.Lock() if engine.dialect.name == "sqlite" else None
        self._writer_file = _writer_lock_file(engine)
        self._undos = Window(UNDO_LIMIT, UNDO_WINDOW)  # per game and role (issue 26, point 3)
        # Per game, the state before its last action, with the action count, digest and role it belongs to: a
        # seat's undo of that action is checked and made from it, without a replay.
        self._before: dict[str, list[tuple[int, str, str, State]]] = {}
        self._undos_guard = threading.Lock()

    # --- plumbing -----------------------------------------------------------------------------------------

    def lock(self, game_id: str) -> threading.RLock:
        with self._locks_guard:
            found = self._locks.get(game_id)
            if found is None:
                found = self._locks[game_id] = threading.RLock()
            return found

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        if self._write_lock is not None:
            self._write_lock.acquire()
        try:
            queue = None
            if self._writer_file is not None:
                queue = os.open(self._writer_file, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
                fcntl.flock(queue, fcntl.LOCK_EX)  # waits off the GIL, woken as soon as the holder is done
            try:
                with self.engine.connect() as raw:
                    conn = raw.execution_options(umpire_write=True)
                    with conn.begin():
                        yield conn
            finally:
                if queue is not None:
                    os.close(queue)  # and with it the lock
        finally:
            if self._write_lock is not None:
                self._write_lock.release()

    @staticmethod
    def _row(data: Any) -> GameRow:
        return GameRow(
            id=data.id,
            title=data.title,
            ruleset=data.ruleset,
            scenario=data.scenario,
            options=dict(_options(data.options)),
            seed=int(data.secret) if data.secret else int(data.seed),
            settings=_settings(data.settings),
            status=data.status,
            seq=data.seq,
            digest=data.digest,
            phase_key=data.phase_key,
            deadline_at=data.deadline_at,
            paused_remaining=data.paused_remaining,
            created_at=data.created_at,
            updated_at=data.updated_at,
            players_version=data.players_version,
            press_version=data.press_version,
            gm_token_hash=data.gm_token_hash,
            lobby_token_hash=data.lobby_token_hash,
            seed_kind=data.seed_kind,
            position=data.position,
        )

    def _game_row(self, conn: Connection, game_id: str, for_update: bool = False) -> GameRow:
        query = _GAME_ROW_LOCKED if for_update and self.is_postgres else _GAME_ROW
        data = conn.execute(query, {"game_id": game_id}).first()
        if data is None:
            raise NotFound(f"no game {game_id!r} on this server")
        return self._row(data)

    @staticmethod
    def _players(conn: Connection, game_id: str) -> list[Player]:
        rows = conn.execute(_PLAYERS, {"game_id": game_id})
        return [
            Player(
                id=r.id,
                seat=r.seat,
                name=r.name,
                joined_at=r.joined_at,
                bids=json.loads(r.bids) if r.bids else None,
                misses=r.misses,
                civil_disorder=bool(r.civil_disorder),
                account_id=r.account_id,
                token_hash=r.token_hash,
            )
            for r in rows
        ]

    def _players_of(self, conn: Connection, row: GameRow) -> list[Player]:
        cached = self._players_cache.get(row.id)
        if cached is not None and cached[0] == row.players_version:
            return cached[1]
        players = self._players(conn, row.id)
        self._players_cache[row.id] = (row.players_version, players)
        return players

    def _press_of(self, conn: Connection, row: GameRow) -> list[MessageRow]:
        cached = self._press_cache.get(row.id)
        if cached is not None and cached[0] == row.press_version:
            return cached[1]
        found = self._read_press(conn, row.id)
        self._press_cache[row.id] = (row.press_version, found)
        return found

    @staticmethod
    def _read_press(conn: Connection, game_id: str) -> list[MessageRow]:
        rows = conn.execute(_PRESS, {"game_id": game_id}).all()
        return [
            MessageRow(
                r.id, r.sender, json.loads(r.recipients) if r.recipients else None, r.body, r.phase, r.created_at
            )
            for r in reversed(rows)
        ]

    def _load_phases(self, conn: Connection, game_id: str, key: str | None = None) -> list[PhaseRow]:
        known = self._phases.get(game_id, [])
        if key is not None and known and known[-1].key == key:
            return known
        rows = conn.execute(_PHASES_FROM, {"game_id": game_id, "idx": len(known)}).all()
        if not rows and key is not None and known:  # the GM rolled the game back (here or in another process)
            rows = conn.execute(_PHASES_FROM, {"game_id": game_id, "idx": 0}).all()
            known = []
        if rows:
            known = known + [PhaseRow(r.idx, r.key, json.loads(r.public_view)) for r in rows]
            self._phases[game_id] = known
        return known

    def _cached_game(self, conn: Connection, row: GameRow) -> Game:
        """The game at ``row.seq``: from the cache, caught up from the log, or loaded from its snapshot."""
        cached = self._games.get(row.id)
        if cached is not None and cached[1:] == (row.seq, row.digest):
            return cached[0]
        with self.lock(row.id):
            cached = self._games.get(row.id)
            if cached is not None and cached[1:] == (row.seq, row.digest):
                return cached[0]
            game = None
            if cached is not None and cached[1] < row.seq:
                game = self._catch_up(conn, row, cached[0], cached[1])
            if game is None:
                game = self._load(conn, row)
            self._games[row.id] = (game, row.seq, row.digest)
            return game

    @staticmethod
    def _catch_up(conn: Connection, row: GameRow, game: Game, seq: int) -> Game | None:
        """``game`` (at ``seq`` actions) brought to ``row.seq`` by the logged actions after it; None if the result
        is not the stored state."""
        work = working_copy(game)
        rows = conn.execute(
            select(db.actions.c.role, db.actions.c.action)
            .where(db.actions.c.game_id == row.id, db.actions.c.seq > seq, db.actions.c.seq <= row.seq)
            .order_by(db.actions.c.seq)
        ).all()
        if len(rows) != row.seq - seq:
            return None
        try:
            for r in rows:
                work.replay_action(r.role, json.loads(r.action))
        except UmpireError:
            return None
        return work if work.digest() == row.digest else None

    def _load(self, conn: Connection, row: GameRow) -> Game:
        """A game from its snapshot (one read), checked against the game row's digest; a snapshot behind the log
        (a database of release 0001) is caught up from the log; without a usable one, the whole log is replayed."""
        snap = conn.execute(
            select(db.snapshots.c.seq, db.snapshots.c.state, db.snapshots.c.digest).where(
                db.snapshots.c.game_id == row.id
            )
        ).first()
        if snap is not None and snap.seq <= row.seq:
            state = json.loads(snap.state)
            base = Game(registry.get(row.ruleset), self._record(row, []), state)
            if snap.seq == row.seq and snap.digest == row.digest and state_digest(state) == row.digest:
                return base
            caught = self._catch_up(conn, row, base, snap.seq)
            if caught is not None:
                return caught
            log.warning("game %s: its snapshot does not lead to its stored state; replaying its whole log", row.id)
        return self._replay(conn, row)

    @staticmethod
    def _record(row: GameRow, actions: list[dict[str, Any]]) -> dict[str, Any]:
        record: dict[str, Any] = {
            "format": "umpire-game/1",
            "ruleset": row.ruleset,
            "scenario": row.scenario,
            "options": row.options,
            "seed": row.seed,
            "actions": actions,
        }
        if row.position is not None:  # started from a position: its replay starts there (kernel/game.py)
            record["position"] = json.loads(row.position)
        return record

    def _replay(self, conn: Connection, row: GameRow) -> Game:
        """Rebuild a game from its stored record and check it reaches the stored digest."""
        rows = conn.execute(
            select(db.actions.c.role, db.actions.c.action, db.actions.c.seq)
            .where(db.actions.c.game_id == row.id, db.actions.c.seq <= row.seq)
            .order_by(db.actions.c.seq)
        ).all()
        record = self._record(row, [{"role": r.role, "action": json.loads(r.action)} for r in rows])
        try:
            game = replay(record)
        except BadGameFile as exc:
            raise UmpireError(f"game {row.id}'s action log does not replay: {exc}") from None
        if len(rows) != row.seq or game.digest() != row.digest:
            raise UmpireError(f"game {row.id}'s action log does not replay to its stored state")
        return working_copy(game)

    def action_log(self, game_id: str) -> list[dict[str, Any]]:
        """A game's action log as stored, ``[{"role", "action"}, ...]`` in order (it holds secrets: never sent)."""
        with self.reading() as conn:
            self._game_row(conn, game_id)
            rows = conn.execute(
                select(db.actions.c.role, db.actions.c.action)
                .where(db.actions.c.game_id == game_id)
                .order_by(db.actions.c.seq)
            ).all()
        return [{"role": r.role, "action": json.loads(r.action)} for r in rows]

    def published_record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """A finished game's whole record, its secret seed and every rollback's fresh one included, for anyone who
        may open the game to replay and verify (``umpire replay``); before the end it is a secret (Conflict)."""
        with self.reading() as conn:
            row = self._game_row(conn, game_id)
            self._caller(conn, row, token)
            if row.status != "over":
                raise Conflict("a game's record (its seed and action log) is published once the game is over")
            rows = conn.execute(
                select(db.actions.c.role, db.actions.c.action)
                .where(db.actions.c.game_id == game_id, db.actions.c.seq <= row.seq)
                .order_by(db.actions.c.seq)
            ).all()
        return self._record(row, [{"role": r.role, "action": json.loads(r.action)} for r in rows])

    def game_ids(self) -> list[str]:
        """Every game of the database, oldest first."""
        with self.reading() as conn:
            rows = conn.execute(select(db.games.c.id).order_by(db.games.c.created_at)).all()
        return [r.id for r in rows]

    def verify(self, game_id: str) -> int:
        """Replay a game's whole action log and check it reaches the stored digest and the snapshot's state
        (the log is the record; the snapshot only saves the replay). Returns the number of actions replayed;
        raises UmpireError naming what differs."""
        with self.reading() as conn:
            row = self._game_row(conn, game_id)
            game = self._replay(conn, row)
            snap = conn.execute(
                select(db.snapshots.c.seq, db.snapshots.c.state).where(db.snapshots.c.game_id == game_id)
            ).first()
        if snap is None or snap.seq != row.seq:
            raise UmpireError(f"game {game_id}'s snapshot is not at its last action ({row.seq})")
        if snap.state != canonical_json(game.state):
            raise UmpireError(f"game {game_id}'s snapshot differs from what its action log replays to")
        return row.seq

    # --- reading ------------------------------------------------------------------------------------------

    def read(self, game_id: str, token: str | None, messages: bool = True) -> tuple[Caller, Snapshot]:
        """Who ``token`` is in the game and what there is to show, read in one transaction."""
        with self.reading() as conn:
            row = self._game_row(conn, game_id)
            caller = self._caller(conn, row, token)
            return caller, self._snapshot(conn, game_id, messages, row)

    def read_shared(self, game_id: str, token: str | None, max_age: float) -> tuple[Caller, Snapshot]:
        """:meth:`read` for the event streams, which all wake at once when their game changes: the first reads the
        database, the others share its snapshot while no change has been committed by this process since and it is
        younger than ``max_age`` seconds (so a change made by another process is seen within ``max_age``)."""
        shared = self._shared.get(game_id)
        if (
            shared is not None
            and self._written.get(game_id) == shared[1].row.updated_at
            and time.monotonic() - shared[0] < max_age
        ):
            caller = self._known_caller(shared[1].row, shared[1].players, token)
            if caller is not None:
                return caller, shared[1]
        read_at = time.monotonic()
        caller, snap = self.read(game_id, token)
        self._shared[game_id] = (read_at, snap)
        with self._locks_guard:
            if snap.row.updated_at > self._written.get(game_id, 0.0):
                self._written[game_id] = snap.row.updated_at
        return caller, snap

    def forget(self, game_id: str) -> None:
        """Drop the streams' shared snapshot of a game (another process changed it)."""
        self._shared.pop(game_id, None)

    def changes_by_others(self) -> list[str]:
        """The games another process changed since the last call, found by their rows' update times (on SQLite,
        what stands for PostgreSQL's notifications between server processes); their shared snapshots are
        dropped. The first call only takes the latest update time as its mark."""
        with self.reading() as conn:
            if self._mark is None:
                latest = conn.execute(select(func.max(db.games.c.updated_at))).scalar()
                self._mark = float(latest or 0.0)
                return []
            rows = conn.execute(_CHANGED_SINCE, {"mark": self._mark}).all()
        changed = []
        for row in rows:
            self._mark = max(self._mark, float(row.updated_at))
            # A change of this process's own has woken its streams already (Hub.publish after the commit).
            if self._written.get(row.id) != row.updated_at:
                self.forget(row.id)
                changed.append(str(row.id))
        return changed

    def snapshot(self, game_id: str, messages: bool = True) -> Snapshot:
        with self.reading() as conn:
            return self._snapshot(conn, game_id, messages)

    def _snapshot(self, conn: Connection, game_id: str, messages: bool, row: GameRow | None = None) -> Snapshot:
        row = row or self._game_row(conn, game_id)
        game = self._cached_game(conn, row)
        players = self._players_of(conn, row)
        found = self._press_of(conn, row) if messages else []
        phases = self._load_phases(conn, game_id, row.phase_key)
        return Snapshot(row, game, players, found, phases)

    def caller(self, game_id: str, token: str | None) -> Caller:
        """The role a token gives in a game: no token is the observer; a wrong token is refused."""
        with self.reading() as conn:
            return self._caller(conn, self._game_row(conn, game_id), token)

    @staticmethod
    def _known_caller(row: GameRow, players: list[Player], token: str | None) -> Caller | None:
        """The caller a token makes from the game's own rows; None for a token they do not hold (an account's)."""
        if not token:
            return Caller(OBSERVER)
        digest = security.token_hash(token)
        if row.gm_token_hash == digest:
            return Caller(GM)
        if row.lobby_token_hash == digest:
            return Caller("lobby")
        player = next((p for p in players if p.token_hash == digest), None)
        return None if player is None else Caller(player.seat or "lobby", player)

    def _caller(self, conn: Connection, row: GameRow, token: str | None) -> Caller:
        players = self._players_of(conn, row)
        known = self._known_caller(row, players, token)
        if known is not None:
            return known
        digest = security.token_hash(token or "")
        player = None
        if token:
            account = conn.execute(select(db.accounts.c.id).where(db.accounts.c.token_hash == digest)).first()
            if account is not None:
                player = next((p for p in players if p.account_id == account.id), None)
        if player is None:
            raise Unauthorized("this token belongs to no seat of this game (it may have been reissued)")
        return Caller(player.seat or "lobby", player)

    def due_games(self, now: float) -> list[str]:
        with self.reading() as conn:
            rows = conn.execute(
                select(db.games.c.id).where(db.games.c.status == "running", db.games.c.deadline_at <= now)
            ).all()
        return [r.id for r in rows]

    def next_deadline(self) -> float | None:
        with self.reading() as conn:
            value = conn.execute(select(func.min(db.games.c.deadline_at)).where(db.games.c.status == "running"))
            result = value.scalar()
        return float(result) if result is not None else None

    # --- creating -----------------------------------------------------------------------------------------

    def create(self, body: CreateGame) -> dict[str, Any]:
        """A new game in the lobby; returns its id and its secrets (GM, lobby and per-seat tokens), shown once."""
        chosen = body.seed is not None  # reproducible, and known to the creator: every page of the game says so
        if chosen and not self.chosen_seeds:
            raise IllegalAction(
                "this server draws every game's seed itself (UMPIRE_CHOSEN_SEEDS=refuse): leave 'seed' out"
            )
        seed = body.seed if body.seed is not None else new_secret()
        if body.position is None:
            game = new_game(body.ruleset, body.scenario, body.options, seed)
        else:
            game = new_game(body.ruleset, seed=seed, position=checked_position(body))
        if body.settings.missed_orders == "bot" and bot_for(game.record["ruleset"]) is None:
            raise IllegalAction(
                f"{game.ruleset.info.title} has no bots, so a seat that misses a deadline cannot be played by one; "
                "choose missed_orders 'hold' or 'civil_disorder'"
            )
        seats = game.ruleset.seats(game.state)
        bots = body.settings.bots
        check_bot_seats(
            game.record["ruleset"],
            game.ruleset.info.title,
            seats,
            game.ruleset.staff_seats(game.state),
            bots,
            body.settings.assignment,
        )
        if body.settings.assignment == "auction":
            players = [s for s in seats if s not in game.ruleset.staff_seats(game.state)]
            if len(players) * MIN_BID > POINTS:
                raise IllegalAction(
                    f"the blind auction gives each seat at least {MIN_BID} of {POINTS} points, so it deals at most "
                    f"{POINTS // MIN_BID} seats; {game.ruleset.info.title} has {len(players)} here: choose assignment "
                    "'chosen' or 'random' (or fewer seats, e.g. the megagame's option seats 'teams')"
                )
        now = time.time()
        game_id = security.new_game_id()
        gm_token, lobby_token = security.new_token(), security.new_token()
        seat_tokens = {seat: security.new_token() for seat in seats}
        title = body.title.strip() or f"{game.ruleset.info.title}"
        with self.writing() as conn:
            conn.execute(
                insert(db.games).values(
                    id=game_id,
                    title=title,
                    ruleset=game.record["ruleset"],
                    scenario=game.record["scenario"],
                    options=canonical_json(game.record["options"]),
                    seed=seed if chosen else 0,
                    secret=None if chosen else str(seed),
                    seed_kind="chosen" if chosen else "secret",
                    position=None if body.position is None else canonical_json(game.record["position"]),
                    settings=body.settings.model_dump_json(),
                    status="lobby",
                    seq=0,
                    digest=game.digest(),
                    phase_key=phase_key(game),
                    gm_token_hash=security.token_hash(gm_token),
                    lobby_token_hash=security.token_hash(lobby_token),
                    deadline_at=None,
                    paused_remaining=None,
                    players_version=0,
                    press_version=0,
                    created_at=now,
                    updated_at=now,
                )
            )
            conn.execute(
                insert(db.snapshots).values(
                    game_id=game_id, seq=0, state=canonical_json(game.state), digest=game.digest()
                )
            )
            for seat, token in seat_tokens.items():
                conn.execute(
                    insert(db.players).values(
                        game_id=game_id,
                        seat=seat,
                        name=bot_name(bots[seat]) if seat in bots else None,
                        joined_at=now if seat in bots else None,
                        token_hash=security.token_hash(token),
                        misses=0,
                    )
                )
            conn.execute(
                insert(db.phases).values(
                    game_id=game_id,
                    idx=0,
                    key=phase_key(game),
                    public_view=canonical_json(public_phase_view(game)),
                    created_at=now,
                )
            )
        with self.lock(game_id):
            self._games[game_id] = (game, 0, game.digest())
        log.info("created game %s (%s)", game_id, game.record["ruleset"])
        return {
            "id": game_id,
            "gm_token": gm_token,
            "lobby_token": lobby_token,
            "seat_tokens": {seat: token for seat, token in seat_tokens.items() if seat not in bots},
            "staff_seats": game.ruleset.staff_seats(game.state),
        }

    # --- the one way to change a game ---------------------------------------------------------------------

    def transact(self, game_id: str, work: Callable[[Tx], T]) -> T:
        """Run ``work`` on a working copy of the game in one transaction; commit, then publish the change."""
        return self._transact(game_id, work, answer=False)[0]

    def transact_and_show(self, game_id: str, work: Callable[[Tx], T]) -> tuple[T, Snapshot]:
        """:meth:`transact`, and the game as it is after the commit (see :meth:`_tx_snapshot`)."""
        result, snap = self._transact(game_id, work, answer=True)
        assert snap is not None
        return result, snap

    def _transact(self, game_id: str, work: Callable[[Tx], T], answer: bool) -> tuple[T, Snapshot | None]:
        snap = None
        with self.lock(game_id):
            with self.writing() as conn:
                row = self._game_row(conn, game_id, for_update=True)
                cached = self._cached_game(conn, row)
                game = working_copy(cached)
                opened = row.phase_key
                tx = Tx(conn, row, game, self._players(conn, game_id), max(time.time(), row.updated_at + 1e-6))
                result = work(tx)
                if tx.row.status == "running" and tx.row.settings.bots:
                    play_bot_seats(tx.game, tx.row.settings.bots, tx.row.seed, tx.apply)
                if tx.pending:
                    self._after_actions(tx)
                self._write(tx)
                if answer:
                    snap = self._tx_snapshot(tx)
                if tx.pending and os.environ.get(CRASH_HOOK_ENV) and tx.row.phase_key != opened:
                    # Test hook: the phase is adjudicated but not committed; the crash test kills us here.
                    marker = os.environ[CRASH_HOOK_ENV]
                    with open(marker + ".tmp", "w") as out:
                        out.write(str(os.getpid()))
                    os.replace(marker + ".tmp", marker)  # appears whole, with the pid in it
                    time.sleep(120)
            if tx.pending or tx.rewound_to is not None:
                self._games[game_id] = (tx.game, tx.row.seq, tx.row.digest)
                self._keep_befores(game_id, tx)
            if tx.rewound_to is not None:
                self._phases.pop(game_id, None)
            if tx.pending or tx.row_changes:
                with self._locks_guard:
                    self._written[game_id] = tx.now  # the streams' shared snapshot is now out of date
        self.hub.publish(game_id)
        return result, snap

    def _tx_snapshot(self, tx: Tx) -> Snapshot:
        """What a read right after the commit would find, from what the transaction holds (it wrote the game row,
        the state and the players): only the press and a new phase's rows are read, in the transaction, and
        nothing read here enters the caches, since the transaction may still fail to commit."""
        row = replace(tx.row)
        if tx.pending or tx.row_changes:
            row.updated_at = tx.now
        cached = self._press_cache.get(row.id)
        if cached is not None and cached[0] == row.press_version:
            press = cached[1]
        else:
            press = self._read_press(tx.conn, row.id)
        known = self._phases.get(row.id, [])
        if not known or known[-1].key != row.phase_key:
            rows = tx.conn.execute(_PHASES_FROM, {"game_id": row.id, "idx": len(known)}).all()
            known = known + [PhaseRow(r.idx, r.key, json.loads(r.public_view)) for r in rows]
        return Snapshot(row, tx.game, list(tx.players), press, known)

    def _after_actions(self, tx: Tx) -> None:
        """After actions: open the next phase's deadline and snapshot, let civil-disorder seats be ready."""
        for _ in range(50):
            key = phase_key(tx.game)
            if key == tx.row.phase_key:
                break
            idx = tx.conn.execute(
                select(func.count()).select_from(db.phases).where(db.phases.c.game_id == tx.row.id)
            ).scalar_one()
            tx.conn.execute(
                insert(db.phases).values(
                    game_id=tx.row.id,
                    idx=idx,
                    key=key,
                    public_view=canonical_json(public_phase_view(tx.game)),
                    created_at=tx.now,
                )
            )
            tx.set(phase_key=key)
            if tx.row.status in ("running", "paused"):
                self._set_phase_deadline(tx)
            if tx.row.status == "running":
                self._ready_civil_disorder(tx)
        if tx.game.ruleset.is_over(tx.game.state):
            tx.set(status="over", deadline_at=None, paused_remaining=None)

    @staticmethod
    def _ready_civil_disorder(tx: Tx) -> None:
        """Seats in civil disorder are ready at once, so the phase waits only for the active players.

        When every seat that must order is in civil disorder, nobody is readied: the phase then waits for its
        deadline (or the GM), instead of the game running on to its end in one go.
        """
        waiting = tx.game.view(GM).get("waiting_for") or []
        disorder = {p.seat for p in tx.players if p.civil_disorder and p.seat}
        if not any(seat not in disorder for seat in waiting):
            return
        for seat in waiting:
            if seat in disorder:
                view = tx.game.view(seat)
                if any(a.get("type") == "ready" and a.get("ready") for a in view.get("actions", [])):
                    tx.apply(seat, {"type": "ready", "ready": True})

    def _set_phase_deadline(self, tx: Tx) -> None:
        """The new phase's deadline: the game's seconds for its kind, else the ruleset's own timetable (a view's
        ``phase_seconds``, as Renaissance and Reformation's), else none."""
        view = tx.game.view(OBSERVER)
        kind = phase_kind(view)
        deadlines = tx.row.settings.deadlines
        seconds = deadlines.get(kind, deadlines.get("default"))
        if not seconds:
            seconds = timetable_seconds(view)
        if tx.row.status == "paused":
            tx.set(paused_remaining=float(seconds) if seconds else None)
        else:
            tx.set(deadline_at=tx.now + seconds if seconds else None)

    def _write(self, tx: Tx) -> None:
        if tx.rewound_to is not None:
            tx.conn.execute(
                db.actions.delete().where(db.actions.c.game_id == tx.row.id, db.actions.c.seq > tx.rewound_to)
            )
            tx.conn.execute(
                update(db.snapshots)
                .where(db.snapshots.c.game_id == tx.row.id)
                .values(seq=tx.row.seq, state=canonical_json(tx.game.state), digest=tx.row.digest)
            )
        seq = tx.row.seq
        if tx.pending:
            tx.conn.execute(
                _INSERT_ACTION,
                [
                    {
                        "game_id": tx.row.id,
                        "seq": seq + i,
                        "role": role,
                        "action": canonical_json(action),
                        "digest": digest,
                        "created_at": tx.now,
                    }
                    for i, (role, action, digest) in enumerate(tx.pending, 1)
                ],
            )
            seq += len(tx.pending)
            tx.set(seq=seq, digest=tx.pending[-1][2])
            tx.conn.execute(
                update(db.snapshots)
                .where(db.snapshots.c.game_id == tx.row.id)
                .values(seq=seq, state=canonical_json(tx.game.state), digest=tx.pending[-1][2])
            )
        if tx.pending or tx.row_changes:
            changes = dict(tx.row_changes)
            changes["updated_at"] = tx.now
            tx.conn.execute(update(db.games).where(db.games.c.id == tx.row.id).values(**changes))
            if self.is_postgres:
                tx.conn.execute(text("SELECT pg_notify('umpire', :game)"), {"game": tx.row.id})

    # --- players' actions ---------------------------------------------------------------------------------

    def act(self, game_id: str, caller: Caller, actions: list[dict[str, Any]]) -> Snapshot:
        """Apply a caller's actions (all or none), once the game has started; the game as it is after them."""

        def work(tx: Tx) -> None:
            self._check_can_act(tx, caller)
            for action in actions:
                tx.apply(caller.role, action)
            if caller.player is not None and (caller.player.civil_disorder or caller.player.misses):
                # A player who acts again is back in the game.
                self._update_player(tx, caller.player.id, civil_disorder=False, misses=0)

        return self.transact_and_show(game_id, work)[1]

    def undo(self, game_id: str, caller: Caller, count: int = 1) -> Snapshot:
        """Take actions back (``kernel/undo.py``): a seat its own last action, if that revealed nothing hidden and
        rolled no die; the GM the last ``count`` actions, whatever they were. Either is noted in the public press."""

        self._count_undo(game_id, caller.role)

        def work(tx: Tx) -> None:
            if caller.role != GM or tx.row.status != "over":  # the GM may roll a finished game back into play
                self._check_can_act(tx, caller)
            if caller.role != GM and count != 1:
                raise Forbidden("a seat may take back only its own last action; the GM may roll back further")
            if count > tx.row.seq:
                raise IllegalAction(f"cannot take back {count} action(s): the game has {tx.row.seq}")
            if caller.role != GM:  # what can be refused without a replay is refused first (issue 26, point 3)
                why = self._undo_refused_early(tx, caller.role)
                if why:
                    raise Conflict(f"you cannot undo: {why}")
                known = next(
                    (k for k in self._before.get(game_id, []) if k[:3] == (tx.row.seq, tx.row.digest, caller.role)),
                    None,
                )
                if known is not None:
                    why = undo.changed(tx.game.ruleset, known[3], tx.game.state)
                    if why:
                        raise Conflict(f"you cannot undo: {why}")
                    self._rewind_to(
                        tx, Game(tx.game.ruleset, {**tx.game.record, "actions": []}, known[3]), 1, caller.role
                    )
                    return
            rows = tx.conn.execute(
                select(db.actions.c.role, db.actions.c.action)
                .where(db.actions.c.game_id == tx.row.id, db.actions.c.seq <= tx.row.seq)
                .order_by(db.actions.c.seq)
            ).all()
            tx.game.record["actions"] = [{"role": r.role, "action": json.loads(r.action)} for r in rows]
            before = undo.rewind(tx.game.record, count)
            if caller.role != GM:
                why = undo.refusal(tx.game, before, caller.role)
                if why:
                    raise Conflict(f"you cannot undo: {why}")
            self._rewind_to(tx, before, count, caller.role)

        return self.transact_and_show(game_id, work)[1]

    def _rewind_to(self, tx: Tx, before: Game, count: int, role: str) -> None:
        """Bring the transaction's game back to ``before``, the game without its last ``count`` actions; noted in
        the press. The GM's rollback then moves the generator on to a fresh secret."""
        tx.game = working_copy(before)
        tx.rewound_to = tx.row.seq - count
        tx.set(seq=tx.rewound_to, digest=before.digest(), phase_key=phase_key(before))
        if role == GM:  # the dice undone do not come back (issue 26, point 2); a seat's undo rolled none
            tx.reseed()
        self._drop_later_phases(tx)
        who = "The GM rolled back" if role == GM else f"{role.capitalize()} took back"
        what = f"{count} action(s)" if role == GM else "its last action"
        self._note_undo(tx, f"{who} {what}")
        if tx.row.status == "over" and not tx.game.ruleset.is_over(tx.game.state):
            tx.set(status="running")

    def _keep_befores(self, game_id: str, tx: Tx) -> None:
        """After a commit: the states before the game's last few actions, each with its action's count, digest
        and role (a rollback drops those it took back), so that a seat's undo is checked and made without a
        replay."""
        if type(tx.game.ruleset).hidden_parts is Ruleset.hidden_parts:  # no undo for its players: nothing to keep
            return
        kept = [k for k in self._before.get(game_id, []) if tx.rewound_to is None or k[0] <= tx.rewound_to]
        first = tx.row.seq - len(tx.pending)
        for i, (before, (_role, _action, digest)) in enumerate(zip(tx.befores, tx.pending, strict=True), 1):
            if before is not None:
                kept.append((first + i, digest, before[0], before[1]))
        self._before[game_id] = kept[-BEFORES_KEPT:]

    def _count_undo(self, game_id: str, role: str) -> None:
        """Count an undo by ``role`` in the game, refused or not; TooMany past :data:`UNDO_LIMIT` a minute."""
        key = f"{game_id}\n{role}"
        with self._undos_guard:
            now = time.monotonic()
            wait = self._undos.wait(key, now)
            if wait:
                seconds = max(1, int(wait + 0.999))
                raise TooMany(f"too many undos; try again in {seconds} seconds", seconds)
            self._undos.add(key, now)

    @staticmethod
    def _undo_refused_early(tx: Tx, role: str) -> str | None:
        """Why a seat's undo is refused, from what needs no replay: the last action's role, a ruleset that offers
        players no undo (the rest, the generator and the hidden parts, is :func:`undo.refusal`'s after it)."""
        if tx.row.seq == 0:
            return "there is no action to take back"
        last = tx.conn.execute(
            select(db.actions.c.role).where(db.actions.c.game_id == tx.row.id, db.actions.c.seq == tx.row.seq)
        ).first()
        if last is not None and last.role != role:
            return f"the last action is {last.role}'s, not yours"
        if tx.game.ruleset.hidden_parts(tx.game.state) is None:
            return f"{tx.game.ruleset.info.name} offers no undo to its players (the GM may roll back)"
        return None

    @staticmethod
    def _note_undo(tx: Tx, what: str) -> None:
        """The undo's note in the public press; the same note as the game's latest message is counted in it
        instead ("Papacy took back its last action (3 times)."), so undos in a loop add one line, not many."""
        phase = phase_name(tx.game.view(OBSERVER))
        latest = tx.conn.execute(
            select(db.messages.c.id, db.messages.c.sender, db.messages.c.recipients, db.messages.c.body)
            .where(db.messages.c.game_id == tx.row.id)
            .order_by(db.messages.c.id.desc())
            .limit(1)
        ).first()
        found = _UNDO_NOTE.match(latest.body) if latest is not None else None
        if latest is not None and found and latest.sender == GM and latest.recipients is None and found["what"] == what:
            times = int(found["times"] or 1) + 1
            tx.conn.execute(
                update(db.messages)
                .where(db.messages.c.id == latest.id)
                .values(body=f"{what} ({times} times).", phase=phase, created_at=tx.now)
            )
            tx.press_changed()
            return
        tx.conn.execute(
            insert(db.messages).values(
                game_id=tx.row.id, sender=GM, recipients=None, body=f"{what}.", phase=phase, created_at=tx.now
            )
        )
        tx.press_changed()

    def _drop_later_phases(self, tx: Tx) -> None:
        """After a rollback: the phases opened after the one the game is back in (the latest with its key)."""
        rows = tx.conn.execute(
            select(db.phases.c.idx, db.phases.c.key).where(db.phases.c.game_id == tx.row.id).order_by(db.phases.c.idx)
        ).all()
        back = [r.idx for r in rows if r.key == tx.row.phase_key]
        if back and back[-1] < rows[-1].idx:
            tx.conn.execute(db.phases.delete().where(db.phases.c.game_id == tx.row.id, db.phases.c.idx > back[-1]))
            self._phases.pop(tx.row.id, None)  # read again (this answer included)

    def trial_view(
        self, game_id: str, caller: Caller, actions: list[dict[str, Any]], snap: Snapshot | None = None
    ) -> dict[str, Any]:
        """The caller's ruleset view after ``actions``, applied to a copy: nothing is saved (raises what
        :meth:`act` would raise for the actions themselves). ``snap``: a snapshot of the game the caller has
        just read, to save reading it again."""
        if snap is None:
            snap = self.snapshot(game_id, messages=False)
        work = working_copy(snap.game)
        for action in actions:
            work.act(caller.role, action)
        view: dict[str, Any] = role_view(work.ruleset, work.state, caller.role)
        return view

    def dry_run(self, game_id: str, caller: Caller, actions: list[dict[str, Any]]) -> None:
        """Check actions without applying them (raises what :meth:`act` would raise)."""
        snap = self.snapshot(game_id, messages=False)
        game = snap.game
        work = working_copy(game)
        for action in actions:
            work.act(caller.role, action)

    @staticmethod
    def _check_can_act(tx: Tx, caller: Caller) -> None:
        if caller.role in (OBSERVER, "lobby"):
            raise Forbidden("only a seat's or the GM's token may act in this game")
        if tx.row.status == "lobby":
            raise Conflict("the game has not started yet; the GM starts it")
        if tx.row.status == "over":
            raise Conflict("the game is over")
        if tx.row.status == "paused" and caller.role != GM:
            # A pause stops the players, not the umpires: staff seats (control desks) clear their queues meanwhile.
            if caller.role in tx.game.ruleset.staff_seats(tx.game.state):
                return
            raise Conflict("the GM has paused the game; orders are accepted again when it resumes")

    @staticmethod
    def _update_player(tx: Tx, player_id: int, **values: Any) -> None:
        tx.conn.execute(update(db.players).where(db.players.c.id == player_id).values(**values))
        tx.players_changed()
        for player in tx.players:
            if player.id == player_id:
                for key, value in values.items():
                    if key != "token_hash":
                        setattr(player, key, value)

    def join(self, game_id: str, token: str, name: str, seat: str | None) -> dict[str, Any]:
        """Claim a seat (with its invite token) or join the lobby (with the lobby token); returns the token to keep."""
        name = name.strip()
        if not name:
            raise IllegalAction("a name is needed to join")
        digest = security.token_hash(token)

        def work(tx: Tx) -> dict[str, Any]:
            lobby: str = tx.conn.execute(
                select(db.games.c.lobby_token_hash).where(db.games.c.id == game_id)
            ).scalar_one()
            mine = tx.conn.execute(
                select(db.players.c.id).where(db.players.c.token_hash == digest, db.players.c.game_id == game_id)
            ).first()
            if mine is not None:
                player = next(p for p in tx.players if p.id == mine.id)
                if player.name is not None and player.name != name:
                    raise Conflict(f"this seat was already taken by {player.name}")
                self._update_player(tx, player.id, name=name, joined_at=player.joined_at if player.name else tx.now)
                return {"token": token, "seat": player.seat, "player": player.id}
            if lobby != digest:
                raise Unauthorized("this link belongs to no seat of this game (it may have been reissued)")
            if tx.row.status != "lobby" and tx.row.settings.assignment != "chosen":
                raise Conflict("the game has started; ask the GM for a seat's link")
            fresh = security.new_token()
            if tx.row.settings.assignment == "chosen" or seat is not None:
                if tx.row.settings.assignment != "chosen":
                    raise IllegalAction(f"seats are assigned by {tx.row.settings.assignment}; join without a seat")
                staff = set(tx.game.ruleset.staff_seats(tx.game.state))
                if seat in staff:
                    raise Forbidden(
                        f"seat {seat!r} is a staff seat: it is taken only through its own link or the GM's assignment"
                    )
                free = [p for p in tx.players if lobby_may_take(p, staff)]
                target = next((p for p in free if p.seat == seat), None)
                if target is None:
                    names = ", ".join(p.seat for p in free if p.seat) or "none"
                    raise Conflict(f"seat {seat!r} is not free; free seats: {names}")
                self._update_player(tx, target.id, name=name, joined_at=tx.now, token_hash=security.token_hash(fresh))
                return {"token": fresh, "seat": target.seat, "player": target.id}
            if any(p.seat is None and p.name == name for p in tx.players):
                raise Conflict(f"someone called {name!r} is already in the lobby; choose another name")
            result = tx.conn.execute(
                insert(db.players).values(
                    game_id=game_id, seat=None, name=name, token_hash=security.token_hash(fresh), joined_at=tx.now
                )
            )
            tx.players_changed()
            player_id = result.inserted_primary_key[0] if result.inserted_primary_key else None
            return {"token": fresh, "seat": None, "player": player_id}

        return self.transact(game_id, work)

    def bid(self, game_id: str, caller: Caller, bids: dict[str, int]) -> None:
        def work(tx: Tx) -> None:
            if tx.row.settings.assignment != "auction":
                raise Conflict("this game does not assign powers by auction")
            if tx.row.status != "lobby":
                raise Conflict("the auction is over: the game has started")
            if caller.player is None or caller.player.seat is not None:
                raise Forbidden("only a player waiting in the lobby may bid")
            staff = tx.game.ruleset.staff_seats(tx.game.state)
            seats = [s for s in tx.game.ruleset.seats(tx.game.state) if s not in staff]
            unknown = sorted(set(bids) - set(seats))
            if unknown:
                raise IllegalAction(f"no power {', '.join(unknown)}; bid on: {', '.join(seats)}")
            errors = bid_errors(list(bids.items()), seats)
            if errors:
                raise IllegalAction("; ".join(errors))
            # Kept in the order the player listed them: that order settles the player's own ties.
            self._update_player(tx, caller.player.id, bids=json.dumps(dict(bids), separators=(",", ":")))

        self.transact(game_id, work)

    def post_message(self, game_id: str, caller: Caller, to: list[str] | str, body: str) -> None:
        def work(tx: Tx) -> None:
            press = tx.row.settings.press
            seats = tx.game.ruleset.seats(tx.game.state)
            if caller.role not in [*seats, GM]:
                raise Forbidden("only a seat or the GM may write press")
            if tx.row.status == "lobby" and caller.role != GM:
                raise Conflict("press opens when the game starts")
            if press == "none" and caller.role != GM:
                raise Conflict("this game has no press")
            recipients: list[str] | None = None
            if to != "public":
                if press != "full" and caller.role != GM:
                    raise Conflict("this game allows public press only")
                wanted = sorted(set(to))
                unknown = [r for r in wanted if r not in seats]
                if not wanted or unknown:
                    raise IllegalAction(f"write to 'public' or to some of: {', '.join(seats)}")
                recipients = wanted
            tx.conn.execute(
                insert(db.messages).values(
                    game_id=game_id,
                    sender=caller.role,
                    recipients=canonical_json(recipients) if recipients is not None else None,
                    body=body,
                    phase=phase_name(tx.game.view(OBSERVER)),
                    created_at=tx.now,
                )
            )
            tx.press_changed()

        self.transact(game_id, work)

    # --- the GM -------------------------------------------------------------------------------------------

    def start(self, game_id: str) -> None:
        def work(tx: Tx) -> None:
            if tx.row.status != "lobby":
                raise Conflict(f"the game has already started (it is {tx.row.status})")
            mode = tx.row.settings.assignment
            waiting = [p for p in tx.players if p.seat is None]
            if mode in ("random", "auction"):
                # Staff seats and seats whose link the GM reissued are kept for their own links.
                staff = set(tx.game.ruleset.staff_seats(tx.game.state))
                free = [p for p in tx.players if lobby_may_take(p, staff)]
                assignment = assign_seats(mode, tx.row.seed, [s.seat for s in free if s.seat], waiting)
                for player_id, seat in assignment.items():
                    old = next(p for p in free if p.seat == seat)
                    tx.conn.execute(db.players.delete().where(db.players.c.id == old.id))
                    tx.players.remove(old)
                    tx.players_changed()
                    self._update_player(tx, player_id, seat=seat)
            tx.set(status="running")
            self._set_phase_deadline(tx)

        self.transact(game_id, work)

    def pause(self, game_id: str) -> None:
        def work(tx: Tx) -> None:
            if tx.row.status != "running":
                raise Conflict(f"only a running game can be paused; this one is {tx.row.status}")
            remaining = None if tx.row.deadline_at is None else max(0.0, tx.row.deadline_at - tx.now)
            tx.set(status="paused", paused_remaining=remaining, deadline_at=None)

        self.transact(game_id, work)

    def resume(self, game_id: str) -> None:
        def work(tx: Tx) -> None:
            if tx.row.status != "paused":
                raise Conflict(f"only a paused game can be resumed; this one is {tx.row.status}")
            left = tx.row.paused_remaining
            tx.set(status="running", paused_remaining=None, deadline_at=None if left is None else tx.now + left)

        self.transact(game_id, work)

    def extend(self, game_id: str, seconds: int) -> None:
        def work(tx: Tx) -> None:
            if tx.row.status == "paused" and tx.row.paused_remaining is not None:
                tx.set(paused_remaining=max(0.0, tx.row.paused_remaining + seconds))
            elif tx.row.status == "running" and tx.row.deadline_at is not None:
                tx.set(deadline_at=max(tx.now, tx.row.deadline_at + seconds))
            else:
                raise Conflict("there is no deadline to extend; set one first")

        self.transact(game_id, work)

    def set_deadline(self, game_id: str, at: float | None) -> None:
        def work(tx: Tx) -> None:
            if tx.row.status not in ("running", "paused"):
                raise Conflict(f"deadlines are set once the game runs; it is {tx.row.status}")
            if tx.row.status == "paused":
                tx.set(paused_remaining=None if at is None else max(0.0, at - tx.now))
            else:
                tx.set(deadline_at=at)

        self.transact(game_id, work)

    def set_deadlines(self, game_id: str, deadlines: dict[str, int]) -> None:
        def work(tx: Tx) -> None:
            settings = tx.row.settings.model_copy(update={"deadlines": dict(deadlines)})
            tx.set(settings=settings.model_dump_json())

        self.transact(game_id, work)

    def reissue(self, game_id: str, seat: str) -> str:
        """A new invite token for a seat; every credential of the old holder stops working.

        The seat token is replaced and the seat's account link removed, so neither opens the game any more (an
        open event stream re-checks its token when this change wakes it, and ends). Until someone joins with the
        new link the seat is kept for it (``joined_at`` set, ``name`` empty): nobody takes it from the lobby."""

        def work(tx: Tx) -> str:
            target = next((p for p in tx.players if p.seat == seat), None)
            if target is None:
                raise NotFound(f"no seat {seat!r} in this game")
            fresh = security.new_token()
            self._update_player(
                tx, target.id, token_hash=security.token_hash(fresh), name=None, joined_at=tx.now, account_id=None
            )
            return fresh

        return self.transact(game_id, work)

    def assign(self, game_id: str, player_id: int, seat: str) -> None:
        """Give a lobby player a seat, the GM's own choice: before the start, or a staff seat at any time."""

        def work(tx: Tx) -> None:
            staff = tx.game.ruleset.staff_seats(tx.game.state)
            if tx.row.status != "lobby" and seat not in staff:
                listed = f" ({', '.join(staff)})" if staff else ""
                raise Conflict(f"after the start the GM assigns only staff seats{listed}; {seat!r} is a player's seat")
            player = next((p for p in tx.players if p.id == player_id and p.seat is None), None)
            if player is None:
                raise NotFound(f"no player {player_id} waiting in the lobby")
            old = next((p for p in tx.players if p.seat == seat and p.name is None), None)
            if old is None:
                raise Conflict(f"seat {seat!r} is not free")
            tx.conn.execute(db.players.delete().where(db.players.c.id == old.id))
            tx.players.remove(old)
            tx.players_changed()
            self._update_player(tx, player.id, seat=seat)

        self.transact(game_id, work)

    def link_account(self, game_id: str, player_id: int, account_id: int) -> None:
        """Tie a player's seat to an account (the account's token then acts for it); one seat per game."""

        def work(tx: Tx) -> None:
            held = next((p for p in tx.players if p.account_id == account_id and p.id != player_id), None)
            if held is not None:
                raise Conflict(
                    f"this account already holds {held.seat or 'a place in the lobby'} in this game; "
                    "unlink it first (POST /api/accounts/unlink)"
                )
            self._update_player(tx, player_id, account_id=account_id)

        self.transact(game_id, work)

    def unlink_account(self, game_id: str, account_id: int) -> str | None:
        """Untie an account from its seat in a game (the seat's own link keeps working); the seat it held."""

        def work(tx: Tx) -> str | None:
            held = next((p for p in tx.players if p.account_id == account_id), None)
            if held is None:
                raise NotFound(f"this account holds no seat in game {game_id}")
            self._update_player(tx, held.id, account_id=None)
            return held.seat

        return self.transact(game_id, work)

    def gm_act(self, game_id: str, action: dict[str, Any]) -> Snapshot:
        """Apply an action of the GM; the game as it is after it."""

        def work(tx: Tx) -> None:
            self._check_can_act(tx, Caller(GM))
            tx.apply(GM, action)

        return self.transact_and_show(game_id, work)[1]

    # --- deadlines ----------------------------------------------------------------------------------------

    def fire_deadline(self, game_id: str, now: float | None = None) -> bool:
        """Resolve a game's phase whose deadline has passed, applying the missed-orders policy; exactly once."""
        moment = time.time() if now is None else now

        def work(tx: Tx) -> bool:
            if tx.row.status != "running" or tx.row.deadline_at is None or tx.row.deadline_at > moment:
                return False
            gm_view = tx.game.view(GM)
            if not _may_resolve(tx.game, gm_view):
                tx.set(deadline_at=None)
                return False
            waiting = [s for s in gm_view.get("waiting_for", []) if isinstance(s, str)]
            policy = tx.row.settings.missed_orders
            missed = [seat for seat in waiting if not _has_orders(tx.game.view(seat))]
            for player in tx.players:
                if player.seat is None:
                    continue
                if player.seat in missed:
                    misses = player.misses + 1
                    cd = policy == "civil_disorder" and misses >= tx.row.settings.civil_disorder_after
                    self._update_player(tx, player.id, misses=misses, civil_disorder=cd or player.civil_disorder)
                elif player.misses and player.seat not in waiting:
                    self._update_player(tx, player.id, misses=0)
            if policy == "bot":
                bot = bot_for(tx.row.ruleset)
                if bot is not None:
                    for seat in missed:
                        for step in range(20):
                            choice = play_bot(bot, tx.game.view(seat), tx.row.seed, seat, tx.row.seq + step)
                            if choice is None or choice.get("type") == "ready":
                                break
                            try:
                                tx.apply(seat, choice)
                            except UmpireError:
                                break
            tx.set(deadline_at=None)
            tx.apply(GM, {"type": "resolve"})
            return True

        try:
            return self.transact(game_id, work)
        except NotFound:
            return False


def _writer_lock_file(engine: Engine) -> str | None:
    """``<database>-writer``, the lock file the processes writing a SQLite file queue on (None for PostgreSQL, an
    in-memory database, or a system without ``flock``)."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if fcntl is None or not database or database == ":memory:" or database.startswith("file:"):
        return None
    return f"{database}-writer"


def lobby_may_take(player: Player, staff: set[str]) -> bool:
    """Whether a seat is free for the lobby (picked in a ``chosen`` game, dealt by ``random`` or ``auction``):
    nobody joined it, it is no staff seat, and its link was not reissued (such a seat is kept for its new link)."""
    return player.seat is not None and player.name is None and player.joined_at is None and player.seat not in staff


def _may_resolve(game: Game, gm_view: dict[str, Any]) -> bool:
    """Whether the GM's ``resolve`` would be accepted now: listed among the GM's actions, or (for a ruleset whose
    GM view lists only forms, as Renaissance and Reformation's) accepted by a trial on a copy of the game."""
    if any(isinstance(a, dict) and a.get("type") == "resolve" for a in gm_view.get("actions", [])):
        return True
    trial = working_copy(game)
    try:
        trial.act(GM, {"type": "resolve"})
    except UmpireError:
        return False
    return True


def _has_orders(view: dict[str, Any]) -> bool:
    orders = view.get("orders")
    if isinstance(orders, dict):
        return any(bool(v) for v in orders.values())
    return bool(orders)


def assign_seats(mode: str, seed: int, seats: list[str], players: list[Player]) -> dict[int, str]:
    """Seats for lobby players: at random (seeded by the game), or by the blind auction of
    :mod:`umpire.games.europe1615.auction` (highest bid first; ties to the player who joined first, then to the
    power the player listed first). A player who did not bid counts as bidding the same on every power, listed in
    an order drawn from the game's seed, so they get what is left. With more players than seats, the auction ends
    when the seats run out."""
    import random

    order = sorted(players, key=lambda p: (p.joined_at or 0.0, p.id))
    result: dict[int, str] = {}
    if mode == "random":
        rng = random.Random(f"umpire-seats:{seed}")
        shuffled = list(seats)
        rng.shuffle(shuffled)
        for player, seat in zip(order, shuffled, strict=False):
            result[player.id] = seat
        return result
    bids: dict[str, list[tuple[str, int]]] = {}
    for player in order:
        if player.bids:
            bids[str(player.id)] = [(s, int(player.bids.get(s, 0))) for s in _listed(player.bids, seats)]
        else:
            listed = list(seats)
            random.Random(f"umpire-seats:{seed}:{player.id}").shuffle(listed)
            bids[str(player.id)] = [(s, 100 // max(1, len(seats))) for s in listed]
    awards = assign_powers(bids, [str(p.id) for p in order], seats, extra_players=True)
    return {int(award.player): award.power for award in awards}


def _listed(bids: dict[str, int], seats: list[str]) -> list[str]:
    """The seats in the order the player listed its bids (a seat it did not list after them)."""
    return [s for s in bids if s in seats] + [s for s in seats if s not in bids]
