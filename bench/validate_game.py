"""/validate-game in process on whole Classic Canasta hands: time per log, and how it grows with the log's length.

Hands are played from seeded deals by random legal moves (`--hands`), and by a policy that makes
hands long (`--long-hands`: take the pile whenever it may, show one card at a time while holding
more than seven, never go out by choice). The longest hand is replayed in prefixes of growing
length, each timed as the median of `--repeat` calls of replay.validate_game (the engine's whole
work for the endpoint: deal, read, judge and apply every move, dump, score); so are the three
longest hands as one log of several hands.

    .venv/bin/python -m bench.validate_game [--hands 20] [--long-hands 60] [--repeat 9]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import orjson

from rules_engine import answers, replay

GAME = "canasta"


def _any_move(chooser: random.Random, offered: list[dict], state: dict, seat: int) -> dict:
    """Any legal move, at random."""
    return chooser.choice(offered)


def _lasting_move(chooser: random.Random, offered: list[dict], state: dict, seat: int) -> dict:
    """A move that makes the hand last: piles taken, cards shown one at a time."""
    takes = [m for m in offered if m["type"] == "take_pile"]
    shows = [m for m in offered if m["type"] in ("lay_off", "meld") and not m.get("going_out")]
    if takes:
        return chooser.choice(takes)
    if shows and len(state["hands"][seat]) > 7:
        fewest = min(map(_cards_shown, shows))
        return chooser.choice([m for m in shows if _cards_shown(m) == fewest])
    return chooser.choice([m for m in offered if m["type"] in ("draw", "discard")] or offered)


def played(seed: int, choose=_any_move) -> tuple[dict, list]:
    """A deal request and the moves of a whole hand from it, each chosen by `choose`."""
    chooser = random.Random(seed)
    dealt = {"game": GAME, "players": 4, "seed": seed}
    state = answers.deal(dealt)["state"]
    moves = []
    while True:
        listed = answers.legal_moves({"game": GAME, "state": state})
        if listed["to_act"] is None:
            return dealt, moves
        move = choose(chooser, listed["moves"], state, listed["to_act"])
        moves.append({key: value for key, value in move.items() if key not in ("code", "rules")})
        state = answers.apply_move({"game": GAME, "state": state, "move": move})["state"]


def _cards_shown(move: dict) -> int:
    return len(move.get("cards", [])) + sum(len(meld["cards"]) for meld in move.get("melds", []))


def times_ms(body: dict, repeat: int) -> list[float]:
    """Wall times of `repeat` calls of validate_game on the body, JSON text parsed included."""
    text = orjson.dumps(body)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        replay.validate_game(orjson.loads(text))
        times.append((time.perf_counter() - started) * 1000)
    return times


def timed(fields: dict, body: dict, moves: int, repeat: int) -> None:
    """Print the median and the quickest of `repeat` calls, each also per move.

    On a loaded machine a call of a few milliseconds is often paused for another process's time
    slice, so medians of long logs jump; the quickest call shows the work itself.
    """
    times = times_ms(body, repeat)
    median, quickest = statistics.median(times), min(times)
    print(orjson.dumps({**fields, "moves": moves, "ms": round(median, 2), "quickest_ms": round(quickest, 2),
                        "us_per_move": round(median * 1000 / moves, 1),
                        "quickest_us_per_move": round(quickest * 1000 / moves, 1)}).decode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--long-hands", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    hands = [played(seed) for seed in range(1, args.hands + 1)]
    lengths = sorted(len(moves) for _, moves in hands)
    print(orjson.dumps({"hands": len(hands), "moves_median": statistics.median(lengths),
                        "moves_longest": lengths[-1]}).decode())
    long_hands = [played(seed, _lasting_move) for seed in range(1, args.long_hands + 1)]
    if long_hands:
        long_lengths = sorted(len(moves) for _, moves in long_hands)
        print(orjson.dumps({"long_hands": len(long_hands), "moves_median": statistics.median(long_lengths),
                            "moves_longest": long_lengths[-1]}).decode())
    longest = sorted(hands + long_hands, key=lambda hand: len(hand[1]))[-3:]
    dealt, moves = longest[-1]
    for hand_dealt, hand_moves in hands[:5]:
        timed({"seed": hand_dealt["seed"]}, {**hand_dealt, "moves": hand_moves}, len(hand_moves), args.repeat)
    step = max(1, len(moves) // 6)
    for count in list(range(step, len(moves), step)) + [len(moves)]:
        timed({"prefix_of": len(moves)}, {**dealt, "moves": moves[:count]}, count, args.repeat)
    log = {"game": GAME, "players": 4, "hands": [{"seed": hand["seed"], "moves": hand_moves}
                                                 for hand, hand_moves in longest]}
    timed({"log_of_hands": len(longest)}, log, sum(len(hand_moves) for _, hand_moves in longest), args.repeat)

if __name__ == "__main__":
    main()
