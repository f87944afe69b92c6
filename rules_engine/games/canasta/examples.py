"""Example positions for every phase of a Canasta turn, built by the engine's own moves."""

from __future__ import annotations

from .family_examples import family_examples
from .variant_examples import complete, variant_examples

# Mid-hand: side 0 (seats 0 and 2) has kings and sevens down, side 1 its aces; seat 2 is to draw. Every seat
# has put cards down (nine cards or fewer are left of the eleven dealt).
MID_HAND = {
    "dealer": 3,
    "hands": [{"count": 7}, {"count": 8}, ["8C", "8S", "QD", "QS", "4H", "6D", "10C", "JH", "9C"], {"count": 9}],
    "discard": ["5C", "9D", "JS", "QH", "8H"],
    "melds": [[{"rank": "K", "cards": ["KH", "KS", "KD", "2C"]}, {"rank": "7", "cards": ["7H", "7S", "7C"]}],
              [{"rank": "A", "cards": ["AH", "AS", "AD", "JK"]}]],
    "red_threes": [["3H"], []],
    "melded_before": [True, True, True, True],
    "turn": {"seat": 2, "phase": "draw"},
    "score": [1200, 800],
}

# Late in a hand: side 0 has a mixed canasta of kings, and seat 2 has drawn and can go out.
GOING_OUT = {
    "dealer": 1,
    "hands": [["6C", "6S", "8D", "JC"], ["QS", "QD", "4S", "9S", "JD"], ["5H", "5S", "5D", "9C"],
              ["6H", "8S", "10C", "4D", "JH", "7D"]],
    "discard": ["5C", "9D", "JS", "QH", "4C"],
    "melds": [[{"rank": "K", "cards": ["KH", "KS", "KD", "KC", "KH", "2C", "JK"]},
               {"rank": "7", "cards": ["7H", "7S", "7C"]}],
              [{"rank": "A", "cards": ["AH", "AS", "AD"]}, {"rank": "10", "cards": ["10H", "10S", "10D", "2H"]}]],
    "red_threes": [["3H"], ["3D"]],
    "melded_before": [True, True, True, True],
    "turn": {"seat": 2, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
             "question": None},
    "score": [2400, 1900],
}

# Side 1 has not opened and needs 50; seat 1 has drawn.
OPENING = {
    "dealer": 0,
    "hands": [{"count": 11}, ["AC", "AS", "KC", "KD", "KS", "2D", "9H", "9S", "6C", "4D", "JD", "7S"],
              {"count": 11}, {"count": 11}],
    "discard": ["QC"],
    "melds": [[], []],
    "red_threes": [[], ["3D"]],
    "turn": {"seat": 1, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
             "question": None},
    "score": [0, 0],
}


def build_examples(game) -> dict:
    """Requests for the documentation: a state per phase, a legal move, a finished hand, a meld request."""

    rs = game.ruleset()

    def step(state: dict, move: dict) -> dict:
        parsed = game.read_state(rs, state)
        after = game.apply_move(rs, parsed, game.read_move(rs, move)).state
        return game.dump_state(rs, after)

    draw = complete(MID_HAND, "classic")
    after_draw = step(draw, {"type": "draw", "cards": ["9H"]})
    after_pile = step(draw, {"type": "take_pile", "cards": ["8C", "8S"]})
    between = step(after_pile, {"type": "meld", "melds": [{"cards": ["QD", "QS", "QH"]}]})
    going_out = complete(GOING_OUT, "classic")
    asked = step(going_out, {"type": "ask_go_out"})
    answered = step(asked, {"type": "answer_go_out", "yes": True})
    melded = step(answered, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]})
    finished = step(melded, {"type": "discard", "card": "9C"})
    in_steps = step(complete(OPENING, "classic"), {"type": "meld", "melds": [{"cards": ["KC", "KD", "KS"]}]})
    for state in (after_draw, after_pile, between):
        state["hands"][0] = {"count": len(state["hands"][0])} if type(state["hands"][0]) is list else state["hands"][0]
    two_hand = game.ruleset("two-hand")
    dealt = game.deal(two_hand, 2, 11, {"score": [0, 0]})
    after = game.apply_move(two_hand, dealt, {"type": "draw"}).state
    two_hand_state = game.dump_state(two_hand, after)
    acting = after.turn.seat
    other = 1 - acting
    two_hand_state["hands"][other] = {"count": len(two_hand_state["hands"][other])}
    two_hand_state["stock"] = {"count": len(two_hand_state["stock"])}
    discard = sorted(two_hand_state["hands"][acting])[0]
    return {
        "variants": {"two-hand": {"state": two_hand_state, "move": {"type": "discard", "card": discard}},
                     **family_examples(game), **variant_examples(game)},
        "state": draw,
        "move": {"type": "take_pile", "cards": ["8C", "8S"]},
        "setup": {"dealer": 0, "score": [0, 0]},
        "finished_state": finished,
        "meld_request": {"melds": [{"cards": ["6H", "6S", "6D"]}, {"cards": ["AH", "AS", "AD", "2C"]}],
                         "context": {"team_score": 1600, "initial": True}},
        "phases": {
            "draw": draw, "meld_after_draw": after_draw, "meld_after_taking_pile": after_pile,
            "meld_between_melds": between, "meld_able_to_go_out": going_out, "answer": asked,
            "meld_after_answer_yes": answered, "over": finished, "meld_before_opening": complete(OPENING, "classic"),
            "meld_opening_in_steps": in_steps,
        },
    }
