"""Three-hand Canasta, tested from the rule texts alone, before the engine's answers were looked at: the seed's
Variation 9 first, then the sourced facts (variant_facts, classic_canasta_facts) where it leaves a point open;
everything else as the basic game.

Three players, each on their own, until one of them first takes the discard pile: that player is the lone hand for
the rest of the deal, the other two partners who combine their melds. The position's `lone` field names the lone
seat (null until then); melds, red threes and game scores are kept per seat."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.variants import ENTRIES
from rules_engine.replay import validate_game

from . import helpers

VARIANT = "three-hand"
pytestmark = pytest.mark.skipif(not ENTRIES[VARIANT].playable, reason="Three-hand's play is not released yet")
DECK = helpers.DECK                     # two packs and four jokers: every card code twice, the joker four times
RED_THREES = ("3D", "3H")
WILD = ("2C", "2D", "2H", "2S", "JK")

NINES = {"cards": ["9H", "9S", "9D"]}
QUEENS = {"cards": ["QH", "QS", "QD"]}
KINGS = {"cards": ["KH", "KS", "KD"]}
SEVEN_ACES = {"cards": ["AH", "AS", "AD", "AC", "AH", "AS", "AD"]}          # 140 in cards, natural canasta
SEVEN_TENS = {"cards": ["10H", "10S", "10D", "10C", "10H", "10S", "2C"]}    # 80 in cards, mixed canasta
OVER = {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}


# -- building positions ---------------------------------------------------------------------------
body = partial(helpers.variant_body, VARIANT)


def table(hands: list, melds: list, *, discard: list[str] | None = None, red_threes: list | None = None,
          turn: dict | None = None, lone: int | None = None, stock: list[str] | None = None,
          score: list[int] | None = None, melded_before: list[bool] | None = None) -> dict:
    """A three-player position (dealer seat 2, so seat 0 began). Without `stock` the stock is a count of every card
    not shown, less the hidden hands; with it, the stock is exactly those cards and the cards shown nowhere lie in
    the discard pile, under `discard` (every red three must then be shown, since none may lie in a pile taken)."""
    discard = list(discard if discard is not None else ["9C", "8D"])
    red_threes = red_threes if red_threes is not None else [[], [], []]
    shown = Counter(discard)
    for hand in hands:
        if type(hand) is not dict:
            shown.update(hand)
    for own in melds:
        for meld in own:
            shown.update(meld["cards"])
    for threes in red_threes:
        shown.update(threes)
    shown.update(stock or [])
    assert not (shown - DECK), f"more copies than the deck holds: {shown - DECK}"
    rest = DECK - shown
    hidden = sum(hand["count"] for hand in hands if type(hand) is dict)
    if stock is None:
        stock_field: object = {"count": sum(rest.values()) - hidden}
    else:
        assert not hidden and not any(rest[card] for card in RED_THREES)
        discard = sorted(rest.elements()) + discard
        stock_field = list(stock)
    state = {"players": 3, "dealer": 2, "hands": list(hands), "stock": stock_field, "discard": discard,
             "melds": melds, "red_threes": red_threes,
             "melded_before": melded_before if melded_before is not None else [bool(own) for own in melds],
             "turn": turn or {"seat": 0, "phase": "draw"}, "lone": lone}
    if score is not None:
        state["score"] = score
    return state


meld_turn = helpers.meld_turn


rules_broken = partial(helpers.variant_rules_broken, VARIANT)


def listed(state: dict) -> list[dict]:
    return answers.legal_moves(body(state))["moves"]


def apply(state: dict, move: dict) -> dict:
    return answers.apply_move(body(state, move))


def stock_size(stock: object) -> int:
    return stock["count"] if type(stock) is dict else len(stock)


def lines_of(answer: dict, seat: int, rule: str | None = None) -> list[dict]:
    return [line for line in answer["lines"] if line["team"] == seat and (rule is None or line["rule"] == rule)]


def filled(hand: list[str], size: int, *elsewhere: list[str]) -> list[str]:
    """The hand grown to `size` with cards that meld nothing."""
    return helpers.padded(hand, size, Counter(card for cards in elsewhere for card in cards))


# -- the deal -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_canasta_variant_three_hand_deal_three_players_13_each_of_108_cards(seed):
    # The seed: thirteen cards to each of the three players; the basic game's two packs and four jokers, 108 cards.
    answer = answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})
    state = answer["state"]
    assert state["players"] == 3
    assert [len(hand) for hand in state["hands"]] == [13, 13, 13]
    assert not [card for hand in state["hands"] for card in hand if card in RED_THREES]
    every = helpers.dealt_cards(state)
    assert sum(every.values()) == 108 and every == DECK
    # Everyone starts on their own: three owners of melds and threes, and no lone hand before the pile is taken.
    assert len(state["melds"]) == len(state["red_threes"]) == 3
    assert state["lone"] is None
    # Basic rules: the upcard starts the pile (turned again past wild cards and red threes), the dealer's left
    # plays first.
    assert state["discard"][-1] not in WILD + RED_THREES
    assert all(card in WILD + RED_THREES for card in state["discard"][:-1])
    assert state["turn"] == {"seat": (state["dealer"] + 1) % 3, "phase": "draw"}
    assert answer["to_act"] == (state["dealer"] + 1) % 3


def test_canasta_variant_three_hand_deal_is_for_three_players_only():
    # The seed: the game is for three; four players are the basic game's.
    with pytest.raises(InvalidRequest):
        answers.deal({"game": "canasta", "variant": VARIANT, "seed": 1, "players": 4})
    assert answers.deal({"game": "canasta", "variant": VARIANT, "seed": 1, "players": 3})["state"]["players"] == 3


# -- the draw: two cards from the stock, one discard ----------------------------------------------
def test_canasta_turn_draw_three_hand_a_stock_draw_takes_two_cards():
    # The seed: each draw from the stock brings two cards, and the turn still ends with one discard.
    state = answers.deal({"game": "canasta", "variant": VARIANT, "seed": 4})["state"]
    seat = state["turn"]["seat"]
    assert "draw" in [m["code"] for m in listed(state)]
    drawn = apply(state, {"type": "draw"})
    after = drawn["state"]
    laid_out = sum(map(len, after["red_threes"])) - sum(map(len, state["red_threes"]))    # each one replaced
    assert len(after["hands"][seat]) == 13 + 2
    assert len(after["stock"]) == len(state["stock"]) - 2 - laid_out
    assert drawn["to_act"] == seat and drawn["phase"] == "meld"
    card = after["hands"][seat][0]
    discarded = apply(after, {"type": "discard", "card": card})
    assert len(discarded["state"]["hands"][seat]) == 13 + 2 - 1
    assert discarded["state"]["discard"][-1] == card
    assert discarded["to_act"] == (seat + 1) % 3 and discarded["phase"] == "draw"


def test_canasta_turn_draw_three_hand_a_round_of_three_turns_in_a_game_log():
    # The seed: two drawn and one discarded a turn, so after each of the three players' first turn every hand
    # holds 14; basic rules: play passes to the left, back to the first player.
    dealt = answers.deal({"game": "canasta", "variant": VARIANT, "seed": 9})["state"]
    first = dealt["turn"]["seat"]
    state, log = dealt, []
    for _ in range(3):
        state = apply(state, {"type": "draw"})["state"]
        move = {"type": "discard", "card": state["hands"][state["turn"]["seat"]][-1]}
        state = apply(state, move)["state"]
        log += [{"type": "draw"}, move]
    answer = validate_game({"game": "canasta", "variant": VARIANT, "seed": 9, "moves": log})
    assert answer["valid"] is True and answer["first_illegal"] is None
    final = answer["final_state"]
    assert [len(hand) for hand in final["hands"]] == [14, 14, 14]
    assert final["turn"] == {"seat": first, "phase": "draw"}
    assert len(final["discard"]) == len(dealt["discard"]) + 3


# -- before the pile is taken: everyone alone -----------------------------------------------------
def three_owners(hand: list[str], lone: int | None, seat: int = 1) -> dict:
    """Seat 0 owns nines, seat 1 queens, seat 2 kings; `seat` has drawn and holds `hand`."""
    hands: list = [{"count": 12}, {"count": 12}, {"count": 11}]
    hands[seat] = hand
    return table(hands, [[NINES], [QUEENS], [KINGS]], discard=["4D", "8D"], lone=lone, turn=meld_turn(seat))


def test_canasta_seating_lone_hand_three_hand_before_the_pile_is_taken_nobody_adds_to_another_players_melds():
    # The seed: every player plays alone; partnerships only start once someone has taken the pile.
    state = three_owners(["KC", "KC", "9C", "5D", "6D", "8S"], lone=None)
    assert "canasta.seating.lone-hand" in rules_broken(state, {"type": "lay_off", "owner": 2, "meld": 0,
                                                               "cards": ["KC"]})
    assert "canasta.seating.lone-hand" in rules_broken(state, {"type": "lay_off", "owner": 0, "meld": 0,
                                                               "cards": ["9C"]})
    offered = [m for m in listed(state) if m["type"] == "lay_off"]
    assert all(m.get("owner") in (None, 1) for m in offered)


def test_canasta_seating_lone_hand_three_hand_before_the_pile_is_taken_a_player_adds_to_its_own_melds():
    # Basic rules: a player adds cards to its own melds; nothing in the seed takes that away.
    state = three_owners(["QC", "KC", "5D", "6D", "8S"], lone=None)
    assert rules_broken(state, {"type": "lay_off", "meld": 0, "cards": ["QC"]}) == []


# -- the first to take the pile plays alone -------------------------------------------------------
def test_canasta_seating_lone_hand_three_hand_first_to_take_the_pile_becomes_the_lone_hand():
    # The seed: whoever takes the discard pile first is the lone hand; the two others are partners.
    state = table([["9H", "9S", "4C", "5D"], {"count": 15}, {"count": 15}], [[KINGS], [], []],
                  discard=["6C", "9D"], lone=None)
    move = {"type": "take_pile", "cards": ["9H", "9S"]}
    assert rules_broken(state, move) == []
    answer = apply(state, move)
    assert answer["state"]["lone"] == 0
    formed = [event for event in answer["events"] if event["type"] == "lone_hand"]
    assert len(formed) == 1 and formed[0]["seat"] == 0 and sorted(formed[0]["partners"]) == [1, 2]
    assert ["9D", "9H", "9S"] in [sorted(meld["cards"]) for meld in answer["state"]["melds"][0]]
    assert sorted(answer["state"]["hands"][0]) == ["4C", "5D", "6C"]     # the pile's 6C joins the hand


def test_canasta_seating_lone_hand_three_hand_opening_by_taking_the_pile_makes_the_lone_hand():
    # The seed: the first to take the pile plays alone, whatever the meld; here seat 1 opens with the pile:
    # queens (the top card and a natural pair, 30) and aces (60) make 90, past its minimum of 50 at a score of 0.
    hand = filled(["QH", "QS", "AH", "AS", "AD"], 15, ["QD", "9C"] + KINGS["cards"])
    state = table([{"count": 12}, hand, {"count": 15}], [[KINGS], [], []], discard=["9C", "QD"], lone=None,
                  turn={"seat": 1, "phase": "draw"}, score=[-20, 0, 0])
    move = {"type": "take_pile", "cards": ["QH", "QS"], "melds": [{"cards": ["AH", "AS", "AD"]}]}
    assert rules_broken(state, move) == []
    assert apply(state, move)["state"]["lone"] == 1


def test_canasta_seating_lone_hand_three_hand_a_later_pile_taking_keeps_the_first_lone_hand():
    # The seed: only the first player to take the pile becomes the lone hand.
    state = table([{"count": 13}, ["9H", "9S", "4C", "5D"], {"count": 13}], [[KINGS], [QUEENS], []],
                  discard=["6C", "9D"], lone=0, turn={"seat": 1, "phase": "draw"})
    answer = apply(state, {"type": "take_pile", "cards": ["9H", "9S"]})
    assert answer["state"]["lone"] == 0
    assert not [event for event in answer["events"] if event["type"] == "lone_hand"]


# -- the partners combine their melds -------------------------------------------------------------
def test_canasta_seating_lone_hand_three_hand_partners_add_to_each_others_melds():
    # The seed: the two players against the lone hand may put their melds together: seat 1 adds two kings to
    # its partner's (seat 2's) kings.
    state = three_owners(["KC", "KC", "5D", "6D", "8S"], lone=0)
    move = {"type": "lay_off", "owner": 2, "meld": 0, "cards": ["KC", "KC"]}
    assert rules_broken(state, move) == []
    assert any(m["type"] == "lay_off" and m.get("owner") == 2 for m in listed(state))
    after = apply(state, move)["state"]
    assert sorted(after["melds"][2][0]["cards"]) == sorted(KINGS["cards"] + ["KC", "KC"])
    assert [m["cards"] for m in after["melds"][1]] == [QUEENS["cards"]]
    assert [m["cards"] for m in after["melds"][0]] == [NINES["cards"]]
    assert sorted(after["hands"][1]) == ["5D", "6D", "8S"]
    assert after["lone"] == 0


def test_canasta_seating_lone_hand_three_hand_the_other_partner_adds_back():
    # The seed: the partnership works both ways, so seat 2 may add to seat 1's queens as well.
    state = three_owners(["QC", "QC", "5D", "6D", "8S"], lone=0, seat=2)
    assert rules_broken(state, {"type": "lay_off", "owner": 1, "meld": 0, "cards": ["QC", "QC"]}) == []


def test_canasta_seating_lone_hand_three_hand_partners_never_add_to_the_lone_hands_melds():
    # The seed: the partners play against the lone hand, whose melds stay its own.
    state = three_owners(["9C", "9C", "5D", "6D", "8S"], lone=0)
    assert "canasta.seating.lone-hand" in rules_broken(state, {"type": "lay_off", "owner": 0, "meld": 0,
                                                               "cards": ["9C"]})
    assert not [m for m in listed(state) if m["type"] == "lay_off" and m.get("owner") == 0]


def test_canasta_seating_lone_hand_three_hand_the_lone_hand_never_adds_to_the_partners_melds():
    # The seed: the lone hand plays by itself against the two.
    state = three_owners(["QC", "KC", "5D", "6D"], lone=0, seat=0)
    assert "canasta.seating.lone-hand" in rules_broken(state, {"type": "lay_off", "owner": 1, "meld": 0,
                                                               "cards": ["QC"]})
    assert "canasta.seating.lone-hand" in rules_broken(state, {"type": "lay_off", "owner": 2, "meld": 0,
                                                               "cards": ["KC"]})


# -- the initial meld: each player's own minimum --------------------------------------------------
@pytest.mark.parametrize("own_score, required", [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120), (7495, 120),
])
def test_canasta_opening_minimum_three_hand_basic_tiers_by_score(own_score, required):
    # Basic rules (the seed changes nothing but whose score counts): 15 below 0, 50 from 0, 90 from 1500,
    # 120 from 3000 on, up to the 7500 that ends the game.
    answer = answers.validate_meld({"game": "canasta", "variant": VARIANT, "melds": [{"cards": ["AH", "AS", "AD"]}],
                                    "context": {"initial": True, "team_score": own_score}})
    assert answer["required"] == required
    assert answer["valid"] is (60 >= required)


OPENED = {"cards": ["AH", "AS", "AD", "JK"]}     # 110: an initial meld at any score below 3000


def unopened_pair(acting: int, score: list[int]) -> dict:
    """Seat 0 has melded; seats 1 and 2 have not, each holding fifteen; `acting` has drawn."""
    one = filled(["KC", "KC", "KH"], 15, OPENED["cards"], ["9C", "8D"], ["JC", "JC", "JH"])
    two = filled(["JC", "JC", "JH"], 15, OPENED["cards"], ["9C", "8D"], one)
    return table([{"count": 10}, one, two], [[OPENED], [], []], lone=None, turn=meld_turn(acting), score=score)


def required_now(state: dict) -> int:
    found = [c for c in answers.legal_moves(body(state)).get("constraints", []) if c["type"] == "initial_meld"]
    return found[0]["required"]


def test_canasta_opening_minimum_three_hand_two_players_in_one_position_need_different_minimums():
    # The seed: the initial meld's minimum belongs to each player, read from that player's own score column.
    scores = [0, 1500, 3000]
    assert required_now(unopened_pair(1, scores)) == 90
    assert required_now(unopened_pair(2, scores)) == 120


def test_canasta_opening_minimum_three_hand_thirty_points_short_at_1600_enough_below_zero():
    # The seed: each player's own score sets its minimum: three kings (30) fall short of seat 1's 90 at 1600,
    # and are enough where seat 1 stands below 0 (15), whatever the others' scores.
    move = {"type": "meld", "melds": [{"cards": ["KC", "KC", "KH"]}]}
    assert "canasta.opening.minimum" in rules_broken(unopened_pair(1, [0, 1600, -20]), move)
    assert rules_broken(unopened_pair(1, [1600, -20, 1600]), move) == []


def partner_to_open(hand: list[str]) -> dict:
    """Seat 0 plays alone; seat 2 has opened; seat 1, at 1500, has drawn and not melded yet."""
    melds = [[NINES], [], [{"cards": ["QH", "QS", "QD", "JK"]}]]
    return table([{"count": 8}, filled(hand, 15, NINES["cards"], melds[2][0]["cards"], ["9C", "8D"]), {"count": 9}],
                 melds, lone=0, turn=meld_turn(1), score=[-20, 1500, 0])


def test_canasta_opening_minimum_three_hand_a_partner_still_meets_its_own_minimum():
    # The seed: the minimum is each player's own, so seat 1 partnering seat 2 (which has opened) still needs its
    # 90 at 1500: three kings (30) are short, kings with aces (90) are enough.
    short = partner_to_open(["KC", "KC", "KH"])
    assert "canasta.opening.minimum" in rules_broken(short, {"type": "meld", "melds": [{"cards": ["KC", "KC", "KH"]}]})
    enough = partner_to_open(["KC", "KC", "KH", "AH", "AS", "AD"])
    both = {"type": "meld", "melds": [{"cards": ["KC", "KC", "KH"]}, {"cards": ["AH", "AS", "AD"]}]}
    assert rules_broken(enough, both) == []
    assert required_now(enough) == 90


def test_canasta_pile_frozen_take_three_hand_a_player_who_has_not_opened_needs_a_natural_pair():
    # Basic rules: the pile is frozen for whoever has not yet made an initial meld, so the top card is taken only
    # with a natural pair; in the three-hand game that is each player's own opening.
    hand = filled(["QH", "2S", "AH", "AS", "AD"], 15, ["QD", "9C"] + KINGS["cards"])
    state = table([{"count": 12}, hand, {"count": 15}], [[KINGS], [], []], discard=["9C", "QD"], lone=None,
                  turn={"seat": 1, "phase": "draw"})
    move = {"type": "take_pile", "cards": ["QH", "2S"], "melds": [{"cards": ["AH", "AS", "AD"]}]}
    assert "canasta.pile.frozen-take" in rules_broken(state, move)


# -- going out: two canastas ----------------------------------------------------------------------
def going_out(kings: dict, lone: int | None) -> dict:
    """Seat 0 (aces canasta and kings) has drawn and holds KC KC 9D; the others have melded too."""
    return table([["KC", "KC", "9D"], {"count": 14}, {"count": 14}], [[SEVEN_ACES, kings], [QUEENS], [NINES]],
                 lone=lone, turn=meld_turn(0))


LAY_OFF_KINGS = {"type": "lay_off", "meld": 1, "cards": ["KC", "KC"]}
GOING_OUT_RULES = {"canasta.melds.keep-a-card", "canasta.going-out.canastas-two", "canasta.going-out.canasta-needed",
                   "canasta.variant.three-hand"}


@pytest.mark.parametrize("lone", [None, 0])
def test_canasta_variant_three_hand_going_out_one_canasta_is_not_enough(lone):
    # The seed: nobody goes out with fewer than two canastas melded; five kings and the aces make one.
    state = going_out(KINGS, lone)
    broken = rules_broken(state, LAY_OFF_KINGS)
    assert broken and set(broken) <= GOING_OUT_RULES
    assert "lay_off:1:KC,KC" not in [m["code"] for m in listed(state)]


def test_canasta_variant_three_hand_going_out_with_two_canastas():
    # The seed: two canastas let a player go out; the two kings make the kings a second canasta.
    five_kings = {"cards": ["KH", "KS", "KD", "KH", "KS"]}
    state = going_out(five_kings, 0)
    assert rules_broken(state, LAY_OFF_KINGS) == []
    after = apply(state, LAY_OFF_KINGS)["state"]
    out = apply(after, {"type": "discard", "card": "9D"})
    assert out["state"]["turn"]["phase"] == "over" and out["state"]["turn"]["ending"] == "went_out"
    assert out["to_act"] is None


def partners_canastas(lone: int | None) -> dict:
    """Seat 1 holds the aces canasta, seat 2 the tens canasta; seat 1 has drawn and holds AC 5D."""
    return table([{"count": 12}, ["AC", "5D"], {"count": 6}], [[NINES], [SEVEN_ACES], [SEVEN_TENS, KINGS]],
                 lone=lone, turn=meld_turn(1))


def test_canasta_seating_lone_hand_three_hand_partners_canastas_together_let_one_go_out():
    # The seed: the partners put their melds together, so seat 1's canasta and seat 2's make the two needed.
    state = partners_canastas(0)
    lay_off = {"type": "lay_off", "meld": 0, "cards": ["AC"]}
    assert rules_broken(state, lay_off) == []
    after = apply(state, lay_off)["state"]
    assert apply(after, {"type": "discard", "card": "5D"})["state"]["turn"]["ending"] == "went_out"


def test_canasta_seating_lone_hand_three_hand_before_the_pile_is_taken_another_players_canasta_does_not_count():
    # The seed: nobody is partnered before the pile is taken, so seat 2's canasta does nothing for seat 1.
    broken = rules_broken(partners_canastas(None), {"type": "lay_off", "meld": 0, "cards": ["AC"]})
    assert broken and set(broken) <= GOING_OUT_RULES


def test_canasta_seating_lone_hand_three_hand_going_out_before_the_pile_is_taken_makes_the_lone_hand():
    # The seed: a player who goes out while nobody has taken the pile is the lone hand.
    state = table([["5D"], ["6D", "7S"], ["4C"]], [[SEVEN_ACES, SEVEN_TENS], [QUEENS], [KINGS]],
                  red_threes=[[], ["3H"], []], lone=None, turn=meld_turn(0))
    answer = apply(state, {"type": "discard", "card": "5D"})
    assert answer["state"]["lone"] == 0 and answer["state"]["turn"]["ending"] == "went_out"
    formed = [event for event in answer["events"] if event["type"] == "lone_hand"]
    assert len(formed) == 1 and sorted(formed[0]["partners"]) == [1, 2]
    # So the two others are partners when the hand is scored. Seat 0: aces 140 + 500, tens 80 + 300, going out 100.
    # Seat 1: queens 30, a red three 100, 6D and 7S -10; seat 2: kings 30, 4C -5.
    scored = answers.score(body(answer["state"]))
    assert scored["scores"] == [140 + 500 + 80 + 300 + 100, (30 - 10) + (30 - 5) + 100, (30 - 10) + (30 - 5)]


# -- scoring --------------------------------------------------------------------------------------
def lone_went_out(score: list[int] | None = None, red_threes: list | None = None) -> dict:
    """Seat 0, the lone hand, went out; seat 1 (a red three) and seat 2 show their hands. Every meld is at least
    120, an initial meld at any game score."""
    melds = [[SEVEN_ACES, SEVEN_TENS], [{"cards": ["QH", "QS", "QD", "QC", "JK", "JK"]}],
             [{"cards": ["KH", "KS", "KD", "KC", "2H", "2D"]}, {"cards": ["JH", "JS", "JD", "JK"]}]]
    return table([[], ["5D", "6D"], ["4C"]], melds, red_threes=red_threes or [["3D"], ["3H"], []], lone=0,
                 turn=OVER, score=score)


# Seat 0: aces 140 + 500, tens 80 + 300, going out 100, a red three 100.
LONE_OWN = 140 + 500 + 80 + 300 + 100 + 100
# Seat 1: four queens and two jokers 140, 5D and 6D -10 (its red three apart); seat 2: four kings and two twos 80,
# three jacks and a joker 80, 4C -5.
SEAT_1_CARDS, SEAT_2_CARDS = 140 - 10, 80 + 80 - 5


def test_canasta_seating_lone_hand_three_hand_the_lone_hand_scores_its_own_points():
    # The seed: the lone hand's column holds its own points only.
    answer = answers.score(body(lone_went_out()))
    assert answer["scores"][0] == LONE_OWN == 1220
    assert sum(line["points"] for line in lines_of(answer, 0)) == 1220
    assert not lines_of(answer, 0, "canasta.seating.lone-hand")


def test_canasta_seating_lone_hand_three_hand_each_partner_scores_the_partnership_total():
    # The seed: the partners' columns each get what the two of them scored together; red threes are the
    # exception, counted only in the column of the player who laid them out (seat 1's 3H: 100 for seat 1 only).
    answer = answers.score(body(lone_went_out()))
    total = SEAT_1_CARDS + SEAT_2_CARDS
    assert answer["scores"][1:] == [total + 100, total] == [385, 285]
    for seat in (1, 2):
        assert sum(line["points"] for line in lines_of(answer, seat)) == answer["scores"][seat]


def test_canasta_red_threes_score_three_hand_a_partners_red_threes_stay_its_own():
    # The seed: red threes score for the one who laid them, not for the temporary partnership.
    total = SEAT_1_CARDS + SEAT_2_CARDS
    one_each = answers.score(body(lone_went_out(red_threes=[["3D"], ["3H"], ["3H"]])))
    assert one_each["scores"] == [LONE_OWN, total + 100, total + 100]
    two_for_seat_1 = answers.score(body(lone_went_out(red_threes=[["3D"], ["3H", "3D"], []])))
    assert two_for_seat_1["scores"] == [LONE_OWN, total + 200, total]


def test_canasta_seating_lone_hand_three_hand_a_partners_going_out_counts_for_both_partners():
    # The seed: each partner scores the partnership's total, the going-out bonus of the one who went out included.
    # Seat 1 went out (aces 140 + 500, going out 100, red three 100); seat 2: tens 80 + 300, queens 30, 4C -5;
    # seat 0, the lone hand: nines 30, a red three 100, KC and JK -60.
    state = table([["KC", "JK"], [], ["4C"]], [[NINES], [SEVEN_ACES], [SEVEN_TENS, QUEENS]],
                  red_threes=[["3D"], ["3H"], []], lone=0, turn=dict(OVER, seat=1))
    answer = answers.score(body(state))
    seat_1_cards, seat_2_cards = 140 + 500 + 100, 80 + 300 + 30 - 5
    assert answer["scores"] == [30 + 100 - 60, seat_1_cards + seat_2_cards + 100, seat_1_cards + seat_2_cards]
    assert answer["scores"] == [70, 1245, 1145]


def test_canasta_seating_lone_hand_three_hand_pile_never_taken_everyone_scores_alone():
    # The seed: a stock used up with the pile never taken leaves nobody playing alone, and every player is scored
    # on its own. Seat 0: kings 30, 5C 6C 4H 8S -25, two red threes 200; seat 1: queens 30, 6D 7S -10, a red
    # three 100; seat 2: jacks 30, 4C -5, a red three 100.
    state = table([["5C", "6C", "9H"], ["6D", "7S"], ["4C"]], [[KINGS], [QUEENS], [{"cards": ["JH", "JS", "JD"]}]],
                  red_threes=[["3D", "3H"], ["3D"], ["3H"]], lone=None, stock=["4H", "8S"])
    drawn = apply(state, {"type": "draw"})["state"]
    over = apply(drawn, {"type": "discard", "card": "9H"})
    assert over["to_act"] is None and over["state"]["lone"] is None
    answer = answers.score(body(over["state"]))
    assert answer["scores"] == [30 - 25 + 200, 30 - 10 + 100, 30 - 5 + 100]
    assert not [line for line in answer["lines"] if line["rule"] == "canasta.seating.lone-hand"]


def test_canasta_red_threes_score_three_hand_all_four_red_threes_to_one_player_score_800():
    # Basic rules: four red threes on one side score 800; in the three-hand game a player's red threes are its
    # own, so one player holding all four earns 800. Pile never taken: each scores alone.
    state = table([["5D"], ["6D"], ["4C"]], [[NINES], [QUEENS], [KINGS]], red_threes=[["3D", "3D", "3H", "3H"], [], []],
                  lone=None, stock=[], turn={"seat": 0, "phase": "over", "ending": "stock_exhausted",
                                             "concealed": False})
    answer = answers.score(body(state))
    assert answer["scores"] == [30 - 5 + 800, 30 - 5, 30 - 5]


# -- the end of the stock -------------------------------------------------------------------------
def last_draw(score: list[int] | None = None) -> dict:
    """Seat 0, the lone hand, to draw the stock's last two cards. Seat 1 has melded nines and holds a natural pair
    of them, so in the basic game it could take a nine discarded onto the pile once the stock is gone."""
    melds = [[SEVEN_ACES], [{"cards": ["9S", "9S", "9D"]}], [QUEENS]]
    return table([["5C", "6C", "9H"], ["9C", "9C", "7S"], ["4C", "JK"]], melds, discard=["4D", "8D"],
                 red_threes=[["3D", "3D", "3H"], ["3H"], []], lone=0, stock=["4H", "8S"], score=score)


def test_canasta_stock_last_discard_three_hand_the_last_draw_still_plays_its_turn():
    # The seed: the hand ends when the player who took the stock's last card discards, not at the draw.
    drawn = apply(last_draw(), {"type": "draw"})
    after = drawn["state"]
    assert stock_size(after["stock"]) == 0
    assert sorted(after["hands"][0]) == ["4H", "5C", "6C", "8S", "9H"]
    assert drawn["to_act"] == 0 and drawn["phase"] == "meld"
    assert "discard:9H" in [m["code"] for m in listed(after)]


def test_canasta_stock_last_discard_three_hand_the_discard_ends_the_hand():
    # The seed: that player's discard ends the hand; nobody takes it up, unlike the basic game's play without
    # a stock (seat 1's natural pair of nines does not matter).
    drawn = apply(last_draw(), {"type": "draw"})["state"]
    over = apply(drawn, {"type": "discard", "card": "9H"})
    assert over["to_act"] is None
    assert over["state"]["turn"]["phase"] == "over" and over["state"]["turn"]["ending"] == "stock_exhausted"
    assert over["state"]["discard"][-1] == "9H"
    assert answers.legal_moves(body(over["state"]))["moves"] == []


def test_canasta_stock_last_discard_three_hand_nobody_earns_the_going_out_bonus():
    # Nobody went out: no going-out bonus (classic facts, end of the stock). Lone hand seat 0: aces 640, 4H 5C 6C
    # 8S -25, three red threes 300. Partners: nines 30, 9C 9C 7S -25 (seat 1); queens 30, 4C JK -55 (seat 2);
    # seat 1 adds its own red three (100).
    drawn = apply(last_draw(), {"type": "draw"})["state"]
    over = apply(drawn, {"type": "discard", "card": "9H"})["state"]
    answer = answers.score(body(over))
    assert not [line for line in answer["lines"] if line["rule"].startswith("canasta.going-out")]
    partnership = (30 - 25) + (30 - 55)
    assert answer["scores"] == [640 - 25 + 300, partnership + 100, partnership] == [915, 80, -20]


# -- the game: to 7500 ----------------------------------------------------------------------------
def test_canasta_variant_three_hand_game_ends_at_7500():
    # The seed: the game is played to 7500; seat 0's 1220 lifts it from 6500 to 7720.
    answer = answers.score(body(lone_went_out(score=[6500, 0, 0])))
    assert answer["game_scores"] == [7720, 385, 285]
    assert answer["game_over"] is True and answer["winner"] == 0


def test_canasta_variant_three_hand_game_goes_on_past_5000_below_7500():
    # The seed: 7500, not the basic game's 5000: seat 0 at 7220 has not ended the game.
    answer = answers.score(body(lone_went_out(score=[6000, 0, 0])))
    assert answer["game_scores"] == [7220, 385, 285]
    assert answer["game_over"] is False


def test_canasta_variant_three_hand_game_each_partners_column_counts_alone():
    # The seed: each player keeps a column; the partners' columns both gain the partnership's total, and the
    # higher total at the end wins: seat 1 at 7400 + 385 beats seat 2 at 7400 + 285.
    answer = answers.score(body(lone_went_out(score=[0, 7400, 7400])))
    assert answer["game_scores"] == [1220, 7785, 7685]
    assert answer["game_over"] is True and answer["winner"] == 1


def test_canasta_variant_three_hand_validate_game_a_log_that_ends_the_stock_and_the_game():
    # The seed: the last stock card's turn ends with its discard; 7000 and the lone hand's 915 make 7915,
    # past the 7500 that ends the game (the partners stand below 0, where 30 was enough to open).
    answer = validate_game(body(last_draw(score=[7000, -20, -20]),
                                        moves=[{"type": "draw"}, {"type": "discard", "card": "9H"}]))
    assert answer["valid"] is True and answer["first_illegal"] is None
    assert answer["final_state"]["turn"]["ending"] == "stock_exhausted"
    assert answer["score"]["scores"] == [915, 80, -20]
    assert answer["score"]["game_scores"] == [7915, 60, -40]
    assert answer["score"]["game_over"] is True and answer["score"]["winner"] == 0
