"""Euchre legal moves: cardref's engine as a library against OpenSpiel's C++ engine, on the same positions.

Positions are taken at random decision points (bidding, the dealer's discard, play) of hands OpenSpiel
plays by random legal actions, 24-card pack (the one OpenSpiel plays), stick the dealer, some makers
going alone; each is rebuilt in cardref by making the same moves, and both engines must list the same
moves there. Timed per position, in alternating rounds of the same run:

- cardref, plain data: `answers.legal_moves(body)` on the request as Python dicts and lists;
- cardref, JSON text: the same with the request's JSON text parsed first (orjson, as the service does);
- OpenSpiel, deserialize: `game.deserialize_state(text)` then `legal_actions()`; OpenSpiel's serialized
  state is its action history, which the C++ engine replays from a new state, as cardref reads and
  replays the recorded bids and tricks: the engine restores the position from text with two calls
  from Python. This is the fair counterpart, and the one the ratio is taken against;
- OpenSpiel, replay from Python: a new state and `apply_action` for every action, then `legal_actions()`;
  shown for reference: most of its time is the ~30 calls crossing from Python into C++.

cardref's time on 32-card positions (which OpenSpiel does not play) is shown beside them. OpenSpiel is
not a dependency of cardref: install it in a separate environment, as for the agreement bench,

    python3.11 -m venv /tmp/openspiel && /tmp/openspiel/bin/pip install open_spiel==2.0.2 orjson==3.13.0
    PYTHONPATH=. /tmp/openspiel/bin/python bench/openspiel_euchre_speed.py [--positions 150] [--rounds 30]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

try:
    import pyspiel
except ImportError:
    pyspiel = None

try:
    import orjson
    loads, dumps, PARSER = orjson.loads, orjson.dumps, "orjson"
except ImportError:  # the service parses with orjson; plain json keeps the bench running without it
    loads, dumps, PARSER = json.loads, lambda value: json.dumps(value).encode(), "json"

from rules_engine import answers

PASS, CLUBS, ALONE, WITH_PARTNER = 24, 25, 29, 30  # OpenSpiel action numbers
RANKS = ["9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"
PHASES = ("bidding", "discard", "play")
OPTIONS_24 = {"deck": "24", "stick_the_dealer": True, "dealer_may_discard_upcard": False,
              "dealer_exchange_when_partner_alone": "exchange"}


def code(card: int) -> str:
    """cardref's code for OpenSpiel's card number (rank * 4 + suit)."""
    return RANKS[card // 4] + SUITS[card % 4]


def openspiel_hand(rng: random.Random, game) -> tuple[list[tuple[str, int, list[int]]], object]:
    """A whole hand played by random legal actions: (phase, action, legal actions) per decision, and the deal."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    dealt = state.clone()
    alone = rng.random() < 0.2
    decisions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        phase = str(state.current_phase())
        if "GO_ALONE" in phase:
            action = ALONE if alone else WITH_PARTNER
        elif "BIDDING" in phase:
            makes = [a for a in legal if a != PASS]
            action = rng.choice(makes) if makes and (PASS not in legal or rng.random() < 0.3) else PASS
        else:
            action = rng.choice(legal)
        decisions.append((phase, action, sorted(legal)))
        state.apply_action(action)
    return decisions, dealt


def cardref_move(phase: str, action: int, passes: int, alone: bool) -> dict:
    """cardref's move for OpenSpiel's action; alone is the maker's later decision, folded into the bid."""
    if "BIDDING" in phase:
        if action == PASS:
            return {"type": "pass"}
        if passes < 4:
            return {"type": "order_up", "alone": alone}
        return {"type": "call", "suit": SUITS[action - CLUBS], "alone": alone}
    if "DISCARD" in phase:
        return {"type": "discard", "card": code(action)}
    return {"type": "play", "card": code(action)}


def listed_as_openspiel(listed: dict, upcard: str) -> set[int]:
    """cardref's listed moves as OpenSpiel action numbers (bids without their alone flag)."""
    actions = set()
    for move in listed["moves"]:
        kind = move["type"]
        if kind == "pass":
            actions.add(PASS)
        elif kind == "order_up":
            actions.add(CLUBS + SUITS.index(upcard[-1]))
        elif kind == "call":
            actions.add(CLUBS + SUITS.index(move["suit"]))
        else:
            actions.add(RANKS.index(move["card"][:-1]) * 4 + SUITS.index(move["card"][-1]))
    return actions


def openspiel_positions(count: int, seed: int) -> list[dict]:
    """Positions at random decision points of OpenSpiel hands, in both engines' forms, checked to agree."""
    rng = random.Random(seed)
    game = pyspiel.load_game("euchre", {"stick_the_dealer": True})
    found: list[dict] = []
    while len(found) < count:
        decisions, dealt = openspiel_hand(rng, game)
        alone = any(action == ALONE for _, action, _ in decisions)
        wanted = PHASES[len(found) % 3]
        points = [i for i, (phase, _, _) in enumerate(decisions) if wanted.upper() in phase]
        if not points:
            continue
        stop = rng.choice(points)
        holder = dealt.card_holder()
        dealer = dealt.dealer()
        state = {"dealer": dealer, "upcard": code(dealt.upcard()),
                 "hands": [[code(c) for c in range(24) if holder[c] == p] for p in range(4)],
                 "bidding": [], "tricks": [], "current_trick": {"leader": (dealer + 1) % 4, "cards": []}}
        openspiel_state = dealt.clone()
        passes = 0
        for phase, action, _ in decisions[:stop]:
            openspiel_state.apply_action(action)
            if "GO_ALONE" in phase:
                continue
            move = cardref_move(phase, action, passes, alone)
            passes += action == PASS
            state = answers.apply_move({"game": "euchre", "options": OPTIONS_24, "state": state, "move": move})["state"]
        body = {"game": "euchre", "options": OPTIONS_24, "state": state}
        listed = answers.legal_moves(body)
        if listed_as_openspiel(listed, state["upcard"]) != set(decisions[stop][2]):
            raise AssertionError(f"the engines list different moves: OpenSpiel {decisions[stop][2]}, cardref {listed}")
        found.append({"phase": wanted, "body": body, "text": dumps(body), "history": openspiel_state.history(),
                      "serialized": openspiel_state.serialize(), "game": game})
    return found


