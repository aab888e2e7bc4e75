"""The Alembic migrations build exactly the tables the server declares, and running them twice is harmless."""

from __future__ import annotations

from typing import Any

from umpire.server.db import make_engine, metadata, migrate


def schema_differences(url: str) -> list[Any]:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    engine = make_engine(url)
    try:
        migrate(engine)
        migrate(engine)
        with engine.connect() as conn:
            return list(compare_metadata(MigrationContext.configure(conn), metadata))
    finally:
        engine.dispose()


def test_sqlite_schema_matches(app_db: str) -> None:
    assert schema_differences(app_db) == []


def test_sqlite_is_in_wal_mode(app_db: str) -> None:
    engine = make_engine(app_db)
    migrate(engine)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
    engine.dispose()
