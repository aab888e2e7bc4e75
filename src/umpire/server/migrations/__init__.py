"""Alembic migrations of the server's database (run by umpire.server.db.migrate)."""
