"""The web table's routes: the pages, the HTTP API and the WebSocket, on Starlette.

docs/server.md describes the protocol for client authors; this module is its one
implementation. Tokens travel only in a WebSocket's first message and in the
``Authorization`` header, never in a path or a query string, so no access log holds one;
nothing here logs a message a client sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections import deque
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from partyrules.core.errors import CorruptState, PartyRulesError
from partyrules.core.game import GAMES
from partyrules.core.serialize import LoadLimits, dumps, parse_json, structure, unstructure
from partyrules.server.databases import open_store
from partyrules.server.limits import ServerLimits, client_digest
from partyrules.server.messages import page_messages
from partyrules.server.protocol import (
    MAX_MESSAGE_BYTES,
    Act,
    ErrorCode,
    Join,
    ProtocolError,
    error_message,
    parse_client_message,
)
from partyrules.server.tables import (
    BOT_LEASE,
    RACE_PAUSE,
    Access,
    LiveTable,
    TableRequestError,
    Tables,
    game_catalogue,
)

__all__ = [
    "FLOOD_LIMIT",
    "JOIN_TIMEOUT",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "STATIC",
    "OneLineErrors",
    "TokenBucket",
    "app_from_environment",
    "create_app",
    "serve",
]

log = logging.getLogger("partyrules.server")

STATIC: Final = Path(__file__).parent / "static"
"""The page's files (HTML, CSS, JavaScript), served as they are: no build step."""

JOIN_TIMEOUT: Final = 10.0
"""Seconds a connection has to send its ``join`` message."""

RATE_PER_SECOND: Final = 20.0
"""Messages a connection may send per second, on average."""

RATE_BURST: Final = 10
"""Messages a connection may send at once beyond the average rate."""

FLOOD_LIMIT: Final = 40
"""Refused messages in a row after which a connection is closed (it keeps flooding)."""

_GRACE: Final = 2.0  # seconds to flush a closing connection or to hear that it closed
_OUTBOX_LIMIT: Final = 256  # messages waiting for a client that does not read: it is gone
_POLICY_VIOLATION: Final = 1008  # the WebSocket close code for a client that broke the rules
_LIMITS: Final = LoadLimits(max_bytes=MAX_MESSAGE_BYTES, max_depth=16, max_int_digits=20)


