"""Swagger UI and ReDoc assets for /docs and /redoc, /embed.js and the service's icon, all served by the service
itself.

The viewers come from npm at pinned versions (openapi/viewers/packages.lock, installed by `make viewers`),
so the documentation pages work on a machine without internet. Files are tagged by their content, so every node
of one release answers the same ETag. ReDoc's footer shows a logo it fetches from a CDN, which the pages' policy
stops: ReDoc's script is served with that address pointing at the service's own icon instead.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, request, send_from_directory

from .errors import error_response

VIEWERS_DIR = Path(__file__).resolve().parent.parent / "openapi" / "viewers"
STATIC_DIR = Path(__file__).resolve().parent / "static"
SWAGGER_UI_ASSETS = "/docs/assets/"
REDOC_SCRIPT = "/redoc/assets/redoc.standalone.js"
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
ICON = "/favicon.ico"

VIEWER_PAGES = frozenset({"/docs", "/redoc"})
# The viewers' pages may load code, styles, images and data only from this service: a viewer that
# reaches for a CDN (ReDoc's footer logo does) is stopped in the browser, so the pages behave the
# same with or without internet.
VIEWER_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                 "script-src 'self' 'unsafe-inline'; worker-src 'self' blob:; font-src 'self' data:")

blp = Blueprint("viewers", __name__)


@blp.after_app_request
def keep_viewers_local(response):
    """Give /docs and /redoc a content security policy that allows this service alone."""
    if request.path in VIEWER_PAGES:
        response.headers["Content-Security-Policy"] = VIEWER_POLICY
    return response


def _asset(package: str, name: str):
    folder = VIEWERS_DIR / package
    if not (folder / "VERSION").is_file():
        return error_response(503, f"The {package} assets are not installed on this server; `make viewers` installs them.",
                              {"path": [f"{package} is not installed"]})
    if package == "redoc" and name == "redoc.standalone.js":
        return Response(_redoc_script(str(folder / name)), mimetype="text/javascript",
                        headers={"Cache-Control": "public, max-age=86400"})
    return send_from_directory(folder, name, max_age=86400, etag=_content_tag(str(folder / name)))


@lru_cache(maxsize=256)
def _content_tag(path: str) -> str | bool:
    """A file's ETag: a digest of its bytes (True, Flask's own tag, where there is no such file: it answers 404)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:32]
    except OSError:
        return True


@lru_cache(maxsize=1)
def _redoc_script(path: str) -> bytes:
    """ReDoc's script with its footer logo taken from this service."""
    return Path(path).read_bytes().replace(REDOC_LOGO.encode(), ICON.encode())


@blp.get(SWAGGER_UI_ASSETS + "<path:name>")
def swagger_ui_asset(name: str):
    """A Swagger UI file, as shipped by the pinned swagger-ui-dist package."""
    return _asset("swagger-ui-dist", name)


@blp.get("/redoc/assets/<path:name>")
def redoc_asset(name: str):
    """A ReDoc file, as shipped by the pinned redoc package."""
    return _asset("redoc", name)


@blp.get("/embed.js")
def embed_script():
    """The <cardref-rule> custom element for documentation sites."""
    return send_from_directory(STATIC_DIR, "embed.js", mimetype="text/javascript", max_age=3600,
                               etag=_content_tag(str(STATIC_DIR / "embed.js")))


@blp.get(ICON)
def icon():
    """The service's icon, for browsers' tabs and ReDoc's footer."""
    return send_from_directory(STATIC_DIR, "favicon.svg", mimetype="image/svg+xml", max_age=86400,
                               etag=_content_tag(str(STATIC_DIR / "favicon.svg")))
