"""The web application: the JSON API, the live event stream, the pages, the deadline scheduler.

Authentication is a bearer token in the ``Authorization`` header (a seat's, the GM's, the lobby's or an account's).
The pages keep the token from the invite link's ``#token=…`` in the browser and send it in that header; no cookie
is ever set, so a page of another site cannot act with a player's rights (nothing for it to ride on), and every
write also requires a JSON body and, when the browser names an origin, this server's own (CSRF-safe twice over).

Every game response is :func:`umpire.server.present.present` of the caller; errors are ``{"error": message}``
with a 4xx status (``lines`` adds per-line errors of an orders text).

The handlers are plain ``def`` functions, which Starlette runs on its thread pool: database, replay, rules and
password work never runs on the event loop, so one slow request never stalls the others' streams and answers.
The event stream is the one ``async`` handler; it does its reads on the same pool. Requests are bounded before any
of that (see :class:`Guard` and :mod:`umpire.server.models`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

import anyio.to_thread
from fastapi import FastAPI, Header, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from umpire.kernel import registry
from umpire.kernel.errors import BadGameFile, BadPosition, IllegalAction, UmpireError, UnknownRole, UnknownRuleset
from umpire.kernel.game import new_game, role_view
from umpire.kernel.ruleset import GM, OBSERVER, Ruleset
from umpire.server import bodies, db, jsontext
from umpire.server.accounts import account_routes
from umpire.server.boards import RR3_BOARD, board
from umpire.server.checks import check_europe1615_moves, check_orders
from umpire.server.live import Batches, Hub, listen_postgres, watch_database
from umpire.server.mapsvg import DRAWN_MAPS, map_routes, warm_maps
from umpire.server.models import (
    ActionBody,
    Assign,
    Bids,
    CreateGame,
    DeadlineSettings,
    Extend,
    Join,
    Message,
    OrdersText,
    Ready,
    Reissue,
    SetDeadline,
    Undo,
)
from umpire.server.patches import Feed
from umpire.server.present import SEED_NOTES, caller_view, present, present_phase, present_timeline
from umpire.server.ratelimit import LoginLimiter
from umpire.server.scheduler import run_scheduler
from umpire.server.store import (
    Caller,
    Conflict,
    Forbidden,
    NotFound,
    Snapshot,
    Store,
    TooMany,
    Unauthorized,
    working_copy,
)
from umpire.server.submission import MAX_ERROR_LINES, MAX_LINES_TRIED, bounded, parse_submission
from umpire.server.tables import table_choices
from umpire.server.umpires import umpire_name

log = logging.getLogger("umpire.server")

HERE = Path(__file__).parent
GAME_ID = PathParam(..., min_length=1, max_length=32, pattern=r"^[A-Za-z0-9]+$")
Token = Annotated[str | None, Header(alias="Authorization", description="Bearer <seat, GM, lobby or account token>")]

_LINE_PREFIX = re.compile(r"^\S+ order \d+ '.*?': ")


def as_json(data: Any) -> Response:
    """A JSON answer, serialised once (no per-field conversion: the data is plain JSON)."""
    return Response(jsontext.dumps_bytes(data), media_type="application/json")


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


def text_line_errors(text: str, errors: list[Any]) -> list[dict[str, Any]]:
    """A whole-text ruleset's ``submission.errors`` as the page's per-line errors ``{line, text, error}``."""
    lines = text.splitlines()
    return [
        {
            "line": e.get("line", 0),
            "text": lines[e["line"] - 1] if 0 < e.get("line", 0) <= len(lines) else "",
            "error": e.get("message", "") + (f"; expected {e['expected']}" if e.get("expected") else ""),
        }
        for e in errors
        if isinstance(e, dict)
    ]


def bearer(value: str | None) -> str | None:
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send the token as 'Authorization: Bearer <token>'")
    return token.strip()


def status_of(exc: UmpireError) -> int:
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Unauthorized):
        return 401
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Conflict):
        return 409
    if isinstance(exc, TooMany):
        return 429
    return 422


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("body",))
        parts.append(f"{where or 'request'}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is not valid"


SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


#: The pages run only this server's own scripts (no inline script, nothing from elsewhere).
PAGE_POLICY = (
    b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    b"connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)


class Guard:
    """ASGI middleware, before any route parses a body: writes to the API must be JSON from this site (CSRF); a
    body is refused (413) past ``max_body_bytes``, by its Content-Length or by counting what arrives, and (422)
    when a number in it is out of range (:mod:`umpire.server.bodies`); safe headers on every answer."""

    def __init__(self, app: Any, max_body_bytes: int = bodies.DEFAULT_MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        api = path.startswith("/api/")
        headers = {k: v for k, v in scope["headers"] if k in (b"content-type", b"origin", b"host", b"content-length")}
        write = api and scope["method"] not in ("GET", "HEAD", "OPTIONS")
        if write:
            kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            refusal = None
            if kind != b"application/json":
                refusal = (415, "send a JSON body (Content-Type: application/json)")
            else:
                origin = headers.get(b"origin", b"").decode("latin-1")
                if (
                    origin
                    and origin != "null"
                    and origin.split("://", 1)[-1] != headers.get(b"host", b"").decode("latin-1")
                ):
                    refusal = (403, "cross-site requests are refused")
            if refusal is not None:
                await JSONResponse({"error": refusal[1]}, status_code=refusal[0])(scope, receive, send)
                return
        too_large = (
            413,
            f"the request body is larger than this server accepts ({self.max_body_bytes} bytes); send less",
        )
        length = headers.get(b"content-length", b"").strip()
        if length.isdigit() and int(length) > self.max_body_bytes:
            await JSONResponse({"error": too_large[1]}, status_code=too_large[0])(scope, receive, send)
            return
        if write or length not in (b"", b"0") or any(k == b"transfer-encoding" for k, _ in scope["headers"]):
            try:
                body, messages = await bodies.read_body(receive, self.max_body_bytes)
            except bodies.BodyTooLarge:
                await JSONResponse({"error": too_large[1]}, status_code=too_large[0])(scope, receive, send)
                return
            problem = None
            if write:  # a large body is checked off the loop
                check = bodies.number_problem
                problem = check(body) if len(body) < 65536 else await run_in_threadpool(check, body)
            if problem is not None:
                await JSONResponse({"error": problem}, status_code=422)(scope, receive, send)
                return
            receive = _replay(messages, receive)
        extra = SECURITY_HEADERS + ([(b"cache-control", b"no-store")] if api else [])
        if path == "/" or path.startswith("/g/"):
            extra = [*extra, (b"content-security-policy", PAGE_POLICY)]

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                present_names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in extra if k not in present_names
                ]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _replay(messages: list[Any], receive: Any) -> Any:
    """A ``receive`` that hands on the body messages already read, then waits on the connection as before."""
    pending = list(messages)

    async def replayed() -> Any:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


#: What ``umpire serve --workers N`` hands its worker processes: the database, and how often to look for the
#: other workers' changes.
DATABASE_ENV, WATCH_ENV = "UMPIRE_SERVE_DATABASE", "UMPIRE_SERVE_WATCH"


def app_from_environment() -> FastAPI:
    """The application of one worker process of ``umpire serve --workers N`` (uvicorn's factory; the parent checked
    the settings and migrated the database, and passes them in :data:`DATABASE_ENV` and :data:`WATCH_ENV`)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    watch = os.environ.get(WATCH_ENV)
    return create_app(os.environ.get(DATABASE_ENV) or None, watch=float(watch) if watch else None)


