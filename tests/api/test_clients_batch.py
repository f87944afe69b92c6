"""POST /batch: each item answered exactly as its single call (status and body), errors kept to their item,
and the batch's limits."""

from __future__ import annotations

import gc
import os
import sys

import orjson
import pytest

from api.config import Settings
from api.limits import MAX_BATCH_ITEMS
from app import create_app
from bench.worst_searches import positions
from rules_engine import answers
from rules_engine.work import ANSWER_STEPS, SHARED_STEPS
from tests.api.every_game import mid_hand_state
from tests.api.test_cache_every_game import ALL


def singles(client, items: list) -> list:
    answers_ = []
    for item in items:
        answer = client.post(item["path"], json=item["body"])
        answers_.append({"status": answer.status_code, "body": answer.get_json()})
    return answers_


def batched(client, items: list) -> list:
    answer = client.post("/batch", json={"requests": items})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["responses"]


def every_endpoint_items() -> list:
    items = [{"path": endpoint, "body": body} for _, endpoint, body in ALL]
    for _, endpoint, body in ALL:
        if endpoint == "/apply-move":
            items.append({"path": endpoint, "body": {**body, "include_legal_moves": True}})
    return items


@pytest.mark.parametrize("cache", ["memory", "redis", "off"])
def test_batch_answers_every_endpoint_of_every_game_as_its_single_calls(cache, redis_server):
    settings = {"memory": Settings(), "redis": Settings(redis_url=redis_server.url, redis_min_speedup=0),
                "off": Settings(cache_ttl_seconds=0)}[cache]
    redis_server.flush()
    client = create_app(settings).test_client()
    items = every_endpoint_items()
    first = batched(client, items)  # computed (or stored) in the batch
    assert first == singles(client, items)  # the single calls, now served from the same cache
    assert batched(client, items) == first
    assert all(answer["status"] == 200 for answer in first)


def item_errors() -> list:
    game = "canadian-salad"
    state = mid_hand_state(game, seed=3, moves=4)
    listed = answers.legal_moves({"game": game, "state": state})
    to_act = listed["to_act"]
    other = next(card for seat, hand in enumerate(state["hands"]) if seat != to_act for card in hand)
    finished = answers.deal({"game": "euchre", "seed": 2})
    return [
        {"path": "/legal-moves", "body": {"game": game, "state": state}},
        {"path": "/apply-move", "body": {"game": game, "state": state, "move": {"type": "play", "card": other}}},
        {"path": "/legal-moves", "body": {"game": "no-such-game", "state": {}}},
        {"path": "/legal-moves", "body": {"game": game}},
        {"path": "/legal-moves", "body": [1, 2]},
        {"path": "/legal-moves", "body": {"game": game, "state": state, "ruleset": "canadian-salad.standard.0"}},
        {"path": "/legal-moves", "body": {"game": game, "state": {**state, "hands": [["2C"] * 200] * 4}}},
        {"path": "/legal-moves", "body": {"game": game, "state": {**state, "hands": [state["hands"][0]] * 4}}},
        {"path": "/validate-move", "body": {"game": game, "state": state, "move": listed["moves"][0]}},
        {"path": "/games", "body": {}},
        {"path": "/batch", "body": {"requests": []}},
        {"path": "/deal", "body": {"game": "euchre", "seed": 2, "players": 7}},
        {"path": "/score", "body": {"game": "euchre", "state": finished["state"]}},
    ]


def test_batch_errors_stay_in_their_item_and_equal_single_calls(client):
    items = item_errors()
    found = batched(client, items)
    assert found == singles(client, items[:9]) + found[9:11] + singles(client, items[11:])
    assert [answer["status"] for answer in found] == [200, 422, 404, 422, 400, 409, 422, 422, 200, 404, 404,
                                                      422, found[12]["status"]]
    assert found[12] == singles(client, items[12:])[0]
    alone = batched(client, [items[0], items[8]])
    assert alone == [found[0], found[8]]


def test_batch_holds_at_most_its_item_count_413(client):
    body = {"game": "euchre", "seed": 1}
    assert len(batched(client, [{"path": "/deal", "body": body}] * MAX_BATCH_ITEMS)) == MAX_BATCH_ITEMS
    answer = client.post("/batch", json={"requests": [{"path": "/deal", "body": body}] * (MAX_BATCH_ITEMS + 1)})
    assert answer.status_code == 413 and "requests" in answer.get_json()["errors"]["json"]


def test_batch_bytes_beyond_its_limit_413():
    client = create_app(Settings(max_batch_bytes=4000)).test_client()
    body = {"game": "euchre", "seed": 1}
    assert client.post("/batch", json={"requests": [{"path": "/deal", "body": body}] * 10}).status_code == 200
    answer = client.post("/batch", json={"requests": [{"path": "/deal", "body": body}] * 200})
    assert answer.status_code == 413 and "4000 bytes" in answer.get_json()["message"]


