"""Example positions of Samba, Bolivia and Brazilian Canasta for every phase of a turn, built by the engine's
own moves from three hand-written positions of the 162-card deck."""

from __future__ import annotations

from .variant_examples import complete
from .variants import ENTRIES

FAMILY = ("samba", "bolivia", "brazilian")

# Seat 2 is to draw. Side 0 holds two sets of kings (a merge makes a canasta of them) and a run of hearts the
# pile's top card lengthens, 155 in all, and side 1 160 (Brazilian Canasta's 150 reached when each opened); seat 2's pair of eights
# takes the whole pile instead. Every seat has melded before (none holds the fifteen cards a seat that never did
# would hold at least).
MID_HAND = {
    "dealer": 3,
    "hands": [{"count": 9}, {"count": 10}, ["8C", "8S", "QD", "QS", "4H", "6D", "10C", "JH", "9C", "KD"],
              {"count": 11}],
    "discard": ["5C", "9D", "JS", "QH", "8H"],
    "melds": [[{"cards": ["KH", "KS", "KC", "KD", "JK"]}, {"cards": ["KH", "KS", "KC", "2C"]},
               {"kind": "sequence", "cards": ["5H", "6H", "7H"]}],
              [{"cards": ["AH", "AS", "AD", "JK"]}, {"cards": ["10C", "10D", "10S", "2H"]}]],
    "red_threes": [["3H"], []],
    "melded_before": [True, True, True, True],
    "turn": {"seat": 2, "phase": "draw"},
    "score": [1200, 800],
}

# Seat 2 has drawn; side 0 holds a natural canasta of kings and a samba of spades, all each variant asks to go
# out: seat 2 melds its fives and discards its last card (in Brazilian Canasta after asking its partner). Each
# side's melds count at least the 150 Brazilian Canasta's initial meld needs.
GOING_OUT = {
    "dealer": 1,
    "hands": [["6C", "6S", "8D", "JC"], ["QS", "QD", "4S", "9S", "JD"], ["5H", "5S", "5D", "9C"],
              ["6H", "8S", "10C", "4D", "JH", "7D"]],
    "discard": ["5C", "9D", "JS", "QH", "4C"],
    "melds": [[{"cards": ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]},
               {"kind": "sequence", "cards": ["4S", "5S", "6S", "7S", "8S", "9S", "10S"]},
               {"cards": ["QC", "QH", "QD"]}],
              [{"cards": ["AH", "AS", "AD"]}, {"cards": ["10H", "10S", "10D", "2H"]},
               {"cards": ["JS", "JC", "JH", "2S"]}]],
    "red_threes": [["3H"], ["3D"]],
    "melded_before": [True, True, True, True],
    "turn": {"seat": 2, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
             "question": None},
    "score": [2400, 1900],
}

# Side 1 has not opened (a score of 0: 50 in Samba and Bolivia, 150 in Brazilian); seat 1 has drawn and can
# meld 150: three aces, kings and queens and a run of hearts from four to eight.
OPENING = {
    "dealer": 0,
    "hands": [{"count": 15}, ["AH", "AS", "AD", "KH", "KS", "KD", "QH", "QS", "QD", "4H", "5H", "6H", "7H", "8H",
                              "9C", "JD", "6C"], {"count": 15}, {"count": 15}],
    "discard": ["QC"],
    "melds": [[], []],
    "red_threes": [[], []],
    "turn": {"seat": 1, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
             "question": None},
    "score": [0, 0],
}


def family_examples(game) -> dict:
    """Each playable member of the family's example requests, as build_examples gives a variant's: a state per
    phase, a legal move, a finished hand, a meld request and a deal's setup."""
    return {slug: _examples(game, slug) for slug in FAMILY if ENTRIES[slug].playable}


def _examples(game, variant: str) -> dict:
    rs = game.ruleset(variant)

    def step(state: dict, move: dict) -> dict:
        parsed = game.read_state(rs, state)
        return game.dump_state(rs, game.apply_move(rs, parsed, game.read_move(rs, move)).state)

    draw = complete(MID_HAND, variant)
    after_draw = step(draw, {"type": "draw", "cards": ["9H", "4S"]})
    after_pile = step(draw, {"type": "take_pile", "cards": ["8C", "8S"]})
    onto_run = step(draw, {"type": "take_pile", "cards": [], "meld": 2})
    between = step(after_pile, {"type": "meld", "melds": [{"cards": ["QD", "QS", "QH"]}]})
    merged = step(after_draw, {"type": "merge", "melds": [0, 1]})
    going_out = complete(GOING_OUT, variant)
    asked = step(going_out, {"type": "ask_go_out"})
    answered = step(asked, {"type": "answer_go_out", "yes": True})
    melded = step(answered, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]})
    finished = step(melded, {"type": "discard", "card": "9C"})
    opening = complete(OPENING, variant)
    in_steps = step(opening, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]})
    return {
        "state": draw,
        "move": {"type": "take_pile", "cards": [], "meld": 2},
        "setup": {"dealer": 0, "score": [0, 0]},
        "finished_state": finished,
        "meld_request": {"melds": [{"cards": ["9H", "10H", "JH", "QH", "KH", "AH"], "kind": "sequence"},
                                   {"cards": ["AS", "AD", "AC", "2C"]}],
                         "context": {"team_score": 0, "initial": True}},
        "phases": {
            "draw": draw, "meld_after_draw": after_draw, "meld_after_taking_pile": after_pile,
            "meld_after_top_card_onto_sequence": onto_run, "meld_between_melds": between,
            "meld_after_merge": merged, "meld_able_to_go_out": going_out, "answer": asked,
            "meld_after_answer_yes": answered, "over": finished, "meld_before_opening": opening,
            "meld_opening_in_steps": in_steps,
        },
    }
