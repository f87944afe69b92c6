"""Cache correctness for every endpoint and game, and Redis killed or frozen under load."""

from __future__ import annotations

import threading
import time

import pytest

from api.config import Settings
from app import create_app
from rules_engine import answers
from rules_engine.registry import GAMES
from tests.redis_server import RedisServer

from .every_game import mid_hand_state


def requests_for(game: str) -> list[tuple[str, dict]]:
    """One request per POST endpoint for a game, from its own positions."""
    state = mid_hand_state(game, seed=3, moves=4)
    move = answers.legal_moves({"game": game, "state": state})["moves"][0]
    body = {"game": game, "state": state}
    found = [("/deal", {"game": game, "seed": 8}), ("/legal-moves", body), ("/validate-move", {**body, "move": move}),
             ("/apply-move", {**body, "move": move}), ("/explain", {**body, "move": move}), ("/explain", body),
             ("/score", body)]
    meld = GAMES[game].examples().get("meld_request")
    if meld:
        found.append(("/validate-meld", {"game": game, **meld}))
    return found


ALL = [(game, endpoint, body) for game in GAMES for endpoint, body in requests_for(game)]


@pytest.mark.parametrize("game,endpoint,body", ALL, ids=[f"{g}{e}" for g, e, _ in ALL])
def test_cached_answer_equals_fresh_on_miss_and_hit(redis_client, client, game, endpoint, body):
    fresh = create_app(Settings(cache_ttl_seconds=0)).test_client().post(endpoint, json=body)
    miss = redis_client.post(endpoint, json=body)
    hit = redis_client.post(endpoint, json=body)
    memory_miss, memory_hit = client.post(endpoint, json=body), client.post(endpoint, json=body)
    assert fresh.status_code == 200, fresh.get_json()
    assert (miss.headers["X-Cache"], hit.headers["X-Cache"]) == ("miss", "hit")
    assert (memory_miss.headers["X-Cache"], memory_hit.headers["X-Cache"]) == ("miss", "hit")
    assert fresh.get_json() == miss.get_json() == hit.get_json() == memory_miss.get_json() == memory_hit.get_json()


def test_a_new_ruleset_id_never_serves_an_old_answer(redis_app, redis_client):
    game = next(iter(GAMES))
    body = {"game": game, "state": mid_hand_state(game)}
    redis_client.post("/legal-moves", json=body)
    assert redis_client.post("/legal-moves", json=body).headers["X-Cache"] == "hit"
    found = GAMES[game]
    old_ids, old_resolved = found._ruleset_ids, found._resolved
    try:
        # What a change of rule text or engine code does: the game's ruleset ids change.
        found._ruleset_ids = {variant: ruleset + "-changed" for variant, ruleset in old_ids.items()}
        found._resolved = {}
        answer = redis_client.post("/legal-moves", json=body)
        assert answer.headers["X-Cache"] == "miss"
        assert answer.get_json()["ruleset"].endswith("-changed")
    finally:
        found._ruleset_ids, found._resolved = old_ids, old_resolved


def hammer(client_factory, requests, stop: threading.Event, results: list):
    client = client_factory()
    index = 0
    while not stop.is_set():
        endpoint, body = requests[index % len(requests)]
        answer = client.post(endpoint, json=body)
        results.append((endpoint, index % len(requests), answer.status_code, answer.get_data()))
        index += 1


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["killed", "paused"])
def test_redis_fault_under_load_fails_no_request(fault):
    server = RedisServer().start()
    app = create_app(Settings(redis_url=server.url, redis_timeout_seconds=0.05, redis_retry_seconds=0.1, redis_min_speedup=0))
    requests = [r for game in GAMES for r in requests_for(game)]
    expected = {i: create_app(Settings(cache_ttl_seconds=0)).test_client().post(e, json=b).get_json()
                for i, (e, b) in enumerate(requests)}
    stop, results = threading.Event(), []
    workers = [threading.Thread(target=hammer, args=(app.test_client, requests, stop, results)) for _ in range(4)]
    try:
        for worker in workers:
            worker.start()
        time.sleep(0.5)
        if fault == "killed":
            server.process.kill()
            server.process.wait()
        else:
            server.pause()
        time.sleep(1.0)
        assert app.test_client().get("/readyz").get_json()["redis"] == "down"
        if fault == "killed":
            server.start()
        else:
            server.resume()
        time.sleep(0.5)
        assert app.test_client().get("/readyz").get_json()["redis"] == "up"
    finally:
        stop.set()
        for worker in workers:
            worker.join()
        server.stop()
    import json
    assert len(results) > 50
    assert all(status == 200 for _, _, status, _ in results)
    assert all(json.loads(data) == expected[index] for _, index, _, data in results)
