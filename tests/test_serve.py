"""`caledonia serve`: the page and /state.json of every sample game, nothing but reading
(405), nothing but its own addresses (404, path tricks too), the token on a network (403),
the game file's words escaped, a save showing on an open event stream within a second,
and the page in a real browser at a phone's and a laptop's width."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from html import unescape
from pathlib import Path

import pytest
from conftest import SAMPLES, run_cli

pytest.importorskip("starlette", reason="the serve extra (in the test extra) is missing")
from caledonia.cli.serve_app import build_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

SERVED = ("/", "/state.json", "/page.css", "/page.js")
ACT = ["trade", "Ailsa", "buy", "wool", "1"]  # midway-4p: Ailsa's turn, £33, wool at £4


def game_copy(tmp_path: Path, name: str = "midway-4p.yaml") -> Path:
    copy = tmp_path / name
    shutil.copy(SAMPLES / name, copy)
    return copy


def client(path: Path, token: str | None = None) -> TestClient:
    return TestClient(build_app(str(path), token))


@pytest.mark.parametrize("name", [p.name for p in sorted(SAMPLES.glob("*.yaml"))])
def test_the_page_and_the_state_of_every_sample_game(tmp_path, name):
    path = game_copy(tmp_path, name)
    done = run_cli("status", str(path), "--json")
    if done.returncode != 0:  # a score sheet or a position, not a game: nothing to serve
        return
    with client(path) as browser:
        page = browser.get("/")
        state = browser.get("/state.json")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<meta name="viewport"' in page.text
    assert '<section class="board"' in page.text and "<svg" in page.text
    for player in json.loads(done.stdout)["players"]:
        assert f'data-player="{player["name"]}"' in page.text
        assert f"£{player['money']}" in page.text
    assert state.status_code == 200
    assert state.json() == json.loads(done.stdout)  # what `status --json` gives


def test_a_finished_game_shows_the_score_the_charts_and_the_bg_stats_link(tmp_path):
    path = game_copy(tmp_path, "game-4p.yaml")
    with client(path) as browser:
        page = browser.get("/").text
    score = json.loads(run_cli("score", str(path), "--json").stdout)
    assert "The game is over" in page
    for player in score["players"]:
        assert f"<td><strong>{player['total']}</strong></td>" in page
    link = run_cli("export", str(path), "--bgstats").stdout.strip()
    assert link.startswith("https://app.bgstatsapp.com/")
    assert 'class="bgstats" href="https://app.bgstatsapp.com/createPlay.html?data=' in page
    assert '<div class="qr"><svg' in page  # the link as a QR code, drawn in the page
    assert page.count("<svg") >= 3  # the board, the report's charts, the QR code


def test_the_page_loads_nothing_from_outside(tmp_path):
    with client(game_copy(tmp_path)) as browser:
        page = browser.get("/")
    policy = page.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "unsafe-inline" not in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"
    addresses = re.findall(r'(?:src|href)="([^"]*)"', page.text)
    # the page's own assets; the one outside address in a game in progress is none
    assert addresses and all(a.startswith("/") for a in addresses), addresses
    assert "<style" not in page.text and " style=" not in page.text  # no inline style
    assert re.findall(r"<script[^>]*>", page.text) == ['<script src="/page.js" defer>']


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
@pytest.mark.parametrize("address", ["/", "/state.json", "/events"])
def test_no_method_that_writes(tmp_path, method, address):
    path = game_copy(tmp_path)
    before = path.read_text()
    with client(path) as browser:
        answer = browser.request(method, address, content=b"{}")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, HEAD"
    assert path.read_text() == before


@pytest.mark.parametrize(
    "address", ["/x", "/state.json/", "/index.html", "/midway-4p.yaml", "/page.js.map", "/events/"]
)
def test_any_other_address_is_not_found(tmp_path, address):
    with client(game_copy(tmp_path)) as browser:
        assert browser.get(address).status_code == 404


def test_the_served_addresses_are_found(tmp_path):
    with client(game_copy(tmp_path)) as browser:
        for address in SERVED:
            assert browser.get(address).status_code == 200, address
            assert browser.head(address).status_code == 200, address


def test_on_a_network_a_request_without_the_token_is_refused(tmp_path):
    token = "s3cret-Token_1"
    with client(game_copy(tmp_path), token) as browser:
        for address in (*SERVED, "/events", "/nowhere"):
            assert browser.get(address).status_code == 403, address
            assert browser.get(address, params={"token": "wrong"}).status_code == 403
        assert browser.post("/", params={"token": "wrong"}).status_code == 403
        for address in SERVED:
            assert browser.get(address, params={"token": token}).status_code == 200
        assert browser.post("/", params={"token": token}).status_code == 405
        page = browser.get("/", params={"token": token}).text
    # the page's own addresses carry the token, so that its assets and stream load
    assert f'href="/page.css?token={token}"' in page
    assert f'src="/page.js?token={token}"' in page
    assert f'data-events="/events?token={token}"' in page


def test_the_lan_token_is_random_and_in_the_address(tmp_path, monkeypatch):
    from caledonia.cli import serve_server

    monkeypatch.setattr(serve_server, "lan_address", lambda: "127.0.0.1")  # loopback only here
    urls = []
    for _ in range(2):
        served, url = serve_server.prepared(str(game_copy(tmp_path)), 0, lan=True)
        served.listening.close()
        urls.append(url)
    tokens = [re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=([\w-]{20,})", u) for u in urls]
    assert all(tokens) and tokens[0].group(1) != tokens[1].group(1), urls


def _names_the_loader_takes(tmp_path: Path) -> Path:
    """midway-4p with Ailsa renamed to a name with markup in it (the first the loader
    accepts as a name)."""
    text = (SAMPLES / "midway-4p.yaml").read_text()
    for name in ("Ai<script>x", "Ailsa <b>", "Ailsa & <i>"):
        path = tmp_path / "markup.yaml"
        path.write_text(text.replace("Ailsa", f'"{name}"' if "&" in name else name))
        if run_cli("status", str(path), "--json").returncode == 0:
            return path
    pytest.fail("no name with markup is accepted: test the escaping with another field")


def test_the_game_files_words_are_escaped(tmp_path):
    path = _names_the_loader_takes(tmp_path)
    name = json.loads(run_cli("status", str(path), "--json").stdout)["players"][0]["name"]
    assert "<" in name
    with client(path) as browser:
        page = browser.get("/").text
        state = browser.get("/state.json").json()
    assert state["players"][0]["name"] == name
    assert name not in page  # never as markup, anywhere: the page, the board, the options
    escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert page.count(escaped) >= 3


def test_serve_without_the_extra_names_the_install_command(tmp_path):
    code = (
        "import sys\n"
        "sys.modules['uvicorn'] = None\n"  # as if the serve extra were not installed
        "from caledonia.cli.main import main\n"
        f"sys.argv = ['caledonia', 'serve', {str(game_copy(tmp_path))!r}]\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert "pip install 'caledonia[serve]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_missing_game_is_said_before_serving(tmp_path):
    done = run_cli("serve", str(tmp_path / "none.yaml"), "--port", "0")
    assert done.returncode == 1
    assert "file not found" in done.stderr


def test_a_port_in_use_is_said(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli("serve", str(game_copy(tmp_path)), "--port", str(port), subprocess=True)
    assert done.returncode == 1
    assert "--port" in done.stderr and "Traceback" not in done.stderr


# -- a real server, as a process of its own ---------------------------------------------


@contextmanager
def serving(path: Path, port: int = 0):
    """`caledonia serve PATH` on a port of this machine (any free one: 0): yields its
    address."""
    process = subprocess.Popen(
        [sys.executable, "-m", "caledonia", "serve", str(path), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), process.stderr.read()
        yield url
    finally:
        process.send_signal(2)  # Ctrl-C
        try:
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
        said = process.stderr.read()
        assert code == 0, said  # Ctrl-C stops it cleanly
        assert "Traceback" not in said and "Stopped serving" in said


def _act(path: Path, *words: str) -> float:
    """`caledonia act PATH WORDS` in another process; returns when it had saved."""
    done = subprocess.run(
        [sys.executable, "-m", "caledonia", "act", str(path), *words],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return time.monotonic()


class Stream:
    """An open /events stream, read event by event."""

    def __init__(self, url: str) -> None:
        host, port = re.match(r"http://([\d.]+):(\d+)/", url).groups()
        self.socket = socket.create_connection((host, int(port)), timeout=10)
        self.socket.sendall(b"GET /events HTTP/1.0\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""

    def next_state(self) -> str:
        while b"\nevent: state\n" not in b"\n" + self.buffer or not self._complete():
            chunk = self.socket.recv(65536)
            assert chunk, "the stream ended"
            self.buffer += chunk
        start = (b"\n" + self.buffer).index(b"\nevent: state\n")
        end = self.buffer.index(b"\n\n", start)
        event, self.buffer = self.buffer[start:end], self.buffer[end + 2 :]
        text = event.decode()
        return "\n".join(line[6:] for line in text.splitlines() if line.startswith("data: "))

    def _complete(self) -> bool:
        start = (b"\n" + self.buffer).index(b"\nevent: state\n")
        return b"\n\n" in self.buffer[start:]

    def close(self) -> None:
        self.socket.close()


def _raw_status(url: str, request_line: str) -> int:
    host, port = re.match(r"http://([\d.]+):(\d+)/", url).groups()
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(f"{request_line}\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1])


@pytest.mark.long
def test_a_save_by_another_command_arrives_on_the_event_stream_within_a_second(tmp_path):
    path = game_copy(tmp_path)
    with serving(path) as url:
        stream = Stream(url)
        try:
            first = stream.next_state()
            assert "£33" in first and "Ailsa" in first
            saved = _act(path, *ACT)
            after = stream.next_state()
            arrived = time.monotonic()
        finally:
            stream.close()
        assert "£29" in unescape(after)  # Ailsa paid £4 for the wool
        assert arrived - saved < 1.0, arrived - saved
        # and the path tricks reach nothing, as sent on the wire (no client tidies them)
        for line in (
            "GET /../sample_games/midway-4p.yaml HTTP/1.1",
            "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1",
            "GET /state.json%2f..%2f HTTP/1.1",
            "GET //state.json HTTP/1.1",
            "GET /%2fstate.json HTTP/1.1",
            "GET /./state.json HTTP/1.1",
            "GET /page.css/../state.json HTTP/1.1",
            "GET /%73tate.json HTTP/1.1",  # matched as sent, never as decoded
        ):
            assert _raw_status(url, line) in (400, 404), line
        assert _raw_status(url, "GET /state.json HTTP/1.1") == 200


def test_play_serve_runs_the_server_beside_it_until_it_stops(tmp_path):
    from urllib.request import urlopen

    from caledonia.cli.serve_server import start_beside

    path = game_copy(tmp_path)
    page = start_beside(str(path), 0)
    try:
        with urlopen(page.url.rstrip("/") + "/state.json", timeout=10) as answer:
            assert json.load(answer)["players"][0]["money"] == 33
    finally:
        page.stop()
    assert not page.thread.is_alive()


# -- in a real browser ----------------------------------------------------------------------


@pytest.mark.long
@pytest.mark.parametrize("width,height", [(375, 812), (1280, 800)])
def test_the_page_in_a_browser(tmp_path, width, height):
    from browser import chromium_page

    path = game_copy(tmp_path)
    state = json.loads(run_cli("status", str(path), "--json").stdout)
    with chromium_page(width, height) as page, serving(path) as url:
        page.goto(url)
        page.wait_for_selector("#game .board svg")
        assert page.locator(".board svg").first.is_visible()
        who = page.locator(".turn .who")
        assert who.is_visible() and who.inner_text() == "Ailsa"
        for player in state["players"]:
            card = page.locator(f'.player[data-player="{player["name"]}"]')
            money = card.locator('[data-row="Money"] dd')
            money.scroll_into_view_if_needed()
            assert money.is_visible() and money.inner_text() == f"£{player['money']}"
        assert _widest(page) <= width, "something is wider than the screen"
        page.screenshot(path=str(tmp_path / f"page-{width}.png"), full_page=True)
        page.evaluate("window.notReloaded = true")
        _act(path, *ACT)
        ailsa = page.locator('.player[data-player="Ailsa"] [data-row="Money"] dd')
        page.wait_for_function(
            "() => document.querySelector("
            "'.player[data-player=\"Ailsa\"] [data-row=\"Money\"] dd').textContent === '£29'",
            timeout=5000,
        )
        assert ailsa.inner_text() == "£29"
        assert page.evaluate("window.notReloaded") is True  # the same page, updated
        assert _widest(page) <= width
        page.screenshot(path=str(tmp_path / f"page-{width}-after.png"), full_page=True)


@pytest.mark.long
def test_the_page_picks_up_again_after_the_server_restarts(tmp_path):
    from browser import chromium_page

    path = game_copy(tmp_path)
    with chromium_page(375, 812) as page:
        with serving(path) as url:
            page.goto(url)
            page.wait_for_selector('.player[data-player="Ailsa"]')
        port = int(url.rsplit(":", 1)[1].strip("/"))
        page.wait_for_selector("#offline", state="visible", timeout=5000)  # it says so
        _act(path, *ACT)  # saved while no server runs
        page.evaluate("window.notReloaded = true")
        with serving(path, port):
            page.wait_for_selector("#offline", state="hidden", timeout=10000)
            money = page.locator('.player[data-player="Ailsa"] [data-row="Money"] dd')
            page.wait_for_function(
                "() => document.querySelector("
                "'.player[data-player=\"Ailsa\"] [data-row=\"Money\"] dd').textContent === '£29'",
                timeout=10000,
            )
            assert money.inner_text() == "£29"
            assert page.evaluate("window.notReloaded") is True


def _widest(page) -> float:
    """The rightmost edge of anything on the page, and the document's own width."""
    return page.evaluate(
        """() => Math.max(document.documentElement.scrollWidth,
            ...Array.from(document.querySelectorAll('main *'))
                .filter(e => !e.closest('.scroll'))
                .map(e => e.getBoundingClientRect().right))"""
    )


