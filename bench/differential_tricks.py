"""Canadian Salad, Euchre and Salsifis answered by two checkouts, compared answer by answer.

    .venv/bin/python -m bench.differential_tricks --other /tmp/main-base [--hands 120]

Each checkout runs in its own process: it deals hands from fixed seeds under several option sets
and plays them with random legal moves (the same random choices on both sides), answering
/legal-moves, /validate-move (the move played, and a card or bid drawn at random), /apply-move,
/explain and /score at every position; each position is also asked again with hands hidden
({"count": n}) and with random mutations (cards swapped between places, a leader or winner
changed, a card dropped), which the engines must refuse or answer alike. The ruleset id is left
out (it names the engine's files). Prints how many answers were compared, how many were refusals,
and the first differences.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from pathlib import Path

from .differential_canasta import _call, compare_checkouts

SETUPS = [
    ("canadian-salad", {}, 4), ("canadian-salad", {"stop_when_penalties_taken": True}, 3),
    ("canadian-salad", {}, 5),
    ("euchre", {}, 4), ("euchre", {"deck": "24", "dealer_may_discard_upcard": False, "stick_the_dealer": True}, 4),
    ("euchre", {"lone_defender": True, "lone_first_lead": "maker_left",
                "dealer_exchange_when_partner_alone": "exchange"}, 4),
    ("euchre", {"lone_defender": True, "lone_defender_order": "dealer_left"}, 4),
    ("salsifis", {}, 4), ("salsifis", {}, 3), ("salsifis", {"five_players": "packets-of-two"}, 5),
    ("salsifis", {"late_formula": "penalized", "losing_cards": "owners"}, 4),
]


def _cards_of(node) -> list[tuple[list, int]]:
    """Every place a card code sits in a state: (the list holding it, its index)."""
    found = []
    if isinstance(node, list):
        for index, item in enumerate(node):
            if isinstance(item, str) and len(item) == 2:
                found.append((node, index))
            else:
                found.extend(_cards_of(item))
    elif isinstance(node, dict):
        for value in node.values():
            found.extend(_cards_of(value))
    return found


def _mutated(rng: random.Random, state: dict) -> dict:
    """The state with one random change a client could make by mistake."""
    state = copy.deepcopy(state)
    places = _cards_of(state)
    kind = rng.randrange(5)
    if kind == 0 and len(places) > 1:
        (a, i), (b, j) = rng.sample(places, 2)
        a[i], b[j] = b[j], a[i]
    elif kind == 1 and places:
        holder, index = rng.choice(places)
        del holder[index]
    elif kind == 2 and places:
        holder, index = rng.choice(places)
        holder[index] = rng.choice(["AS", "2C", "TD", "JH", "QS", "9C", "XX", "KD"])
    else:
        tricks = [t for t in state.get("tricks") or [] if isinstance(t, dict)]
        current = state.get("current_trick")
        pool = tricks + ([current] if isinstance(current, dict) else [])
        if pool:
            trick = rng.choice(pool)
            trick["winner" if kind == 3 and "winner" in trick else "leader"] = rng.randrange(5)
    return state


def _hidden(rng: random.Random, state: dict) -> dict:
    """The state with some hands shown as counts only."""
    state = copy.deepcopy(state)
    hands = state.get("hands")
    if isinstance(hands, list):
        for seat, hand in enumerate(hands):
            if isinstance(hand, list) and rng.random() < 0.6:
                hands[seat] = {"count": len(hand)}
    return state


def _probe(rng: random.Random, state: dict, seat: int | None) -> dict:
    hand = state.get("hands", [[]])[seat or 0]
    card = rng.choice(hand) if isinstance(hand, list) and hand else rng.choice(["AS", "JH", "7C"])
    return rng.choice([{"type": "play", "card": card}, {"type": "pass"}, {"type": "discard", "card": card},
                       {"type": "order_up"}, {"type": "call", "suit": rng.choice("CDHS")},
                       {"type": "play", "card": card, "seat": rng.randrange(4)}])


def play(hands: int) -> None:
    """Print one JSON line per answer, for the checkout in the working directory."""
    sys.path.insert(0, str(Path.cwd()))
    from rules_engine import answers
    for n in range(hands):
        game, options, players = SETUPS[n % len(SETUPS)]
        rng = random.Random(n)
        envelope = {"game": game, "options": options}
        dealt = _call(answers.deal, {**envelope, "players": players, "seed": n})
        print(json.dumps(dealt, sort_keys=True))
        if "state" not in dealt:
            continue
        state = dealt["state"]
        for _ in range(200):
            listed = _call(answers.legal_moves, {**envelope, "state": state})
            print(json.dumps(listed, sort_keys=True))
            for other in (_hidden(rng, state), _mutated(rng, state), _mutated(rng, state)):
                print(json.dumps(_call(answers.legal_moves, {**envelope, "state": other}), sort_keys=True))
                probe = _probe(rng, state, listed.get("to_act"))
                print(json.dumps(_call(answers.validate_move, {**envelope, "state": other, "move": probe}),
                                 sort_keys=True))
            print(json.dumps(_call(answers.score, {**envelope, "state": state}), sort_keys=True))
            moves = listed.get("moves") or []
            probe = _probe(rng, state, listed.get("to_act"))
            print(json.dumps(_call(answers.validate_move, {**envelope, "state": state, "move": probe}), sort_keys=True))
            print(json.dumps(_call(answers.explain, {**envelope, "state": state, "move": probe}), sort_keys=True))
            if not moves:
                break
            move = {k: v for k, v in rng.choice(moves).items() if k not in ("code", "rules", "unverified")}
            print(json.dumps(_call(answers.validate_move, {**envelope, "state": state, "move": move}), sort_keys=True))
            applied = _call(answers.apply_move, {**envelope, "state": state, "move": move,
                                                 "include_legal_moves": rng.random() < 0.3})
            print(json.dumps(applied, sort_keys=True))
            if "state" not in applied:
                break
            state = applied["state"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", help="the other checkout's directory")
    parser.add_argument("--hands", type=int, default=120)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.hands)
        return
    compare_checkouts("bench.differential_tricks", args.other, args.hands)


if __name__ == "__main__":
    main()
