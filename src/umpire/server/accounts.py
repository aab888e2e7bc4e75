"""Optional accounts: create, log in (rate-limited, no name enumeration), list seats, link and unlink a seat.

An account's token acts for the one seat of a game that is linked to it. A seat is linked with its own token
(``X-Seat-Token``); the link ends when the account unlinks it or when the GM reissues the seat.

Creating an account and logging in hash a password (scrypt, tens of milliseconds of a core): that work runs on
its own thread (:class:`Hashing`), never on the request threads players' reads use, and at most
:data:`MAX_WAITING` logins wait for it; past that a login is answered 503 at once (issue 26, point 6). Their
handlers are ``async`` only to await that thread: they do no work on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse
from sqlalchemy import insert, select, update

from umpire.server import db, security
from umpire.server.models import Account, LinkSeat
from umpire.server.ratelimit import LoginLimiter
from umpire.server.store import Conflict, Forbidden, Store, Unauthorized

Token = Annotated[str | None, Header(alias="Authorization", description="Bearer <account token>")]
SeatToken = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]

T = TypeVar("T")

WRONG_LOGIN = "wrong name or password"
#: Logins and account creations waiting for the hashing thread (and the one it runs) at most.
MAX_WAITING = 4


class Busy(Exception):
    """The hashing thread's queue is full."""


def _yielding() -> None:
    """Run the hashing thread at a lower priority than the request threads (Linux gives each thread its own nice
    value), so that on a busy machine a player's read gets the core before a login's hash."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


class Hashing:
    """One thread for the work around password hashes, with a bounded queue: a flood of logins waits here, taking
    one core at most and no request thread."""

    def __init__(self, waiting: int = MAX_WAITING) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="umpire-passwords", initializer=_yielding)
        self.waiting = waiting
        self._queued = 0
        self._lock = threading.Lock()

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` on the hashing thread; Busy at once when :attr:`waiting` calls are already queued."""
        with self._lock:
            if self._queued >= self.waiting:
                raise Busy
            self._queued += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, work)
        finally:
            with self._lock:
                self._queued -= 1


def busy_answer() -> JSONResponse:
    return JSONResponse(
        {"error": "the server is checking too many passwords at once; try again in a second"},
        status_code=503,
        headers={"Retry-After": "1"},
    )


def account_routes(store: Store, bearer: Callable[[str | None], str | None], limiter: LoginLimiter) -> APIRouter:
    """The ``/api/accounts`` endpoints on ``store``; ``bearer`` reads the Authorization header."""
    router = APIRouter()
    hashing = Hashing()

    def account_of(authorization: str | None) -> Any:
        token = bearer(authorization)
        if not token:
            raise Unauthorized("this needs an account token")
        with store.reading() as conn:
            found = conn.execute(
                select(db.accounts.c.id, db.accounts.c.name).where(
                    db.accounts.c.token_hash == security.token_hash(token)
                )
            ).first()
        if found is None:
            raise Unauthorized("unknown account token; log in again")
        return found

    @router.post("/api/accounts", status_code=201, summary="Create an account (optional: seats work without one)")
    async def create_account(body: Account) -> Any:
        try:
            return await hashing.run(functools.partial(make_account, body))
        except Busy:
            return busy_answer()

    def make_account(body: Account) -> dict[str, Any]:
        token = security.new_token()
        password_hash = security.hash_password(body.password)  # before taking the database's write lock
        with store.writing() as conn:
            taken = conn.execute(select(db.accounts.c.id).where(db.accounts.c.name == body.name)).first()
            if taken is not None:
                raise Conflict(f"the name {body.name!r} is taken")
            conn.execute(
                insert(db.accounts).values(
                    name=body.name,
                    password_hash=password_hash,
                    token_hash=security.token_hash(token),
                    created_at=time.time(),
                )
            )
        return {"name": body.name, "token": token}

    @router.post(
        "/api/accounts/login",
        summary="Log in: a new account token (the old one stops)",
        responses={401: {"description": "wrong name or password"}, 429: {"description": "too many failed logins"}},
    )
    async def login(request: Request, body: Account) -> Any:
        address = request.client.host if request.client else "unknown"
        wait = limiter.attempt(body.name, address)  # in memory, at once
        if wait:
            return JSONResponse(
                {"error": f"too many failed logins; try again in {wait} seconds"},
                status_code=429,
                headers={"Retry-After": str(wait)},
            )
        try:
            return await hashing.run(functools.partial(check_login, body, address))
        except Busy:
            limiter.not_tried(body.name, address)
            return busy_answer()

    def check_login(body: Account, address: str) -> dict[str, Any]:
        with store.reading() as conn:
            found = conn.execute(select(db.accounts).where(db.accounts.c.name == body.name)).first()
        # An unknown name costs the same scrypt as a wrong password and gets the same answer.
        stored = found.password_hash if found is not None else security.dummy_password_hash()
        if not security.check_password(body.password, stored) or found is None:
            raise Unauthorized(WRONG_LOGIN)  # counted as a failure by attempt()
        limiter.succeeded(body.name, address)
        token = security.new_token()
        with store.writing() as conn:
            conn.execute(
                update(db.accounts).where(db.accounts.c.id == found.id).values(token_hash=security.token_hash(token))
            )
        return {"name": body.name, "token": token}

    @router.get("/api/accounts/me", summary="The account's seats")
    def account_me(authorization: Token = None) -> dict[str, Any]:
        account = account_of(authorization)
        with store.reading() as conn:
            rows = conn.execute(
                select(db.players.c.game_id, db.players.c.seat, db.games.c.title, db.games.c.status)
                .join(db.games, db.games.c.id == db.players.c.game_id)
                .where(db.players.c.account_id == account.id)
            ).all()
        return {
            "name": account.name,
            "games": [{"game": r.game_id, "seat": r.seat, "title": r.title, "status": r.status} for r in rows],
        }

    @router.post("/api/accounts/link", summary="Tie a seat to the account (then the account token acts for it)")
    def account_link(body: LinkSeat, authorization: Token = None, seat_token: SeatToken = None) -> dict[str, Any]:
        account = account_of(authorization)
        if not seat_token:
            raise Unauthorized("send the seat's token in X-Seat-Token")
        caller = store.caller(body.game, seat_token)
        if caller.player is None:
            raise Forbidden("only a player's seat can be tied to an account")
        store.link_account(body.game, caller.player.id, account.id)
        return {"game": body.game, "seat": caller.player.seat}

    @router.post("/api/accounts/unlink", summary="Untie the account from its seat in a game")
    def account_unlink(body: LinkSeat, authorization: Token = None) -> dict[str, Any]:
        account = account_of(authorization)
        seat = store.unlink_account(body.game, account.id)
        return {"game": body.game, "seat": seat}

    return router