#: ``allow`` (the default) or ``refuse``: whether a game's creator may choose its seed (ruling K-G03).
CHOSEN_SEEDS_ENV = "UMPIRE_CHOSEN_SEEDS"


def chosen_seeds_allowed(setting: str) -> bool:
    """Whether ``UMPIRE_CHOSEN_SEEDS`` lets creators choose seeds; a precise error for anything but allow/refuse."""
    value = setting.strip().lower() or "allow"
    if value not in ("allow", "refuse"):
        raise ValueError(f"{CHOSEN_SEEDS_ENV} must be 'allow' or 'refuse', not {setting!r}")
    return value == "allow"


def worker_threads(setting: str) -> int:
    """The worker threads asked for by ``UMPIRE_THREADS`` (2 when empty); a precise error for anything else."""
    if not setting.strip():
        return 2
    if not setting.strip().isdigit() or not 1 <= int(setting) <= 64:
        raise ValueError(f"UMPIRE_THREADS must be a whole number of worker threads from 1 to 64, not {setting!r}")
    return int(setting)


def create_app(
    database: str | None = None,
    *,
    scheduler: bool = True,
    poll: float = 1.0,
    heartbeat: float = 5.0,
    warm: bool = True,
    login_failures_per_name: int = 5,
    login_failures_per_address: int = 20,
    login_window: float = 900.0,
    max_body_bytes: int | None = None,
    threads: int | None = None,
    watch: float | None = None,
) -> FastAPI:
    """The application on ``database`` (a URL or a SQLite path; ``umpire.sqlite`` when None), migrated.

    ``scheduler`` runs the deadline task (checking every ``poll`` seconds at most); an event stream re-checks its
    game every ``heartbeat`` seconds even without a notification. ``warm`` computes the drawn maps' geometry in a
    thread at start-up. A login is refused (429) after ``login_failures_per_name`` failures for a name from one
    address, or ``login_failures_per_address`` from one address, within ``login_window`` seconds
    (:class:`umpire.server.ratelimit.LoginLimiter`). A request body larger than ``max_body_bytes`` (default: env
    ``UMPIRE_MAX_BODY_BYTES``, else 1 MiB) is refused with a 413. Handlers run on ``threads`` worker threads
    (default: env ``UMPIRE_THREADS``, else 2); a slow request then delays the others by its share of the GIL.
    ``watch`` (seconds) makes a process on SQLite look that often for changes other server processes made to its
    games, and wake their streams (``umpire serve --workers``); without it they are seen within ``heartbeat``.
    """
    pool_threads = threads if threads is not None else worker_threads(os.environ.get("UMPIRE_THREADS", ""))
    body_cap = bodies.max_body_bytes(max_body_bytes)
    engine = db.make_engine(database)
    db.migrate(engine)
    hub = Hub()
    store = Store(engine, hub, chosen_seeds=chosen_seeds_allowed(os.environ.get(CHOSEN_SEEDS_ENV, "")))
    batches = Batches()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.attach(asyncio.get_running_loop())
        # Few worker threads: under the GIL more threads add no throughput, only lock convoys (200 players:
        # p99 157 ms with 1 thread, 184 ms with 2, 298 ms with 4, 307 ms with 8; benchmarks/server_load.py).
        anyio.to_thread.current_default_thread_limiter().total_tokens = pool_threads
        if warm:
            threading.Thread(target=warm_maps, name="umpire-warm-maps", daemon=True).start()
        tasks = []
        if scheduler:
            tasks.append(asyncio.create_task(run_scheduler(store, poll)))
        if store.is_postgres:
            url = engine.url.render_as_string(hide_password=False)
            tasks.append(asyncio.create_task(listen_postgres(url, hub, store.forget)))
        elif watch:
            tasks.append(asyncio.create_task(watch_database(store.changes_by_others, hub, watch)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            engine.dispose()

    app = FastAPI(
        title="umpire",
        version="1",
        description="An automated game master: games, seats, orders, press, live updates. See docs/server.md.",
        lifespan=lifespan,
    )
    app.state.store = store
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    # --- errors: always a 4xx with a message for what the client did wrong ---------------------------------

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message, **exc.extra}, status_code=exc.status)

    @app.exception_handler(UmpireError)
    async def _umpire_error(_request: Request, exc: UmpireError) -> JSONResponse:
        headers = {"Retry-After": str(exc.wait)} if isinstance(exc, TooMany) else None
        extra = {"problems": exc.problems} if isinstance(exc, BadPosition) else {}
        return JSONResponse({"error": str(exc), **extra}, status_code=status_of(exc), headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _validation_message(exc)}, status_code=422)

    @app.exception_handler(OperationalError)
    async def _busy(_request: Request, exc: OperationalError) -> JSONResponse:
        # Another process held the database past the busy timeout (or the database went away): nothing was done.
        log.warning("database unavailable: %s", type(exc.orig).__name__ if exc.orig else "error")
        return JSONResponse({"error": "the database is busy or unreachable; nothing was changed, try again"}, 503)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    app.add_middleware(Guard, max_body_bytes=body_cap)

    # --- helpers ------------------------------------------------------------------------------------------

    def caller_of(game_id: str, authorization: str | None) -> Caller:
        return store.caller(game_id, bearer(authorization))

    def gm_of(game_id: str, authorization: str | None) -> Caller:
        caller = caller_of(game_id, authorization)
        if caller.role != GM:
            raise Forbidden("this needs the GM's token")
        return caller

    def shown_data(game_id: str, caller: Caller) -> dict[str, Any]:
        return present(store.snapshot(game_id), caller)

    def shown(game_id: str, caller: Caller) -> Response:
        return as_json(shown_data(game_id, caller))

    def shown_to(game_id: str, authorization: str | None) -> Response:
        caller, snap = store.read(game_id, bearer(authorization))
        return as_json(present(snap, caller))

    def link(request: Request, game_id: str, token: str) -> str:
        return f"{str(request.base_url).rstrip('/')}/g/{game_id}#token={token}"

    # --- pages --------------------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> Response:
        return templates.TemplateResponse(request, "index.html", {})

    def ruleset_of(game_id: str) -> str | None:
        return None if (found := game_of(game_id)) is None else str(found.ruleset)

    def game_of(game_id: str) -> Any:
        with store.reading() as conn:
            return conn.execute(
                select(db.games.c.ruleset, db.games.c.seed_kind).where(db.games.c.id == game_id)
            ).first()

    @app.get("/g/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    def game_page(request: Request, game_id: Annotated[str, GAME_ID]) -> Response:
        found = game_of(game_id)
        if found is None:
            return HTMLResponse("<h1>No such game</h1>", status_code=404)
        ruleset = str(found.ruleset)
        # The megagame has its own page: clock, announcements, news, map, and a team's sheet or a control desk;
        # Here I Stand and Empires for Two their own: the board, the side tables and the legal actions as buttons.
        page = {"rr3": "rr3.html", "his2p": "his2p.html", "empires2": "empires2.html"}.get(ruleset, "game.html")
        # Every page of a game whose seed its creator chose (or an older release's) says so (issue 26, point 1).
        seed_note = None if found.seed_kind == "secret" else SEED_NOTES.get(found.seed_kind, SEED_NOTES[None])
        return templates.TemplateResponse(request, page, {"game_id": game_id, "seed_note": seed_note})

    @app.get("/g/{game_id}/projector", response_class=HTMLResponse, include_in_schema=False)
    def projector_page(request: Request, game_id: Annotated[str, GAME_ID]) -> Response:
        """The public screen of the room: clock, countdown, the phase's events, announcements and news (the
        observer's view, large type, live)."""
        if ruleset_of(game_id) is None:
            return HTMLResponse("<h1>No such game</h1>", status_code=404)
        return templates.TemplateResponse(request, "projector.html", {"game_id": game_id})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> dict[str, Any]:
        with store.reading() as conn:
            conn.execute(select(1))
        return {"ok": True, "streams": hub.streams()}

    # --- rulesets and boards ------------------------------------------------------------------------------

    @app.get("/api/rulesets", summary="The rulesets this server runs, with scenarios, options and seats")
    def rulesets() -> list[dict[str, Any]]:
        return ruleset_list()

    @functools.cache
    def ruleset_list() -> list[dict[str, Any]]:
        """The answer of ``/api/rulesets``, the same for the process's life (it sets up a game of each ruleset)."""
        out = []
        for rules in registry.available():
            info = rules.info
            sample = new_game(rules, info.scenarios[0].name)
            out.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "browser": info.browser,
                    "scenarios": [{"name": s.name, "title": s.title} for s in info.scenarios],
                    "options": [
                        {"name": o.name, "default": o.default, "choices": list(o.choices), "description": o.description}
                        for o in info.options
                    ],
                    "seats": rules.seats(sample.state),
                    # whether a game may start from a position (kernel/position.py; docs/positions.md)
                    "positions": type(rules).from_position is not Ruleset.from_position,
                    "table": table_choices(info.name, role_view(rules, sample.state, OBSERVER)),
                }
            )
        return out

    @app.get("/api/boards/{map_id}", summary="Drawing data of a Diplomacy-family map (public)")
    def get_board(map_id: Annotated[str, PathParam(..., max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]) -> Any:
        try:
            # "drawn": the page shows the map on real coastlines (map.svg); otherwise its graph of points and lines.
            return {**board(map_id), "drawn": map_id in DRAWN_MAPS or map_id == RR3_BOARD}
        except (LookupError, UmpireError, ValueError, OSError) as exc:
            raise ApiError(404, f"no board for map {map_id!r}: {exc}") from None

    # --- games --------------------------------------------------------------------------------------------

    @app.post("/api/games", status_code=201, summary="Create a game; answers its links (shown only once)")
    def create_game(request: Request, body: CreateGame) -> dict[str, Any]:
        try:
            made = store.create(body)
        except UnknownRuleset as exc:
            raise ApiError(422, str(exc)) from None
        game_id = made["id"]
        return {
            "id": game_id,
            "url": f"{str(request.base_url).rstrip('/')}/g/{game_id}",
            "projector_url": f"{str(request.base_url).rstrip('/')}/g/{game_id}/projector",
            "gm_token": made["gm_token"],
            "gm_link": link(request, game_id, made["gm_token"]),
            "lobby_token": made["lobby_token"],
            "lobby_link": link(request, game_id, made["lobby_token"]),
            "seat_tokens": made["seat_tokens"],
            "seat_links": {seat: link(request, game_id, tok) for seat, tok in made["seat_tokens"].items()},
            "staff_seats": made["staff_seats"],
        }

    @app.get("/api/games/{game_id}", summary="What the caller sees of a game (no token: the observer)")
    def get_game(game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Response:
        return shown_to(game_id, authorization)

    @app.get("/api/games/{game_id}/phases/{idx}", summary="A phase: its map, what happened in it as you may see it")
    def get_phase(
        game_id: Annotated[str, GAME_ID],
        idx: Annotated[int, PathParam(..., ge=0, le=100000)],
        authorization: Token = None,
    ) -> Response:
        caller, snap = store.read(game_id, bearer(authorization), messages=False)
        return as_json(present_phase(snap, caller, idx))

    @app.get("/api/games/{game_id}/timeline", summary="Per phase: its name and the public counts a chart plots")
    def get_timeline(game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Response:
        _caller, snap = store.read(game_id, bearer(authorization), messages=False)
        return as_json(present_timeline(snap))

    @app.get("/api/games/{game_id}/record", summary="A finished game's record: its seed and action log (to verify)")
    def get_record(game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Response:
        return as_json(store.published_record(game_id, bearer(authorization)))

    def view_of(game_id: str, authorization: str | None) -> dict[str, Any]:
        caller, snap = store.read(game_id, bearer(authorization))
        view: dict[str, Any] = present(snap, caller)["view"]
        return view

    def phase_view_of(game_id: str, idx: int, authorization: str | None) -> dict[str, Any]:
        caller, snap = store.read(game_id, bearer(authorization), messages=False)
        view: dict[str, Any] = present_phase(snap, caller, idx)["view"]
        return view

    app.include_router(map_routes(view_of, phase_view_of))

    @app.get("/api/games/{game_id}/events", summary="Server-sent events: the caller's game view on each change")
    async def events(request: Request, game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Response:
        token = bearer(authorization)
        await run_in_threadpool(store.caller, game_id, token)  # refuse a bad token before streaming
        queue = hub.subscribe(game_id)

        feed = Feed()
        drawn_from: list[Any] = [None]  # what the last message was built from

        def next_message(version: tuple[Any, ...]) -> tuple[tuple[Any, ...], str | None]:
            """Off the loop: the message for what changed in the caller's answer since the last one (None when
            nothing did), and the version of the game's rows it was read at."""
            who, snap = store.read_shared(game_id, token, max_age=heartbeat)
            now = (snap.row.updated_at, who.role, who.player.id if who.player else None)
            if now == version:  # nothing in the game, its players or its press changed: no need to look
                return version, None
            # Everything present() draws on, without drawing it: a change that is not this caller's (another
            # seat's orders) leaves it equal, and the answer is not built only to find it unchanged.
            row = snap.row
            view = caller_view(snap, who)
            inputs = (
                view,
                who,
                (row.title, row.settings, row.status, row.deadline_at, row.paused_remaining),
                row.seq if who.role == GM else None,
                (row.players_version, row.press_version, len(snap.phases)),
            )
            if inputs == drawn_from[0]:
                return now, None
            drawn_from[0] = inputs
            return now, feed.message(present(snap, who, full_view=view))

        async def stream() -> AsyncIterator[str]:
            version: tuple[Any, ...] = ()
            loop = asyncio.get_running_loop()
            beat = loop.time() + heartbeat
            try:
                yield "retry: 2000\n\n"
                while not await request.is_disconnected():
                    try:
                        version, data = await batches.run(game_id, functools.partial(next_message, version))
                    except UmpireError:
                        yield 'event: gone\ndata: {"error": "this token no longer opens this game"}\n\n'
                        return
                    if data is not None:
                        yield data
                    # Keep-alives come on a fixed beat, whatever woke the stream, so their timing tells nothing
                    # about changes the caller does not see.
                    while loop.time() >= beat:
                        beat += heartbeat
                        yield ": still here\n\n"
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(queue.get(), timeout=max(0.0, beat - loop.time()))
            finally:
                hub.unsubscribe(game_id, queue)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    @app.post("/api/games/{game_id}/join", summary="Take a seat (its invite token) or join the lobby (lobby token)")
    def join(request: Request, game_id: Annotated[str, GAME_ID], body: Join, authorization: Token = None) -> Any:
        token = bearer(authorization)
        if not token:
            raise ApiError(401, "joining needs the invite link's token")
        joined = store.join(game_id, token, body.name, body.seat)
        caller = store.caller(game_id, joined["token"])
        return as_json(
            {"token": joined["token"], "link": link(request, game_id, joined["token"]), **shown_data(game_id, caller)}
        )

    def acted(game_id: str, caller: Caller, actions: list[dict[str, Any]]) -> Snapshot:
        """Apply ``actions`` for ``caller`` (a refusal is a 422); the game afterwards."""
        try:
            return store.act(game_id, caller, actions)
        except (IllegalAction, UnknownRole) as exc:
            raise ApiError(422, str(exc)) from None

    def act_for(game_id: str, caller: Caller, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """Apply ``actions`` for ``caller`` (a refusal is a 422) and return what the caller now sees."""
        return present(acted(game_id, caller, actions), caller)

    def act_and_show(game_id: str, caller: Caller, actions: list[dict[str, Any]]) -> Response:
        return as_json(act_for(game_id, caller, actions))

    @app.post("/api/games/{game_id}/actions", summary="Take any action of the ruleset's view ('actions')")
    def post_action(game_id: Annotated[str, GAME_ID], body: ActionBody, authorization: Token = None) -> Any:
        caller = caller_of(game_id, authorization)
        action = body.action
        if "who" in action and caller.player is not None and caller.player.name:
            action = {**action, "who": umpire_name(action["who"], caller.player.name)}
        if body.answer == "brief":  # the caller's stream brings what changed, as a patch
            row = acted(game_id, caller, [action]).row
            return {"accepted": True, "game": {"id": row.id, "status": row.status}}
        return act_and_show(game_id, caller, [action])

    @app.post(
        "/api/games/{game_id}/undo",
        summary="Take back actions: a seat its own last one (nothing hidden revealed, no die rolled); the GM any",
    )
    def post_undo(game_id: Annotated[str, GAME_ID], body: Undo, authorization: Token = None) -> Any:
        caller = caller_of(game_id, authorization)
        try:
            snap = store.undo(game_id, caller, body.count)
        except (IllegalAction, UnknownRole, BadGameFile) as exc:
            raise ApiError(422, str(exc)) from None
        return as_json(present(snap, caller))

    @app.post("/api/games/{game_id}/orders", summary="Submit orders as text (per-line errors on refusal)")
    def post_orders(game_id: Annotated[str, GAME_ID], body: OrdersText, authorization: Token = None) -> Any:
        caller, snap = store.read(game_id, bearer(authorization), messages=False)
        if caller.role in (OBSERVER, "lobby", GM):
            raise ApiError(403, "only a seat's token may submit orders")
        view = role_view(snap.game.ruleset, snap.game.state, caller.role)
        if any(isinstance(a, dict) and a.get("type") == "submit" for a in view.get("actions") or []):
            return submit_whole_text(game_id, caller, body.text, view.get("submission") or {}, body.power)
        parsed = parse_submission(body.text, view, body.power)
        if parsed.errors:
            raise ApiError(422, "some lines are not orders; nothing was submitted", lines=bounded(parsed.errors))
        actions = parsed.actions()
        try:
            after = store.act(game_id, caller, actions)
        except (IllegalAction, UnknownRole) as exc:
            lines = per_line_errors(game_id, caller, parsed)
            message = str(exc) if not lines else "some orders were refused; nothing was submitted"
            raise ApiError(422, message, lines=lines) from None
        return as_json(present(after, caller))

    @app.post(
        "/api/games/{game_id}/orders/check",
        summary="Check an orders text without saving it: per line, what is wrong and the rule (nothing changes)",
    )
    def post_orders_check(game_id: Annotated[str, GAME_ID], body: OrdersText, authorization: Token = None) -> Any:
        caller, snap = store.read(game_id, bearer(authorization), messages=False)
        if caller.role in (OBSERVER, "lobby", GM):
            raise ApiError(403, "only a seat's token may check orders")
        view = role_view(snap.game.ruleset, snap.game.state, caller.role)
        if any(isinstance(a, dict) and a.get("type") == "submit" for a in view.get("actions") or []):
            # A whole-text ruleset (Europe 1615) reads the text itself: its lines as a trial submission would
            # report them, on a copy of the game (nothing is saved).
            try:
                trial = store.trial_view(game_id, caller, [{"type": "submit", "text": body.text}], snap=snap)
            except (IllegalAction, UnknownRole):
                return {"lines": []}  # not a seat that may submit now: the submission itself says why
            errors = text_line_errors(body.text, (trial.get("submission") or {}).get("errors") or [])
            is1615 = snap.game.ruleset.info.name == "europe1615"
            warnings = check_europe1615_moves(body.text, view, caller.role) if is1615 else []
            return {"lines": bounded(sorted(errors + warnings, key=lambda e: int(e["line"])))}
        return {"lines": bounded(check_orders(body.text, view, body.power))}

    def submit_whole_text(
        game_id: str, caller: Caller, text: str, earlier: dict[str, Any], power: str | None = None
    ) -> Response:
        """A ruleset that reads a whole submission itself (its view offers ``{"type": "submit"}``, as Europe
        1615 does): the text is its action; it keeps the good lines and reports the others in its view's
        ``submission.errors``, which the answer repeats as ``lines`` for the page to show beside each line.

        A resubmission with wrong lines does not replace an earlier submission that had none: it is refused (422,
        with its lines) and the earlier text stands, so a typo never silently drops an order that was good. A
        ``power`` given is the kernel's to check (the seat's own only, issue 26 point 5: a 422 naming both)."""
        submit: dict[str, Any] = {"type": "submit", "text": text} | ({"power": power} if power is not None else {})
        if earlier.get("text") and not earlier.get("errors"):
            try:
                trial = store.trial_view(game_id, caller, [submit])
            except (IllegalAction, UnknownRole) as exc:
                raise ApiError(422, str(exc)) from None
            bad = bounded(text_line_errors(text, (trial.get("submission") or {}).get("errors") or []))
            if bad:
                raise ApiError(422, "some lines are wrong; nothing was saved and your earlier orders stand", lines=bad)
        answer = act_for(game_id, caller, [submit])
        errors = ((answer.get("view") or {}).get("submission") or {}).get("errors") or []
        answer["lines"] = bounded(text_line_errors(text, errors))
        return as_json(answer)

    def per_line_errors(game_id: str, caller: Caller, parsed: Any) -> list[dict[str, Any]]:
        """Which lines the ruleset refuses, each tried alone on a copy of the game read once; bounded work: at
        most MAX_LINES_TRIED lines tried, stopping at MAX_ERROR_LINES errors (issue 26, point 4)."""
        snap = store.snapshot(game_id, messages=False)
        errors: list[dict[str, Any]] = []
        todo = [(power, number, text) for power, lines in parsed.orders.items() for number, text in lines]
        tried = 0
        for power, number, text in todo:
            if tried >= MAX_LINES_TRIED or len(errors) >= MAX_ERROR_LINES:
                break
            tried += 1
            try:
                working_copy(snap.game).act(caller.role, {"type": "orders", "power": power, "orders": [text]})
            except UmpireError as exc:
                errors.append({"line": number, "text": text, "error": _LINE_PREFIX.sub("", str(exc))})
        return bounded(errors, unchecked=len(todo) - tried) if errors else []

    @app.post("/api/games/{game_id}/ready", summary="Mark the seat ready (or not) for early resolution")
    def post_ready(game_id: Annotated[str, GAME_ID], body: Ready, authorization: Token = None) -> Any:
        caller = caller_of(game_id, authorization)
        return act_and_show(game_id, caller, [{"type": "ready", "ready": body.ready}])

    @app.post("/api/games/{game_id}/press", summary="Write a message: public, or to some seats")
    def post_press(game_id: Annotated[str, GAME_ID], body: Message, authorization: Token = None) -> Any:
        caller = caller_of(game_id, authorization)
        store.post_message(game_id, caller, body.to, body.body)
        return shown(game_id, caller)

    @app.post("/api/games/{game_id}/bids", summary="Blind-auction bids of a lobby player (secret)")
    def post_bids(game_id: Annotated[str, GAME_ID], body: Bids, authorization: Token = None) -> Any:
        caller = caller_of(game_id, authorization)
        store.bid(game_id, caller, body.bids)
        return shown(game_id, caller)

    # --- the GM -------------------------------------------------------------------------------------------

    @app.post("/api/games/{game_id}/gm/start", summary="GM: start the game (assigning seats by the game's method)")
    def gm_start(game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        store.start(game_id)
        return shown(game_id, caller)

    @app.post("/api/games/{game_id}/gm/pause", summary="GM: pause (the deadline clock stops)")
    def gm_pause(game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        store.pause(game_id)
        return shown(game_id, caller)

    @app.post("/api/games/{game_id}/gm/resume", summary="GM: resume a paused game")
    def gm_resume(game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        store.resume(game_id)
        return shown(game_id, caller)

    @app.post("/api/games/{game_id}/gm/resolve", summary="GM: resolve the phase now")
    def gm_resolve(game_id: Annotated[str, GAME_ID], authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        try:
            after = store.gm_act(game_id, {"type": "resolve"})
        except IllegalAction as exc:
            raise ApiError(422, str(exc)) from None
        return as_json(present(after, caller))

    @app.post("/api/games/{game_id}/gm/extend", summary="GM: move the deadline by some seconds")
    def gm_extend(game_id: Annotated[str, GAME_ID], body: Extend, authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        store.extend(game_id, body.seconds)
        return shown(game_id, caller)

    @app.post("/api/games/{game_id}/gm/deadline", summary="GM: set this phase's deadline (or none)")
    def gm_deadline(game_id: Annotated[str, GAME_ID], body: SetDeadline, authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        at = (
            body.at if body.at is not None else (time.time() + body.in_seconds if body.in_seconds is not None else None)
        )
        store.set_deadline(game_id, at)
        return shown(game_id, caller)

    @app.post("/api/games/{game_id}/gm/deadlines", summary="GM: seconds per phase kind for the phases to come")
    def gm_deadlines(game_id: Annotated[str, GAME_ID], body: DeadlineSettings, authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        store.set_deadlines(game_id, body.deadlines)
        return shown(game_id, caller)

    @app.post("/api/games/{game_id}/gm/reissue", summary="GM: a new invite link for a seat (the old one stops)")
    def gm_reissue(
        request: Request, game_id: Annotated[str, GAME_ID], body: Reissue, authorization: Token = None
    ) -> Any:
        gm_of(game_id, authorization)
        token = store.reissue(game_id, body.seat)
        return {"seat": body.seat, "token": token, "link": link(request, game_id, token)}

    @app.post(
        "/api/games/{game_id}/gm/assign",
        summary="GM: give a lobby player a free seat (a staff seat also after the start)",
    )
    def gm_assign(game_id: Annotated[str, GAME_ID], body: Assign, authorization: Token = None) -> Any:
        caller = gm_of(game_id, authorization)
        store.assign(game_id, body.player, body.seat)
        return shown(game_id, caller)

    # --- optional accounts (umpire.server.accounts) ---------------------------------------------------------

    limiter = LoginLimiter(
        per_name=login_failures_per_name, per_address=login_failures_per_address, window=login_window
    )
    app.state.login_limiter = limiter
    app.include_router(account_routes(store, bearer, limiter))

    return app
