"""Bodies larger than any real request, generated for every game and endpoint: refused at once, briefly, never cached.

A real position holds at most its deck's cards, so a list longer than that, a move naming more
cards, a string longer than a spoken formula, an object with more fields than a few dozen or a
body nested deeper than any state shape is refused with a 422 pointing at it, in an answer of a
few hundred bytes, however many bad items the body holds.
"""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from api.limits import LIMITS, MAX_DEPTH, MAX_KEYS, MAX_STRING
from rules_engine.registry import GAMES

from .every_game import mid_hand_state

SHORT_ANSWER = 1024  # bytes: a pointer, a message and a count, never one entry per bad item
STATES = {game: mid_hand_state(game, seed=4, moves=2) for game in GAMES}
ENDPOINTS = ["/legal-moves", "/validate-move", "/apply-move", "/explain", "/score", "/validate-meld", "/deal"]
JUNK_ITEMS = st.sampled_from([0, 7, -1, [], {}, "", "AS", None, True, [[]], {"cards": []}])


def deck(game: str) -> int:
    return LIMITS.bounds_for({"game": game}).cards


def post_raw(client, endpoint: str, body: dict):
    return client.post(endpoint, data=orjson.dumps(body), content_type="application/json")


def assert_refused_briefly(app, answer, pointer_head: str | None = None):
    text = answer.get_data(as_text=True)
    assert answer.status_code in (413, 422), text[:300]
    assert len(answer.data) <= SHORT_ANSWER, len(answer.data)
    payload = answer.get_json()
    assert payload["code"] == answer.status_code and payload["errors"]["json"]
    if pointer_head is not None:
        assert pointer_head in payload["errors"]["json"], payload["errors"]
    assert "Traceback" not in text and "X-Cache" not in answer.headers
    assert app.extensions["cardref.cache"]._items == {}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(list(GAMES)), item=JUNK_ITEMS, extra=st.integers(1, 4000), data=st.data())
def test_list_longer_than_the_deck_is_refused_at_the_list(client, app, game, item, extra, data):
    length = deck(game) + extra
    field = data.draw(st.sampled_from(["melds", "state", "move", "options"]))
    body = {"game": game, "state": STATES[game]}
    endpoint = "/legal-moves"
    if field == "melds":
        endpoint, body = "/validate-meld", {"game": game, "melds": [item] * length}
    elif field == "move":
        endpoint, body = "/validate-move", {**body, "move": {"type": "x", "cards": [item] * length}}
    elif field == "options":
        body = {**body, "options": {"o": [item] * length}}
    else:
        key = data.draw(st.sampled_from(sorted(STATES[game])))
        body = {**body, "state": {**STATES[game], key: [item] * length}}
    raw = orjson.dumps(body)
    many = raw.count(b"[") + raw.count(b"{") > 2 * LIMITS.bounds_for({}).nodes  # refused from the text
    assert_refused_briefly(app, post_raw(client, endpoint, body), "_schema" if many else field)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(endpoint=st.sampled_from(ENDPOINTS), keys=st.integers(MAX_KEYS + 1, 20000), top=st.booleans())
def test_too_many_fields_are_refused(client, app, endpoint, keys, top):
    fields = {f"k{index}": 1 for index in range(keys)}
    body = {**fields, "game": "canasta"} if top else {"game": "canasta", "state": fields, "move": {"type": "x"}}
    assert_refused_briefly(app, post_raw(client, endpoint, body))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(list(GAMES)), length=st.integers(MAX_STRING + 1, 200_000),
       where=st.sampled_from(["text", "variant", "card"]))
