"""Example positions of Joker Canasta, Mexicana, Three-hand Canasta and Hand and Foot for every phase of a turn,
built by the engine's own moves from hand-written positions of each variant's deck."""

from __future__ import annotations

from collections import Counter

from .variants import ENTRIES

MELD_TURN = {"phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False, "question": None}


def _meld_turn(seat: int) -> dict:
    return {"seat": seat, **MELD_TURN}


# Seat 2's hand in the middle of a hand: a natural pair of eights for the pile's eight, a pair of queens.
SEAT_2_HAND = ["8C", "8S", "QD", "QS", "4H", "6D", "10C", "JH", "9C", "KD"]
MID_PILE = ["5C", "9D", "JS", "QH", "8H"]
# Late in a hand: seat 2 melds its fives and discards its nine to go out.
GOING_OUT_HANDS = [["6C", "6S", "8D", "JC"], ["QS", "QD", "4S", "9S", "JD"], ["5H", "5S", "5D", "9C"],
                   ["6H", "8S", "10C", "4D", "JH", "7D"]]
GOING_OUT_PILE = ["5C", "9D", "JS", "QH", "4C"]
SIDE_1_LATE = [{"cards": ["AH", "AS", "AD"]}, {"cards": ["10H", "10S", "10D", "2H"]},
               {"cards": ["JS", "JC", "JH", "2S"]}]
SIDE_1_MID = [{"cards": ["AH", "AS", "AD", "JK"]}, {"cards": ["10H", "10D", "10S", "2H"]}]
KINGS_CANASTA = {"cards": ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]}
QUEENS = {"cards": ["QC", "QH", "QD"]}


def _partners_mid_hand(side_0: list, red_threes: list, hands: list, melded_before: list) -> dict:
    """Seat 2 of a partnership game to draw, with the pile's eight before it."""
    return {"dealer": 3, "hands": hands, "discard": MID_PILE, "melds": [side_0, SIDE_1_MID],
            "red_threes": red_threes, "melded_before": melded_before, "turn": {"seat": 2, "phase": "draw"},
            "score": [1200, 800]}


def _partners_going_out(side_0: list, red_threes: list) -> dict:
    """Seat 2 of a partnership game has drawn, and side 0's melds hold what going out needs."""
    return {"dealer": 1, "hands": GOING_OUT_HANDS, "discard": GOING_OUT_PILE, "melds": [side_0, SIDE_1_LATE],
            "red_threes": red_threes, "melded_before": [True, True, True, True], "turn": _meld_turn(2),
            "score": [2400, 1900]}


def _partners_opening(seat_1_hand: list, dealt: int) -> dict:
    """Side 1 has not opened at a score of 0; seat 1 has drawn."""
    return {"dealer": 0, "hands": [{"count": dealt}, seat_1_hand, {"count": dealt}, {"count": dealt}],
            "discard": ["QC"], "melds": [[], []], "red_threes": [[], []], "turn": _meld_turn(1), "score": [0, 0]}


# -- Joker Canasta: 108 cards, 13 each, the pile always frozen, melds of wild cards alone, black threes as bonus
# Seat 2's natural pair of eights is the only way to the pile; side 0 has a meld of wild cards and a black three
# beside its red one. Going out, side 0 holds a natural canasta of kings and a wild canasta. Opening, seat 1 holds
# aces, kings and queens: 120 of the 100 it needs.
JOKER_MID_HAND = _partners_mid_hand([{"cards": ["KH", "KS", "KC", "JK"]}, {"cards": ["2C", "2D", "JK"]}],
                                    [["3H", "3S"], []], [{"count": 9}, {"count": 10}, SEAT_2_HAND, {"count": 11}],
                                    [True, True, True, True])
JOKER_GOING_OUT = _partners_going_out([KINGS_CANASTA, {"cards": ["2C", "2D", "2H", "2S", "JK", "JK", "JK"]}, QUEENS],
                                      [["3H", "3C"], ["3D"]])
JOKER_OPENING = _partners_opening(["AH", "AS", "AD", "KH", "KS", "KD", "QH", "QS", "QD", "9C", "JD", "6C", "4H",
                                   "7S"], 13)

