"""Unknown paths and wrong methods answer in the same {code, status, message, errors} shape as every error."""

from __future__ import annotations

import pytest


def _assert_error_shape(answer, code: int) -> dict:
    assert answer.status_code == code and answer.mimetype == "application/json"
    body = answer.get_json()
    assert set(body) >= {"code", "status", "message", "errors"}
    assert body["code"] == code and body["message"] and body["errors"]
    return body


@pytest.mark.parametrize("path", ["/nothing-here", "/games/euchre/rules/extra", "/rules", "/docs/assets/../app.py"])
def test_unknown_path_is_404_in_error_shape_pointing_at_path(client, path):
    body = _assert_error_shape(client.get(path), 404)
    assert body["status"] == "Not Found"
    assert "path" in body["errors"] or "json" in body["errors"]


@pytest.mark.parametrize(("method", "path", "allowed"), [
    ("post", "/games", "GET"), ("delete", "/rules/euchre.players", "GET"),
    ("get", "/legal-moves", "POST"), ("put", "/apply-move", "POST"),
])
def test_wrong_method_is_405_in_error_shape_naming_allowed_methods(client, method, path, allowed):
    answer = getattr(client, method)(path)
    body = _assert_error_shape(answer, 405)
    assert body["status"] == "Method Not Allowed"
    assert allowed in body["errors"]["method"][0] and allowed in answer.headers["Allow"]
