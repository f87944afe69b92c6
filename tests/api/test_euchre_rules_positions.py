"""Which Euchre positions the service takes and which it refuses, judged from the rule texts.

Every position starts from /deal and legal bids and cards applied through /apply-move, so it is reachable; a
test then changes one thing the rules forbid and expects a 422 naming a rule of the game and an existing field.
"""

from __future__ import annotations

import copy

import pytest

from tests.api.position_checks import accepted_answer, assert_refusal

GAME = "euchre"
DECKS = ("24", "32")
RANKS = {"24": ("9", "10", "J", "Q", "K", "A"), "32": ("7", "8", "9", "10", "J", "Q", "K", "A")}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def envelope(state: dict, options: dict | None = None, move: dict | None = None) -> dict:
    """A request body for a position endpoint."""
    body = {"game": GAME, "state": state, "options": options or {}}
    if move is not None:
        body["move"] = move
    return body


def deal(client, deck: str, seed: int, options: dict | None = None, **setup) -> dict:
    """A fresh deal from the service."""
    answer = client.post("/deal", json={"game": GAME, "seed": seed, "setup": setup,
                                        "options": {"deck": deck, **(options or {})}})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["state"]


def legal(client, state: dict, options: dict | None = None) -> dict:
    """The /legal-moves answer for a position that must be accepted."""
    return accepted_answer(client, envelope(state, options))


def apply(client, state: dict, moves: list[dict], options: dict | None = None) -> dict:
    """The position after legal moves, each applied by the service."""
    for move in moves:
        answer = client.post("/apply-move", json=envelope(state, options, move))
        assert answer.status_code == 200, (move, answer.get_json())
        state = answer.get_json()["state"]
    return state


def play_cards(client, state: dict, count: int, options: dict | None = None, salt: int = 0) -> dict:
    """The position after `count` legal cards, each picked among the legal moves by a fixed spread."""
    for step in range(count):
        moves = legal(client, state, options)["moves"]
        assert moves and moves[0]["type"] == "play", moves
        state = apply(client, state, [{"type": "play", "card": moves[(step * 5 + salt) % len(moves)]["card"]}], options)
    return state


PASS = {"type": "pass"}


def order_up(alone: bool = False) -> dict:
    """A first-round order-up."""
    return {"type": "order_up", "alone": alone}


def call(suit_letter: str, alone: bool = False) -> dict:
    """A second-round call."""
    return {"type": "call", "suit": suit_letter, "alone": alone}


def discard(card: str) -> dict:
    """The dealer's discard."""
    return {"type": "discard", "card": card}


def dealer_picks_up(client, deck: str, seed: int, options: dict | None = None) -> dict:
    """Three passes, the dealer picks up and discards the first card dealt to them: play about to start."""
    options = {"deck": deck, **(options or {})}
    state = apply(client, deal(client, deck, seed, options), [PASS, PASS, PASS, order_up()], options)
    return apply(client, state, [discard(state["hands"][state["dealer"]][0])], options)


def suit(card: str) -> str:
    """The printed suit letter of a card."""
    return card[-1]


def trump_of(state: dict) -> str:
    """The trump suit the bidding made."""
    for bid in state["bidding"]:
        if bid["type"] == "order_up":
            return suit(state["upcard"])
        if bid["type"] == "call":
            return bid["suit"]
    raise AssertionError("no trump made")


def played_suit(card: str, trump: str) -> str:
    """The suit a card counts in during play: the left bower is a trump."""
    return trump if card == "J" + SAME_COLOUR[trump] else suit(card)


def strength(card: str, led: str, trump: str) -> int:
    """How high a card stands in a trick: trumps above the led suit, bowers on top, other suits nowhere."""
    plain = ("7", "8", "9", "10", "J", "Q", "K", "A")
    if card == "J" + trump:
        return 200
    if card == "J" + SAME_COLOUR[trump]:
        return 199
    if suit(card) == trump:
        return 100 + plain.index(card[:-1])
    if suit(card) == led:
        return plain.index(card[:-1])
    return -1


def in_play(state: dict) -> list[int]:
    """The seats taking part in play, clockwise from seat 0."""
    out = set()
    for bid in state["bidding"]:
        if bid["type"] in ("order_up", "call") and bid.get("alone"):
            out.add((bid["seat"] + 2) % 4)
        if bid["type"] == "defend_alone":
            out.add((bid["seat"] + 2) % 4)
    return [seat for seat in range(4) if seat not in out]


