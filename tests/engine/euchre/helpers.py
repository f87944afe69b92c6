"""Positions for Euchre tests, built through rules_engine.answers exactly as the HTTP API would."""

from __future__ import annotations

from rules_engine import answers

GAME = "euchre"
# Five trick-sized sets for scripted hands with hearts trump (7S is the turned-down upcard). In each
# set the first card beats the other three, and every seat holds one card of every set, so
# following suit never gets in the way: each trick goes to whoever the script gives the first card.
SETS = (("AC", "10C", "9C", "8C"), ("KC", "QC", "JC", "7C"), ("AS", "10S", "9S", "8S"),
        ("JH", "10H", "9H", "8H"), ("JD", "KH", "QH", "7H"))
SCRIPT_UPCARD = "7S"


def body(state: dict, move: dict | None = None, **options) -> dict:
    """A request body as a client would send it."""
    request = {"game": GAME, "state": state, "options": options}
    if move is not None:
        request["move"] = move
    return request


def dealt(seed: int = 1, options: dict | None = None, **setup) -> dict:
    """A freshly dealt state."""
    return answers.deal({"game": GAME, "seed": seed, "setup": setup, "options": options or {}})["state"]


def legal(state: dict, **options) -> dict:
    """The /legal-moves answer."""
    return answers.legal_moves(body(state, **options))


def apply(state: dict, move: dict, **options) -> dict:
    """The /apply-move answer."""
    return answers.apply_move(body(state, move, **options))


def judge(state: dict, move: dict, **options) -> dict:
    """The /validate-move answer."""
    return answers.validate_move(body(state, move, **options))


def cards(legal_answer: dict) -> list[str]:
    """The cards of the listed moves."""
    return [m["card"] for m in legal_answer["moves"]]


def codes(legal_answer: dict) -> list[str]:
    """The codes of the listed moves."""
    return [m["code"] for m in legal_answer["moves"]]


def bid(state: dict, *moves: dict, **options) -> dict:
    """The state after a sequence of moves."""
    for move in moves:
        state = apply(state, move, **options)["state"]
    return state


PASS = {"type": "pass"}


def order_up(alone: bool = False) -> dict:
    """An order-up bid."""
    return {"type": "order_up", "alone": alone}


def call(suit: str, alone: bool = False) -> dict:
    """A second-round bid."""
    return {"type": "call", "suit": suit, "alone": alone}


def play(card: str) -> dict:
    """A card play."""
    return {"type": "play", "card": card}


def hearts_play_state() -> dict:
    """Seat 1 ordered up the 9H; the dealer (seat 0) took it and discarded the 8S; seat 1 to lead."""
    return {
        "dealer": 0, "upcard": "9H",
        "hands": [["9H", "7C", "8C", "9C", "7S"], ["AH", "KH", "QD", "7D", "8D"],
                  ["JD", "AS", "KS", "QC", "10C"], ["10H", "9D", "10D", "KD", "AD"]],
        "bidding": [{"seat": 1, "type": "order_up", "alone": False}],
        "dealer_discard": "8S", "tricks": [], "current_trick": {"leader": 1, "cards": []},
    }


def scripted(winners: list[int], maker: int = 1, alone: bool = False, defender: int | None = None,
             score: list[int] | None = None, **options) -> dict:
    """A finished hand, dealer seat 0, hearts named by `maker` in round two, trick k won by winners[k]."""
    sits_out = {(maker + 2) % 4} if alone else set()
    if defender is not None:
        sits_out.add((defender + 2) % 4)
    hands: list[list[str]] = [[], [], [], []]
    for trick, winner in zip(SETS, winners):
        others = [s for s in range(4) if s != winner and s not in sits_out] + sorted(sits_out)
        hands[winner].append(trick[0])
        for seat, card in zip(others, trick[1:]):
            hands[seat].append(card)
    state = {"dealer": 0, "upcard": SCRIPT_UPCARD, "hands": hands, "bidding": [], "tricks": [],
             "current_trick": {"leader": 1, "cards": []}}
    if score is not None:
        state["score"] = score
    state = bid(state, *[PASS] * 4, **options)
    seat = 1
    while seat != maker:
        state = bid(state, PASS, **options)
        seat = (seat + 1) % 4
    state = bid(state, call("H", alone), **options)
    while legal(state, **options)["phase"] == "defend":
        to_act = legal(state, **options)["to_act"]
        state = bid(state, {"type": "defend_alone"} if to_act == defender else PASS, **options)
    while True:
        listed = legal(state, **options)
        if listed["to_act"] is None:
            return state
        card = SETS[len(state["tricks"])]
        mine = next(c for c in state["hands"][listed["to_act"]] if c in card)
        state = apply(state, play(mine), **options)["state"]
