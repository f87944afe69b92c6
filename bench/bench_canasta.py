"""Canasta /legal-moves in process: typical positions and a 60-card hand holding 12 wild cards.

Run: .venv/bin/python bench/bench_canasta.py
Typical positions are every decision point of a few hands played with random legal moves; each
figure is the median of repeated in-process calls of rules_engine.answers.legal_moves, which
includes reading and checking the JSON state, exactly as the API does.
Targets: typical median <= 1 ms; the big hand <= 20 ms with <= 500 listed moves. The opening search
(exact, over counts) is also timed alone on the 60-card hand: no reachable position asks it of so
many cards (a seat whose side has not opened never took the pile), but its bound holds there too.
The same hand is timed under Classic changed as Bolivia plays its melds, where the searches share each
rank's cards among several melds and the wild cards among sets and melds of wild cards alone.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine import answers  # noqa: E402
from rules_engine.games.canasta import GAME as CANASTA  # noqa: E402
from rules_engine.games.canasta.config import config_for  # noqa: E402
from rules_engine.games.canasta.config import build_config  # noqa: E402
from rules_engine.games.canasta.listing import legal_moves  # noqa: E402
from rules_engine.games.canasta.opening import plan_opening, search_going_out  # noqa: E402
from rules_engine.games.canasta.state import read_state  # noqa: E402
from rules_engine.games.canasta.variants import CLASSIC  # noqa: E402

GAME = "canasta"


def typical_positions(hands: int = 6, seed: int = 1) -> list[dict]:
    """Every position of some hands played with random legal moves (melds preferred)."""
    rng = random.Random(seed)
    found = []
    for number in range(hands):
        state = answers.deal({"game": GAME, "players": 4, "seed": seed + number})["state"]
        while True:
            listed = answers.legal_moves({"game": GAME, "state": state})
            if listed["to_act"] is None:
                break
            found.append(state)
            moves = listed["moves"]
            melds = [m for m in moves if m["type"] not in ("discard", "draw")]
            move = rng.choice(melds if melds and rng.random() < 0.8 else moves)
            move = {k: v for k, v in move.items() if k not in ("code", "rules", "opening")}
            state = answers.apply_move({"game": GAME, "state": state, "move": move})["state"]
    return found


def big_hand() -> dict:
    """Seat 0 after taking a big pile: 60 cards, all four jokers and all eight twos among them."""
    wilds = ["JK"] * 4 + ["2C", "2D", "2H", "2S"] * 2
    counts = {"4": 5, "5": 5, "6": 5, "7": 4, "8": 5, "9": 4, "10": 4, "J": 4, "Q": 4, "K": 4, "A": 4}
    # The side's kings (KC, KD, KH) and sevens (one of each suit) are on the table; the hand holds
    # the other copies, so it can add to both melds.
    naturals = [rank + suit for rank, n in counts.items() for suit in "SHDCSHDC"[:n]]
    hand = naturals + wilds
    melds = [[{"rank": "K", "cards": ["KC", "KD", "KH"]}, {"rank": "7", "cards": ["7C", "7D", "7H", "7S"]}], []]
    shown = len(hand) + 7 + 2
    return {
        "players": 4, "dealer": 3,
        "hands": [hand, {"count": 11}, {"count": 11}, {"count": 11}],
        "stock": {"count": 108 - shown - 33},
        "discard": [],
        "melds": melds,
        "red_threes": [["3H"], ["3D"]],
        "melded_before": [True, False, False, False],
        "turn": {"seat": 0, "phase": "meld", "drew": "pile", "melded": True, "started": [], "extended": True,
                 "question": None},
    }


def opening_hand() -> dict:
    """The longest hand a Classic seat holds before its side opens (11 dealt and the draw: it never took
    the pile), with wild cards and sets of several ranks, after the opponents melded: listing meets the
    opening constraint."""
    hand = ["KC", "KD", "KS", "QH", "QD", "QS", "JK", "2C", "2D", "9H", "9S", "4C"]
    shown = len(hand) + 3 + 1
    return {
        "players": 4, "dealer": 3,
        "hands": [hand, {"count": 11}, {"count": 11}, {"count": 11}],
        "stock": {"count": 108 - shown - 33}, "discard": ["5H"],
        "melds": [[], [{"cards": ["7C", "7D", "7S"]}]], "red_threes": [[], []],
        "melded_before": [False, True, False, False],
        "turn": {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
                 "question": None},
    }


def opening_search_ms(repeat: int = 200) -> tuple[float, float]:
    """The opening search alone on the 60-card hand: melding from the hand, and taking a pile of six
    cards topped by a king (median milliseconds of plan_opening)."""
    cfg = config_for(CANASTA.ruleset())
    hand = big_hand()["hands"][0]
    return (_median_call_ms(lambda: plan_opening(cfg, hand, 120, keep=2), repeat),
            _median_call_ms(lambda: plan_opening(cfg, hand, 120, keep=2, gain=5, top="KS"), repeat))


def _median_call_ms(call, repeat: int) -> float:
    """The median time of one call, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def meld_kinds_ms(repeat: int = 30) -> tuple[float, int, float, float]:
    """The 60-card hand under Classic changed as Bolivia plays its melds (several melds of a rank, melds
    of wild cards alone, no wild card onto a canasta): legal moves in the engine, the number listed, the
    opening search and the going-out search (median milliseconds)."""
    entry = replace(CLASSIC, sets=replace(CLASSIC.sets, one_per_rank=False, all_wild=True, wild_onto_canasta=False))
    cfg = build_config(entry, ())
    raw = big_hand()
    hand = raw["hands"][0]
    state = read_state(cfg, raw, [])
    melds = state.melds[0]
    listed = len(legal_moves(cfg, read_state(cfg, raw, []))[0])
    return (_median_call_ms(lambda: legal_moves(cfg, read_state(cfg, raw, [])), repeat), listed,
            _median_call_ms(lambda: plan_opening(cfg, hand, 120, keep=2), repeat),
            _median_call_ms(lambda: search_going_out(cfg, hand, melds, canastas_needed=1, minimum=None), repeat))


