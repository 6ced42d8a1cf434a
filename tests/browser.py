"""A real browser for the tests: Debian's Chromium, driven by Selenium through Debian's chromedriver.

Nothing is downloaded (Selenium Manager never runs: the driver's path is given), and the flags
keep Chromium from reaching the network on its own. `serve` puts a folder on http://127.0.0.1
with the standard library's http.server, in a thread, for as long as the `with` block lasts.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import tempfile
import threading
from pathlib import Path

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage")


def available() -> str | None:
    """Why no browser test can run here, or None when one can."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    return None


@contextlib.contextmanager
def chromium(width: int = 1280, height: int = 900, lang: str = "en-US"):
    """A headless Chromium with its own throw-away profile, reading `lang` first (navigator.language);
    quit and removed on exit.
    It logs its network events, so that `requested(driver)` can say what a page asked for."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="tilelab-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS + (f"--user-data-dir={profile}", f"--window-size={width},{height}", f"--lang={lang}"):
        opts.add_argument(flag)
    opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def requested(driver) -> list[str]:
    """Every URL the browser asked for since the last call (DevTools' Network.requestWillBeSent)."""
    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") == "Network.requestWillBeSent":
            urls.append(msg["params"]["request"]["url"])
    return urls


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the test reports what matters; no access log on stderr
        pass


@contextlib.contextmanager
def serve(directory: Path):
    """Serve `directory` on an ephemeral 127.0.0.1 port; yields the base URL (no trailing slash)."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
