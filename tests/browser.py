"""A real browser for the tests of web pages: the system's Chromium (Debian's `chromium`
package), headless, driven by Playwright, which never downloads a browser of its own here.

Where Chromium or Playwright is missing, the test is skipped with a loud reason (CI
installs Chromium where it can: .ci/run).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
# no network of its own: no updates, no sync, no QUIC, nothing at the first run
ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def chromium_page(width: int, height: int) -> Iterator[Any]:
    """A Playwright (sync) page of `width` × `height` CSS pixels in headless Chromium."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(
            f"NO BROWSER: {CHROMIUM} is missing, so the page is not tested in a real browser; "
            "install Debian's chromium package (apt-get install chromium)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(
            "NO PLAYWRIGHT: the Python playwright package (the test extra) is missing, so the "
            "page is not tested in a real browser; pip install -e '.[test]'"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGUMENTS)
        try:
            context = browser.new_context(viewport={"width": width, "height": height})
            yield context.new_page()
        finally:
            browser.close()