def test_string_longer_than_any_formula_is_refused(client, app, game, length, where):
    body = {"game": game, "state": STATES[game]}
    if where == "text":
        body["move"] = {"type": "resolve", "calls": [{"seat": 0, "text": "King of Clubs, " * (length // 15 + 1)}]}
    elif where == "variant":
        body["variant"] = "v" * length
    else:
        body["move"] = {"type": "play", "card": "A" * length}
    assert_refused_briefly(app, post_raw(client, "/validate-move", body), "move" if where != "variant" else "variant")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(depth=st.integers(MAX_DEPTH + 1, 2000), game=st.sampled_from(list(GAMES)))
def test_nesting_deeper_than_any_state_is_refused(client, app, depth, game):
    raw = '{"game": "%s", "state": {"hands": %s%s}}' % (game, "[" * depth, "]" * depth)
    answer = client.post("/legal-moves", data=raw, content_type="application/json")
    if answer.status_code == 400:  # deeper than the JSON reader goes (about 1024): refused as JSON
        assert depth > 1000 and len(answer.data) <= SHORT_ANSWER
        return
    assert_refused_briefly(app, answer, "state")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(melds=st.integers(2, 40), per_meld=st.integers(3, 324))
def test_canasta_meld_move_naming_more_cards_than_the_deck_is_refused(client, app, melds, per_meld):
    app.extensions["cardref.cache"]._items.clear()  # examples share the app; an accepted one may be cached
    cards = melds * per_meld
    move = {"type": "meld", "melds": [{"cards": ["QS"] * per_meld} for _ in range(melds)]}
    answer = post_raw(client, "/validate-move", {"game": "canasta", "state": STATES["canasta"], "move": move})
    if cards <= deck("canasta") and per_meld <= deck("canasta"):
        assert answer.status_code != 500
        return
    assert_refused_briefly(app, answer)


def test_canasta_meld_move_of_forty_melds_of_324_cards_is_refused(client, app):
    move = {"type": "meld", "melds": [{"cards": ["QS"] * 324} for _ in range(40)]}
    answer = post_raw(client, "/validate-move", {"game": "canasta", "state": STATES["canasta"], "move": move})
    assert_refused_briefly(app, answer)


@pytest.mark.parametrize("item", [0, [], "", {}], ids=["integers", "empty lists", "empty strings", "empty objects"])
def test_validate_meld_with_a_body_full_of_junk_melds_is_refused_before_the_schema(client, app, item):
    count = 60_000 if item in (0, []) else 40_000  # just under the body limit
    body = {"game": "canasta", "melds": [item] * count}
    assert len(orjson.dumps(body)) < 256 * 1024
    answer = post_raw(client, "/validate-meld", body)
    if item in (0, ""):
        assert_refused_briefly(app, answer, "melds")
        assert "108" in answer.get_json()["errors"]["json"]["melds"][0]
    else:  # tens of thousands of lists or objects: refused from the text, before it is parsed
        assert_refused_briefly(app, answer, "_schema")
        assert "arrays and objects" in answer.get_json()["errors"]["json"]["_schema"][0]


def test_salsifis_formula_text_as_long_as_the_names_allow_is_read(client):
    words = ", ".join(["King of Clubs", "Queen of Diamonds", "Jack of Hearts"] * 3 + ["Ten of Spades"]) + ", salsifis"
    assert len(words) <= MAX_STRING
    move = {"type": "resolve", "calls": [{"seat": 0, "text": words}]}
    answer = post_raw(client, "/validate-move", {"game": "salsifis", "state": STATES["salsifis"], "move": move})
    assert "characters" not in answer.get_data(as_text=True)


def test_error_answer_lists_at_most_two_dozen_messages_and_counts_the_rest(client):
    answer = post_raw(client, "/validate-meld", {"game": "canasta", "melds": list(range(64))})
    payload = answer.get_json()
    assert answer.status_code == 422
    listed = payload["errors"]["json"]["melds"]
    assert len(listed) == 24
    assert "40 more problems not listed" in payload["message"]


def test_real_positions_of_every_game_pass_the_limits(client):
    for game in GAMES:
        for endpoint in ("/legal-moves", "/score", "/explain"):
            answer = post_raw(client, endpoint, {"game": game, "state": STATES[game]})
            assert "larger than any real request" not in answer.get_data(as_text=True), (game, endpoint)
