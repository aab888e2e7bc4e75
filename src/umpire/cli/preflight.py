"""Checks ``umpire serve`` makes before it serves: the address can be listened on, the database can be opened.

Each failure is a :class:`ServeError` whose message names what is wrong and what was expected, so the command ends
in one line and exit status 2 instead of a traceback from uvicorn, SQLAlchemy or alembic.
"""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

from umpire.kernel.errors import UmpireError

#: The first bytes of every SQLite 3 database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: Seconds a PostgreSQL connection may take before the server gives up (unless the URL sets connect_timeout).
CONNECT_TIMEOUT = 10


class ServeError(UmpireError):
    """An address or database ``umpire serve`` cannot use."""


def check_port(port: int) -> None:
    """A TCP port number, 1 to 65535."""
    if not 1 <= port <= 65535:
        raise ServeError(f"--port {port} is not a TCP port; expected a number from 1 to 65535")


def listen_sockets(host: str, port: int) -> list[socket.socket]:
    """Bound sockets for every address ``host`` names (as asyncio would bind them), for uvicorn to serve on."""
    check_port(port)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        why = exc.strerror if isinstance(exc, socket.gaierror) else str(exc)
        raise ServeError(
            f"--host {host!r} is not an address this machine can listen on ({why}); expected an address or name"
            " of this machine, such as 127.0.0.1, localhost or 0.0.0.0 (every interface)"
        ) from None
    addresses = list(dict.fromkeys((family, address) for family, _, _, _, address in infos))
    sockets: list[socket.socket] = []
    for family, address in addresses:
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and len(addresses) > 1:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
        except OSError as exc:
            sock.close()
            if exc.errno == errno.EADDRNOTAVAIL and len(addresses) > 1:
                continue  # that address family is not enabled here; the others may do (asyncio does the same)
            for bound in sockets:
                bound.close()
            raise ServeError(bind_error(host, port, exc)) from None
        sock.set_inheritable(True)
        sockets.append(sock)
    if not sockets:
        raise ServeError(f"cannot listen on {host}:{port}: none of its addresses belongs to this machine")
    return sockets


def bind_error(host: str, port: int, exc: OSError) -> str:
    """What a failed bind means for the user."""
    where = f"cannot listen on {host}:{port}"
    if exc.errno == errno.EADDRINUSE:
        return f"{where}: the port is already in use (another server?); expected a free port, chosen with --port"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"{where}: {host} is not an address of this machine; expected one of its addresses, or 0.0.0.0"
    if exc.errno == errno.EACCES:
        return f"{where}: permission denied (ports below 1024 need privileges); expected a port from 1024 up"
    return f"{where}: {exc.strerror or exc}"


def check_database(database: str | None) -> str | None:
    """The database argument as ``create_app`` should get it, after the checks that need no connection.

    A SQLite file must be a SQLite database or not exist yet, in a folder that exists and may be written; a URL
    must name SQLite or PostgreSQL (which gets a connect timeout unless it sets one).
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from umpire.server.db import normalise_url

    try:
        url = make_url(normalise_url(database))
    except (ArgumentError, ValueError) as exc:
        raise ServeError(f"--database {database!r} is not a database URL ({exc})") from None
    backend = url.get_backend_name()
    if backend == "postgresql":
        if "connect_timeout" in url.query:
            return database
        return url.update_query_dict({"connect_timeout": str(CONNECT_TIMEOUT)}).render_as_string(hide_password=False)
    if backend != "sqlite":
        raise ServeError(
            f"--database {shown(database)} names a {backend!r} database; expected a SQLite file path, sqlite:///FILE"
            " or postgresql://USER:PASSWORD@HOST/NAME"
        )
    if url.database and url.database != ":memory:":
        check_sqlite_file(Path(url.database))
    return database


def check_sqlite_file(path: Path) -> None:
    """The file is a SQLite database, or can be created."""
    if path.is_dir():
        raise ServeError(f"the database {path} is a folder; expected a SQLite file (new or made by umpire)")
    if path.exists():
        try:
            with path.open("rb") as file:
                head = file.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise ServeError(f"cannot read the database {path}: {exc.strerror or exc}") from None
        if head and head != SQLITE_HEADER:
            raise ServeError(f"the database {path} is not a SQLite database; expected a SQLite file or a new name")
        return
    folder = path.parent
    if not folder.is_dir():
        raise ServeError(
            f"cannot create the database {path}: the folder {folder} does not exist;"
            " expected a file in an existing folder (umpire creates the file, not folders)"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ServeError(f"cannot create the database {path}: the folder {folder} is not writable")


def shown(database: str | None) -> str:
    """The database as the user may see it in a message: a URL's password hidden."""
    from sqlalchemy.engine import make_url

    from umpire.server.db import normalise_url

    try:
        return repr(make_url(normalise_url(database)).render_as_string(hide_password=True))
    except Exception:
        return repr(database)


def open_error(database: str | None, exc: BaseException) -> str:
    """One line for a database that failed to open or migrate: the driver's first line, without SQL."""
    orig = getattr(exc, "orig", None) or exc
    first = (str(orig).strip().splitlines() or [type(orig).__name__])[0]
    return f"cannot open the database {shown(database) if database else './umpire.sqlite'}: {first}"
