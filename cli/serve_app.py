"""`serve`'s web application (Starlette): the page of a game, its stylesheet and script,
`/state.json` (what `status --json` gives) and `/events`, a stream of server-sent events
that sends the page's new state at every save of the game file.

Read-only and small on purpose: GET and HEAD only (any other method: 405), those five
addresses only, matched on the path exactly as it was sent (anything else, an encoded
slash or a `..` too: 404), and on a network (`token`) a request without the token is
refused with 403 before anything else. Every response forbids any outside source
(Content-Security-Policy), framing and the referrer.

A save is found by looking at the file's size, time and inode ten times a second; a
change gives a new snapshot (serve_page.py), worked out once for every page open.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .serve_assets import SCRIPT as SCRIPT_TEXT
from .serve_assets import stylesheet
from .serve_page import SCRIPT, STYLESHEET, Snapshot, page_html, snapshot

PATHS = ("/", "/state.json", "/events", STYLESHEET, SCRIPT)
READING = ("GET", "HEAD")
POLL = 0.1  # seconds between two looks at the game file
# what every response says: nothing from outside, no inline script or style, no frames,
# no referrer (a page opened with a token carries it in its address)
HEADERS = {
    "content-security-policy": (
        "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class Watcher:
    """The game file's latest snapshot, worked out again only when the file changed."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._seen: tuple[int, int, int] | None = None
        self._shot: Snapshot | None = None

    def _signature(self) -> tuple[int, int, int] | None:
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_size, found.st_mtime_ns, found.st_ino

    def current(self) -> Snapshot:
        """The snapshot of the file as it is now (one thread works it out; the others wait
        for it rather than working it out again)."""
        with self._lock:
            seen = self._signature()
            if self._shot is None or seen is None or seen != self._seen:
                shot = snapshot(self.path)
                self._seen = seen
                self._shot = shot
            return self._shot


def _refusal(status: int, headers: dict[str, str] | None = None) -> Response:
    words = {403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed"}[status]
    return Response(words, status, headers={**HEADERS, **(headers or {})}, media_type="text/plain")


class Guard:
    """Refuses every request but a GET or HEAD of one of PATHS (with the token, when there
    is one), before the application sees it."""

    def __init__(self, app: Any, token: str | None) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # the lifespan; no websocket route exists
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send)
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                known = {name.lower() for name, _ in message["headers"]}
                message["headers"] = list(message["headers"]) + [
                    (name.encode(), value.encode())
                    for name, value in HEADERS.items()
                    if name.encode() not in known
                ]
            await send(message)

        await self.app(scope, receive, with_headers)

    def refusal(self, scope: Scope) -> Response | None:
        if self.token is not None:
            given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])
            if not secrets.compare_digest(given[-1].encode(), self.token.encode()):
                return _refusal(403)
        if scope["method"] not in READING:
            return _refusal(405, {"allow": ", ".join(READING)})
        # the path as it came, not as decoded: `/%2e%2e/`, `//state.json` match nothing
        sent = scope.get("raw_path") or scope["path"].encode()
        if sent.decode("latin-1") not in PATHS:
            return _refusal(404)
        return None


def build_app(
    path: str, token: str | None = None, stopping: threading.Event | None = None
) -> Guard:
    """The application serving the game file `path`; with `token`, only to those who give
    it; `stopping`, once set, ends the event streams (the server is shutting down)."""
    watcher = Watcher(path)
    stopping = stopping or threading.Event()

    async def page(request: Request) -> Response:
        shot = await run_in_threadpool(watcher.current)
        return Response(page_html(shot, token), media_type="text/html; charset=utf-8")

    async def state(request: Request) -> Response:
        shot = await run_in_threadpool(watcher.current)
        if shot.state is None:
            return JSONResponse({"error": "the game file cannot be read now"}, 503)
        return JSONResponse(shot.state)

    async def style(request: Request) -> Response:
        return Response(stylesheet(), media_type="text/css; charset=utf-8")

    async def script(request: Request) -> Response:
        return Response(SCRIPT_TEXT, media_type="text/javascript; charset=utf-8")

    async def events(request: Request) -> Response:
        # a page that reconnects says which state it has: it gets the next one only
        known = request.headers.get("last-event-id")
        return StreamingResponse(
            _stream(watcher, known, stopping),
            media_type="text/event-stream",
            headers={"x-accel-buffering": "no"},
        )

    routes = [
        Route("/", page, methods=list(READING)),
        Route("/state.json", state, methods=list(READING)),
        Route("/events", events, methods=list(READING)),
        Route(STYLESHEET, style, methods=list(READING)),
        Route(SCRIPT, script, methods=list(READING)),
    ]
    return Guard(Starlette(routes=routes), token)


async def _stream(
    watcher: Watcher, known: str | None, stopping: threading.Event
) -> AsyncIterator[str]:
    """The event stream: at once the state (unless the page has it), then each new one."""
    yield "retry: 1000\n\n"
    beat = 0
    while not stopping.is_set():
        shot = await run_in_threadpool(watcher.current)
        if shot.key != known:
            known = shot.key
            yield sse(shot)
            beat = 0
        elif beat >= 150:  # a comment every 15 s keeps idle connections (and proxies) open
            yield ": still here\n\n"
            beat = 0
        beat += 1
        await asyncio.sleep(POLL)


def sse(shot: Snapshot) -> str:
    """One server-sent event carrying a snapshot's page part, a data line per line."""
    lines = "".join(f"data: {line}\n" for line in shot.html.splitlines())
    return f"event: state\nid: {shot.key}\n{lines}\n"