def cardref_positions(count: int, seed: int) -> list[dict]:
    """32-card positions from cardref's own deals, played by random legal moves, spread over the phases."""
    rng = random.Random(seed)
    options = {"deck": "32", "stick_the_dealer": True}
    found: list[dict] = []
    while len(found) < count:
        state = answers.deal({"game": "euchre", "options": options, "seed": rng.randrange(10**9),
                              "setup": {"dealer": rng.randrange(4)}})["state"]
        path = []
        while True:
            body = {"game": "euchre", "options": options, "state": state}
            listed = answers.legal_moves(body)
            if listed["to_act"] is None:
                break
            path.append((listed["phase"], body))
            moves = listed["moves"]
            bidding = listed["phase"].startswith("bidding")
            move = rng.choice(moves[1:]) if bidding and len(moves) > 1 and rng.random() < 0.3 else (
                moves[0] if bidding else rng.choice(moves))
            state = answers.apply_move({**body, "move": move})["state"]
        wanted = PHASES[len(found) % 3]
        points = [body for phase, body in path if phase.startswith(wanted)]
        if points:
            body = rng.choice(points)
            found.append({"phase": wanted, "body": body, "text": dumps(body)})
    return found


def per_call_us(call, repeat: int) -> float:
    """Wall time of one call in microseconds, over `repeat` calls in a row."""
    started = time.perf_counter_ns()
    for _ in range(repeat):
        call()
    return (time.perf_counter_ns() - started) / repeat / 1000


def timers(position: dict) -> dict:
    """The calls timed on a position, by name."""
    legal_moves, body, text = answers.legal_moves, position["body"], position["text"]
    found = {"cardref_plain": lambda: legal_moves(body), "cardref_text": lambda: legal_moves(loads(text))}
    if "game" in position:
        game, serialized, history = position["game"], position["serialized"], position["history"]

        def replayed():
            state = game.new_initial_state()
            for action in history:
                state.apply_action(action)
            return state.legal_actions()

        found["openspiel_deserialize"] = lambda: game.deserialize_state(serialized).legal_actions()
        found["openspiel_replay"] = replayed
    return found


def measure(positions: list[dict], rounds: int, repeat: int) -> list[dict]:
    """Each position's median time per call of each timer, rounds alternating between the timers."""
    for position in positions:
        calls = timers(position)
        samples: dict[str, list[float]] = {name: [] for name in calls}
        for _ in range(rounds):
            for name, call in calls.items():
                samples[name].append(per_call_us(call, repeat))
        position["us"] = {name: statistics.median(times) for name, times in samples.items()}
    return positions


def summary(positions: list[dict], label: str) -> None:
    """Print the median per call of each timer, overall and by phase, and cardref's ratios to OpenSpiel."""
    names = list(positions[0]["us"])
    for phase in (None,) + PHASES:
        chosen = [p for p in positions if phase is None or p["phase"] == phase]
        line = {"positions": label, "phase": phase or "all", "count": len(chosen)}
        line.update({f"{name}_us": round(statistics.median(p["us"][name] for p in chosen), 2) for name in names})
        if "openspiel_deserialize" in names:
            for mine in ("cardref_plain", "cardref_text"):
                line[f"{mine}_over_deserialize"] = round(
                    statistics.median(p["us"][mine] / p["us"]["openspiel_deserialize"] for p in chosen), 2)
            line["cardref_plain_over_replay"] = round(
                statistics.median(p["us"]["cardref_plain"] / p["us"]["openspiel_replay"] for p in chosen), 2)
        print(json.dumps(line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=150, help="per pack, spread evenly over the phases")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=20, help="calls in a row per timing")
    args = parser.parse_args()
    if pyspiel is None:
        print("pyspiel is not installed: this bench needs OpenSpiel in a separate environment, see its docstring "
              "(python3.11 -m venv /tmp/openspiel && /tmp/openspiel/bin/pip install open_spiel==2.0.2 orjson==3.13.0)")
        sys.exit(0)
    print(f"cardref vs OpenSpiel {getattr(pyspiel, '__version__', '')} euchre legal moves; JSON parser {PARSER}; "
          f"{args.rounds} rounds x {args.repeat} calls per position; load average {os.getloadavg()[0]:.2f}")
    shared = measure(openspiel_positions(args.positions, seed=1), args.rounds, args.repeat)
    summary(shared, "24-card, both engines")
    summary(measure(cardref_positions(args.positions, seed=2), args.rounds, args.repeat), "32-card, cardref only")


if __name__ == "__main__":
    main()
