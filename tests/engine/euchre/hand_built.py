"""Hand-built Euchre deals and the positions reached from them by the reference model's rules."""

from __future__ import annotations

from tests.engine.euchre import reference_model as ref


def dealt(hands: list[list[str]], upcard: str, dealer: int = 0, score: list[int] | None = None) -> dict:
    """A starting state with the given hands, in seat order, and upcard."""
    state = {"dealer": dealer, "upcard": upcard, "hands": [list(hand) for hand in hands], "bidding": [],
             "tricks": [], "current_trick": None}
    if score is not None:
        state["score"] = list(score)
    return state


def replay(state: dict, moves: list[dict], options: dict | None = None) -> dict:
    """The state after `moves`, each checked legal by the reference model first."""
    options = ref.with_defaults(options)
    for move in moves:
        legal = {ref.move_key(m) for m in ref.legal_moves(state, options)}
        assert ref.move_key(move) in legal, (move, ref.situation(state, options))
        state = ref.apply(state, move, options)
    return state


def play_out(state: dict, options: dict | None = None) -> dict:
    """The hand finished with every seat playing its first legal card in hand order."""
    options = ref.with_defaults(options)
    while ref.situation(state, options).phase == "play":
        state = ref.apply(state, ref.legal_moves(state, options)[0], options)
    return state


def pass_():
    return {"type": "pass"}


def order_up(alone: bool = False) -> dict:
    return {"type": "order_up", "alone": alone}


def call(suit: str, alone: bool = False) -> dict:
    return {"type": "call", "suit": suit, "alone": alone}


def discard(card: str) -> dict:
    return {"type": "discard", "card": card}


def play(card: str) -> dict:
    return {"type": "play", "card": card}


def defend_alone() -> dict:
    return {"type": "defend_alone"}


# Dealer 0, upcard 10H. Seat 1 holds every top heart, the left bower (JD) among them; seat 0 the last
# low heart once it takes the upcard.
TOP_HEARTS = dealt([["9S", "8S", "7S", "9D", "7D"],
                    ["JH", "JD", "AH", "KH", "QH"],
                    ["AS", "KS", "QS", "JS", "10S"],
                    ["AC", "KC", "QC", "JC", "10C"]], "10H")

# Dealer 0, upcard 10H. Seat 1 holds three top hearts and two low clubs; seat 2 holds the high clubs.
THREE_TRUMPS = dealt([["9S", "8S", "7S", "9D", "7D"],
                      ["JH", "JD", "AH", "7C", "8C"],
                      ["AC", "KC", "QC", "JC", "10C"],
                      ["AS", "KS", "QS", "JS", "10S"]], "10H")

# Dealer 0, upcard 10H. Seat 1 has no heart at all; seat 2, on its left, holds every top heart.
NO_TRUMPS = dealt([["9S", "8S", "7S", "9D", "7D"],
                   ["AC", "KC", "QC", "JC", "10C"],
                   ["JH", "JD", "AH", "KH", "QH"],
                   ["AS", "KS", "QS", "JS", "10S"]], "10H")

# Dealer 0, upcard 10H. Seat 1's only "diamond" is JD, the left bower once hearts are trump; seat 2
# holds one real diamond (10D) and spades; seat 3 only clubs; the dealer diamonds.
LEFT_BOWER = dealt([["7D", "8D", "9D", "KD", "AD"],
                    ["JD", "7S", "8S", "9S", "10S"],
                    ["AS", "QS", "10D", "KC", "8H"],
                    ["7C", "8C", "QC", "AC", "9C"]], "10H")

# The same deal in the 24-card pack: nines up only.
TOP_HEARTS_24 = dealt([["9S", "10S", "QS", "9D", "10D"],
                       ["JH", "JD", "AH", "KH", "QH"],
                       ["AS", "KS", "JS", "QD", "KD"],
                       ["AC", "KC", "QC", "JC", "10C"]], "10H")

# Dealer 0, upcard 10H. Seat 1 holds the left bower (JD) and low clubs, seat 2 the right bower (JH) as its
# only heart, seat 3 the ace of hearts.
BOTH_BOWERS = dealt([["9S", "8S", "7S", "9D", "7D"],
                     ["JD", "AC", "7C", "8C", "9C"],
                     ["JH", "KS", "QS", "10S", "8D"],
                     ["AH", "KC", "QC", "10C", "JC"]], "10H")
