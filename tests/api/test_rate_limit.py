"""The optional per-client limit: off by default, 429 with Retry-After, shared by every node through Redis."""

from __future__ import annotations

from api.config import Settings
from app import create_app

MELD = {"game": "canasta", "meld": {"cards": ["QS", "QH", "2C"]}}


def test_no_limit_by_default(client):
    assert all(client.post("/validate-meld", json=MELD).status_code == 200 for _ in range(60))


def test_client_over_the_limit_is_answered_429_with_retry_after():
    client = create_app(Settings(rate_limit="5 per minute")).test_client()
    statuses = [client.post("/validate-meld", json=MELD).status_code for _ in range(7)]
    assert statuses == [200] * 5 + [429] * 2
    refused = client.post("/validate-meld", json=MELD)
    payload = refused.get_json()
    assert refused.status_code == 429 and payload["code"] == 429 and "5 per 1 minute" in payload["message"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 61  # the window, rounded up to whole seconds


def test_health_checks_are_never_limited():
    client = create_app(Settings(rate_limit="2 per minute")).test_client()
    for _ in range(3):
        client.post("/validate-meld", json=MELD)
    assert all(client.get(path).status_code == 200 for path in ("/healthz", "/readyz") for _ in range(5))


def test_nodes_sharing_redis_share_each_clients_count(redis_server):
    redis_server.flush()
    nodes = [create_app(Settings(redis_url=redis_server.url, rate_limit="4 per minute")).test_client()
             for _ in range(2)]
    statuses = [nodes[index % 2].post("/validate-meld", json=MELD).status_code for index in range(6)]
    assert statuses == [200] * 4 + [429] * 2


def test_clients_are_counted_apart():
    client = create_app(Settings(rate_limit="2 per minute")).test_client()
    first = [client.post("/validate-meld", json=MELD, environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code
             for _ in range(3)]
    other = client.post("/validate-meld", json=MELD, environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code
    assert first == [200, 200, 429] and other == 200


def test_redis_down_the_limit_still_answers():
    client = create_app(Settings(redis_url="redis://127.0.0.1:1/0", rate_limit="3 per minute",
                                 redis_timeout_seconds=0.05)).test_client()
    statuses = [client.post("/validate-meld", json=MELD).status_code for _ in range(5)]
    assert 500 not in statuses and statuses[0] == 200


def test_every_limited_operation_documents_429_with_retry_after(client):
    spec = client.get("/openapi.json").get_json()
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if path in ("/healthz", "/readyz") or method not in ("get", "post"):
                continue
            answer = operation["responses"].get("429")
            assert answer is not None, (method, path)
            assert "Retry-After" in answer["headers"], (method, path)
