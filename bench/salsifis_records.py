"""Salsifis: what checking the settled turns' records together costs, cold and in game order, under every option.

Random games of four and five players are played out under each combination of losing_cards, unclaimed_packet and
flee_limit; every position is asked /legal-moves in process with the walk's memos emptied first (cold: a worker
that has seen nothing of the game), and again in game order with the memos kept. A second pass moves one to three
cards between two seats' won piles of late positions (and sometimes changes a lone streak), which mostly gives
records that are possible seat by seat but not together: the refusals' cost. Printed: medians and maxima in ms,
and how often the walk gave up (and so accepted the record).

    .venv/bin/python -m bench.salsifis_records [--games 6]
"""

from __future__ import annotations

import argparse
import copy
import itertools
import random
import statistics
import time

import orjson

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.salsifis import joint


class _Counted:
    """records_fit, counting the walks that gave up."""

    def __init__(self, inner):
        self.inner, self.calls, self.gave_up = inner, 0, 0
        self.cache_clear = inner.cache_clear

    def __call__(self, *args):
        found = self.inner(*args)
        self.calls += 1
        self.gave_up += found is None
        return found


def _forget() -> None:
    joint.records_fit.cache_clear()
    joint._PROVED.clear()


def _timed(ask, body: dict) -> tuple[float, bool]:
    started = time.perf_counter()
    try:
        ask(body)
        accepted = True
    except InvalidRequest:
        accepted = False
    return (time.perf_counter() - started) * 1e3, accepted


def _played(options: dict, players: int, seed: int, chooser: random.Random) -> list[dict]:
    body = {"game": "salsifis", "options": options}
    state = answers.deal({**body, "players": players, "seed": seed})["state"]
    states = [state]
    while True:
        listed = answers.legal_moves({**body, "state": state})
        if listed["to_act"] is None:
            return states
        state = answers.apply_move({**body, "state": state, "move": chooser.choice(listed["moves"])})["state"]
        states.append(state)


def _moved_cards(state: dict, players: int, chooser: random.Random) -> dict:
    changed = copy.deepcopy(state)
    piles = changed["won"]
    giver, taker = chooser.sample(range(players), 2)
    count = chooser.randint(1, 3)
    if len(piles[giver]) >= count:
        piles[taker] += piles[giver][:count]
        piles[giver] = piles[giver][count:]
    if chooser.random() < 0.5:
        changed["alone_streak"][chooser.randrange(players)] = chooser.randint(0, 2)
    return changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    counted = joint.records_fit = _Counted(joint.records_fit)
    for losing, unclaimed, flee in itertools.product(("winner", "owners", "discarded"), ("discarded", "carried"),
                                                    (0, 2)):
        options = {"losing_cards": losing, "unclaimed_packet": unclaimed, "flee_limit": flee}
        for players in (4, 5):
            chooser = random.Random(players)
            cold, in_order, moved, refused = [], [], [], 0
            counted.calls = counted.gave_up = 0
            for seed in range(args.games):
                states = _played(options, players, seed, chooser)
                bodies = [{"game": "salsifis", "options": options, "state": s} for s in states]
                _forget()
                in_order += [_timed(answers.legal_moves, b)[0] for b in bodies]
                for body in bodies:
                    _forget()
                    cold.append(_timed(answers.legal_moves, body)[0])
                for state in states[-6:]:
                    for _ in range(5):
                        body = {"game": "salsifis", "options": options,
                                "state": _moved_cards(state, players, chooser)}
                        ask = answers.score if not body["state"]["packets"] else answers.legal_moves
                        _forget()
                        spent, accepted = _timed(ask, body)
                        moved.append(spent)
                        refused += not accepted
            print(orjson.dumps({
                "options": options, "players": players, "positions": len(cold),
                "cold_median_ms": round(statistics.median(cold), 3), "cold_max_ms": round(max(cold), 1),
                "in_order_median_ms": round(statistics.median(in_order), 3),
                "moved_records": len(moved), "moved_refused": refused,
                "moved_median_ms": round(statistics.median(moved), 2), "moved_max_ms": round(max(moved), 1),
                "walks": counted.calls, "walks_given_up": counted.gave_up}).decode())


if __name__ == "__main__":
    main()