# -- Mexicana: 162 cards, 13 each, thirteen more to the first of a side to meld, a seven blocks the pile
# Side 0 has melded sevens (seat 0 opened and took thirteen). Going out, side 0 holds a canasta of kings, one of
# sevens and two red threes. Opening, seat 1's kings (30) open nothing yet; its aces then reach 90 of the 50 it
# needs and the stock's top thirteen come into the hand: the stock is shown so that they are known.
MEXICANA_MID_HAND = _partners_mid_hand([{"cards": ["KH", "KS", "KC", "JK"]}, {"cards": ["7C", "7D", "7H", "2C"]}],
                                       [["3H"], []], [{"count": 14}, {"count": 10}, SEAT_2_HAND, {"count": 11}],
                                       [True, True, False, False])
MEXICANA_GOING_OUT = _partners_going_out([KINGS_CANASTA, {"cards": ["7C", "7C", "7D", "7D", "7H", "7H", "2S"]},
                                          QUEENS], [["3H", "3D"], ["3D"]])
MEXICANA_OPENING = _partners_opening(["AH", "AS", "AD", "KH", "KS", "KD", "QH", "QS", "9C", "JD", "6C", "4H", "8S",
                                      "10D"], 13)

# -- Three-hand Canasta: three players alone until the pile is first taken, then a lone hand against two partners
# Nobody has taken the pile, and seat 2's pair of eights would make it the lone hand. Once seat 2 plays alone,
# seat 0 may add to its partner's aces as to its own kings.
THREE_HAND_MELDS = [[{"cards": ["KH", "KS", "KC", "JK"]}], [{"cards": ["AH", "AS", "AD"]}],
                    [{"cards": ["10H", "10D", "10S", "2H"]}]]
THREE_HAND_MID_HAND = {
    "dealer": 1, "hands": [{"count": 9}, {"count": 10}, SEAT_2_HAND], "discard": MID_PILE,
    "melds": THREE_HAND_MELDS, "red_threes": [["3H"], [], []], "melded_before": [True, True, True],
    "turn": {"seat": 2, "phase": "draw"}, "score": [1200, 800, 400], "lone": None,
}
THREE_HAND_PARTNERS = {
    **THREE_HAND_MID_HAND, "hands": [["KD", "AC", "6C", "9S", "4D", "JC", "7H"], {"count": 10}, {"count": 9}],
    "discard": ["5C"], "melds": THREE_HAND_MELDS[:2] + [THREE_HAND_MELDS[2] + [{"cards": ["8H", "8C", "8S"]}]],
    "turn": _meld_turn(0), "lone": 2,
}
# Seat 1 has drawn; its partner's canasta of kings and its own of aces are the two canastas going out needs.
THREE_HAND_GOING_OUT = {
    "dealer": 0, "hands": [GOING_OUT_HANDS[0], GOING_OUT_HANDS[2], GOING_OUT_HANDS[3]], "discard": GOING_OUT_PILE,
    "melds": [[{"cards": ["KH", "KS", "KD", "KC", "KH", "KS", "2C"]}, QUEENS],
              [{"cards": ["AH", "AS", "AD", "AC", "AH", "AS", "AD"]}],
              [{"cards": ["10H", "10S", "10D", "2H"]}, {"cards": ["JS", "JC", "JD", "2S"]},
               {"cards": ["9H", "9S", "9D"]}]],
    "red_threes": [["3H"], ["3D"], []], "melded_before": [True, True, True], "turn": _meld_turn(1),
    "score": [2400, 1900, 3100], "lone": 2,
}
# Seat 1 has not opened and needs 90 at its own score of 1600 (seat 0 would need 50, seat 2 120); it has drawn two.
THREE_HAND_OPENING = {
    "dealer": 0, "hands": [{"count": 13}, JOKER_OPENING["hands"][1] + ["8D"], {"count": 13}], "discard": ["QC"],
    "melds": [[], [], []], "red_threes": [[], [], []], "turn": _meld_turn(1), "score": [0, 1600, 3200], "lone": None,
}


