"""A Python client generated from the committed spec (openapi-python-client) plays one hand of every
game and variant against the service over real HTTP: the spec is enough to write a client."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import time
import typing
import urllib.request
from pathlib import Path

import pytest

from rules_engine.registry import GAMES
from tests.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi" / "openapi.json"
BIN = Path(sys.executable).parent
MOVES_PER_HAND = 3000  # no hand of any game here takes this many moves


@pytest.fixture(scope="module")
def client_package(tmp_path_factory):
    """The client package, generated into a temporary directory and imported."""
    where = tmp_path_factory.mktemp("client")
    config = where / "config.yaml"
    config.write_text("post_hooks: []\n")
    generated = subprocess.run([str(BIN / "openapi-python-client"), "generate", "--path", str(SPEC), "--meta", "none",
                                "--output-path", str(where / "cardref_client"), "--config", str(config)],
                               check=True, capture_output=True, text=True, cwd=where)
    assert "Warning" not in generated.stdout + generated.stderr, generated.stdout + generated.stderr
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module("cardref_client")
    finally:
        sys.path.remove(str(where))


@pytest.fixture(scope="module")
def server():
    """The service under gunicorn on a free local port, as the Procfile runs it."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "WEB_CONCURRENCY": "1"}
    env.pop("REDIS_URL", None)
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
                                "--bind", f"127.0.0.1:{port}", "app:app"],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail("gunicorn did not start: " + process.stderr.read().decode()[-2000:])
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


def body_for(endpoint, data: dict):
    """The generated request model that holds `data` exactly: the one member of the body's oneOf it fits."""
    kinds = typing.get_args(typing.get_type_hints(endpoint._get_kwargs)["body"])
    fitting = []
    for kind in kinds:
        try:
            built = kind.from_dict(data)
        except (TypeError, ValueError, AttributeError, KeyError):
            continue
        if built.to_dict() == data:
            fitting.append(built)
    assert len(fitting) == 1, f"{len(fitting)} request shapes fit {data}"
    return fitting[0]


def call(endpoint, client, data: dict):
    """Send `data` through a generated endpoint; return the typed answer, which must be a success."""
    response = endpoint.sync_detailed(client=client, body=body_for(endpoint, data))
    assert response.status_code == 200, response.content[:500]
    return response.parsed


HANDS = [(slug, variant.slug) for slug, game in GAMES.items() for variant in game.variants if variant.playable]


def generated(client_package, server: str) -> tuple:
    """The generated client's endpoints for a hand (deal, legal moves, apply a move, score) and a client of the server."""
    endpoints = tuple(importlib.import_module(f"cardref_client.api.{name}") for name in (
        "play.post_deal", "play.post_legal_moves", "play.post_apply_move", "scoring.post_score"))
    return (*endpoints, client_package.Client(base_url=server, raise_on_unexpected_status=True))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "variant"), HANDS, ids=[f"{g}-{v}" for g, v in HANDS])
def test_generated_client_plays_a_hand(client_package, server, game, variant):
    deal, legal_moves, apply_move, score, client = generated(client_package, server)
    envelope = {"game": game, "variant": variant}
    dealt = call(deal, client, {**envelope, "seed": 7})
    state = dealt.state.to_dict()
    for made in range(MOVES_PER_HAND):
        listed = call(legal_moves, client, {**envelope, "state": state})
        if listed.to_act is None:
            break
        assert listed.moves, f"{game} {variant}: seat {listed.to_act} to act with no legal move"
        # Anything but a pass, where there is a choice: a Euchre hand of eight passes would play no card.
        move = next((m for m in listed.moves if m.type_ != "pass"), listed.moves[0])
        applied = call(apply_move, client, {**envelope, "state": state, "move": move.to_dict()})
        state = applied.state.to_dict()
    else:
        pytest.fail(f"{game} {variant}: the hand did not end in {MOVES_PER_HAND} moves")
    assert listed.phase == "over" and listed.moves == [] and made > 0
    print(f"{game} {variant}: {made} moves")
    scored = call(score, client, {**envelope, "state": state})
    assert scored.lines, "a finished hand scores line by line"
    assert all(line.rule.startswith(game + ".") for line in scored.lines)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "variant"), HANDS, ids=[f"{g}-{v}" for g, v in HANDS])
def test_generated_client_plays_a_hand_from_one_seats_view(client_package, server, game, variant):
    # The table holds the full position and sends seat 0 only its view: the seat's client keeps its own position by
    # applying the moves as it saw them, and scores the finished hand from it alone, as the full table does.
    deal, legal_moves, apply_move, score, client = generated(client_package, server)
    envelope = {"game": game, "variant": variant}
    full = call(deal, client, {**envelope, "seed": 11}).state.to_dict()
    seen = call(deal, client, {**envelope, "seed": 11, "view": 0}).state.to_dict()
    for _ in range(MOVES_PER_HAND):
        listed = call(legal_moves, client, {**envelope, "state": full})
        if listed.to_act is None:
            break
        move = next((m for m in listed.moves if m.type_ != "pass"), listed.moves[0]).to_dict()
        for_seat = call(apply_move, client, {**envelope, "state": full, "move": move, "view": 0})
        for viewed in for_seat.moves:
            seen = call(apply_move, client, {**envelope, "state": seen, "move": viewed.to_dict()
                                             if hasattr(viewed, "to_dict") else viewed}).state.to_dict()
        if for_seat.phase == "over":
            # The finished hand's view lays every hand open to be counted: the client takes it from the answer.
            assert {**seen, "hands": None} == {**for_seat.state.to_dict(), "hands": None}
            seen = for_seat.state.to_dict()
        assert seen == for_seat.state.to_dict()
        full = call(apply_move, client, {**envelope, "state": full, "move": move}).state.to_dict()
    else:
        pytest.fail(f"{game} {variant}: the hand did not end in {MOVES_PER_HAND} moves")
    from_view = call(score, client, {**envelope, "state": seen})
    assert from_view.to_dict() == call(score, client, {**envelope, "state": full}).to_dict()
