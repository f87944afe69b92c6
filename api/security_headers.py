"""Headers every answer carries: no content sniffing, and a content security policy on every HTML page.

Rule book pages and fragments are plain HTML with an inline style sheet and links: their policy lets them load
nothing (no script, no frame, no form target), so text a page quotes can never run as code. The viewer pages set
their own, wider policy (api/viewers.py) and keep it.
"""

from __future__ import annotations

from flask import Flask, Response

HTML_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; "
               "form-action 'none'")


def enable(app: Flask) -> None:
    """Add the headers to every answer."""

    @app.after_request
    def secure(response: Response) -> Response:
        response.headers["X-Content-Type-Options"] = "nosniff"
        if response.mimetype == "text/html":
            response.headers.setdefault("Content-Security-Policy", HTML_POLICY)
        return response