def seats_of(state: dict, trick: dict) -> list[int]:
    """The seat that played each card of a trick, skipping seats that sit out."""
    playing = in_play(state)
    start = playing.index(trick["leader"])
    return [playing[(start + i) % len(playing)] for i in range(len(trick["cards"]))]


def winner(state: dict, trick: dict) -> int:
    """The seat that wins a finished trick by the ranking rules."""
    trump = trump_of(state)
    led = played_suit(trick["cards"][0], trump)
    best = max(range(len(trick["cards"])), key=lambda i: strength(trick["cards"][i], led, trump))
    return seats_of(state, trick)[best]


def hidden_but(state: dict, seat: int) -> dict:
    """The position as `seat` sees it: every other hand a count, a discard it did not make face down."""
    view = copy.deepcopy(state)
    view["hands"] = [hand if i == seat else {"count": len(hand)} for i, hand in enumerate(view["hands"])]
    if view.get("dealer_discard") and seat != view["dealer"]:
        view["dealer_discard"] = {"count": 1}
    return view


def assert_refused(client, state: dict, rules: set[str], options: dict | None = None) -> None:
    """/legal-moves answers 422 citing one of `rules` with a pointer to a field the request holds."""
    assert_refusal(client, envelope(state, options), rules)


def test_euchre_rule_ids_cited_below_exist(client):
    book = client.get(f"/games/{GAME}/rules").get_json()
    ids = {rule["id"] for section in book["sections"] for rule in section["rules"]}
    assert {"euchre.deal.deck", "euchre.play.hand-size", "euchre.bidding.turn", "euchre.bidding.first-round",
            "euchre.bidding.second-round", "euchre.bidding.turned-down-suit", "euchre.bidding.order-up",
            "euchre.bidding.dealer-discard", "euchre.bidding.stick-the-dealer", "euchre.alone.lone-defender",
            "euchre.alone.dealer-exchange", "euchre.play.lead", "euchre.play.trick-size",
            "euchre.play.trick-winner", "euchre.play.follow-suit", "euchre.game.target"} <= ids


# --- Accepted: reachable positions -------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_deal_cards_a_fresh_deal_from_every_seat_is_accepted(client, deck):
    state = deal(client, deck, 21, dealer=2)
    assert {len(hand) for hand in state["hands"]} == {5}
    for seat in range(4):
        answer = legal(client, hidden_but(state, seat), {"deck": deck})
        assert (answer["to_act"], answer["phase"]) == (3, "bidding1")


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_hand_size_the_dealer_holding_six_before_discarding_is_accepted(client, deck):
    options = {"deck": deck}
    state = apply(client, deal(client, deck, 22), [PASS, order_up()], options)
    assert len(state["hands"][0]) == 6 and state["upcard"] in state["hands"][0]
    view = hidden_but(state, 1)
    assert view["hands"][0] == {"count": 6}
    assert legal(client, view, options)["to_act"] == 0


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_hand_size_mid_trick_from_every_seat_with_the_discard_face_down_is_accepted(client, deck):
    options = {"deck": deck}
    state = play_cards(client, dealer_picks_up(client, deck, 23), 6, options)
    for seat in range(4):
        assert legal(client, hidden_but(state, seat), options)["to_act"] is not None


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("may", (True, False))
def test_euchre_bidding_dealer_discard_the_upcard_itself_depends_on_the_option(client, deck, may):
    options = {"deck": deck, "dealer_may_discard_upcard": True}
    state = apply(client, deal(client, deck, 24), [PASS, PASS, PASS, order_up()], options)
    state = apply(client, state, [discard(state["upcard"])], options)
    assert state["upcard"] not in state["hands"][0]
    options["dealer_may_discard_upcard"] = may
    if may:
        assert legal(client, state, options)["to_act"] == 1
    else:
        assert_refused(client, state, {"euchre.bidding.dealer-discard"}, options)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("stick", (False, True))
