"""Classic and Two-hand answers of two checkouts compared: random hands replayed through both engines.

Run: .venv/bin/python bench/differential_canasta.py OTHER_CHECKOUT [--hands 40]
Each checkout plays the same hands in its own process (both are the package `rules_engine`): every
position's /legal-moves answer, /validate-move on the move chosen and on a few moves made up from the
hand (most of them illegal, so refusals are compared too), /apply-move, and /score at the end. The
chosen move is picked from the listing by a seeded generator, so both walks stay the same while their
answers agree. The ruleset id, which changes with any engine file, is left out of the comparison.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

VARIANTS = (("classic", 4), ("two-hand", 2))


def _plain(answer: object) -> object:
    """The answer without its ruleset id."""
    if isinstance(answer, dict):
        return {k: _plain(v) for k, v in answer.items() if k != "ruleset"}
    if isinstance(answer, list):
        return [_plain(v) for v in answer]
    return answer


def _made_up(rng: random.Random, state: dict, seat: int) -> list[dict]:
    """A few moves built from the acting hand: melds, lay-offs, pile takings and discards."""
    hand = state["hands"][seat]
    if not isinstance(hand, list) or not hand:
        return []
    found = [{"type": "discard", "card": rng.choice(hand)}, {"type": "discard", "card": "KH"}]
    for size in (2, 3, 4):
        if len(hand) >= size:
            found.append({"type": "meld", "melds": [{"cards": rng.sample(hand, size)}]})
            found.append({"type": "take_pile", "cards": rng.sample(hand, size - 1)})
    side_melds = state["melds"][seat % len(state["melds"])]
    if side_melds:
        found.append({"type": "lay_off", "meld": rng.randrange(len(side_melds)), "cards": rng.sample(hand, 1)})
    found.append({"type": "take_pile", "cards": []})
    return found


def walk(root: str, hands: int) -> list[str]:
    """Digests of every answer of `hands` random hands per variant, played through the checkout at root."""
    sys.path.insert(0, root)
    from rules_engine import answers
    from rules_engine.errors import EngineError

    def ask(call, body):
        try:
            return _plain(call(body))
        except EngineError as refusal:
            return {"refused": str(refusal)}

    digests = []
    for variant, players in VARIANTS:
        for number in range(hands):
            rng = random.Random(number)
            envelope = {"game": "canasta", "variant": variant}
            state = answers.deal({**envelope, "players": players, "seed": number})["state"]
            for _ in range(400):
                listed = ask(answers.legal_moves, {**envelope, "state": state})
                digests.append(json.dumps(listed, sort_keys=True))
                if listed.get("to_act") is None or not listed.get("moves"):
                    break
                moves = listed["moves"]
                melding = [m for m in moves if m["type"] not in ("discard", "draw")]
                move = {k: v for k, v in rng.choice(melding if melding and rng.random() < 0.7 else moves).items()
                        if k not in ("code", "rules", "opening")}
                for other in [move] + _made_up(rng, state, listed["to_act"]):
                    digests.append(json.dumps(ask(answers.validate_move, {**envelope, "state": state, "move": other}),
                                              sort_keys=True))
                applied = ask(answers.apply_move, {**envelope, "state": state, "move": move})
                digests.append(json.dumps(applied, sort_keys=True))
                if "state" not in applied:
                    break
                state = applied["state"]
            digests.append(json.dumps(ask(answers.score, {**envelope, "state": state}), sort_keys=True))
    return [hashlib.sha256(d.encode()).hexdigest()[:16] + " " + d[:200] for d in digests]


def main() -> None:
    """Walk both checkouts in their own processes and report where their answers first differ."""
    args = sys.argv[1:]
    if args and args[0] == "--walk":
        print("\n".join(walk(args[1], int(args[2]))))
        return
    other = args[0]
    hands = int(args[args.index("--hands") + 1]) if "--hands" in args else 40
    here = str(Path(__file__).resolve().parent.parent)
    runs = [subprocess.run([sys.executable, __file__, "--walk", root, str(hands)], capture_output=True, text=True,
                           check=True).stdout.splitlines() for root in (here, other)]
    mine, theirs = runs
    differ = [i for i, (a, b) in enumerate(zip(mine, theirs)) if a[:16] != b[:16]]
    print(f"answers compared: {min(len(mine), len(theirs))} (this checkout {len(mine)}, other {len(theirs)}); "
          f"differing: {len(differ)}")
    if differ:
        i = differ[0]
        print(f"first difference at answer {i}:\n  here:  {mine[i]}\n  other: {theirs[i]}")
    sys.exit(1 if differ or len(mine) != len(theirs) else 0)


if __name__ == "__main__":
    main()
