"""Going alone: who sits out, the dealer's exchange when the partner is alone, defending alone, and who leads."""

from __future__ import annotations

import pytest

from tests.engine.euchre import reference_model as ref
from tests.engine.euchre.hand_built import (TOP_HEARTS, call, defend_alone, discard, order_up, pass_, play,
                                            replay)
from tests.engine.euchre.rule_http import assert_illegal, assert_legal, cited_rules, legal_keys, post

LONE_DEFENCE = {"lone_defender": True}


def turns(client, state: dict, options: dict | None = None, count: int = 4) -> list[int]:
    """The seats that act over the next `count` plays, each playing its first listed card."""
    seats = []
    for _ in range(count):
        listed = post(client, "/legal-moves", state, options=options)
        if listed["phase"] != "play":
            break
        seats.append(listed["to_act"])
        state = post(client, "/apply-move", state, listed["moves"][0], options)["state"]
    return seats


def test_euchre_alone_going_alone_the_partner_sits_out_and_tricks_hold_three(client):
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D")])
    assert turns(client, state) == [1, 2, 0, 1]
    after = post(client, "/apply-move", replay(state, [play("JH"), play("AS")]), play("10H"))
    won = [event for event in after["events"] if event["type"] == "trick_won"]
    assert [event["seat"] for event in won] == [1]
    assert after["state"]["tricks"][0]["cards"] == ["JH", "AS", "10H"]
    assert sorted(after["state"]["hands"][3]) == sorted(TOP_HEARTS["hands"][3])


def test_euchre_alone_going_alone_the_sitting_out_seat_cannot_play(client):
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D"), play("JH"), play("AS")])
    answer = post(client, "/validate-move", state, {"type": "play", "card": "AC", "seat": 3})
    assert answer["legal"] is False
    # The seat is skipped because its partner is alone: either rule says so.
    assert cited_rules(answer) & {"euchre.alone.going-alone", "euchre.play.turn"}, answer["violations"]


def test_euchre_alone_going_alone_offered_in_both_rounds(client):
    first = post(client, "/legal-moves", TOP_HEARTS)["moves"]
    assert ref.move_key(order_up(alone=True)) in legal_keys(first)
    state = replay(TOP_HEARTS, [pass_()] * 4)
    assert ref.move_key(call("S", alone=True)) in legal_keys(post(client, "/legal-moves", state)["moves"])
    after = post(client, "/apply-move", state, call("S", alone=True))
    assert (after["to_act"], after["phase"]) == (1, "play")
    assert turns(client, after["state"], count=3) == [1, 2, 0]


@pytest.mark.parametrize("lead, first", [("dealer_left", 2), ("maker_left", 0)])
def test_euchre_play_lead_the_dealers_left_sits_out(client, lead, first):
    # Seat 3 (the dealer's right) goes alone, so seat 1, on the dealer's left, sits out.
    options = {"lone_first_lead": lead}
    state = replay(TOP_HEARTS, [pass_(), pass_(), order_up(alone=True), discard("7D")], options)
    listed = post(client, "/legal-moves", state, options=options)
    assert (listed["to_act"], listed["phase"]) == (first, "play")
    assert 1 not in turns(client, state, options, count=3)


@pytest.mark.parametrize("lead, order", [("dealer_left", [1, 2, 0]), ("maker_left", [2, 0, 1])])
def test_euchre_play_lead_lone_first_lead_for_a_maker_on_the_dealers_left(client, lead, order):
    options = {"lone_first_lead": lead}
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D")], options)
    assert turns(client, state, options, count=3) == order


@pytest.mark.parametrize("lead, first", [("dealer_left", 1), ("maker_left", 3)])
def test_euchre_alone_dealer_exchange_none_the_dealer_sits_out_untouched(client, lead, first):
    options = {"lone_first_lead": lead}
    state = replay(TOP_HEARTS, [pass_()], options)
    after = post(client, "/apply-move", state, order_up(alone=True), options)
    assert (after["to_act"], after["phase"]) == (first, "play")
    assert sorted(after["state"]["hands"][0]) == sorted(TOP_HEARTS["hands"][0])
    assert after["state"].get("dealer_discard") is None
    assert 0 not in turns(client, after["state"], options, count=3)


def test_euchre_alone_dealer_exchange_none_the_dealer_cannot_discard(client):
    state = replay(TOP_HEARTS, [pass_(), order_up(alone=True)])
    answer = post(client, "/validate-move", state, discard("7D"))
    assert answer["legal"] is False and answer["violations"]


