"""/legal-moves for a seat whose hand is hidden against the same position in full view, engine as a library.

    .venv/bin/python -m bench.hidden_view [hands]

Plays `hands` random hands (default 20) of Canadian Salad (4 players) and of Euchre, and times
`rules_engine.answers.legal_moves` on every play-phase position where the seat to act is not the
viewer: once with every hand shown, once as the next seat sees it (the others hidden, and the
Euchre discard face down). Prints the median of each, in microseconds, and their ratio.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from rules_engine import answers


def seen_by(state: dict, viewer: int) -> dict:
    seen = dict(state, hands=[h if s == viewer else {"count": len(h)} for s, h in enumerate(state["hands"])])
    if type(state.get("dealer_discard")) is str and state["dealer"] != viewer:
        seen["dealer_discard"] = {"count": 1}
    return seen


def timed(body: dict, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        answers.legal_moves(body)
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def positions(game: str, hands: int, deal: dict) -> list[tuple[dict, dict]]:
    """Pairs of (full, viewed) request bodies at play-phase positions of random hands."""
    found = []
    for seed in range(hands):
        chooser = random.Random(seed)
        state = answers.deal({"game": game, "seed": seed, **deal})["state"]
        while True:
            listed = answers.legal_moves({"game": game, "state": state})
            if listed["to_act"] is None:
                break
            if listed["phase"] == "play":
                viewer = (listed["to_act"] + 1) % len(state["hands"])
                found.append(({"game": game, "state": state}, {"game": game, "state": seen_by(state, viewer)}))
            state = answers.apply_move({"game": game, "state": state, "move": chooser.choice(listed["moves"])})["state"]
    return found


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for game, deal in (("canadian-salad", {"players": 4}), ("euchre", {})):
        pairs = positions(game, hands, deal)
        full = statistics.median(timed(f) for f, _ in pairs)
        viewed = statistics.median(timed(v) for _, v in pairs)
        print(f"{game}: {len(pairs)} positions, /legal-moves median full view {full:.0f} us, "
              f"seat hidden {viewed:.0f} us, ratio {viewed / full:.1f}")


if __name__ == "__main__":
    main()