class OneLineErrors(logging.Filter):
    """A log filter: a record that carries an exception says it in one line, its type
    and message, instead of a traceback. A visitor's broken frame (uvicorn logs
    invalid UTF-8 with a traceback) or a bot's failure is one line of the log, not
    thirty, so a flood cannot fill the disk with them and people can read the log.

    >>> import sys
    >>> try:
    ...     raise ValueError("bad byte")
    ... except ValueError:
    ...     record = logging.LogRecord("x", logging.ERROR, "", 0, "frame refused", (),
    ...                                sys.exc_info())
    >>> OneLineErrors().filter(record), record.getMessage(), record.exc_info
    (True, 'frame refused (ValueError: bad byte)', None)
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


_ONE_LINE_LOGGERS: Final = ("partyrules.server", "uvicorn.error", "uvicorn.asgi")


def _log_in_one_line() -> None:
    """Put :class:`OneLineErrors` on the server's loggers and uvicorn's (once)."""
    for name in _ONE_LINE_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(found, OneLineErrors) for found in logger.filters):
            logger.addFilter(OneLineErrors())


class TokenBucket:
    """A rate limit: ``rate`` messages a second on average, ``burst`` at once.

    >>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
    >>> [bucket.allow(0.0), bucket.allow(0.0), bucket.allow(0.0), bucket.allow(1.0)]
    [True, True, False, True]
    """

    __slots__ = ("_last", "_tokens", "burst", "rate")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        """Tokens added per second."""
        self.burst = burst
        """The most tokens the bucket holds."""
        self._tokens = float(burst)
        self._last = now

    def allow(self, now: float) -> bool:
        """Take a token at time ``now`` (seconds, monotonic); False when there is none."""
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


class _Close:
    """An outbox entry: close the connection once what is before it is sent."""

    __slots__ = ("code", "reason")

    def __init__(self, code: int, reason: str) -> None:
        self.code = code
        self.reason = reason


class _Client:
    """One WebSocket connection: its reader (this coroutine) and its sender task.

    Everything sent goes through the sender, in order. Updates are coalesced: a client
    that reads slowly gets the latest version with the log of every action it missed,
    rather than a queue of stale views.
    """

    def __init__(self, websocket: WebSocket, tables: Tables, table_id: str) -> None:
        self.websocket = websocket
        self.tables = tables
        self.table_id = table_id
        self.table: LiveTable | None = None
        self._access: Access | None = None
        self._outbox: deque[str | _Close] = deque()
        self._wake = asyncio.Event()
        self._stale = False  # the table has changed since the last update sent
        self._welcomed = False  # the welcome went out: updates may follow
        self._told = 0  # the version up to which the log was sent
        loop = asyncio.get_running_loop()
        self._clock = loop.time
        self._bucket = TokenBucket(RATE_PER_SECOND, RATE_BURST, loop.time())
        self._refused_in_a_row = 0

    @property
    def access(self) -> Access | None:
        """What the connection joined as (None before it joined)."""
        return self._access

    def notify(self) -> None:
        """The table changed: send an update when the sender is free."""
        self._stale = True
        self._wake.set()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that lets too many pile up is dropped."""
        if len(self._outbox) >= _OUTBOX_LIMIT:
            self._outbox.clear()
            self._outbox.append(_Close(_POLICY_VIOLATION, "not reading"))
        else:
            self._outbox.append(_encode(message))
        self._wake.set()

    def refuse(self, code: ErrorCode, message: str) -> None:
        """Send an ``error`` message."""
        self.send(error_message(code, message))

    def close(self, code: int, reason: str) -> None:
        """Close the connection after what is queued."""
        self._outbox.append(_Close(code, reason))
        self._wake.set()

    async def run_sender(self) -> None:
        """Send what is queued and the updates, until the connection closes.

        A pending update goes before a queued error: an action refused because another
        seat acted first is explained by the update that comes with the refusal. Nothing
        goes before the welcome.
        """
        websocket = self.websocket
        while True:
            await self._wake.wait()
            self._wake.clear()
            while True:
                if self._stale and self._welcomed:
                    await websocket.send_text(self._next_update())
                elif self._outbox:
                    item = self._outbox.popleft()
                    if isinstance(item, _Close):
                        await websocket.close(item.code, item.reason)
                        return
                    await websocket.send_text(item)
                    self._welcomed = self._welcomed or item.startswith('{"type":"welcome"')
                else:
                    break

    def _next_update(self) -> str:
        """The update of the table's latest version, with the log since the last one."""
        assert self.table is not None and self._access is not None
        self._stale = False
        since, self._told = self._told, self.table.version
        return _encode(self.table.update(self._access, since))

    async def _receive(self) -> str | None:
        """The next text message, or None when the client has gone; a binary frame is
        refused here (the protocol is JSON text)."""
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return None
            text = message.get("text")
            if text is not None:
                return str(text)
            if not self._allowed():
                continue
            self.refuse("malformed", "messages are JSON text frames, not binary")

    def _allowed(self) -> bool:
        """Rate-limit a message; close a connection that keeps flooding."""
        if self._bucket.allow(self._clock()):
            self._refused_in_a_row = 0
            return True
        self._refused_in_a_row += 1
        if self._refused_in_a_row >= FLOOD_LIMIT:
            self.close(_POLICY_VIOLATION, "flooding")
        elif self._refused_in_a_row == 1 or self._refused_in_a_row % 10 == 0:
            self.refuse("rate_limited", f"at most {RATE_PER_SECOND:g} messages a second "
                                        "(this one was dropped)")
        else:
            self.refuse("rate_limited", "dropped: too many messages")
        return False

    async def serve(self) -> None:
        """Read the client's messages until it leaves (or must be closed)."""
        if not await self._join():
            return
        assert self.table is not None and self._access is not None
        table, access = self.table, self._access
        while True:
            text = await self._receive()
            if text is None:
                return
            if not self._allowed():
                if self._refused_in_a_row >= FLOOD_LIMIT:
                    return
                continue
            try:
                message = parse_client_message(text)
                if isinstance(message, Act):
                    await table.act(access, message.action)
                elif isinstance(message, Join):
                    raise ProtocolError("malformed", "this connection has joined already")
                else:
                    self.send({"type": "pong"})
            except ProtocolError as refused:
                self.refuse(refused.code, refused.text)

    async def _join(self) -> bool:
        """Wait for the ``join`` message; True once the connection is a table's."""
        deadline = self._clock() + JOIN_TIMEOUT
        while True:
            try:
                text = await asyncio.wait_for(self._receive(), deadline - self._clock())
            except TimeoutError:
                self.refuse("not_joined", f"join within {JOIN_TIMEOUT:g} seconds of "
                                          "connecting")
                self.close(_POLICY_VIOLATION, "no join")
                return False
            if text is None:
                return False
            if not self._allowed():
                if self._refused_in_a_row >= FLOOD_LIMIT:
                    return False
                continue
            try:
                message = parse_client_message(text)
            except ProtocolError as refused:
                self.refuse(refused.code, refused.text)
                continue
            if not isinstance(message, Join):
                self.refuse("not_joined", "the first message is "
                                          '{"type": "join", "token": "<your token>"}')
                continue
            table = await self.tables.get(self.table_id)
            access = (await self.tables.access(self.table_id, message.token)
                      if table is not None else None)
            if table is None or access is None:
                self.refuse("bad_token", f"there is no table {self.table_id}"
                            if table is None else
                            f"this token opens nothing at table {self.table_id}")
                self.close(_POLICY_VIOLATION, "bad token")
                return False
            access = attrs.evolve(access, language=message.language)
            self.table, self._access = table, access
            self.send(table.welcome(access))
            table.listeners.add(self)
            self.notify()
            return True


