"""The baseline: a plain Flask endpoint that only parses the same body and answers a constant."""

from __future__ import annotations

import orjson
from flask import Flask, Response, request

app = Flask(__name__)


@app.post("/legal-moves")
def parse_only():
    """Parse the body as the service would, and answer a fixed small JSON."""
    body = orjson.loads(request.get_data())
    return Response(orjson.dumps({"parsed": len(body)}), mimetype="application/json")
