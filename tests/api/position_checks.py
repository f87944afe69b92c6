"""A refused position, as the position tests check it: a 422 citing an expected rule, pointing at a field the
request holds, with a reason."""

from __future__ import annotations


def resolves(document, pointer: str) -> bool:
    """Whether a JSON pointer names a field that exists in `document`."""
    node = document
    for part in pointer.lstrip("/").split("/") if pointer else []:
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return False
    return True


def assert_refusal(client, body: dict, rules: set[str], game: str | None = None) -> None:
    """/legal-moves answers `body` with 422 citing one of `rules` (rules of `game`, when given), each such
    violation pointing at a field the request holds and giving a reason."""
    answer = client.post("/legal-moves", json=body)
    assert answer.status_code == 422, answer.get_json()
    violations = answer.get_json().get("violations", [])
    cited = [v for v in violations if v["rule"] in rules]
    assert cited, violations
    for violation in cited:
        if game is not None:
            assert violation["rule"].startswith(game + "."), violation
        assert violation.get("pointer") and resolves(body, violation["pointer"]), violation
        assert violation["message"]


def accepted_answer(client, body: dict) -> dict:
    """The /legal-moves answer to `body`, a position that must be accepted."""
    answer = client.post("/legal-moves", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()
