"""One part of a /batch item's work, run `k` times inside functools.reduce for callgrind to count alone.

The same two batches of 200 mid-hand /legal-moves positions as `bench.batch`, every answer
computed (CACHE_TTL_SECONDS=0), the heap frozen after a warm-up. Parts: `batch` (the whole batch
through Flask's test client), `overhead` (the same with the engine's answer replaced by a constant),
`overhead-no-limits` (that, with the size limits skipped too), `engine` (`answers.legal_moves`
and its JSON on parsed bodies), `engine-GAME` (one game's 100 positions from their JSON text: parse,
`answers.legal_moves`, dump), `answers-GAME` (`answers.legal_moves` alone on that game's parsed bodies, the cycle
collector off, as in a batch), `limits` (`LIMITS.check` on each body), `parse` (the batches'
JSON text read and freed) and `single` (each position as a single call). Instructions per item:
the count at k = 2 less the count at k = 0, over 800 items (single: k = 1, over 400 calls; `engine-GAME` and
`answers-GAME`: over 200 answers).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        --toggle-collect=functools_reduce .venv/bin/python -m bench.batch_parts PART K
"""

from __future__ import annotations

import functools
import gc
import os
import sys

import orjson

from rules_engine.registry import GAMES

from .batch import batches, requests_for

PARTS = ("batch", "overhead", "overhead-no-limits", "engine", "limits", "parse", "single",
         *(f"engine-{game}" for game in GAMES), *(f"answers-{game}" for game in GAMES))


def main() -> None:
    part, k = sys.argv[1], int(sys.argv[2])
    assert part in PARTS, PARTS
    os.environ["CACHE_TTL_SECONDS"] = "0"
    from api import limits
    from app import create_app
    from rules_engine import answers

    singles = requests_for(100)
    texts = [orjson.dumps(body) for _, body in batches(singles, 200)]
    items = [orjson.dumps(body) for _, body in singles]
    client = create_app().test_client()

    def post_batches() -> None:
        for text in texts:
            assert client.post("/batch", data=text, content_type="application/json").status_code == 200

    post_batches()
    if part.startswith("overhead"):
        constant = {"moves": []}
        answers.legal_moves = lambda body: constant
        if part == "overhead-no-limits":
            limits.LIMITS.check = lambda *args, **kwargs: None
        post_batches()
    bodies = [orjson.loads(text) for text in items]
    game_texts = [text for text, body in zip(items, bodies) if part == f"engine-{body['game']}"]
    game_bodies = [body for body in bodies if part == f"answers-{body['game']}"]
    gc.freeze()
    if game_bodies:
        gc.disable()

    def run(_, __) -> None:
        if part in ("batch", "overhead", "overhead-no-limits"):
            post_batches()
        elif part == "engine":
            for body in bodies:
                orjson.dumps(answers.legal_moves(body))
        elif part.startswith("engine-"):
            for text in game_texts:
                orjson.dumps(answers.legal_moves(orjson.loads(text)))
        elif part.startswith("answers-"):
            for body in game_bodies:
                answers.legal_moves(body)
        elif part == "limits":
            for body in bodies:
                limits.LIMITS.check(body, 4)
        elif part == "parse":
            for text in texts:
                orjson.loads(text)
        else:
            for text in items:
                client.post("/legal-moves", data=text, content_type="application/json")

    functools.reduce(run, range(k), None)


if __name__ == "__main__":
    main()
