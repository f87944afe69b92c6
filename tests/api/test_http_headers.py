"""Headers a client and a browser expect on every answer: no content sniffing, a content security policy on every
HTML page, ETags that come from the content (two nodes of one release answer the same), and an icon."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from api.viewers import STATIC_DIR, VIEWERS_DIR
from app import create_app

PAGES = ("/games/canasta/rules?format=html", "/rules/canasta.opening.minimum?format=html")


@pytest.mark.parametrize("method, path, body", [
    ("get", "/games", None), ("get", "/games/canasta/rules?format=html", None), ("get", "/embed.js", None),
    ("get", "/favicon.ico", None), ("get", "/docs", None), ("get", "/no-such-path", None),
    ("post", "/deal", {"game": "euchre", "seed": 1}), ("post", "/deal", {"game": "euchre", "seed": -1}),
    ("get", "/healthz", None)])
def test_every_answer_says_nosniff(client, method, path, body):
    answer = getattr(client, method)(path, **({"json": body} if body is not None else {}))
    assert answer.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", PAGES)
def test_every_html_page_has_a_content_security_policy_that_loads_nothing_else(client, path):
    answer = client.get(path)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    policy = answer.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src" not in policy


def test_viewer_pages_keep_their_own_policy(client):
    assert "default-src 'self'" in client.get("/redoc").headers["Content-Security-Policy"]


def test_favicon_is_the_services_icon(client):
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.data.startswith(b"<svg") and answer.headers["ETag"]


def test_file_etags_are_digests_of_the_files_so_every_node_answers_the_same():
    # Two services built apart (as two nodes of one release would be) tag each file with a digest of its bytes,
    # not with its time on disk.
    first, second = create_app().test_client(), create_app().test_client()
    files = {"/embed.js": STATIC_DIR / "embed.js", "/favicon.ico": STATIC_DIR / "favicon.svg"}
    if (VIEWERS_DIR / "swagger-ui-dist" / "VERSION").is_file():
        files["/docs/assets/swagger-ui.css"] = VIEWERS_DIR / "swagger-ui-dist" / "swagger-ui.css"
    for path, file in files.items():
        tag = first.get(path).headers["ETag"]
        assert tag == second.get(path).headers["ETag"]
        assert tag.strip('"') == hashlib.sha256(Path(file).read_bytes()).hexdigest()[:32]
        assert first.get(path, headers={"If-None-Match": tag}).status_code == 304


def test_redoc_script_takes_its_footer_logo_from_the_service(client):
    if not (VIEWERS_DIR / "redoc" / "VERSION").is_file():
        pytest.skip("the ReDoc assets are not installed (make viewers)")
    script = client.get("/redoc/assets/redoc.standalone.js")
    assert script.status_code == 200 and b"cdn.redoc.ly" not in script.data and b'"/favicon.ico"' in script.data
    assert client.get("/redoc/assets/redoc.standalone.js", headers={"If-None-Match": script.headers["ETag"]}
                      ).status_code == 304