def _text_of(page: str) -> str:
    """The words a reader sees on the page (and in its pictures), a line per text."""
    from html.parser import HTMLParser

    class Words(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.lines: list[str] = []

        def handle_data(self, data: str) -> None:
            if data.strip():
                self.lines.append(" ".join(data.split()))

    reader = Words()
    reader.feed(page)
    return "\n".join(reader.lines)


@pytest.mark.long
@pytest.mark.parametrize("name", ["midway-4p.yaml", "game-4p.yaml", "game-2p.yaml"])
def test_what_the_page_says_comes_from_the_catalogue(tmp_path, monkeypatch, name):
    pytest.importorskip("babel", reason="Babel (the test extras) builds the catalogue")
    from test_translation_coverage import _pseudo_env, english_left, pseudo_catalogue

    folder = pseudo_catalogue(tmp_path / "locale")
    for variable, value in _pseudo_env(folder).items():
        monkeypatch.setenv(variable, value)
    with client(game_copy(tmp_path, name)) as browser:
        page = browser.get("/").text
    assert '<html lang="xx">' in page
    from caledonia.cli.unit_codes import UNIT_CODES

    # the board's units are drawn by their codes (`wdc`: a woodcutter), which its legend says
    codes = re.compile(r"\b(" + "|".join(UNIT_CODES.values()) + r")\b")
    shown = codes.sub("", _text_of(page))
    assert shown.count("‹") > 50  # the page was drawn in the pseudo-language
    assert english_left(shown) == []


def test_a_file_that_cannot_be_read_is_said_on_the_page_until_it_is_put_right(tmp_path):
    path = game_copy(tmp_path)
    good = path.read_text()
    with client(path) as browser:
        path.write_text(good + "\n  - {type: [unclosed\n")  # a hand edit, half done
        page = browser.get("/")
        assert page.status_code == 200
        assert 'class="problem" role="alert"' in page.text
        assert "The game file cannot be read now" in page.text
        assert browser.get("/state.json").status_code == 503
        path.write_text(good)
        os.utime(path, ns=(1, 1))  # another version even on a coarse clock
        assert 'class="problem"' not in browser.get("/").text
        assert browser.get("/state.json").json()["players"][0]["money"] == 33