def test_batch_item_beyond_a_single_calls_bytes_is_413_in_its_item():
    client = create_app(Settings(max_body_bytes=2000)).test_client()
    state = mid_hand_state("canadian-salad", seed=3, moves=4)
    big = {"game": "canadian-salad", "state": state, "variant": "standard" + " " * 1900}
    small = {"game": "euchre", "seed": 1}
    found = batched(client, [{"path": "/legal-moves", "body": big}, {"path": "/deal", "body": small}])
    single = client.post("/legal-moves", json=big)
    assert single.status_code == 413 or found[0]["status"] == single.status_code
    assert found[0]["status"] == 413 and found[0]["body"]["message"].endswith("(2000 bytes).")
    assert found[1] == singles(client, [{"path": "/deal", "body": small}])[0]


def test_batch_items_are_held_to_the_size_limits_of_a_single_call(client):
    deep = {"game": "euchre", "state": {"a": [[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}}
    item = {"path": "/legal-moves", "body": deep}
    assert batched(client, [item]) == singles(client, [item])
    assert batched(client, [item])[0]["status"] == 422


@pytest.mark.parametrize("body,pointer", [
    ({"requests": [{"path": "/deal"}]}, ["requests", "0", "body"]),
    ({"requests": [{"path": "/deal", "body": {}, "extra": 1}]}, ["requests", "0", "extra"]),
    ({"requests": [{"path": 7, "body": {}}]}, ["requests", "0", "path"]),
    ({"requests": [5]}, ["requests", "0", "_schema"]),
    ({"requests": {}}, ["requests"]),
    ({}, ["requests"]),
    ({"requests": [], "more": 1}, ["more"]),
])
def test_batch_envelope_malformed_is_422_at_the_field(client, body, pointer):
    answer = client.post("/batch", json=body)
    assert answer.status_code == 422
    node = answer.get_json()["errors"]["json"]
    for part in pointer:
        node = node[part]
    assert node


def test_batch_not_json_or_not_an_object_is_400(client):
    assert client.post("/batch", data=b"{", content_type="application/json").status_code == 400
    assert client.post("/batch", json=[]).status_code == 400
    assert batched(client, []) == []


def test_batch_items_share_their_apps_cache_and_leave_no_cache_behind():
    body = {"game": "euchre", "seed": 4}
    batching = create_app(Settings()).test_client()
    found = batched(batching, [{"path": "/deal", "body": body}] * 2)
    assert found[0] == found[1] == singles(batching, [{"path": "/deal", "body": body}])[0]
    assert batching.post("/deal", json=body).headers["X-Cache"] == "hit"  # stored by the batch in its app's cache
    other = create_app(Settings()).test_client()
    assert other.post("/deal", json=body).headers["X-Cache"] == "miss"  # not the batch's cache
    off = create_app(Settings(cache_ttl_seconds=0)).test_client()
    assert batched(off, [{"path": "/deal", "body": body}]) == found[:1]
    assert "X-Cache" not in off.post("/deal", json=body).headers


def test_batch_answer_holds_at_most_max_batch_answer_bytes_and_each_item_past_it_says_so():
    deals = [{"path": "/deal", "body": {"game": "euchre", "seed": seed}} for seed in range(1, 7)]
    explain = {"path": "/explain", "body": {"rule_id": "euchre.play.follow-suit"}}
    plain = create_app(Settings()).test_client()
    single_bytes = [len(plain.post(item["path"], json=item["body"]).data) for item in deals]
    item_bytes = [len(b'{"status":200,"body":}') + size for size in single_bytes]
    limit = sum(item_bytes[:3])   # room for the first three answers, exactly
    client = create_app(Settings(max_batch_answer_bytes=limit)).test_client()
    answer = client.post("/batch", json={"requests": [*deals, explain]})
    assert answer.status_code == 200
    found = answer.get_json()["responses"]
    assert [item["status"] for item in found] == [200, 200, 200, 413, 413, 413, 413]
    assert found[:3] == singles(plain, deals[:3])
    refusal = found[3]["body"]
    assert refusal["code"] == 413 and "MAX_BATCH_ANSWER_BYTES" in refusal["message"]
    assert f"({limit} bytes)" in refusal["message"] and refusal["errors"]["requests"]
    assert found[6] == found[3]    # the small answer after the first too large is not given either
    refused_bytes = len(orjson.dumps(found[3]))
    assert len(answer.data) <= limit + 4 * refused_bytes + len(b'{"responses":[]}') + 6


def test_batch_lets_the_cycle_collector_run_while_it_answers():
    # A search leaves cycles behind (its recursive closures); held off for a whole batch, the collector would let
    # heavy items pile them up. Watched call by call, it is on whenever the engine computes an item's answer.
    client = create_app(Settings(cache_ttl_seconds=0)).test_client()    # every item computed
    state = mid_hand_state("canadian-salad", seed=3, moves=4)
    items = [{"path": "/legal-moves", "body": {"game": "canadian-salad", "state": state}}] * 5
    collecting = []

    def watch(frame, event: str, arg) -> None:
        if event == "call" and f"{os.sep}rules_engine{os.sep}" in frame.f_code.co_filename:
            collecting.append(gc.isenabled())

    sys.setprofile(watch)
    try:
        found = batched(client, items)
    finally:
        sys.setprofile(None)
    assert [item["status"] for item in found] == [200] * 5
    assert collecting and all(collecting), f"{collecting.count(False)} engine calls ran with the collector off"


def heavy_yes_items() -> list:
    """Three positions after a partner's yes (bench.worst_searches) whose listings each need several times a single
    call's steps."""
    found = positions(60, seed=1)
    return [{"path": "/legal-moves", "body": found[index][1]} for index in (4, 44, 46)]


def unsettled_move() -> tuple[dict, dict]:
    """A Bolivia position after a yes (the first of heavy_yes_items) and a listed move, a sequence canasta of spades,
    whose own check the steps of a single call cannot settle either."""
    body = heavy_yes_items()[0]["body"]
    move = next(move for move in answers.legal_moves(body)["moves"] if move["code"] == "meld:4S,5S,6S,7S,8S,9S,10S")
    assert move.get("unverified") and answers.validate_move({**body, "move": move})["work"]["ran_out"]
    return body, move


def test_batch_items_share_the_searches_steps_and_a_cut_short_answer_is_not_kept():
    # Three items share a single call's steps and twice SHARED_STEPS more, none spending more than a single call: the
    # first spends a single call's steps, the second the 2 x SHARED_STEPS left, the third none. Each still answers,
    # its open question under unverified.
    items = heavy_yes_items()
    client = create_app(Settings(redis_min_speedup=0)).test_client()
    found = batched(client, items)
    assert [item["status"] for item in found] == [200] * 3
    assert [item["body"]["work"]["steps"] for item in found] == [ANSWER_STEPS, 2 * SHARED_STEPS, 0]
    assert all("canasta.going-out.ask-partner" in item["body"]["unverified"] for item in found)
    single = client.post("/legal-moves", json=items[0]["body"])
    assert single.get_json() == found[0]["body"]          # it had a single call's steps: the same answer
    # The third, cut short by the batch, was not kept: its single call has its own steps.
    single = client.post("/legal-moves", json=items[2]["body"])
    assert single.headers["X-Cache"] != "hit" and single.get_json()["work"]["steps"] == ANSWER_STEPS
    assert single.get_json() != found[2]["body"]


def test_validate_game_moves_share_the_searches_steps(client):
    # A log's moves share a single call's steps and SHARED_STEPS more per move after the first; a move whose question
    # they cannot settle is replayed as legal, its rule under unverified.
    body, move = unsettled_move()
    log = {"game": "canasta", "variant": body["variant"], "options": body.get("options", {}), "state": body["state"],
           "moves": [move]}
    answer = client.post("/validate-game", json=log).get_json()
    assert answer["valid"] is True and answer["unverified"] == ["canasta.going-out.ask-partner"]
    assert answer["work"] == {"steps": ANSWER_STEPS, "spent": ANSWER_STEPS, "ran_out": True}
    discard = {"type": "discard", "card": body["state"]["hands"][0][0]}
    answer = client.post("/validate-game", json={**log, "moves": [move, discard]}).get_json()
    assert answer["work"]["steps"] == ANSWER_STEPS + SHARED_STEPS


def test_batch_log_item_cut_short_by_the_batchs_steps_is_not_kept(redis_app):
    # A log of two moves has a single call's steps and SHARED_STEPS more as a single call, but no more than a single
    # call's as a batch item: the item's answer,
    # cut short, is not kept, and the single call answers with its own steps.
    client = redis_app.test_client()
    body, move = unsettled_move()
    log = {"game": "canasta", "variant": body["variant"], "options": body.get("options", {}), "state": body["state"],
           "moves": [move, {"type": "discard", "card": body["state"]["hands"][0][0]}]}
    item = batched(client, [{"path": "/validate-game", "body": log}])[0]["body"]
    assert item["work"]["steps"] == ANSWER_STEPS
    single = client.post("/validate-game", json=log)
    assert single.headers.get("X-Cache") != "hit" and single.get_json()["work"]["steps"] == ANSWER_STEPS + SHARED_STEPS
