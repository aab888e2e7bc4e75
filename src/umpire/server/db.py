"""The server's database: tables, engine set-up (SQLite in WAL mode or PostgreSQL) and Alembic migrations.

A game is stored as its setup record (``games``) and its action log (``actions``, one row per accepted action,
committed in the transaction that acknowledges it). The log is the record: the kernel's replay rebuilds the state
from it (:meth:`umpire.server.store.Store.verify`). ``games`` also keeps the latest state's action count and
digest, and ``snapshots`` the latest state itself with the same count and digest, written in the same transaction
(in a table of its own, so that the small, often-updated game row never drags a large text along): loading a game
reads its snapshot, whatever the length of its log.

The tables are declared here with SQLAlchemy Core; the schema itself is created and upgraded only by the Alembic
migrations in ``umpire/server/migrations`` (:func:`migrate`), so a database made by an older release is upgraded
in place when a newer server starts on it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
)
from sqlalchemy.pool import NullPool

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(200), nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("scenario", String(64), nullable=False),
    Column("options", Text, nullable=False),  # JSON: the ruleset's options
    Column("seed", BigInteger, nullable=False),  # a chosen seed (or an older release's); 0 beside a secret
    Column("secret", Text, nullable=True),  # the generator's secret drawn by the server, in decimal (never sent)
    Column("seed_kind", String(16), nullable=True),  # secret, chosen, or NULL (a game of an older release)
    Column("position", Text, nullable=True),  # JSON: the position the game started from (NULL: its scenario)
    Column("settings", Text, nullable=False),  # JSON: the server's settings (press, deadlines, policies)
    Column("status", String(16), nullable=False),  # lobby, running, paused, over
    Column("seq", Integer, nullable=False),  # number of logged actions
    Column("digest", String(64), nullable=False),  # digest of the state after the last action
    Column("phase_key", Text, nullable=False),  # identifies the current phase (see store.phase_key)
    Column("gm_token_hash", String(64), nullable=False, unique=True),
    Column("lobby_token_hash", String(64), nullable=False, unique=True),
    Column("deadline_at", Float, nullable=True),  # epoch seconds; None = no deadline
    Column("paused_remaining", Float, nullable=True),  # seconds left when paused
    Column("players_version", Integer, nullable=False, default=0),  # bumped when any player row changes
    Column("press_version", Integer, nullable=False, default=0),  # bumped when a message is written
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_games_deadline", "status", "deadline_at"),
    Index("ix_games_updated", "updated_at"),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, nullable=False),  # the state after this many actions
    Column("state", Text, nullable=False),  # canonical JSON of the latest state, written with every action
    Column("digest", String(64), nullable=False, server_default=""),  # its digest ("" in rows of release 0001)
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("role", String(64), nullable=False),
    Column("action", Text, nullable=False),  # canonical JSON
    Column("digest", String(64), nullable=False),  # state digest after this action
    Column("created_at", Float, nullable=False),
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", String(64), nullable=True),  # None while waiting in the lobby for an assignment
    Column("name", String(100), nullable=True),  # None until someone has joined through this seat's link
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("joined_at", Float, nullable=True),  # with no name: when the GM reissued the seat's link (kept for it)
    Column("bids", Text, nullable=True),  # JSON: blind-auction bids, seen by this player and the GM only
    Column("misses", Integer, nullable=False, default=0),
    Column("civil_disorder", Boolean, nullable=False, default=False),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Index("ix_players_game", "game_id"),
)

messages = Table(
    "messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("sender", String(64), nullable=False),
    Column("recipients", Text, nullable=True),  # JSON list of roles; None = public
    Column("body", Text, nullable=False),
    Column("phase", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_messages_game", "game_id", "id"),
)

phases = Table(
    "phases",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("key", Text, nullable=False),
    Column("public_view", Text, nullable=False),  # the observer's view when this phase opened
    Column("created_at", Float, nullable=False),
)

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(100), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", Float, nullable=False),
)

DEFAULT_DATABASE = "sqlite:///umpire.sqlite"
MIGRATIONS = Path(__file__).with_name("migrations")


def normalise_url(url: str | None) -> str:
    """A SQLAlchemy URL from what a user writes: a file path, ``sqlite:///…``, ``postgresql://…``."""
    if not url:
        return DEFAULT_DATABASE
    if url.startswith(("postgres://", "postgresql://")):
        # Use psycopg 3 for PostgreSQL unless the URL names a driver.
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str | None) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode, a busy timeout and IMMEDIATE write transactions."""
    full = normalise_url(url)
    if full.startswith("sqlite"):
        memory = full in ("sqlite://", "sqlite:///:memory:")
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
        if memory:
            from sqlalchemy.pool import StaticPool

            kwargs["poolclass"] = StaticPool
        else:
            # One connection per worker thread, kept open (SQLite connections are cheap but their set-up is not).
            kwargs["pool_size"] = 64
            kwargs["max_overflow"] = 16
        engine = create_engine(full, **kwargs)

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            # Let SQLAlchemy's begin event issue BEGIN itself (pysqlite's own transaction handling is off).
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            if not memory and cursor.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # A writer takes the database lock at BEGIN, so two writers never deadlock upgrading read locks.
            if conn.get_execution_options().get("umpire_write"):
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            else:
                conn.exec_driver_sql("BEGIN")

        return engine
    if os.environ.get("UMPIRE_DB_NULLPOOL"):
        return create_engine(full, poolclass=NullPool)
    return create_engine(full, pool_size=20, max_overflow=40, pool_pre_ping=True)


def alembic_config(engine: Engine) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return config


def migrate(engine: Engine) -> None:
    """Bring the database's schema to the newest migration (creates it in an empty database)."""
    from alembic import command

    config = alembic_config(engine)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