def median_ms(body: dict, repeat: int) -> float:
    """The median time of one legal_moves call, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        answers.legal_moves(body)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    """Print the figures."""
    positions = typical_positions()
    per_position = [median_ms({"game": GAME, "state": s}, 5) for s in positions]
    print(f"typical positions: {len(positions)}; median of per-position medians {statistics.median(per_position):.3f} ms; "
          f"90th percentile {sorted(per_position)[int(len(per_position) * 0.9)]:.3f} ms; "
          f"max {max(per_position):.3f} ms")
    big = big_hand()
    assert len(big["hands"][0]) == 60 and sum(c == "JK" or c.startswith("2") for c in big["hands"][0]) == 12
    body = {"game": GAME, "state": big}
    moves = answers.legal_moves(body)["moves"]
    print(f"60-card hand with 12 wild cards: median {median_ms(body, 30):.3f} ms, {len(moves)} moves listed")
    body = {"game": GAME, "state": opening_hand()}
    moves = answers.legal_moves(body)["moves"]
    print(f"a 12-card hand before its side opened (opening constraint): median {median_ms(body, 30):.3f} ms, "
          f"{len(moves)} moves listed")
    meld, pile = opening_search_ms()
    print(f"opening search alone on the 60-card hand: melding {meld:.3f} ms, taking the pile {pile:.3f} ms")
    listing, listed, opening, going_out = meld_kinds_ms()
    print(f"the 60-card hand with several melds of a rank, melds of wild cards alone, no wild card onto a canasta: "
          f"legal moves {listing:.3f} ms ({listed} listed), opening search {opening:.3f} ms, going-out search "
          f"{going_out:.3f} ms")
    step = {"game": GAME, "state": opening_hand(), "move": {"type": "meld", "melds": [{"cards": ["KC", "KD", "KS"]}]}}
    times = []
    for _ in range(30):
        start = time.perf_counter()
        answers.validate_move(step)
        times.append(time.perf_counter() - start)
    print(f"a first step of that opening judged (K-K-K, 30 of 50, the rest searched): median "
          f"{statistics.median(times) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
