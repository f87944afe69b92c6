"""Cross-origin access for documentation sites that fetch rules from the browser."""

from __future__ import annotations

from flask import Flask, Response, request


def enable(app: Flask, origins: tuple[str, ...]) -> None:
    """Answer CORS pre-flights and tag answers for the configured origins."""
    if not origins:
        return
    any_origin = "*" in origins

    @app.after_request
    def add_headers(response: Response) -> Response:
        origin = request.environ.get("HTTP_ORIGIN")  # the header, read without building a Headers view
        if origin and (any_origin or origin in origins):
            response.headers["Access-Control-Allow-Origin"] = "*" if any_origin else origin
            response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
            response.headers["Access-Control-Allow-Headers"] = "Content-Type, Accept, If-None-Match"
            response.headers["Access-Control-Expose-Headers"] = "ETag, X-Cache"
            if not any_origin:
                response.vary.add("Origin")
        return response
