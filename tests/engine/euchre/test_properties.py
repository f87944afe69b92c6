"""Random complete hands for both packs and every option, played through rules_engine.answers.

Each step checks the answers against an independent model of the rules written here: which
cards may be played (bowers included), who wins each trick, and what the hand scores.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.registry import GAMES

from .helpers import GAME

RULE_IDS = set(GAMES["euchre"].rulebook.by_id)
RANKS = {"32": ("7", "8", "9", "10", "J", "Q", "K", "A"), "24": ("9", "10", "J", "Q", "K", "A")}
PARTNER_SUIT = {"C": "S", "S": "C", "D": "H", "H": "D"}


def pack(deck: str) -> set[str]:
    return {r + s for s in "CDHS" for r in RANKS[deck]}


def suit_of(card: str, trump: str) -> str:
    """The suit a card belongs to in play: the left bower is a trump."""
    return trump if card == "J" + PARTNER_SUIT[trump] else card[-1]


def strength(card: str, trump: str, led: str) -> int:
    order = ("7", "8", "9", "10", "J", "Q", "K", "A")
    if card == "J" + trump:
        return 1000
    if card == "J" + PARTNER_SUIT[trump]:
        return 999
    suit = suit_of(card, trump)
    if suit == trump:
        return 500 + order.index(card[:-1])
    return order.index(card[:-1]) if suit == led else -1


def expected_points(trump_team_tricks: int, alone: bool, lone_defender: bool) -> tuple[int, int]:
    """(makers' points, defenders' points) by the scoring table."""
    if trump_team_tricks == 5:
        return (4 if alone else 2), 0
    if trump_team_tricks >= 3:
        return 1, 0
    return 0, (4 if lone_defender else 2)


options_strategy = st.fixed_dictionaries({
    "deck": st.sampled_from(["32", "24"]),
    "dealer_may_discard_upcard": st.booleans(),
    "stick_the_dealer": st.booleans(),
    "lone_defender": st.booleans(),
    "dealer_exchange_when_partner_alone": st.sampled_from(["none", "exchange"]),
    "lone_first_lead": st.sampled_from(["dealer_left", "maker_left"]),
    "lone_defender_order": st.sampled_from(["maker_left", "dealer_left"]),
    "target": st.integers(5, 25),
})


def request(options: dict, state: dict, move: dict | None = None) -> dict:
    body = {"game": GAME, "options": options, "state": state}
    if move is not None:
        body["move"] = move
    return body


def strip(move: dict) -> dict:
    return {k: v for k, v in move.items() if k not in ("code", "rules")}


def check_cards_conserved(state: dict, deck: str) -> None:
    shown = [c for h in state["hands"] for c in h]
    shown += [c for t in state["tricks"] for c in t["cards"]] + state["current_trick"]["cards"]
    if "dealer_discard" in state:
        shown.append(state["dealer_discard"])
    if state["upcard"] not in shown:
        shown.append(state["upcard"])  # on the pack, face up or turned down
    assert len(shown) == 21 and len(set(shown)) == 21, "a card was created or lost"
    assert set(shown) <= pack(deck)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, seed=st.integers(0, 2**32), dealer=st.integers(0, 3),
       batches=st.sampled_from(["3-2", "2-3"]), chooser=st.integers(0, 2**32),
       eagerness=st.sampled_from([0.05, 0.2, 0.5]), score=st.tuples(st.integers(0, 4), st.integers(0, 4)))
def test_euchre_properties_random_complete_hands(options, seed, dealer, batches, chooser, eagerness, score):
    rng = random.Random(chooser)
    deck = options["deck"]
    state = answers.deal({"game": GAME, "options": options, "seed": seed,
                          "setup": {"dealer": dealer, "batches": batches, "score": list(score)}})["state"]
    maker = alone = lone_defender = trump = None
    sitting_out: set[int] = set()
    played_started = False
    events: list[dict] = []
    while True:
        check_cards_conserved(state, deck)
        listed = answers.legal_moves(request(options, state))
        phase, to_act, moves = listed["phase"], listed["to_act"], listed["moves"]
        if to_act is None:
            break
        assert moves, "a seat to act always has a legal move"
        assert len({m["code"] for m in moves}) == len(moves)
        for move in moves:
            assert set(move["rules"]) <= RULE_IDS
            verdict = answers.validate_move(request(options, state, strip(move)))
            assert verdict["legal"], (move, verdict["violations"])
        hidden = dict(state, hands=[h if s == to_act else {"count": len(h)} for s, h in enumerate(state["hands"])])
        assert answers.legal_moves(request(options, hidden))["moves"] == moves, "only the acting seat's cards count"
        explained = answers.explain(request(options, state))
        assert explained["rules"] and {r["id"] for r in explained["rules"]} <= RULE_IDS
        if phase in ("play", "discard"):
            for card in pack(deck) - {m["card"] for m in moves}:
                verdict = answers.validate_move(request(options, state, {"type": phase, "card": card}))
                assert not verdict["legal"] and verdict["violations"]
                assert {v["rule"] for v in verdict["violations"]} <= RULE_IDS
        if phase == "play":
            if not played_started:
                played_started = True
                assert all(len(state["hands"][s]) == 5 for s in range(4)), "five cards each after the exchange"
            assert to_act not in sitting_out, "a seat that sits out is never asked to act"
            hand = state["hands"][to_act]
            current = state["current_trick"]["cards"]
            led = suit_of(current[0], trump) if current else None
            following = [c for c in hand if led is not None and suit_of(c, trump) == led]
            assert sorted(m["card"] for m in moves) == sorted(following or hand)
        if phase in ("discard", "defend"):
            if options["dealer_exchange_when_partner_alone"] == "none" or phase == "defend":
                assert to_act not in sitting_out
        if phase.startswith("bidding"):
            # Mostly pass, so second rounds, stuck dealers and thrown-in hands all come up.
            makes = [m for m in moves if m["type"] != "pass"]
            chosen = rng.choice(makes) if makes and (rng.random() < eagerness or len(makes) == len(moves)) else moves[0]
        else:
            chosen = rng.choice(moves)
        answer = answers.apply_move(request(options, state, strip(chosen)))
        events.extend(answer["events"])
        for event in answer["events"]:
            if event["type"] == "trump_made":
                maker, alone, trump = event["maker"], event["alone"], event["suit"]
                if alone:
                    sitting_out.add((maker + 2) % 4)
            if event["type"] == "sits_out" and chosen["type"] == "defend_alone":
                lone_defender = to_act
                sitting_out.add(event["seat"])
            if event["type"] == "trick_won":
                cards = event["cards"]
                order = [s for s in ((event["leader"] + k) % 4 for k in range(4)) if s not in sitting_out]
                led = suit_of(cards[0], trump)
                best = max(range(len(cards)), key=lambda i: strength(cards[i], trump, led))
                assert event["seat"] == order[best]
        state = answer["state"]
    scored = answers.score(request(options, state))
    assert sum(line["points"] for line in scored["lines"]) == sum(scored["teams"])
    assert scored["scores"] == [scored["teams"][s % 2] for s in range(4)]
    assert {line["rule"] for line in scored["lines"]} <= RULE_IDS
    if trump is None:
        assert scored["void"] and scored["teams"] == [0, 0] and not options["stick_the_dealer"]
        assert len(state["bidding"]) == 8
    else:
        assert len(state["tricks"]) == 5
        assert all(len(t["cards"]) == 4 - len(sitting_out) for t in state["tricks"])
        assert all(len(state["hands"][s]) == (5 if s in sitting_out else 0) for s in range(4))
        makers = maker % 2
        taken = sum(1 for t in state["tricks"] if t["winner"] % 2 == makers)
        gained_makers, gained_defenders = expected_points(taken, alone, lone_defender is not None)
        assert scored["teams"][makers] == gained_makers and scored["teams"][1 - makers] == gained_defenders
    game_scores = [score[0] + scored["teams"][0], score[1] + scored["teams"][1]]
    assert scored["game_scores"] == game_scores
    assert scored["game_over"] == (max(game_scores) >= options["target"])
    assert events[-1]["type"] == "hand_over" and events[-1]["teams"] == scored["teams"]
