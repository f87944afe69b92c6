"""Every POST of the spec has request examples ("Try it out" starts from one), and each example is answered as the
spec's matching answer example says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SPEC = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json").read_text())
POSTS = sorted(path for path, item in SPEC["paths"].items() if "post" in item)


@pytest.mark.parametrize("path", POSTS)
def test_every_post_has_request_examples(path):
    content = SPEC["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    assert content.get("examples") or content.get("example") is not None, path


@pytest.mark.parametrize("path", ["/validate-game"])
def test_validate_game_examples_are_answered_as_the_spec_says(client, path):
    operation = SPEC["paths"][path]["post"]
    requests = operation["requestBody"]["content"]["application/json"]["examples"]
    answers = operation["responses"]["200"]["content"]["application/json"]["examples"]
    assert set(requests) == set(answers) and len(requests) >= 4
    for name, example in requests.items():
        answer = client.post(path, json=example["value"])
        assert answer.status_code == 200, (name, answer.get_json())
        assert answer.get_json() == answers[name]["value"], name
        assert answer.get_json()["valid"] is True and answer.get_json()["steps"] == len(example["value"]["moves"])
