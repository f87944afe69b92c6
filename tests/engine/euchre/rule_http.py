"""Requests to the service for the Euchre rule tests, and comparisons with the reference model."""

from __future__ import annotations

from tests.engine.euchre import reference_model as ref

GAME = "euchre"
POSITION_ENDPOINTS = ("/legal-moves", "/validate-move", "/apply-move")


def request(state: dict, move: dict | None = None, options: dict | None = None, **extra) -> dict:
    """The envelope a client sends."""
    body = {"game": GAME, "state": state, "options": options or {}, **extra}
    if move is not None:
        body["move"] = move
    return body


def post(client, path: str, state: dict, move: dict | None = None, options: dict | None = None, **extra) -> dict:
    """POST a Euchre request and answer its JSON body, checking it is a 200."""
    answer = client.post(path, json=request(state, move, options, **extra))
    assert answer.status_code == 200, (path, state, move, answer.get_json())
    return answer.get_json()


def legal_keys(answer: dict) -> set[tuple]:
    """The moves of a /legal-moves answer (or a validate-move `allowed`), reduced to comparable keys."""
    return {ref.move_key(move) for move in answer}


def verdict(client, state: dict, move: dict, options: dict | None = None) -> dict:
    """The /validate-move answer for `move`."""
    return post(client, "/validate-move", state, move, options)


def cited_rules(answer: dict) -> set[str]:
    """The rule ids a validate-move verdict or a 422 cites."""
    return {violation["rule"] for violation in answer.get("violations") or []}


def assert_illegal(client, state: dict, move: dict, rule: str, options: dict | None = None) -> dict:
    """/validate-move calls `move` illegal citing `rule`, and /apply-move refuses it with 422 citing it too."""
    answer = verdict(client, state, move, options)
    assert answer["legal"] is False, answer
    assert rule in cited_rules(answer), answer["violations"]
    assert all(violation["message"] for violation in answer["violations"])
    applied = client.post("/apply-move", json=request(state, move, options))
    assert applied.status_code == 422, applied.get_json()
    assert rule in cited_rules(applied.get_json()), applied.get_json()
    return answer


def assert_legal(client, state: dict, move: dict, options: dict | None = None) -> dict:
    """/validate-move calls `move` legal with no violations."""
    answer = verdict(client, state, move, options)
    assert answer["legal"] is True, answer
    assert answer["violations"] == []
    return answer


def assert_refused(client, state: dict, rule: str, options: dict | None = None,
                   pointer_prefix: str = "/state") -> list[dict]:
    """Every position endpoint answers 422 citing `rule`, with a pointer into the state and a reason."""
    found = []
    for endpoint in POSITION_ENDPOINTS:
        move = None if endpoint == "/legal-moves" else {"type": "pass"}
        answer = client.post(endpoint, json=request(state, move, options))
        body = answer.get_json()
        assert answer.status_code == 422, (endpoint, body)
        cited = [violation for violation in body.get("violations") or [] if violation["rule"] == rule]
        assert cited, (endpoint, body)
        assert cited[0].get("pointer", "").startswith(pointer_prefix), (endpoint, cited)
        assert cited[0]["message"]
        found.extend(cited)
    return found


def comparable_state(state: dict) -> dict:
    """The parts of a state the rules decide, in one spelling, so two writers' states compare equal."""
    def cards(hand):
        return sorted(hand) if isinstance(hand, list) else hand

    bids = [{k: v for k, v in bid.items() if not (k == "alone" and v is False)} for bid in state.get("bidding") or []]
    trick = state.get("current_trick") or {}
    return {
        "dealer": state["dealer"],
        "upcard": state["upcard"],
        "hands": [cards(hand) for hand in state["hands"]],
        "bidding": bids,
        "dealer_discard": state.get("dealer_discard"),
        "tricks": [{"leader": t["leader"], "cards": t["cards"], "winner": t.get("winner")}
                   for t in state.get("tricks") or []],
        "current_cards": trick.get("cards") or [],
        "current_leader": trick.get("leader") if trick.get("cards") else None,
    }