def test_euchre_bidding_stick_the_dealer_eight_passes_depend_on_the_option(client, deck, stick):
    state = apply(client, deal(client, deck, 25), [PASS] * 8, {"deck": deck})
    options = {"deck": deck, "stick_the_dealer": stick}
    if stick:
        assert_refused(client, state, {"euchre.bidding.stick-the-dealer", "euchre.bidding.void-hand"}, options)
    else:
        assert legal(client, state, options)["to_act"] is None


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_going_alone_tricks_of_three_with_the_partner_holding_five_are_accepted(client, deck):
    options = {"deck": deck}
    state = apply(client, deal(client, deck, 26), [PASS, PASS, PASS, order_up(alone=True)], options)
    state = apply(client, state, [discard(state["hands"][0][0])], options)
    state = play_cards(client, state, 7, options)
    assert [len(t["cards"]) for t in state["tricks"]] == [3, 3] and len(state["hands"][2]) == 5
    for seat in (0, 1, 3):
        assert legal(client, hidden_but(state, seat), options)["to_act"] is not None


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_dealer_exchange_none_leaves_the_dealer_five_as_dealt(client, deck):
    options = {"deck": deck}
    dealt = deal(client, deck, 27)
    state = play_cards(client, apply(client, dealt, [PASS, order_up(alone=True)], options), 4, options)
    assert state["hands"][0] == dealt["hands"][0] and "dealer_discard" not in state
    assert legal(client, state, options)["to_act"] is not None


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_dealer_exchange_play_with_no_discard_is_refused_under_exchange(client, deck):
    # Under exchange the dealer takes the upcard and discards before the first lead; no discard means no play.
    options = {"deck": deck}
    state = play_cards(client, apply(client, deal(client, deck, 27), [PASS, order_up(alone=True)], options), 4, options)
    assert_refused(client, state, {"euchre.alone.dealer-exchange", "euchre.play.trick-size",
                                   "euchre.bidding.dealer-discard", "euchre.play.hand-size"},
                   {**options, "dealer_exchange_when_partner_alone": "exchange"})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_lone_defender_tricks_of_two_are_accepted_with_the_option(client, deck):
    options = {"deck": deck, "lone_defender": True}
    state = apply(client, deal(client, deck, 28, options), [PASS, PASS, PASS, PASS, call_not_turned(client, deck, 28)],
                  options)
    assert legal(client, state, options)["phase"] != "play"
    state = apply(client, state, [{"type": "defend_alone"}], options)
    state = play_cards(client, state, 3, options)
    assert [len(t["cards"]) for t in state["tricks"]] == [2]
    assert legal(client, state, options)["to_act"] is not None
    # Without the option no defender is asked: the bidding ended with the lone call.
    assert_refused(client, state, {"euchre.alone.lone-defender", "euchre.bidding.turn"}, {"deck": deck})


def call_not_turned(client, deck: str, seed: int) -> dict:
    """Seat 1 names, alone, a suit other than the turned-down one."""
    turned = suit(deal(client, deck, seed)["upcard"])
    return call(next(s for s in "CDHS" if s != turned), alone=True)


@pytest.mark.parametrize("target", (10, 15))
def test_euchre_game_target_a_score_just_below_the_target_is_accepted(client, target):
    state = deal(client, "24", 29)
    state["score"] = [target - 1, target - 1]
    assert legal(client, state, {"deck": "24", "target": target})["to_act"] == 1


@pytest.mark.parametrize(("target", "score"), [(10, [10, 3]), (10, [4, 12]), (5, [5, 0]), (7, [6, 8])])
def test_euchre_game_target_a_score_at_or_past_the_target_is_refused(client, target, score):
    state = deal(client, "24", 30)
    state["score"] = score
    assert_refused(client, state, {"euchre.game.target"}, {"deck": "24", "target": target})