# -- Hand and Foot: 270 cards, a hand and a foot of 13 each, draw two, piles of exactly seven, four deals
FOOT_DOWN = {"count": 13}
# Round 2 (90 to open). Side 0 has a dirty meld of kings and clean queens; seat 2 is to draw, and its pair of eights
# takes seven cards of the pile. Seat 0 plays from its foot already.
HAND_AND_FOOT_MID_HAND = {
    "dealer": 3, "round": 2,
    "hands": [{"count": 9}, {"count": 10}, SEAT_2_HAND, {"count": 12}],
    "feet": [[], FOOT_DOWN, FOOT_DOWN, FOOT_DOWN],
    "discard": ["4D", "6S", "9H", "10S", "JD", "5C", "9D", "JS", "QH", "8H"],
    "melds": [[{"cards": ["KH", "KS", "KC", "JK"]}, {"cards": ["QC", "QD", "QS", "QH"]}], SIDE_1_MID],
    "red_threes": [["3H"], []], "melded_before": [True, True, True, True],
    "played_from_foot": [True, False, False, False], "turn": {"seat": 2, "phase": "draw"},
}
# Seat 2 holds three fives and two kings: melding the fives and laying the kings off plays its hand out, and it
# picks up its foot (shown here, as its own cards) and plays on from it.
HAND_AND_FOOT_TO_THE_FOOT = {
    **HAND_AND_FOOT_MID_HAND, "hands": [{"count": 9}, {"count": 10}, ["5H", "5S", "5D", "KD", "KD"], {"count": 12}],
    "feet": [[], FOOT_DOWN, ["4C", "4D", "6C", "6D", "6H", "7S", "8C", "9H", "10D", "JC", "QS", "AD", "2S"], FOOT_DOWN],
    "discard": ["4D", "6S"], "turn": _meld_turn(2),
}
FOOT_1 = ["4C", "4D", "5C", "6D", "7S", "8C", "9H", "10D", "JC", "QS", "KC", "AD", "2S"]
FOOT_3 = ["4H", "4S", "5D", "6H", "7C", "8D", "9S", "10H", "JD", "QH", "KS", "AH", "JK"]
# Seat 2 has drawn: side 0 holds two clean piles, two dirty ones and a wild one, and both its players have played
# from their feet; seat 2 asks, hears yes, melds its fives and discards its nine.
HAND_AND_FOOT_GOING_OUT = {
    "dealer": 1, "round": 1, "hands": GOING_OUT_HANDS, "feet": [[], FOOT_1, [], FOOT_3],
    "discard": GOING_OUT_PILE,
    "melds": [[KINGS_CANASTA, {"cards": ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]},
               {"cards": ["JC", "JD", "JH", "JS", "JC", "2C", "2D"]},
               {"cards": ["10C", "10D", "10H", "10S", "10C", "JK", "2H"]},
               {"cards": ["2S", "2S", "JK", "JK", "2C", "2D", "2H"]}], SIDE_1_LATE],
    "red_threes": [["3H"], ["3D"]], "melded_before": [True, True, True, True],
    "played_from_foot": [True, False, True, False],
    "turn": _meld_turn(2),
}
# Round 3: side 1 has not opened and needs 120; seat 1 has drawn two. Its kings (30) open nothing yet.
HAND_AND_FOOT_OPENING = {
    "dealer": 0, "round": 3,
    "hands": [{"count": 13}, JOKER_OPENING["hands"][1] + ["8D"], {"count": 13}, {"count": 13}],
    "feet": [FOOT_DOWN] * 4, "discard": ["QC"], "melds": [[], []], "red_threes": [[], []], "turn": _meld_turn(1),
}


