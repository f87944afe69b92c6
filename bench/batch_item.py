"""A /batch item's CPU time in process, and its parts: the whole batch through the WSGI app, the engine alone.

The same mid-hand /legal-moves positions as `bench.batch` (100 per game), every answer computed
(CACHE_TTL_SECONDS=0). Each figure is the minimum over `--runs` runs of `time.process_time`, in
microseconds per position; bodies are parsed afresh before every engine run, as a batch's are.

    .venv/bin/python -m bench.batch_item [--runs 15] [--size 200]
"""

from __future__ import annotations

import argparse
import os
import time

import orjson

from .batch import batches, requests_for


def _least(run, runs: int, *args) -> float:
    best = float("inf")
    for _ in range(runs):
        best = min(best, run(*args))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--size", type=int, default=200)
    args = parser.parse_args()
    os.environ["CACHE_TTL_SECONDS"] = "0"
    from api.limits import LIMITS
    from app import create_app
    from rules_engine import answers

    singles = requests_for(100)
    texts: dict[str, list[bytes]] = {}
    for _, body in singles:
        texts.setdefault(body["game"], []).append(orjson.dumps(body))
    figures: dict[str, float] = {}

    def engine(game_texts: list[bytes]) -> float:
        bodies = [orjson.loads(text) for text in game_texts]
        started = time.process_time()
        for body in bodies:
            orjson.dumps(answers.legal_moves(body))
        return time.process_time() - started

    for game, game_texts in texts.items():
        figures[f"engine {game}"] = _least(engine, args.runs, game_texts) / len(game_texts) * 1e6
    every = [text for game_texts in texts.values() for text in game_texts]
    figures["engine, all games"] = _least(engine, args.runs, every) / len(every) * 1e6

    def limits() -> float:
        bodies = [orjson.loads(text) for text in every]
        started = time.process_time()
        for body in bodies:
            LIMITS.check(body, 4)
        return time.process_time() - started

    figures["size limits"] = _least(limits, args.runs) / len(every) * 1e6

    client = create_app().test_client()
    bodies = [orjson.dumps(body) for _, body in batches(singles, args.size)]

    def batch() -> float:
        started = time.process_time()
        for body in bodies:
            answer = client.post("/batch", data=body, content_type="application/json")
            assert answer.status_code == 200
        return time.process_time() - started

    figures["batch item, all in"] = _least(batch, args.runs) / (len(bodies) * args.size) * 1e6
    print(orjson.dumps({name: round(value, 1) for name, value in figures.items()}).decode())


if __name__ == "__main__":
    main()