def _encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _error(status: int, code: str, message: str,
           headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status,
                        headers=headers)


def _refusal(refused: TableRequestError) -> JSONResponse:
    headers = (None if refused.retry_after is None
               else {"retry-after": str(refused.retry_after)})
    return _error(refused.status, refused.code, str(refused), headers)


def _is_json(request: Request) -> bool:
    """Whether a request's body is declared ``application/json``: a cross-site page can
    send a form or ``text/plain`` without asking, but not JSON (the browser asks the
    server first, and this server never says yes)."""
    media_type = request.headers.get("content-type", "").partition(";")[0]
    return media_type.strip().lower() == "application/json"


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def _read_body(request: Request) -> bytes | None:
    """The request's body, or None past :data:`MAX_MESSAGE_BYTES` (read no further)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_MESSAGE_BYTES:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            return None
    return bytes(body)


class _SecurityHeaders:
    """ASGI middleware: every HTTP answer says not to sniff types, frame the page or
    send a referrer (the page's address holds a token in its fragment; browsers do not
    send fragments, and this makes sure nothing else leaks)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"x-content-type-options", b"nosniff"),
                            (b"x-frame-options", b"DENY"),
                            (b"referrer-policy", b"no-referrer")]
                if scope["path"].startswith("/api/"):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(db_path: str | os.PathLike[str], *, race_pause: float = RACE_PAUSE,
               bot_processes: int = 2, limits: ServerLimits | None = None,
               bot_lease: float = BOT_LEASE) -> Starlette:
    """The web table's ASGI application, its tables stored in the SQLite file
    ``db_path`` (created if missing), or in the PostgreSQL database of a
    ``postgresql://`` URL, which several server processes may share. ``race_pause``:
    seconds a bot waits in a race with people before it acts; ``bot_processes``: how
    many bot decisions run at once, each in a worker process of its own (started when a
    bot first has to decide); ``limits``: what the server refuses to strangers
    (docs/server.md, "Limits"); ``bot_lease``: seconds a process's lease on a table's
    bots lasts, after which another process takes a dead one's bots over."""
    limits = limits or ServerLimits()
    _log_in_one_line()
    store = open_store(os.fspath(db_path))
    tables = Tables(store, race_pause=race_pause, bot_processes=bot_processes,
                    limits=limits, bot_lease=bot_lease)

    def foreign(origin: str | None, host: str | None) -> JSONResponse | None:
        if limits.allows_origin(origin, host):
            return None
        return _error(403, "forbidden", f"pages from {origin} may not use this server "
                                        "(partyrules serve --allow-origin lets them)")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await store.start()
        try:
            await tables.start()
            yield
        finally:
            await tables.close()
            await store.stop()

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        if await store.load_row(request.path_params["table_id"]) is None:
            return Response("No such table.", status_code=404, media_type="text/plain")
        return FileResponse(STATIC / "table.html")

    async def favicon(request: Request) -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def board(request: Request) -> Response:
        # A game's board script and style sheet, from the game's own package.
        game = GAMES.get(request.path_params["game"])
        shown = None if game is None else game.presentation
        wanted = {"board.js": None if shown is None else shown.board,
                  "board.css": None if shown is None else shown.board_style
                  }.get(request.path_params["file"])
        if shown is None or wanted is None:
            return _error(404, "not_found", "no such board file")
        source = resources.files(shown.catalogue.package).joinpath(*wanted.split("/"))
        kind = "text/css" if wanted.endswith(".css") else "text/javascript"
        return Response(source.read_bytes(), media_type=kind,
                        headers={"cache-control": "no-cache"})

    async def messages(request: Request) -> Response:
        try:
            found = page_messages(request.path_params["language"],
                                  request.query_params.get("game"))
        except PartyRulesError as refused:
            return _error(404, "not_found", str(refused))
        return JSONResponse(found)

    async def games(request: Request) -> Response:
        try:
            return JSONResponse(game_catalogue(request.query_params.get("language", "en")))
        except PartyRulesError as refused:
            return _error(404, "not_found", str(refused))

    async def components(request: Request) -> Response:
        name = request.path_params["game"]
        game = GAMES.get(name)
        if game is None:
            return _error(404, "not_found", f"no game called {name!r}")
        if game.component_data is None:
            return _error(404, "not_found", f"{game.title} declares no component data")
        text = request.query_params.get("config", "{}")
        try:
            data = parse_json(text, limits=_LIMITS)
            if not isinstance(data, dict):
                raise CorruptState("expected a JSON object", "config")
            config = structure({"players": game.min_players, **data}, game.Config, "config")
            found = unstructure(game.component_data(config))
        except PartyRulesError as refused:
            return _error(400, "invalid_config", str(refused))
        return JSONResponse(found)

    async def tables_api(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse(await tables.listing())
        refused = foreign(request.headers.get("origin"), request.headers.get("host"))
        if refused is not None:
            return refused
        if not _is_json(request):
            return _error(415, "malformed", "send the table's request as "
                                            "Content-Type: application/json")
        body = await _read_body(request)
        if body is None:
            return _error(413, "too_large", f"a request body is at most {MAX_MESSAGE_BYTES} "
                                            "bytes")
        try:
            document = parse_json(body, limits=_LIMITS)
        except CorruptState as refused:
            return _error(400, "malformed", f"the body is not JSON: {refused}")
        address = request.client.host if request.client is not None else None
        try:
            created = await tables.create(document, client_digest(address))
        except TableRequestError as refused:
            return _refusal(refused)
        return JSONResponse(created, status_code=201)

    async def close_api(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        refused = foreign(request.headers.get("origin"), request.headers.get("host"))
        if refused is not None:
            return refused
        token = _bearer(request)
        access = await tables.access(table_id, token) if token is not None else None
        if access is None or access.role != "host":
            return _error(401, "bad_token", "send this table's host token as "
                                            "Authorization: Bearer <token>")
        closed = await tables.close_table(table_id, "closed by its host")
        return JSONResponse({"id": table_id, "closed": True, "was_open": closed})

    async def replay(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        table = await tables.get(table_id)
        if table is None:
            return _error(404, "not_found", f"there is no table {table_id}")
        token = _bearer(request)
        access = await tables.access(table_id, token) if token is not None else None
        if access is None:
            return _error(401, "bad_token", "send a token of this table as "
                                            "Authorization: Bearer <token>")
        try:
            # The replay deals every hand: while the game goes on it is for a referee
            # host only, who plays no seat; a host who plays reads it at the end, as all.
            referee = access.role == "host" and table.row.referee
            if not (table.finished or table.closed or referee):
                return _error(403, "forbidden", "the replay shows every hidden card: it is "
                                                "for everyone once the game is over (and "
                                                "for a referee host, who plays no seat, "
                                                "at any time)")
            document = dumps(table.replay())
        finally:
            tables.release(table)
        return Response(document, media_type="application/json", headers={
            "content-disposition": f'attachment; filename="{table.game.name}-{table_id}.json"'})

    async def socket(websocket: WebSocket) -> None:
        if not limits.allows_origin(websocket.headers.get("origin"),
                                    websocket.headers.get("host")):
            await websocket.close(_POLICY_VIOLATION)  # before accepting: an HTTP 403
            return
        await websocket.accept()
        client = _Client(websocket, tables, websocket.path_params["table_id"])
        loop = asyncio.get_running_loop()
        sender = loop.create_task(client.run_sender())
        reader = loop.create_task(client.serve())
        try:
            done, _ = await asyncio.wait({reader, sender}, return_when=asyncio.FIRST_COMPLETED)
            if reader in done:  # the client left, or must go: send what is queued, close
                client.close(1000, "")
                await asyncio.wait({sender}, timeout=_GRACE)
            else:  # the sender closed the connection or lost it: the reader hears it soon
                await asyncio.wait({reader}, timeout=_GRACE)
        finally:
            for task in (reader, sender):
                task.cancel()
            for task in (reader, sender):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task  # a client gone mid-send is no error of the server's
            if client.table is not None:
                client.table.listeners.discard(client)
                tables.release(client.table)

    routes = [
        Route("/", lobby),
        Route("/table/{table_id}", table_page),
        Route("/favicon.ico", favicon),
        Route("/games/{game}/{file}", board),
        Route("/api/messages/{language}", messages),
        Route("/api/games", games),
        Route("/api/games/{game}/components", components),
        Route("/api/tables", tables_api, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/tables/{table_id}/close", close_api, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(_SecurityHeaders)
    return app


_SETTINGS: Final = "PARTYRULES_SERVE"  # how serve() hands its settings to its workers


def app_from_environment() -> Starlette:
    """The application of one of ``serve(workers=N)``'s processes, built from the
    settings ``serve`` put in the environment (uvicorn starts each worker with an import
    string, so the settings cannot be passed as arguments)."""
    settings = json.loads(os.environ[_SETTINGS])
    limits = settings["limits"]
    limits["allowed_origins"] = frozenset(limits["allowed_origins"])
    return create_app(settings["db"], race_pause=settings["race_pause"],
                      bot_processes=settings["bot_processes"],
                      limits=ServerLimits(**limits), bot_lease=settings["bot_lease"])


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "partyrules.sqlite3", *,
          race_pause: float = RACE_PAUSE, bot_processes: int = 2,
          limits: ServerLimits | None = None, workers: int = 1,
          bot_lease: float = BOT_LEASE) -> None:
    """Run the web table with uvicorn until interrupted (``partyrules serve``);
    ``workers`` server processes share the port and the database (more than one needs
    PostgreSQL: SQLite is one process's)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    # Frames past four times the protocol's limit are cut by uvicorn (close code 1009)
    # before they are read; smaller ones over the limit get a "too_large" error.
    options: dict[str, Any] = {
        "host": host, "port": port, "ws_max_size": 4 * MAX_MESSAGE_BYTES,
        "log_level": "info", "server_header": False, "proxy_headers": False}
    limits = limits or ServerLimits()
    if workers == 1:
        uvicorn.run(create_app(db, race_pause=race_pause, bot_processes=bot_processes,
                               limits=limits, bot_lease=bot_lease), **options)
        return
    settings = {"db": db, "race_pause": race_pause, "bot_processes": bot_processes,
                "bot_lease": bot_lease,
                "limits": {**attrs.asdict(limits),
                           "allowed_origins": sorted(limits.allowed_origins)}}
    os.environ[_SETTINGS] = json.dumps(settings)
    uvicorn.run("partyrules.server.app:app_from_environment", factory=True,
                workers=workers, **options)