def complete(position: dict, variant: str = "classic", stock_shown: bool = False) -> dict:
    """The position with its player count and stock, accounting for every card of the variant's deck (every
    variant's examples are completed here): the stock as a count, or (stock_shown) as cards, those no one shows in
    an order that mixes ranks and suits."""
    entry = ENTRIES[variant]
    shown = Counter(position["discard"])
    for side in position["melds"]:
        for meld in side:
            shown.update(meld["cards"])
    for threes in position["red_threes"]:
        shown.update(threes)
    hidden = 0
    for hand in position["hands"] + position.get("feet", []):
        if type(hand) is dict:
            hidden += hand["count"]
        else:
            shown.update(hand)
    left = entry.deck.size - sum(shown.values()) - hidden
    if stock_shown:
        unseen = Counter(entry.deck.copies()) - shown
        # Red threes last, so that the cards an example draws are ordinary ones.
        order = sorted(unseen.elements(), key=lambda card: (card in ("3D", "3H"), card[-1], card))
        stock: list | dict = [order[i * len(order) // left] for i in range(left)]
    else:
        stock = {"count": left}
    completed = {"players": len(position["hands"])}
    for key, value in position.items():
        completed[key] = value
        if key == "hands":
            completed["stock"] = stock
    return completed


def variant_examples(game) -> dict:
    """Example requests of Joker Canasta, Mexicana and Three-hand Canasta, when playable: a state per phase,
    a legal move, a finished hand, a meld request and a deal's setup."""
    builders = {"joker": _joker, "mexicana": _mexicana, "three-hand": _three_hand, "hand-and-foot": _hand_and_foot}
    return {slug: build(_stepper(game, slug)) for slug, build in builders.items() if ENTRIES[slug].playable}


def _stepper(game, variant: str):
    rs = game.ruleset(variant)

    def step(state: dict, move: dict) -> dict:
        parsed = game.read_state(rs, state)
        return game.dump_state(rs, game.apply_move(rs, parsed, game.read_move(rs, move)).state)

    return step


def _going_out(step, position: dict, variant: str, melds: list, last: str, ask: bool = True) -> dict:
    """The phases from a position where the acting seat can go out, to the finished hand."""
    going_out = complete(position, variant)
    phases = {"meld_able_to_go_out": going_out}
    ready = going_out
    if ask:
        phases["answer"] = step(going_out, {"type": "ask_go_out"})
        ready = phases["meld_after_answer_yes"] = step(phases["answer"], {"type": "answer_go_out", "yes": True})
    melded = step(ready, {"type": "meld", "melds": melds})
    phases["over"] = step(melded, {"type": "discard", "card": last})
    return phases


def _joker(step) -> dict:
    draw = complete(JOKER_MID_HAND, "joker")
    after_draw = step(draw, {"type": "draw", "cards": ["9H"]})
    after_pile = step(draw, {"type": "take_pile", "cards": ["8C", "8S"]})
    between = step(after_pile, {"type": "meld", "melds": [{"cards": ["QD", "QS", "QH"]}]})
    opening = complete(JOKER_OPENING, "joker")
    in_steps = step(opening, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]})
    ending = _going_out(step, JOKER_GOING_OUT, "joker", [{"cards": ["5H", "5S", "5D"]}], "9C")
    return {
        "state": draw, "move": {"type": "take_pile", "cards": ["8C", "8S"]},
        "setup": {"dealer": 0, "score": [0, 0]},
        "finished_state": ending["over"],
        "meld_request": {"melds": [{"cards": ["2C", "2D", "JK"]}, {"cards": ["AS", "AD", "AC", "2S"]}],
                         "context": {"team_score": 3200, "initial": True}},
        "phases": {"draw": draw, "meld_after_draw": after_draw, "meld_after_taking_pile": after_pile,
                   "meld_between_melds": between, **ending, "meld_before_opening": opening,
                   "meld_opening_in_steps": in_steps},
    }


def _mexicana(step) -> dict:
    draw = complete(MEXICANA_MID_HAND, "mexicana")
    after_draw = step(draw, {"type": "draw", "cards": ["9H"]})
    after_pile = step(draw, {"type": "take_pile", "cards": ["8C", "8S"]})
    between = step(after_pile, {"type": "meld", "melds": [{"cards": ["QD", "QS", "QH"]}]})
    opening = complete(MEXICANA_OPENING, "mexicana", stock_shown=True)
    in_steps = step(opening, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]})
    after_opening_draw = step(in_steps, {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}]})
    ending = _going_out(step, MEXICANA_GOING_OUT, "mexicana", [{"cards": ["5H", "5S", "5D"]}], "9C")
    return {
        "state": draw, "move": {"type": "take_pile", "cards": ["8C", "8S"]},
        "setup": {"dealer": 0, "score": [0, 0]},
        "finished_state": ending["over"],
        "meld_request": {"melds": [{"cards": ["7H", "7S", "7D", "7C", "7H", "7S", "2D"]},
                                   {"cards": ["AH", "AS", "AD"]}],
                         "context": {"team_score": 1600, "initial": True}},
        "phases": {"draw": draw, "meld_after_draw": after_draw, "meld_after_taking_pile": after_pile,
                   "meld_between_melds": between, **ending, "meld_before_opening": opening,
                   "meld_opening_in_steps": in_steps, "meld_after_opening_draw": after_opening_draw},
    }


