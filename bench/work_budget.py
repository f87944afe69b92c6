"""The answer's counted work (rules_engine.work): the steps random play needs, and what the steps cost in time.

    .venv/bin/python -m bench.work_budget [--hands 25] [--seed 1] [--worst 60] [--variants samba ...]

Random play: whole hands of every Canasta variant whose searches count steps, dealt and played to the end by
random legal moves (nine moves in ten a pile take where one is listed, so hands grow as large as play makes
them). At every position the listing, and a judgement of up to eight of its moves, are answered unbounded and
their steps read: the median, p99 and most, and how many would have passed ANSWER_STEPS (the target is none).

Worst searches: the bodies of bench.worst_searches, each answered with the answer's own steps, in CPU ms; the
most and the most per thousand steps spent (what bounds an answer's time once its steps are spent).
One JSON line per variant, then one for the worst searches.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import orjson

from rules_engine import answers, work

from .worst_searches import positions as worst_positions

VARIANTS = ("classic", "two-hand", "samba", "bolivia", "brazilian", "joker", "mexicana", "three-hand")
JUDGED = 8                      # moves judged per position


def _steps(call, body: dict) -> tuple[int, dict]:
    with work.metered(None) as meter:
        answer = call(body)
    return meter.spent, answer


def random_play(variant: str, hands: int, rng: random.Random) -> dict:
    """The steps of every listing and sampled judgement over `hands` hands of random play."""
    spent: list[int] = []
    biggest = 0
    for _ in range(hands):
        body = {"game": "canasta", "variant": variant}
        state = answers.deal({**body, "seed": rng.randrange(2**32)})["state"]
        while True:
            position = {**body, "state": state}
            steps, listed = _steps(answers.legal_moves, position)
            spent.append(steps)
            biggest = max([biggest] + [len(hand) for hand in state["hands"] if type(hand) is list])
            if listed["to_act"] is None or not listed["moves"]:
                break
            for move in rng.sample(listed["moves"], min(JUDGED, len(listed["moves"]))):
                spent.append(_steps(answers.validate_move, {**position, "move": move})[0])
            takes = [move for move in listed["moves"] if move["type"] == "take_pile"]
            move = rng.choice(takes) if takes and rng.random() < 0.9 else rng.choice(listed["moves"])
            state = answers.apply_move({**position, "move": move})["state"]
    spent.sort()
    return {"variant": variant, "hands": hands, "answers": len(spent), "largest_hand": biggest,
            "median_steps": statistics.median(spent), "p99_steps": spent[int(0.99 * (len(spent) - 1))],
            "most_steps": spent[-1], "past_answer_steps": sum(1 for s in spent if s > work.ANSWER_STEPS)}


def worst_searches(count: int) -> dict:
    """CPU ms of each worst-search body answered with ANSWER_STEPS, and the most per thousand steps."""
    timed = []
    for name, body in worst_positions(count):
        raw = orjson.dumps(body)
        started = time.process_time()
        with work.metered() as meter:
            answers.legal_moves(orjson.loads(raw))
        ms = (time.process_time() - started) * 1000
        timed.append((ms, name, meter.spent, meter.ran_out))
    timed.sort(reverse=True)
    return {"worst_searches": len(timed), "answer_steps": work.ANSWER_STEPS,
            "ran_out": sum(1 for t in timed if t[3]), "most_ms": round(timed[0][0], 1), "most": timed[0][1],
            "median_ms": round(statistics.median(t[0] for t in timed), 1),
            "most_ms_per_1000_steps": round(max(t[0] / max(t[2], 1) * 1000 for t in timed if t[2] > 1000), 2)}


def worst_batch(items: int = 256) -> dict:
    """One /batch of `items` worst-search listings, through the whole Flask stack with caching off: CPU seconds,
    against the same items as single calls."""
    from api.config import Settings
    from app import create_app

    client = create_app(Settings(cache_ttl_seconds=0)).test_client()
    bodies = [body for _, body in worst_positions(items)]
    started = time.process_time()
    answer = client.post("/batch", json={"requests": [{"path": "/legal-moves", "body": b} for b in bodies]})
    batch_s = time.process_time() - started
    assert answer.status_code == 200
    found = answer.get_json()["responses"]
    started = time.process_time()
    for body in bodies:
        client.post("/legal-moves", json=body)
    singles_s = time.process_time() - started
    return {"batch_items": items, "batch_cpu_s": round(batch_s, 2), "singles_cpu_s": round(singles_s, 2),
            "items_ran_out": sum(1 for item in found if "work" in item["body"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worst", type=int, default=60)
    parser.add_argument("--batch-only", action="store_true", help="only the batch of 256 worst items")
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    args = parser.parse_args()
    if args.batch_only:
        print(orjson.dumps(worst_batch()).decode(), flush=True)
        return
    rng = random.Random(args.seed)
    for variant in args.variants:
        print(orjson.dumps(random_play(variant, args.hands, rng)).decode(), flush=True)
    if args.worst:
        print(orjson.dumps(worst_searches(args.worst)).decode(), flush=True)


if __name__ == "__main__":
    main()
