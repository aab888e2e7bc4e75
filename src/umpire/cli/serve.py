"""``umpire serve``: run the game server (one process; SQLite by default, PostgreSQL by URL).

The address is bound and the database opened and migrated before uvicorn starts, so a port in use, a host that
is not this machine's, or a database that cannot be opened ends in one line and exit status 2
(:mod:`umpire.cli.preflight`); uvicorn then serves on the sockets already bound.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket

from umpire.cli.preflight import ServeError, check_database, listen_sockets, open_error

log = logging.getLogger("umpire.serve")


def serve(host: str, port: int, database: str | None) -> None:
    """Serve games on ``host:port`` from ``database`` (a SQLite file path or a database URL)."""
    import uvicorn
    from alembic.util.exc import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from umpire.server.app import create_app

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
        config = uvicorn.Config(
            app, host=host, port=port, proxy_headers=True, forwarded_allow_ips=trusted, log_level="info"
        )
        server = uvicorn.Server(config)
        for sock in sockets:
            log.info("umpire serving on %s (press Ctrl+C to quit)", address_of(sock))
        with contextlib.suppress(KeyboardInterrupt):  # uvicorn handles Ctrl+C itself; this is a second one
            server.run(sockets=sockets)
    finally:
        for sock in sockets:
            sock.close()


def address_of(sock: socket.socket) -> str:
    """``http://127.0.0.1:8000`` for a bound socket (IPv6 addresses in brackets)."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if sock.family == socket.AF_INET6 else f"http://{host}:{port}"
