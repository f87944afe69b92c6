"""Browser fixtures: Debian's chromium driven by selenium through Debian's chromedriver, and real HTTP servers.

The service runs in a thread on a free local port, and a second server on another port plays a
documentation site of another origin. The browser resolves no host name but 127.0.0.1, so a page
that reaches for anything outside the service fails to render instead of passing by luck.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from api.config import Settings
from app import create_app

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")


class LiveServer:
    """A WSGI app served over real HTTP from a thread, on a free port of 127.0.0.1."""

    def __init__(self, wsgi_app):
        self._server = make_server("127.0.0.1", 0, wsgi_app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> "LiveServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._thread.join()


class HostPages:
    """A documentation site of another origin: serves pages that tests write into it."""

    def __init__(self):
        self.pages: dict[str, str] = {}

    def __call__(self, environ, start_response):
        page = self.pages.get(Request(environ).path)
        response = Response(page, mimetype="text/html") if page else Response("not here", status=404)
        return response(environ, start_response)


@pytest.fixture(scope="session")
def browser():
    """One headless chromium for the whole run."""
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.skip("chromium and chromium-driver are not installed (make test installs them from Debian's packages)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def service():
    """The service over real HTTP, with its embedded defaults."""
    if not (Path(__file__).resolve().parents[2] / "openapi" / "viewers" / "swagger-ui-dist" / "VERSION").is_file():
        pytest.fail("the viewers are not installed: run `make viewers` (make test does)")
    with LiveServer(create_app(Settings())) as server:
        yield server


@pytest.fixture(scope="session")
def host_site():
    """A second origin that serves pages embedding the service."""
    pages = HostPages()
    with LiveServer(pages) as server:
        server.pages = pages.pages
        yield server