def test_euchre_alone_dealer_exchange_exchange_the_dealer_discards_then_sits_out(client):
    options = {"dealer_exchange_when_partner_alone": "exchange"}
    state = replay(TOP_HEARTS, [pass_()], options)
    after = post(client, "/apply-move", state, order_up(alone=True), options)
    assert (after["to_act"], after["phase"]) == (0, "discard")
    assert sorted(after["state"]["hands"][0]) == sorted(TOP_HEARTS["hands"][0] + ["10H"])
    listed = post(client, "/legal-moves", after["state"], options=options)
    assert legal_keys(listed["moves"]) == {ref.move_key(discard(c)) for c in TOP_HEARTS["hands"][0] + ["10H"]}
    played = post(client, "/apply-move", after["state"], discard("9S"), options)
    assert (played["to_act"], played["phase"]) == (1, "play")
    assert turns(client, played["state"], options, count=3) == [1, 2, 3]


def test_euchre_alone_dealer_exchange_exchange_keeps_the_upcard_option(client):
    options = {"dealer_exchange_when_partner_alone": "exchange", "dealer_may_discard_upcard": False}
    state = replay(TOP_HEARTS, [pass_(), order_up(alone=True)], options)
    assert_illegal(client, state, discard("10H"), "euchre.bidding.dealer-discard", options)




def test_euchre_alone_lone_defender_off_by_default(client):
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D")])
    assert post(client, "/legal-moves", state)["phase"] == "play"
    answer = post(client, "/validate-move", state, defend_alone())
    assert answer["legal"] is False and answer["violations"]


def test_euchre_alone_lone_defender_off_by_default_is_the_rule_cited(client):
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D")])
    assert_illegal(client, state, defend_alone(), "euchre.alone.lone-defender")


def test_euchre_alone_lone_defender_asked_after_the_dealers_discard(client):
    state = replay(TOP_HEARTS, [order_up(alone=True)], LONE_DEFENCE)
    assert post(client, "/legal-moves", state, options=LONE_DEFENCE)["phase"] == "discard"
    after = post(client, "/apply-move", state, discard("7D"), LONE_DEFENCE)
    assert (after["to_act"], after["phase"]) == (2, "defend")
    listed = post(client, "/legal-moves", after["state"], options=LONE_DEFENCE)
    assert legal_keys(listed["moves"]) == {ref.move_key(pass_()), ref.move_key(defend_alone())}


def test_euchre_alone_lone_defender_not_against_partners(client):
    state = replay(TOP_HEARTS, [order_up(), discard("7D")], LONE_DEFENCE)
    assert post(client, "/legal-moves", state, options=LONE_DEFENCE)["phase"] == "play"
    answer = post(client, "/validate-move", state, defend_alone(), LONE_DEFENCE)
    assert answer["legal"] is False and answer["violations"]


def test_euchre_alone_lone_defender_not_against_partners_is_the_rule_cited(client):
    state = replay(TOP_HEARTS, [order_up(), discard("7D")], LONE_DEFENCE)
    assert_illegal(client, state, defend_alone(), "euchre.alone.lone-defender", LONE_DEFENCE)


@pytest.mark.parametrize("maker_bids, order_option, asked", [
    ([pass_(), pass_(), order_up(alone=True), discard("7D")], "maker_left", [0, 2]),
    ([pass_(), pass_(), order_up(alone=True), discard("7D")], "dealer_left", [2, 0]),
    ([pass_(), order_up(alone=True)], "maker_left", [3, 1]),
    ([pass_(), order_up(alone=True)], "dealer_left", [1, 3]),
    ([order_up(alone=True), discard("7D")], "maker_left", [2, 0]),
    ([order_up(alone=True), discard("7D")], "dealer_left", [2, 0]),
])
def test_euchre_alone_lone_defender_order_who_is_asked_first(client, maker_bids, order_option, asked):
    options = {**LONE_DEFENCE, "lone_defender_order": order_option}
    state = replay(TOP_HEARTS, maker_bids, options)
    first = post(client, "/legal-moves", state, options=options)
    assert (first["to_act"], first["phase"]) == (asked[0], "defend")
    state = replay(state, [pass_()], options)
    second = post(client, "/legal-moves", state, options=options)
    assert (second["to_act"], second["phase"]) == (asked[1], "defend")
    after = post(client, "/apply-move", state, pass_(), options)
    assert after["phase"] == "play"


def test_euchre_alone_lone_defender_the_first_to_declare_plays_two_handed(client):
    options = LONE_DEFENCE
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D")], options)
    after = post(client, "/apply-move", state, defend_alone(), options)
    assert (after["to_act"], after["phase"]) == (1, "play")
    assert turns(client, after["state"], options, count=4) == [1, 2, 1, 2]
    state = replay(after["state"], [play("JH")], options)
    trick = post(client, "/apply-move", state, play("AS"), options)
    assert trick["state"]["tricks"][0]["cards"] == ["JH", "AS"]
    assert [e["seat"] for e in trick["events"] if e["type"] == "trick_won"] == [1]


