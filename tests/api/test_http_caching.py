"""Every GET answer carries an ETag and Cache-Control and answers 304 when the ETag still matches."""

from __future__ import annotations

import pytest

CACHED_GETS = ["/games", "/games/euchre", "/games/euchre/rules", "/games/euchre/rules?format=html",
               "/games/canasta/rules?format=markdown", "/rules/euchre.play.follow-suit",
               "/rules/euchre.play.follow-suit?format=html", "/openapi.json", "/embed.js", "/docs", "/redoc"]


@pytest.mark.parametrize("path", CACHED_GETS)
def test_get_answer_has_etag_and_cache_control_and_304_on_match(client, path):
    first = client.get(path)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert "max-age=" in first.headers["Cache-Control"] and "public" in first.headers["Cache-Control"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == etag
    stale = client.get(path, headers={"If-None-Match": '"not-this-one"'})
    assert stale.status_code == 200 and stale.get_data() == first.get_data()


def test_etag_is_stable_between_apps_for_the_same_code(app):
    from api.config import Settings
    from app import create_app

    other = create_app(Settings()).test_client()
    for path in ("/games", "/games/salsifis", "/openapi.json"):
        assert app.test_client().get(path).headers["ETag"] == other.get(path).headers["ETag"]


def test_formats_of_one_rule_have_different_etags(client):
    tags = {client.get("/rules/euchre.play.follow-suit?format=" + fmt).headers["ETag"]
            for fmt in ("json", "html", "markdown")}
    assert len(tags) == 3


def test_health_checks_are_never_cached(client):
    for path in ("/healthz", "/readyz"):
        answer = client.get(path)
        assert answer.headers["Cache-Control"] == "no-store" and "ETag" not in answer.headers
