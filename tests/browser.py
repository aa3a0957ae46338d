"""Pages tested in a real browser: Debian's Chromium, driven by the Python `playwright`
package (in the test extra). Playwright's own browser download is never used: the page is
opened in /usr/bin/chromium, headless, with nothing of it reaching the network.

`chromium_page(width, height)` yields a Playwright (sync) Page of that viewport; without
the browser or the package the test is skipped, saying what to install.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
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
    """A headless Chromium page of `width` x `height` CSS pixels (a phone: 375 x 812)."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(
            f"NO BROWSER: {CHROMIUM} is missing, so this page is not tested in a browser: "
            "install Debian's chromium package (apt-get install chromium)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(
            "NO PLAYWRIGHT: the Python package 'playwright' is missing, so this page is not "
            "tested in a browser: pip install -e '.[test]' (and install Debian's chromium "
            "package; never 'playwright install')"
        )
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()
