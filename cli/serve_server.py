"""The live page's server, started by `caledonia serve` and by `play --serve` (beside the
table's prompts, `start_beside`): Starlette's routes under uvicorn (serve_app.py), from the
optional extra `serve`, with segno for the QR codes, imported only when a server starts.
"""

from __future__ import annotations

import secrets
import signal
import socket
import sys
import threading
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, NamedTuple

from caledonia.rules.errors import CaledoniaError

from .output import message
from .serve_options import HOST, PORT
from .translation import t

if TYPE_CHECKING:
    import uvicorn

EXTRA = "pip install 'caledonia[serve]'"
LIBRARIES = ("starlette", "uvicorn", "segno")


def needs_the_extra() -> None:
    """Refuse, naming the install command, when the server's libraries are missing."""
    missing = [name for name in LIBRARIES if find_spec(name) is None]
    if missing:
        raise CaledoniaError(
            t(
                "serving a game needs {missing}, in caledonia's 'serve' extra: install "
                "it with {command}",
                missing=", ".join(missing),
                command=EXTRA,
            )
        )


class Running:
    """A server running in a thread of its own (beside `play`), until `stop`."""

    def __init__(self, served: Served, url: str) -> None:
        self.served = served
        self.url = url
        self.thread = threading.Thread(target=served.run, name="caledonia-serve", daemon=True)

    def stop(self) -> None:
        self.served.stop()
        self.thread.join(timeout=3)


def start_beside(game_file: str, port: int = PORT, lan: bool = False) -> Running:
    """The server of `game_file` started in a thread (for `play --serve`); its address and,
    on a network, its QR code printed once."""
    needs_the_extra()
    server, url = prepared(game_file, port, lan)
    running = Running(server, url)
    running.thread.start()
    message(t("The game's live page: {url}", url=url))
    if lan:
        print_qr(url)
    return running


def prepared(game_file: str, port: int, lan: bool) -> tuple[Served, str]:
    """The server, its socket bound (a port in use is said now), and the page's address."""
    host = lan_address() if lan else HOST
    token = secrets.token_urlsafe(16) if lan else None
    listening = _listen(host, port)
    bound = listening.getsockname()[1]
    url = f"http://{host}:{bound}/" + (f"?token={token}" if token else "")
    return _server(game_file, token, listening), url


def _listen(host: str, port: int) -> socket.socket:
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
    except OSError as problem:
        listening.close()
        raise CaledoniaError(
            t(
                "cannot serve on {host} port {port}: {problem}; choose another port with --port N",
                host=host,
                port=port,
                problem=problem.strerror or problem,
            )
        ) from None
    listening.listen(64)
    listening.set_inheritable(True)
    return listening


def lan_address() -> str:
    """This machine's address on its network (the one its traffic out would leave from)."""
    found: str | None = None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a UDP "connection" sends nothing
            found = probe.getsockname()[0]
        except OSError:
            found = None
    if not found or found.startswith("127.") or found == "0.0.0.0":
        raise CaledoniaError(
            t(
                "--lan: this machine has no network address (is it on the Wi-Fi?); without "
                "--lan the page is served on this machine only"
            )
        )
    return found


def _server(game_file: str, token: str | None, listening: socket.socket) -> Served:
    import uvicorn

    from .serve_app import build_app

    stopping = threading.Event()

    class Server(uvicorn.Server):
        """uvicorn's server; Ctrl-C (or SIGTERM) ends the event streams first, so that it
        stops at once and cleanly (exit 0), without raising the signal again after."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            stopping.set()
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True  # a second Ctrl-C: at once
            self.should_exit = True

    config = uvicorn.Config(
        build_app(game_file, token, stopping),
        log_level="error",
        access_log=False,
        lifespan="off",
        server_header=False,
        timeout_graceful_shutdown=2,
    )
    return Served(Server(config), stopping, listening)


class Served(NamedTuple):
    """A server ready to run on its bound socket; `stopping` ends its event streams."""

    server: uvicorn.Server
    stopping: threading.Event
    listening: socket.socket

    def run(self) -> None:
        try:
            self.server.run(sockets=[self.listening])
        finally:
            self.listening.close()

    def stop(self) -> None:
        self.stopping.set()
        self.server.should_exit = True


def print_qr(url: str) -> None:
    """The address as a QR code in the terminal, for a phone's camera."""
    import segno

    code = segno.make(url, error="m")
    try:
        code.terminal(out=sys.stdout, compact=True)
    except UnicodeEncodeError:  # a terminal without block characters: its colours instead
        code.terminal(out=sys.stdout)
    sys.stdout.flush()