@pytest.mark.parametrize("lead, first", [("dealer_left", 1), ("maker_left", 0)])
def test_euchre_play_lead_against_a_lone_defender_whose_partner_is_on_the_makers_left(client, lead, first):
    # Seat 1 alone, seat 2 (the maker's left) passes and seat 0 defends alone: seat 2 sits out.
    options = {**LONE_DEFENCE, "lone_first_lead": lead}
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D"), pass_()], options)
    after = post(client, "/apply-move", state, defend_alone(), options)
    assert (after["to_act"], after["phase"]) == (first, "play")
    assert len(set(turns(client, after["state"], options, count=4))) == 2


def test_euchre_play_hand_size_the_seats_sitting_out_keep_five(client):
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D"), defend_alone(), play("JH"), play("AS")],
                   LONE_DEFENCE)
    listed = post(client, "/legal-moves", state, options=LONE_DEFENCE)
    assert (listed["to_act"], listed["phase"]) == (1, "play")
    assert [len(hand) for hand in state["hands"]] == [5, 4, 4, 5]
    assert_legal(client, state, play("JD"), LONE_DEFENCE)


AGAINST_ANY = {**LONE_DEFENCE, "lone_defender_against": "any_maker"}


def test_euchre_alone_lone_defender_against_any_maker_asked_after_a_partnership_bid(client):
    # Under lone_defender_against any_maker the defenders are asked whatever the maker chose: here seat 1 orders
    # up with its partner, and after the dealer's discard seat 2, on the maker's left, answers first.
    state = replay(TOP_HEARTS, [order_up(), discard("7D")], AGAINST_ANY)
    listed = post(client, "/legal-moves", state, options=AGAINST_ANY)
    assert (listed["to_act"], listed["phase"]) == (2, "defend")
    assert legal_keys(listed["moves"]) == {ref.move_key(pass_()), ref.move_key(defend_alone())}
    assert all("euchre.alone.lone-defender" in move["rules"] for move in listed["moves"])
    # Both pass: the four play, the first lead on the dealer's left.
    after = post(client, "/apply-move", replay(state, [pass_()], AGAINST_ANY), pass_(), AGAINST_ANY)
    assert (after["to_act"], after["phase"]) == (1, "play")
    assert turns(client, after["state"], AGAINST_ANY, count=4) == [1, 2, 3, 0]


def test_euchre_alone_lone_defender_against_any_maker_three_play(client):
    # Seat 2 defends alone against seat 1 and its partner: seat 0, seat 2's partner, sits out; three play.
    state = replay(TOP_HEARTS, [order_up(), discard("7D")], AGAINST_ANY)
    after = post(client, "/apply-move", state, defend_alone(), AGAINST_ANY)
    assert (after["to_act"], after["phase"]) == (1, "play")
    assert turns(client, after["state"], AGAINST_ANY, count=3) == [1, 2, 3]
    refused = post(client, "/validate-move", after["state"], {"type": "play", "card": "AC", "seat": 0}, AGAINST_ANY)
    assert refused["legal"] is False


def test_euchre_alone_lone_defender_against_partners_stays_refused_by_default(client):
    # The default reading keeps defending alone an answer to a lone maker only.
    state = replay(TOP_HEARTS, [order_up(), discard("7D")], LONE_DEFENCE)
    assert_illegal(client, state, defend_alone(), "euchre.alone.lone-defender", LONE_DEFENCE)
    assert_illegal(client, state, defend_alone(), "euchre.alone.lone-defender",
                   {**LONE_DEFENCE, "lone_defender_against": "lone_maker"})


def test_euchre_scoring_lone_defender_euchre_against_a_maker_and_partner(client):
    # Played to the end with each seat's first listed card: whoever takes the tricks, the score follows the
    # rule text: 4 to the lone defender's team for a euchre, else 1 (three or four tricks) or 2 (all five) to the
    # makers, who did not go alone.
    state = post(client, "/apply-move", replay(TOP_HEARTS, [order_up(), discard("7D")], AGAINST_ANY), defend_alone(),
                 AGAINST_ANY)["state"]
    while True:
        listed = post(client, "/legal-moves", state, options=AGAINST_ANY)
        if listed["phase"] == "over":
            break
        state = post(client, "/apply-move", state, listed["moves"][-1], AGAINST_ANY)["state"]
    makers_tricks = sum(1 for trick in state["tricks"] if trick.get("winner") in (1, 3))
    score = post(client, "/score", state, options=AGAINST_ANY)
    expected = ([0, 1] if makers_tricks in (3, 4) else [0, 2]) if makers_tricks >= 3 else [4, 0]
    assert score["teams"] == expected, (makers_tricks, score["lines"])
    if makers_tricks < 3:
        assert "euchre.scoring.lone-defender-euchre" in {line["rule"] for line in score["lines"]}
