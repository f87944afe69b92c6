"""Complete example requests and answers for the spec, computed by the engine so they stay true."""

from __future__ import annotations

from functools import cache

from rules_engine import answers, replay
from rules_engine.registry import GAMES

LOGGED_MOVES = 4                  # moves of each example log: the first listed move, turn after turn


def _request(game: str, extra: dict) -> dict:
    return {"game": game, "variant": GAMES[game].default_variant, "options": {}, **extra}


@cache
def _game_examples() -> dict[str, dict]:
    return {slug: game.examples() for slug, game in GAMES.items()}


@cache
def requests(endpoint: str) -> dict[str, dict]:
    """Example requests for one endpoint, as OpenAPI examples: every game, its other variants and,
    for /legal-moves, every phase a game shows an example of."""
    found = {}
    if endpoint == "validate-game":
        return {slug: {"summary": f"{GAMES[slug].title}: the first {LOGGED_MOVES} moves from a deal",
                       "value": _log(slug, example.get("setup", {}))} for slug, example in _game_examples().items()}
    for slug, example in _game_examples().items():
        body = _body(slug, endpoint, example)
        if body is not None:
            found[slug] = {"summary": GAMES[slug].title, "value": body}
        for variant, variant_example in example.get("variants", {}).items():
            if endpoint == "score" and "finished_state" not in variant_example:
                continue
            body = _body(slug, endpoint, variant_example)
            if body is not None:
                found[f"{slug}-{variant}"] = {"summary": f"{GAMES[slug].title}, {variant}",
                                              "value": {**body, "variant": variant}}
            if endpoint == "legal-moves":
                for phase, state in variant_example.get("phases", {}).items():
                    found[f"{slug}-{variant}-{phase}"] = {
                        "summary": f"{GAMES[slug].title}, {variant}: {phase.replace('_', ' ')}",
                        "value": {**_request(slug, {"state": state}), "variant": variant}}
        if endpoint == "legal-moves":
            for phase, state in example.get("phases", {}).items():
                found[f"{slug}-{phase}"] = {"summary": f"{GAMES[slug].title}: {phase.replace('_', ' ')}",
                                            "value": _request(slug, {"state": state})}
    return found


@cache
def responses(endpoint: str) -> dict[str, dict]:
    """The engine's answer to each example request of an endpoint."""
    compute = {
        "deal": answers.deal, "legal-moves": answers.legal_moves, "validate-move": answers.validate_move,
        "apply-move": answers.apply_move, "score": answers.score, "explain": answers.explain,
        "validate-meld": answers.validate_meld, "validate-game": replay.validate_game,
    }[endpoint]
    return {slug: {"summary": item["summary"], "value": compute(item["value"])}
            for slug, item in requests(endpoint).items()}


@cache
def listing(name: str) -> dict:
    """Example answers of the GET endpoints, as the engine describes itself now."""
    first = next(iter(GAMES.values()))
    rule_id = first.rulebook.sections[0].rules[0].id
    found = {
        "games": {"games": [game.describe() for game in GAMES.values()]},
        "game": first.describe(full=True),
        "rulebook": answers.rulebook(first.slug),
        "rule": answers.rule(rule_id),
        "healthz": {"status": "ok"},
        "readyz": {"status": "ready", "cache": "redis", "redis": "up"},
    }[name]
    return {"example": found}


def _log(slug: str, setup: dict) -> dict:
    """A log from the deal seed 42 makes: the first move listed, LOGGED_MOVES times (fewer where the hand ends)."""
    deal = _request(slug, {"seed": 42, "setup": setup})
    state, moves = answers.deal(deal)["state"], []
    for _ in range(LOGGED_MOVES):
        listed = answers.legal_moves(_request(slug, {"state": state}))
        if not listed["moves"]:
            break
        move = {key: value for key, value in listed["moves"][0].items()
                if key not in answers.LISTING_FIELDS and key != "opening"}    # what the listing adds to a move
        moves.append(move)
        state = answers.apply_move(_request(slug, {"state": state, "move": move}))["state"]
    return {**deal, "moves": moves}


def _body(slug: str, endpoint: str, example: dict) -> dict | None:
    state, move = example.get("state"), example.get("move")
    if endpoint == "deal":
        return _request(slug, {"seed": 42, "setup": example.get("setup", {})})
    if endpoint == "legal-moves":
        return _request(slug, {"state": state})
    if endpoint in ("validate-move", "apply-move", "explain"):
        return _request(slug, {"state": state, "move": move})
    if endpoint == "score":
        return _request(slug, {"state": example.get("finished_state", state)})
    if endpoint == "validate-meld":
        meld = example.get("meld_request")
        return None if meld is None else _request(slug, meld)
    return None
