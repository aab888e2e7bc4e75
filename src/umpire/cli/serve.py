"""``umpire serve``: run the game server (SQLite by default, PostgreSQL by URL; one process, or ``--workers N``).

The address is bound and the database opened and migrated before uvicorn starts, so a port in use, a host that
is not this machine's, or a database that cannot be opened ends in one line and exit status 2
(:mod:`umpire.cli.preflight`); uvicorn then serves on the sockets already bound.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
from collections.abc import Callable
from typing import Any

from umpire.cli.preflight import ServeError, check_database, listen_sockets, open_error

log = logging.getLogger("umpire.serve")


#: How often (seconds) each worker process on SQLite looks for the other workers' changes to wake its streams.
WATCH_SECONDS = 0.1
#: How long (seconds) a stopping server waits for requests in flight before it closes what is still open (the
#: live streams, which browsers reopen on the restarted server).
SHUTDOWN_SECONDS = 5


def serve(
    host: str,
    port: int,
    database: str | None,
    workers: int = 1,
    on_ready: Callable[[Any, str], None] | None = None,
) -> None:
    """Serve games on ``host:port`` from ``database`` (a SQLite file path or a database URL) with ``workers``
    processes (each its own event loop and thread pool, all on the same sockets and database).

    ``on_ready(app, address)`` runs once the database is open and the address bound, before the first request
    (``umpire demo`` creates its game there)."""
    import uvicorn
    from alembic.util.exc import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from umpire.server.app import DATABASE_ENV, WATCH_ENV, create_app

    if not 1 <= workers <= 64:
        raise ServeError(f"--workers {workers} is not a number of processes; expected a whole number from 1 to 64")
    target = check_database(database)
    sockets = listen_sockets(host, port)
    try:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        logging.getLogger("alembic").setLevel(logging.WARNING)
        try:
            app = create_app(target)
        except (SQLAlchemyError, CommandError, OSError) as exc:
            raise ServeError(open_error(database, exc)) from None
        except ValueError as exc:  # a setting from the environment (UMPIRE_MAX_BODY_BYTES, UMPIRE_THREADS)
            raise ServeError(str(exc)) from None
        # Behind a proxy on another host, name it in UMPIRE_FORWARDED_ALLOW_IPS so links use the public address.
        trusted = os.environ.get("UMPIRE_FORWARDED_ALLOW_IPS", "127.0.0.1")
        options: dict[str, Any] = {
            "host": host,
            "port": port,
            "proxy_headers": True,
            "forwarded_allow_ips": trusted,
            "log_level": "info",
            # Event streams never end by themselves: without a bound, SIGTERM would wait for every open page.
            "timeout_graceful_shutdown": SHUTDOWN_SECONDS,
        }
        for sock in sockets:
            log.info("umpire serving on %s (press Ctrl+C to quit)", address_of(sock))
        if on_ready is not None:
            on_ready(app, address_of(sockets[0]))
        if workers == 1:
            with contextlib.suppress(KeyboardInterrupt):  # uvicorn handles Ctrl+C itself; this is a second one
                uvicorn.Server(uvicorn.Config(app, **options)).run(sockets=sockets)
            return
        # Several processes: the database is checked and migrated above, once; each worker makes its own
        # application (uvicorn starts them afresh) and looks for the others' changes to wake its streams.
        app.state.store.engine.dispose()
        os.environ[DATABASE_ENV] = target or ""
        os.environ[WATCH_ENV] = str(WATCH_SECONDS)
        from uvicorn.supervisors import Multiprocess

        # A worker answers the supervisor once it has imported the server, which on a busy machine takes longer
        # than uvicorn's 5 s (it then kills and restarts the worker, over and over).
        config = uvicorn.Config(
            "umpire.server.app:app_from_environment",
            factory=True,
            workers=workers,
            timeout_worker_healthcheck=60,
            **options,
        )
        with contextlib.suppress(KeyboardInterrupt):
            Multiprocess(config, sockets=sockets).run()
    finally:
        for sock in sockets:
            sock.close()


def address_of(sock: socket.socket) -> str:
    """``http://127.0.0.1:8000`` for a bound socket (IPv6 addresses in brackets)."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if sock.family == socket.AF_INET6 else f"http://{host}:{port}"