def _three_hand(step) -> dict:
    draw = complete(THREE_HAND_MID_HAND, "three-hand")
    after_draw = step(draw, {"type": "draw", "cards": ["9H", "4S"]})
    after_pile = step(draw, {"type": "take_pile", "cards": ["8C", "8S"]})
    between = step(after_pile, {"type": "meld", "melds": [{"cards": ["QD", "QS", "QH"]}]})
    partners = complete(THREE_HAND_PARTNERS, "three-hand")
    onto_partner = step(partners, {"type": "lay_off", "cards": ["AC"], "meld": 0, "owner": 1})
    opening = complete(THREE_HAND_OPENING, "three-hand")
    in_steps = step(opening, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]})
    ending = _going_out(step, THREE_HAND_GOING_OUT, "three-hand", [{"cards": ["5H", "5S", "5D"]}], "9C", ask=False)
    return {
        "state": draw, "move": {"type": "take_pile", "cards": ["8C", "8S"]},
        "setup": {"dealer": 0, "score": [0, 0, 0]},
        "finished_state": ending["over"],
        "meld_request": {"melds": [{"cards": ["AH", "AS", "AD"]}, {"cards": ["KH", "KS", "KD", "2C"]}],
                         "context": {"team_score": 1600, "initial": True}},
        "phases": {"draw": draw, "meld_after_draw": after_draw, "meld_after_taking_pile": after_pile,
                   "meld_between_melds": between, "meld_as_partners": partners,
                   "meld_after_adding_to_partners_meld": onto_partner, **ending,
                   "meld_before_opening": opening, "meld_opening_in_steps": in_steps},
    }


def _hand_and_foot(step) -> dict:
    draw = complete(HAND_AND_FOOT_MID_HAND, "hand-and-foot")
    after_draw = step(draw, {"type": "draw", "cards": ["9S", "4S"]})
    after_pile = step(draw, {"type": "take_pile", "cards": ["8C", "8S"]})
    between = step(after_pile, {"type": "meld", "melds": [{"cards": ["JH", "JD", "JS"]}]})
    to_the_foot = complete(HAND_AND_FOOT_TO_THE_FOOT, "hand-and-foot")
    on_the_foot = step(to_the_foot, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]})
    on_the_foot = step(on_the_foot, {"type": "lay_off", "meld": 0, "cards": ["KD", "KD"]})
    opening = complete(HAND_AND_FOOT_OPENING, "hand-and-foot")
    in_steps = step(opening, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]})
    ending = _going_out(step, HAND_AND_FOOT_GOING_OUT, "hand-and-foot", [{"cards": ["5H", "5S", "5D"]}], "9C")
    return {
        "state": draw, "move": {"type": "take_pile", "cards": ["8C", "8S"]},
        "setup": {"dealer": 0, "score": [0, 0]},
        "finished_state": ending["over"],
        "meld_request": {"melds": [{"cards": ["AH", "AS", "AD", "2C"]}, {"cards": ["KH", "KS", "KD"]}],
                         "context": {"team_score": 0, "initial": True, "round": 1}},
        "phases": {"draw": draw, "meld_after_draw": after_draw, "meld_after_taking_pile": after_pile,
                   "meld_between_melds": between, "meld_before_reaching_the_foot": to_the_foot,
                   "meld_on_the_foot": on_the_foot, **ending, "meld_before_opening": opening,
                   "meld_opening_in_steps": in_steps},
    }

