"""``umpire serve``: run the game server (one process; SQLite by default, PostgreSQL by URL)."""

from __future__ import annotations

import logging
import os


def serve(host: str, port: int, database: str | None) -> None:
    """Serve games on ``host:port`` from ``database`` (a SQLite file path or a database URL)."""
    import uvicorn

    from umpire.server.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    app = create_app(database)
    # Behind a proxy on another host, name it in UMPIRE_FORWARDED_ALLOW_IPS so links use the public address.
    trusted = os.environ.get("UMPIRE_FORWARDED_ALLOW_IPS", "127.0.0.1")
    uvicorn.run(app, host=host, port=port, proxy_headers=True, forwarded_allow_ips=trusted, log_level="info")
