"""The umpire game server: games over HTTP with live updates, hidden information kept on the server.

``create_app(database)`` builds the ASGI application; ``umpire serve`` runs it (see docs/server.md).
"""

from umpire.server.app import create_app

__all__ = ["create_app"]
