"""``umpire serve`` with an address or database it cannot use ends in one line and exit 2 (issue 12, point 7)."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from tests.cli.test_cli import assert_user_error
from tests.server.test_crash import free_port, start_server


def serve(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the real command; a server that started instead of failing would hit the timeout."""
    return subprocess.run(
        [sys.executable, "-m", "umpire", "serve", *args], capture_output=True, text=True, cwd=cwd, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "phrases"),
    [
        (("--database", "/nonexistent/dir/x.sqlite"), ("the folder /nonexistent/dir does not exist",)),
        (("--port", "99999"), ("--port 99999 is not a TCP port", "1 to 65535")),
        (("--port", "-1"), ("--port -1 is not a TCP port",)),
        (("--host", "no-such-host.invalid"), ("--host 'no-such-host.invalid' is not an address", "127.0.0.1")),
        (("--host", "192.0.2.1"), ("192.0.2.1 is not an address of this machine",)),
        (("--database", "."), ("is a folder; expected a SQLite file",)),
        (("--database", "mysql://u@localhost/db"), ("names a 'mysql' database", "postgresql://")),
        (("--workers", "0"), ("--workers 0 is not a number of processes", "from 1 to 64")),
    ],
)
def test_bad_addresses_and_databases_are_one_line(tmp_path: Path, args: tuple[str, ...], phrases: tuple[str]) -> None:
    port = () if "--port" in args else ("--port", str(free_port()))
    assert_user_error(serve(*args, *port, cwd=tmp_path), *phrases)


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a database\n")
    assert_user_error(serve("--database", "notes.txt", cwd=tmp_path), "notes.txt is not a SQLite database")


def test_a_sqlite_database_of_another_program(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "other.sqlite") as conn:
        conn.execute("CREATE TABLE games (x TEXT)")
        conn.execute("CREATE TABLE alembic_version (version_num TEXT)")
        conn.execute("INSERT INTO alembic_version VALUES ('not-umpire')")
    result = serve("--database", "other.sqlite", "--port", str(free_port()), cwd=tmp_path)
    assert_user_error(result, "cannot open the database", "not-umpire")


def test_an_unreachable_postgresql_server(tmp_path: Path) -> None:
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    url = f"postgresql://umpire:hunter2@127.0.0.1:{port}/umpire"
    result = serve("--database", url, "--port", str(free_port()), cwd=tmp_path)
    assert_user_error(result, "cannot open the database", "Connection refused")
    assert "hunter2" not in result.stderr


def test_a_port_already_in_use(tmp_path: Path) -> None:
    port = free_port()
    first = start_server(tmp_path / "first.sqlite", port, {})
    try:
        second = serve("--port", str(port), "--database", "second.sqlite", cwd=tmp_path)
        assert_user_error(second, f"cannot listen on 127.0.0.1:{port}: the port is already in use")
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200  # the first still serves
    finally:
        first.terminate()
        first.wait(timeout=30)
    assert "umpire serving on http://127.0.0.1:" in first.log.read_text()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("setting", "phrase"),
    [
        ("UMPIRE_MAX_BODY_BYTES=abc", "UMPIRE_MAX_BODY_BYTES must be a whole number of bytes, not 'abc'"),
        ("UMPIRE_THREADS=0", "UMPIRE_THREADS must be a whole number of worker threads from 1 to 64, not '0'"),
        ("UMPIRE_THREADS=many", "from 1 to 64, not 'many'"),
    ],
)
def test_a_bad_setting_in_the_environment_is_one_line(tmp_path: Path, setting: str, phrase: str) -> None:
    name, value = setting.split("=", 1)
    result = subprocess.run(
        [sys.executable, "-m", "umpire", "serve", "--port", str(free_port()), "--database", "g.sqlite"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
        env={**os.environ, name: value},
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("umpire: error: ") and phrase in lines[0], result.stderr
