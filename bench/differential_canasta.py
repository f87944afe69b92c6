"""Classic and Two-hand Canasta answered by two checkouts, compared answer by answer.

    .venv/bin/python -m bench.differential_canasta --other /tmp/cardref-main [--hands 60]

Each checkout runs in its own process: it deals hands from fixed seeds and plays them with random
legal moves (the same random choices on both sides), answering /legal-moves, /validate-move (the
move played and a move drawn at random from the hand, legal or not), /score and /apply-move at every
position. The ruleset id is left out (it names the engine's files). Prints how many answers were
compared and the first differences.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _strip(answer):
    if isinstance(answer, dict):
        return {k: _strip(v) for k, v in answer.items() if k != "ruleset"}
    if isinstance(answer, list):
        return [_strip(v) for v in answer]
    return answer


def _call(fn, body):
    try:
        return _strip(fn(body))
    except Exception as error:  # noqa: BLE001 - a refusal, or a crash, is an answer too: compared by class and words
        problems = [[list(p.pointer), p.message, p.rule] for p in getattr(error, "problems", [])]
        return {"refused": type(error).__name__, "text": str(error), "problems": problems}


def compare_checkouts(module: str, other: str, hands: int) -> None:
    """Play `module`'s hands against this checkout's engine and the other's, and print how many answers differ
    (and the first). Both run this checkout's driver; only the engine, imported from the working directory,
    differs."""
    command = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(HERE)!r}); "
               f"from {module} import play; play({hands})"]
    mine, theirs = [subprocess.run(command, cwd=root, capture_output=True, text=True, check=True).stdout.splitlines()
                    for root in (HERE, Path(other))]
    differ = [i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b]
    print(json.dumps({"hands": hands, "answers": len(mine), "other_answers": len(theirs),
                      "refusals": sum('"refused"' in line for line in mine),
                      "differences": len(differ) + abs(len(mine) - len(theirs))}))
    for i in differ[:3]:
        print("this checkout:", mine[i][:600])
        print("other:        ", theirs[i][:600])


def _probe(rng: random.Random, state: dict, seat: int) -> dict:
    """A move drawn from the hand at random: legal or not, it must be judged alike."""
    hand = state["hands"][seat]
    if type(hand) is not list or not hand:
        return {"type": "draw"}
    cards = rng.sample(hand, min(len(hand), rng.randint(1, 3)))
    kind = rng.choice(["meld", "lay_off", "discard", "take_pile"])
    if kind == "meld":
        return {"type": "meld", "melds": [{"cards": cards}]}
    if kind == "lay_off":
        return {"type": "lay_off", "meld": 0, "cards": cards}
    if kind == "take_pile":
        return {"type": "take_pile", "cards": cards[:2]}
    return {"type": "discard", "card": cards[0]}


def play(hands: int) -> None:
    """Print one JSON line per answer, for the checkout in the working directory."""
    sys.path.insert(0, str(Path.cwd()))
    from rules_engine import answers
    for n in range(hands):
        variant = ("classic", "two-hand")[n % 2]
        rng = random.Random(n)
        envelope = {"game": "canasta", "variant": variant}
        dealt = answers.deal({**envelope, "seed": n, "setup": {"score": [rng.choice([0, 1600, 3200, -50]), 0]}})
        state = dealt["state"]
        for _ in range(400):
            listed = _call(answers.legal_moves, {**envelope, "state": state})
            print(json.dumps(listed, sort_keys=True))
            print(json.dumps(_call(answers.score, {**envelope, "state": state}), sort_keys=True))
            moves = listed.get("moves") or []
            if not moves:
                break
            seat = listed["to_act"]
            probe = _probe(rng, state, seat)
            print(json.dumps(_call(answers.validate_move, {**envelope, "state": state, "move": probe}), sort_keys=True))
            melding = [m for m in moves if m["type"] not in ("discard", "draw")]
            move = rng.choice(melding if melding and rng.random() < 0.7 else moves)
            move = {k: v for k, v in move.items() if k not in ("code", "rules", "opening")}
            print(json.dumps(_call(answers.validate_move, {**envelope, "state": state, "move": move}), sort_keys=True))
            applied = _call(answers.apply_move, {**envelope, "state": state, "move": move})
            print(json.dumps(applied, sort_keys=True))
            if "state" not in applied:
                break
            state = applied["state"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--other", help="the other checkout's root")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.hands)
        return
    compare_checkouts("bench.differential_canasta", args.other, args.hands)

if __name__ == "__main__":
    main()