# --- Refused: cards ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("deck", "outside"), [("24", "8H"), ("24", "7S"), ("32", "6D"), ("32", "2C")])
def test_euchre_deal_deck_a_card_outside_the_pack_is_refused(client, deck, outside):
    state = deal(client, deck, 31)
    state["hands"][2][1] = outside
    assert_refused(client, state, {"euchre.deal.deck"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_deal_deck_the_upcard_also_in_a_hand_is_refused(client, deck):
    state = deal(client, deck, 32)
    state["hands"][1][0] = state["upcard"]
    assert_refused(client, state, {"euchre.deal.deck", "euchre.bidding.order-up"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_deal_deck_a_card_held_and_in_a_trick_is_refused(client, deck):
    state = play_cards(client, dealer_picks_up(client, deck, 33), 5, {"deck": deck})
    holder = next(seat for seat in range(4) if seat not in seats_of(state, state["current_trick"]))
    view = hidden_but(state, holder)
    view["hands"][holder][0] = state["tricks"][0]["cards"][2]
    assert_refused(client, view, {"euchre.deal.deck"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_deal_deck_the_discard_also_held_is_refused(client, deck):
    state = dealer_picks_up(client, deck, 34)
    state["hands"][2][0] = state["dealer_discard"]
    assert_refused(client, state, {"euchre.deal.deck", "euchre.bidding.dealer-discard"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_order_up_the_upcard_in_another_seats_hand_is_refused(client, deck):
    # Once ordered up the upcard goes to the dealer; seat 3 trades it for one of the dealer's cards.
    state = apply(client, deal(client, deck, 35), [PASS, PASS, order_up()], {"deck": deck})
    dealer_hand, other = state["hands"][0], state["hands"][3]
    up = dealer_hand.index(state["upcard"])
    dealer_hand[up], other[0] = other[0], dealer_hand[up]
    assert_refused(client, state, {"euchre.bidding.order-up", "euchre.deal.deck"}, {"deck": deck})


# --- Refused: hand sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("seat", (0, 2))
def test_euchre_play_hand_size_six_cards_before_anyone_orders_up_is_refused(client, deck, seat):
    view = hidden_but(deal(client, deck, 36), 1)
    view["hands"][seat] = {"count": 6}
    assert_refused(client, view, {"euchre.play.hand-size"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_hand_size_the_dealer_with_five_after_the_order_up_is_refused(client, deck):
    view = hidden_but(apply(client, deal(client, deck, 37), [PASS, order_up()], {"deck": deck}), 1)
    view["hands"][0] = {"count": 5}
    assert_refused(client, view, {"euchre.play.hand-size"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_hand_size_the_lone_makers_partner_short_a_card_is_refused(client, deck):
    options = {"deck": deck}
    state = apply(client, deal(client, deck, 38), [order_up(alone=True)], options)
    state = play_cards(client, apply(client, state, [discard(state["hands"][0][0])], options), 4, options)
    view = hidden_but(state, 1)
    view["hands"][3] = {"count": 4}
    assert_refused(client, view, {"euchre.play.hand-size"}, options)


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_hand_size_a_seat_yet_to_play_holding_one_fewer_is_refused(client, deck):
    state = play_cards(client, dealer_picks_up(client, deck, 39), 6, {"deck": deck})
    waiting = seats_of(state, {**state["current_trick"], "cards": [0, 0, 0]})[2]
    view = hidden_but(state, state["current_trick"]["leader"])
    view["hands"][waiting] = {"count": len(state["hands"][waiting]) - 1}
    assert_refused(client, view, {"euchre.play.hand-size"}, {"deck": deck})


# --- Refused: bidding --------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_turn_the_dealer_speaking_first_is_refused(client, deck):
    state = apply(client, deal(client, deck, 40), [PASS, PASS], {"deck": deck})
    state["bidding"][0]["seat"] = 0
    assert_refused(client, state, {"euchre.bidding.turn"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_turn_a_bid_after_trump_was_made_is_refused(client, deck):
    state = dealer_picks_up(client, deck, 41)
    state["bidding"].append({"seat": 1, "type": "pass"})
    assert_refused(client, state, {"euchre.bidding.turn"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_first_round_a_call_in_round_one_is_refused(client, deck):
    state = apply(client, deal(client, deck, 42), [PASS, PASS], {"deck": deck})
    other = next(s for s in "CDHS" if s != suit(state["upcard"]))
    state["bidding"].append({"seat": 3, "type": "call", "suit": other, "alone": False})
    assert_refused(client, state, {"euchre.bidding.first-round"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_second_round_an_order_up_after_four_passes_is_refused(client, deck):
    state = apply(client, deal(client, deck, 43), [PASS] * 5, {"deck": deck})
    state["bidding"].append({"seat": 2, "type": "order_up", "alone": False})
    assert_refused(client, state, {"euchre.bidding.second-round", "euchre.bidding.first-round"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_turned_down_suit_named_in_round_two_is_refused(client, deck):
    state = apply(client, deal(client, deck, 44), [PASS] * 6, {"deck": deck})
    state["bidding"].append({"seat": 3, "type": "call", "suit": suit(state["upcard"]), "alone": False})
    assert_refused(client, state, {"euchre.bidding.turned-down-suit"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_second_round_the_dealer_exchanging_after_a_call_is_refused(client, deck):
    # In round two the upcard was turned down: the dealer cannot hold it nor discard for it.
    options = {"deck": deck}
    dealt = deal(client, deck, 45)
    other = next(s for s in "CDHS" if s != suit(dealt["upcard"]))
    state = apply(client, dealt, [PASS] * 4 + [call(other)], options)
    state["dealer_discard"] = state["hands"][0][0]
    state["hands"][0][0] = state["upcard"]
    assert_refused(client, state, {"euchre.bidding.second-round", "euchre.bidding.dealer-discard",
                                   "euchre.bidding.order-up", "euchre.deal.deck"}, options)


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_dealer_discard_a_discard_before_any_order_up_is_refused(client, deck):
    state = apply(client, deal(client, deck, 46), [PASS, PASS], {"deck": deck})
    state["dealer_discard"] = state["hands"][0].pop()
    assert_refused(client, state, {"euchre.bidding.dealer-discard", "euchre.bidding.order-up",
                                   "euchre.play.hand-size"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_trick_size_a_card_played_before_the_dealer_discards_is_refused(client, deck):
    # The dealer kept six and seat 1 led: play cannot start before the discard.
    state = apply(client, deal(client, deck, 47), [PASS, PASS, PASS, order_up()], {"deck": deck})
    led = state["hands"][1].pop()
    state["current_trick"] = {"leader": 1, "cards": [led]}
    assert_refused(client, state, {"euchre.play.trick-size", "euchre.bidding.dealer-discard",
                                   "euchre.bidding.order-up"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_lone_defender_without_the_option_is_refused(client, deck):
    state = apply(client, deal(client, deck, 48), [PASS, order_up(alone=True)], {"deck": deck})
    state["bidding"].append({"seat": 3, "type": "defend_alone"})
    assert_refused(client, state, {"euchre.alone.lone-defender", "euchre.bidding.turn"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_lone_defender_the_makers_partner_defending_is_refused(client, deck):
    options = {"deck": deck, "lone_defender": True}
    state = apply(client, deal(client, deck, 49, options), [PASS, order_up(alone=True)], options)
    state["bidding"].append({"seat": 0, "type": "defend_alone"})
    assert_refused(client, state, {"euchre.alone.lone-defender", "euchre.alone.going-alone", "euchre.bidding.turn"},
                   options)


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_lone_defender_against_makers_playing_together_is_refused(client, deck):
    options = {"deck": deck, "lone_defender": True}
    state = apply(client, deal(client, deck, 50, options), [PASS, order_up()], options)
    state = apply(client, state, [discard(state["hands"][0][0])], options)
    state["bidding"].append({"seat": 3, "type": "defend_alone"})
    assert_refused(client, state, {"euchre.alone.lone-defender", "euchre.bidding.turn"}, options)


# --- Refused: tricks ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_trick_size_four_cards_in_a_trick_of_a_lone_maker_is_refused(client, deck):
    options = {"deck": deck}
    state = apply(client, deal(client, deck, 51), [PASS, PASS, PASS, order_up(alone=True)], options)
    state = play_cards(client, apply(client, state, [discard(state["hands"][0][0])], options), 3, options)
    trick = state["tricks"][0]
    trick["cards"].append(state["hands"][2].pop())
    assert_refused(client, state, {"euchre.play.trick-size", "euchre.play.hand-size"}, options)


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_trick_winner_a_winner_field_naming_another_seat_is_refused(client, deck):
    options = {"deck": deck}
    state = play_cards(client, dealer_picks_up(client, deck, 52), 12, options)
    for trick in state["tricks"]:
        trick["winner"] = winner(state, trick)
    assert legal(client, state, options)["to_act"] is not None
    state["tricks"][1]["winner"] = (state["tricks"][1]["winner"] + 2) % 4
    assert_refused(client, state, {"euchre.play.trick-winner"}, options)


def bower_trick(client, deck: str):
    """A played position with a trick where the printed-suit reading would name another winner."""
    options = {"deck": deck}
    for seed in range(60):
        state = play_cards(client, dealer_picks_up(client, deck, 100 + seed), 20, options, salt=seed)
        trump = trump_of(state)
        for number, trick in enumerate(state["tricks"]):
            led = suit(trick["cards"][0])
            naive = max(range(4), key=lambda i: (suit(trick["cards"][i]) == trump,
                                                 suit(trick["cards"][i]) == led,
                                                 RANKS["32"].index(trick["cards"][i][:-1])))
            naive_seat = seats_of(state, trick)[naive]
            if naive_seat != winner(state, trick) and any(c[0] == "J" for c in trick["cards"]):
                return state, number, naive_seat
    pytest.fail("no bower decided a trick in sixty hands")


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_trick_winner_a_bower_beaten_by_the_ace_is_refused(client, deck):
    state, number, naive_seat = bower_trick(client, deck)
    right = copy.deepcopy(state)
    right["tricks"][number]["winner"] = winner(state, state["tricks"][number])
    assert legal(client, right, {"deck": deck})["to_act"] is None
    state["tricks"][number]["winner"] = naive_seat
    assert_refused(client, state, {"euchre.play.trick-winner"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_lead_the_first_trick_led_by_the_dealer_is_refused(client, deck):
    state = dealer_picks_up(client, deck, 53)
    state["current_trick"]["leader"] = 0
    assert_refused(client, state, {"euchre.play.lead"}, {"deck": deck})


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_lead_the_next_trick_led_by_a_loser_is_refused(client, deck):
    state = play_cards(client, dealer_picks_up(client, deck, 54), 8, {"deck": deck})
    state["current_trick"]["leader"] = (winner(state, state["tricks"][-1]) + 1) % 4
    assert_refused(client, state, {"euchre.play.lead"}, {"deck": deck})


@pytest.mark.parametrize("first", ("dealer_left", "maker_left"))
def test_euchre_play_lead_against_a_lone_maker_whose_partner_sits_left_of_the_dealer(client, first):
    # Dealer 0, seat 3 alone: seat 1 sits out. dealer_left gives the lead to seat 2, maker_left to seat 0.
    options = {"deck": "24", "lone_first_lead": first}
    state = apply(client, deal(client, "24", 55), [PASS, PASS, order_up(alone=True)], options)
    state = apply(client, state, [discard(state["hands"][0][0])], options)
    expected = {"dealer_left": 2, "maker_left": 0}[first]
    assert legal(client, state, options)["to_act"] == expected
    state["current_trick"]["leader"] = {"dealer_left": 0, "maker_left": 2}[first]
    assert_refused(client, state, {"euchre.play.lead"}, options)


def show_out_swap(state: dict) -> dict | None:
    """A copy where a seat shows out of a played suit and plays it in a later trick, winners kept."""
    trump = trump_of(state)
    tricks = state["tricks"]
    for k, early in enumerate(tricks):
        led = played_suit(early["cards"][0], trump)
        for i, seat in enumerate(seats_of(state, early)):
            if i == 0 or played_suit(early["cards"][i], trump) != led:
                continue
            for late in tricks[k + 1:]:
                j = seats_of(state, late).index(seat)
                if j == 0 or played_suit(late["cards"][j], trump) == led:
                    continue
                changed = copy.deepcopy(state)
                a, b = changed["tricks"][k], changed["tricks"][tricks.index(late)]
                a["cards"][i], b["cards"][j] = b["cards"][j], a["cards"][i]
                if winner(changed, a) == winner(state, early) and winner(changed, b) == winner(state, late):
                    return changed
    return None


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_follow_suit_a_suit_played_after_showing_out_of_it_is_refused(client, deck):
    for seed in range(30):
        state = play_cards(client, dealer_picks_up(client, deck, 200 + seed), 20, {"deck": deck}, salt=seed)
        changed = show_out_swap(state)
        if changed:
            assert_refused(client, changed, {"euchre.play.follow-suit"}, {"deck": deck})
            return
    pytest.fail("no swap found")


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_follow_suit_a_finished_hand_with_show_outs_is_accepted(client, deck):
    for seed in range(4):
        state = play_cards(client, dealer_picks_up(client, deck, 300 + seed), 20, {"deck": deck}, salt=seed)
        assert legal(client, state, {"deck": deck})["to_act"] is None
        assert legal(client, hidden_but(state, 1), {"deck": deck})["to_act"] is None


# --- Options that decide a lone hand -----------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("exchange", ("none", "exchange"))
def test_euchre_alone_dealer_exchange_the_sitting_dealer_who_discarded_depends_on_the_option(client, deck, exchange):
    # Seat 2 orders up alone for dealer 0; the position after an exchange is reachable only under exchange.
    options = {"deck": deck, "dealer_exchange_when_partner_alone": "exchange"}
    state = apply(client, deal(client, deck, 56), [PASS, order_up(alone=True)], options)
    assert state["upcard"] in state["hands"][0] and len(state["hands"][0]) == 6
    state = play_cards(client, apply(client, state, [discard(state["hands"][0][0])], options), 4, options)
    assert len(state["hands"][0]) == 5 and "dealer_discard" in state
    options["dealer_exchange_when_partner_alone"] = exchange
    if exchange == "exchange":
        assert legal(client, state, options)["to_act"] is not None
    else:
        assert_refused(client, state, {"euchre.alone.dealer-exchange", "euchre.bidding.dealer-discard",
                                       "euchre.bidding.order-up"}, options)


@pytest.mark.parametrize("order", ("maker_left", "dealer_left"))
def test_euchre_alone_lone_defender_who_answers_first_depends_on_the_option(client, order):
    # Dealer 0, seat 3 orders up alone. maker_left asks seat 0 first, dealer_left asks seat 2 first.
    base = {"deck": "24", "lone_defender": True}
    dealt = deal(client, "24", 57, base)
    after_order = apply(client, dealt, [PASS, PASS, order_up(alone=True)], base)
    if after_order["hands"][0] and len(after_order["hands"][0]) == 6:
        after_order = apply(client, after_order, [discard(after_order["hands"][0][0])], base)
    for first, second in ((0, 2), (2, 0)):
        options = {**base, "lone_defender_order": "maker_left" if first == 0 else "dealer_left"}
        assert legal(client, after_order, options)["to_act"] == first
        state = apply(client, after_order, [PASS, {"type": "defend_alone"}], options)
        assert state["bidding"][-2:] == [{"seat": first, "type": "pass"}, {"seat": second, "type": "defend_alone"}]
        checked = {**base, "lone_defender_order": order}
        if checked == options:
            assert legal(client, state, checked)["to_act"] is not None
        else:
            assert_refused(client, state, {"euchre.alone.lone-defender", "euchre.bidding.turn"}, checked)


def left_bower_kept_on_its_printed_suit(client, deck: str):
    """A played position where a seat holding the left bower discarded on a lead of the bower's printed suit."""
    options = {"deck": deck}
    for seed in range(80):
        state = dealer_picks_up(client, deck, 400 + seed)
        left = "J" + SAME_COLOUR[trump_of(state)]
        for step in range(19):
            answer = legal(client, state, options)
            seat, hand, cards = answer["to_act"], state["hands"][answer["to_act"]], state["current_trick"]["cards"]
            printed = SAME_COLOUR[trump_of(state)]
            if (cards and played_suit(cards[0], trump_of(state)) == printed and left in hand
                    and not any(suit(c) == printed and c != left for c in hand)):
                other = next(m["card"] for m in answer["moves"] if m["card"] != left)
                return apply(client, state, [{"type": "play", "card": other}], options), seat, left
            move = answer["moves"][(step * 3 + seed) % len(answer["moves"])]
            state = apply(client, state, [{"type": "play", "card": move["card"]}], options)
    pytest.fail("no seat kept the left bower on its printed suit")


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_left_bower_kept_while_discarding_on_its_printed_suit_is_accepted(client, deck):
    state, seat, left = left_bower_kept_on_its_printed_suit(client, deck)
    assert left in state["hands"][seat]
    assert legal(client, state, {"deck": deck})["phase"] == "play"
    assert legal(client, hidden_but(state, seat), {"deck": deck})["phase"] == "play"


def showed_out(state: dict) -> dict[int, set[str]]:
    """The suits (as played, bowers in trump) each seat failed to follow so far."""
    trump = trump_of(state)
    out: dict[int, set[str]] = {seat: set() for seat in range(4)}
    for trick in state["tricks"] + [state["current_trick"]]:
        if not trick["cards"]:
            continue
        led = played_suit(trick["cards"][0], trump)
        for seat, card in zip(seats_of(state, trick), trick["cards"]):
            if played_suit(card, trump) != led:
                out[seat].add(led)
    return out


def trade_into_a_shown_out_suit(state: dict, wanted) -> dict | None:
    """A copy where a seat that showed out of a suit holds a card of it, got from a seat that could hold the other."""
    trump = trump_of(state)
    out = showed_out(state)
    for taker in range(4):
        for giver in range(4):
            if giver == taker:
                continue
            for card in state["hands"][giver]:
                if played_suit(card, trump) not in out[taker] or not wanted(card, trump):
                    continue
                swap = next((c for c in state["hands"][taker] if played_suit(c, trump) not in out[giver]), None)
                if swap is None:
                    continue
                changed = copy.deepcopy(state)
                changed["hands"][giver][changed["hands"][giver].index(card)] = swap
                changed["hands"][taker][changed["hands"][taker].index(swap)] = card
                return changed
    return None


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("kind", ("any card", "left bower"))
def test_euchre_play_follow_suit_a_suit_held_after_showing_out_of_it_is_refused(client, deck, kind):
    wanted = {"any card": lambda card, trump: True,
              "left bower": lambda card, trump: card == "J" + SAME_COLOUR[trump]}[kind]
    for seed in range(80):
        state = play_cards(client, dealer_picks_up(client, deck, 500 + seed), 9, {"deck": deck}, salt=seed)
        changed = trade_into_a_shown_out_suit(state, wanted)
        if changed:
            assert_refused(client, changed, {"euchre.play.follow-suit"}, {"deck": deck})
            return
    pytest.fail("no trade found")


# --- Cards that take no part -------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_second_round_the_turned_down_upcard_played_is_refused(client, deck):
    options = {"deck": deck}
    dealt = deal(client, deck, 58)
    other = next(s for s in "CDHS" if s != suit(dealt["upcard"]))
    state = play_cards(client, apply(client, dealt, [PASS] * 5 + [call(other)], options), 1, options)
    # The leader's card becomes the upcard, which lay face down since round one.
    state["current_trick"]["cards"][0] = state["upcard"]
    assert_refused(client, state, {"euchre.bidding.second-round", "euchre.deal.deck"}, options)


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_alone_dealer_exchange_the_upcard_left_on_the_pack_held_by_a_player_is_refused(client, deck):
    # Under none the upcard stays on the pack when the dealer's partner goes alone.
    options = {"deck": deck}
    state = apply(client, deal(client, deck, 59), [PASS, order_up(alone=True)], options)
    state["hands"][1][0] = state["upcard"]
    assert_refused(client, state, {"euchre.alone.dealer-exchange", "euchre.deal.deck", "euchre.bidding.order-up"},
                   options)


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_void_hand_a_trick_after_eight_passes_is_refused(client, deck):
    options = {"deck": deck}
    state = apply(client, deal(client, deck, 60), [PASS] * 8, options)
    state["current_trick"]["cards"] = [state["hands"][1].pop()]
    assert_refused(client, state, {"euchre.bidding.void-hand", "euchre.play.trick-size", "euchre.play.hand-size"},
                   options)


@pytest.mark.parametrize("first", ("dealer_left", "maker_left"))
def test_euchre_play_lead_a_lone_dealer_is_led_to_by_the_seat_on_its_left_either_way(client, first):
    options = {"deck": "32", "lone_first_lead": first}
    state = apply(client, deal(client, "32", 61), [PASS, PASS, PASS, order_up(alone=True)], options)
    state = apply(client, state, [discard(state["hands"][0][0])], options)
    assert legal(client, state, options)["to_act"] == 1
    state["current_trick"]["leader"] = 3
    assert_refused(client, state, {"euchre.play.lead"}, options)


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_bidding_stick_the_dealer_the_dealer_naming_trump_last_is_accepted(client, deck):
    options = {"deck": deck, "stick_the_dealer": True}
    dealt = deal(client, deck, 62, options)
    other = next(s for s in "CDHS" if s != suit(dealt["upcard"]))
    state = apply(client, dealt, [PASS] * 7 + [call(other)], options)
    assert legal(client, state, options)["to_act"] == 1
    assert legal(client, hidden_but(state, 2), options)["phase"] == "play"


@pytest.mark.parametrize("deck", DECKS)
def test_euchre_play_trick_winner_a_lone_hand_winner_naming_the_seat_that_sits_out_is_refused(client, deck):
    options = {"deck": deck}
    state = apply(client, deal(client, deck, 63), [PASS, PASS, PASS, order_up(alone=True)], options)
    state = play_cards(client, apply(client, state, [discard(state["hands"][0][0])], options), 6, options)
    right = copy.deepcopy(state)
    for trick in right["tricks"]:
        trick["winner"] = winner(right, trick)
    assert legal(client, right, options)["to_act"] is not None
    right["tricks"][0]["winner"] = 2
    assert_refused(client, right, {"euchre.play.trick-winner", "euchre.alone.going-alone"}, options)
