"""Optional accounts: create, log in (rate-limited, no name enumeration), list seats, link and unlink a seat.

An account's token acts for the one seat of a game that is linked to it. A seat is linked with its own token
(``X-Seat-Token``); the link ends when the account unlinks it or when the GM reissues the seat.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse
from sqlalchemy import insert, select, update

from umpire.server import db, security
from umpire.server.models import Account, LinkSeat
from umpire.server.ratelimit import LoginLimiter
from umpire.server.store import Conflict, Forbidden, Store, Unauthorized

Token = Annotated[str | None, Header(alias="Authorization", description="Bearer <account token>")]
SeatToken = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]

WRONG_LOGIN = "wrong name or password"


def account_routes(store: Store, bearer: Callable[[str | None], str | None], limiter: LoginLimiter) -> APIRouter:
    """The ``/api/accounts`` endpoints on ``store``; ``bearer`` reads the Authorization header."""
    router = APIRouter()

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
    def create_account(body: Account) -> dict[str, Any]:
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
    def login(request: Request, body: Account) -> Any:
        address = request.client.host if request.client else "unknown"
        wait = limiter.attempt(body.name, address)
        if wait:
            return JSONResponse(
                {"error": f"too many failed logins; try again in {wait} seconds"},
                status_code=429,
                headers={"Retry-After": str(wait)},
            )
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
