"""Classic and Two-hand Canasta, written from the rule texts: going out, asking the partner, going out
concealed.

Sources: pagat.com/rummy/canasta.html (a canasta before going out, melding all or all but one and
discarding, the concealed going out), Bicycle and rummy-games.com (two canastas in Two-hand), The Ultimate
Book of Card Games and the OpenSpiel engine's tests (the partner's binding answer), through
classic_canasta_facts.md section 9 and variant_facts.md."""

from __future__ import annotations

import pytest

from tests.api.canasta_play import (
    ACES,
    applied,
    assert_allowed,
    assert_refused,
    each_variant,
    group,
    judged,
    legal_moves,
    listed,
    offers_meld,
    partner_of,
    same_cards,
)
from tests.api.canasta_play import position as any_position

SEVEN_KINGS = group("KC", "KC", "KD", "KD", "KH", "KH", "KS")
SEVEN_FIVES = group("5C", "5C", "5D", "5D", "5H", "5H", "5S")
NO_CANASTA = ("canasta.going-out.canasta-needed", "canasta.going-out.canastas-two", "canasta.melds.keep-a-card",
              "canasta.turn.discard")
ASK = "canasta.going-out.ask-partner"
QUEENS = ["QC", "QD", "QH"]


def position(variant: str, hand: list[str], **fields) -> dict:
    """A position whose acting hand is exactly `hand`: going out depends on every card held."""
    return any_position(variant, hand, exact_hand=True, **fields)


def meld(*melds: list[str]) -> dict:
    """A meld move putting down these melds."""
    return {"type": "meld", "melds": [{"cards": list(cards)} for cards in melds]}


def discard(card: str) -> dict:
    """Discarding a card."""
    return {"type": "discard", "card": card}


SIX_KINGS = group("KC", "KC", "KD", "KD", "KH", "KH")
SIX_SIXES = group("6C", "6C", "6D", "6D", "6H", "6S")


def short_of_canastas(variant: str) -> list[dict]:
    """A side's melds one canasta short of going out."""
    return [ACES, SIX_KINGS] if variant == "classic" else [ACES, SEVEN_KINGS, SIX_SIXES]


def canastas_for(variant: str) -> list[dict]:
    """The canastas a side needs to go out: one in Classic, two in Two-hand."""
    return [SEVEN_KINGS] if variant == "classic" else [SEVEN_KINGS, SEVEN_FIVES]


def went_out(state: dict) -> bool:
    """The hand is over because a player went out."""
    return state["turn"]["phase"] == "over" and state["turn"]["ending"] == "went_out"


# --- a canasta before going out -------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_canasta_needed_melding_down_to_one_card(client, variant):
    """Without the canastas going out needs, melding down to a last card is refused and not offered."""
    melds = [short_of_canastas(variant), []]
    state = position(variant, QUEENS + ["9C"], melds=melds)
    assert_refused(judged(client, variant, state, meld(QUEENS)), NO_CANASTA, "canasta")
    assert not offers_meld(legal_moves(client, variant, state), QUEENS)
    roomy = position(variant, QUEENS + ["9C", "9D"], melds=melds)
    assert_allowed(judged(client, variant, roomy, meld(QUEENS)))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_canasta_needed_melding_everything(client, variant):
    """Without the canastas going out needs, melding the whole hand is refused."""
    melds = [short_of_canastas(variant), []]
    state = position(variant, QUEENS, melds=melds)
    assert_refused(judged(client, variant, state, meld(QUEENS)), NO_CANASTA)


def test_canasta_going_out_canastas_two_in_two_hand(client):
    """Two-hand: one canasta is not enough to go out; the same move goes out in Classic."""
    melds = [[ACES, SEVEN_KINGS, SIX_SIXES], []]
    two_hand = position("two-hand", QUEENS, melds=melds)
    assert_refused(judged(client, "two-hand", two_hand, meld(QUEENS)),
                   ("canasta.going-out.canastas-two", "canasta.melds.keep-a-card"))
    classic = position("classic", QUEENS, melds=melds)
    assert_allowed(judged(client, "classic", classic, meld(QUEENS)))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_canasta_completed_in_the_same_turn(client, variant):
    """The canasta going out needs may be completed in the going-out turn itself."""
    other = [group("JC", "JD", "JH")] if variant == "classic" else [SEVEN_FIVES]
    melds = [[ACES, SIX_KINGS] + other, []]
    state = position(variant, ["KS", "9C"], melds=melds)
    lay = {"type": "lay_off", "meld": 1, "cards": ["KS"]}
    assert_allowed(judged(client, variant, state, lay))
    between = applied(client, variant, state, lay)["state"]
    assert_allowed(judged(client, variant, between, discard("9C")))
    assert went_out(applied(client, variant, between, discard("9C"))["state"])


# --- how to go out ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_melding_every_card(client, variant):
    """With the canastas on the table, melding the whole hand goes out with no discard."""
    state = position(variant, QUEENS, melds=[[ACES] + canastas_for(variant), []])
    assert offers_meld(legal_moves(client, variant, state), QUEENS)
    after = applied(client, variant, state, meld(QUEENS))["state"]
    assert went_out(after)
    assert after["hands"][0] == []
    assert after["discard"] == state["discard"], "going out by melding needs no discard"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_discarding_the_last_card(client, variant):
    """All but one card melded, the last one discarded: the hand ends at once."""
    state = position(variant, QUEENS + ["9C"], melds=[[ACES] + canastas_for(variant), []])
    between = applied(client, variant, state, meld(QUEENS))["state"]
    assert between["turn"]["phase"] == "meld"
    assert listed(legal_moves(client, variant, between)["moves"], "discard", card="9C")
    after = applied(client, variant, between, discard("9C"))["state"]
    assert went_out(after)
    assert after["discard"][-1] == "9C"
    assert after["hands"][0] == []


# --- asking the partner (Classic) ------------------------------------------------------------------------------


def able_to_go_out(**fields) -> dict:
    """Seat 0 has drawn, holds three queens and a nine, and its side has a canasta."""
    return position("classic", QUEENS + ["9C"], melds=[[ACES, SEVEN_KINGS], []], **fields)


def test_canasta_going_out_ask_partner_offered_and_passes_to_partner(client):
    """Right after drawing a player able to go out may ask; the partner answers next."""
    state = able_to_go_out()
    assert listed(legal_moves(client, "classic", state)["moves"], "ask_go_out")
    answer = applied(client, "classic", state, {"type": "ask_go_out"})
    assert answer["to_act"] == partner_of(0)
    assert answer["state"]["turn"]["question"] == "asked"
    moves = legal_moves(client, "classic", answer["state"])
    assert moves["to_act"] == 2
    assert listed(moves["moves"], "answer_go_out", yes=True) and listed(moves["moves"], "answer_go_out", yes=False)


def test_canasta_going_out_ask_partner_answer_by_the_partner_only(client):
    """Only the partner answers the question."""
    asked = applied(client, "classic", able_to_go_out(), {"type": "ask_go_out"})["state"]
    verdict = judged(client, "classic", asked, {"type": "answer_go_out", "yes": True, "seat": 0})
    assert_refused(verdict, ("canasta.turn.order", ASK), "seat 2")
    assert_allowed(judged(client, "classic", asked, {"type": "answer_go_out", "yes": True, "seat": 2}))


def test_canasta_going_out_ask_partner_yes_binds(client):
    """After yes the player must go out this turn: a discard that keeps cards is refused."""
    asked = applied(client, "classic", able_to_go_out(), {"type": "ask_go_out"})["state"]
    told_yes = applied(client, "classic", asked, {"type": "answer_go_out", "yes": True})["state"]
    assert told_yes["turn"]["question"] == "yes" and told_yes["turn"]["seat"] == 0
    assert_refused(judged(client, "classic", told_yes, discard("9C")), ASK, "yes")
    moves = legal_moves(client, "classic", told_yes)["moves"]
    assert not listed(moves, "discard"), "no discard can end the turn without going out here"
    assert offers_meld({"moves": moves}, QUEENS)
    between = applied(client, "classic", told_yes, meld(QUEENS))["state"]
    assert went_out(applied(client, "classic", between, discard("9C"))["state"])


def test_canasta_going_out_ask_partner_no_binds(client):
    """After no the player may not go out this turn: melding down to the last card is refused."""
    asked = applied(client, "classic", able_to_go_out(), {"type": "ask_go_out"})["state"]
    told_no = applied(client, "classic", asked, {"type": "answer_go_out", "yes": False})["state"]
    assert told_no["turn"]["question"] == "no"
    assert_refused(judged(client, "classic", told_no, meld(QUEENS)), (ASK, "canasta.melds.keep-a-card"), "no")
    assert_allowed(judged(client, "classic", told_no, discard("9C")))
    assert not offers_meld(legal_moves(client, "classic", told_no), QUEENS)


def test_canasta_going_out_ask_partner_only_before_melding(client):
    """The question comes right after the draw, not after a meld."""
    state = position("classic", QUEENS + ["9C", "9D"], melds=[[ACES, SEVEN_KINGS], []])
    between = applied(client, "classic", state, meld(QUEENS))["state"]
    assert_refused(judged(client, "classic", between, {"type": "ask_go_out"}), ASK)
    assert not listed(legal_moves(client, "classic", between)["moves"], "ask_go_out")


def test_canasta_going_out_ask_partner_after_taking_the_pile(client):
    """Taking the pile is also a start of the turn: a player then able to go out may ask."""
    state = position("classic", ["QC", "QD", "9C", "9D"], phase="draw", melds=[[ACES, SEVEN_KINGS], []],
                     discard=["9H", "QS"])
    taken = applied(client, "classic", state, {"type": "take_pile", "cards": ["QC", "QD"]})["state"]
    assert sorted(taken["hands"][0]) == ["9C", "9D", "9H"]
    assert_allowed(judged(client, "classic", taken, {"type": "ask_go_out"}))


def test_canasta_going_out_ask_partner_not_when_unable(client):
    """A side without a canasta cannot go out, so there is nothing to ask."""
    state = position("classic", QUEENS + ["9C"], melds=[short_of_canastas("classic"), []])
    assert not listed(legal_moves(client, "classic", state)["moves"], "ask_go_out")
    assert_refused(judged(client, "classic", state, {"type": "ask_go_out"}),
                   (ASK, "canasta.going-out.canasta-needed"))


def test_canasta_players_alone_nobody_to_ask_in_two_hand(client):
    """Two-hand players have no partner to ask."""
    state = position("two-hand", QUEENS + ["9C"], melds=[[ACES] + canastas_for("two-hand"), []])
    assert not listed(legal_moves(client, "two-hand", state)["moves"], "ask_go_out")
    assert_refused(judged(client, "two-hand", state, {"type": "ask_go_out"}), ("canasta.players.alone", ASK))


# --- going out concealed -----------------------------------------------------------------------------------------


SEVEN_QUEENS = ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]
FOUR_JACKS = ["JC", "JD", "JH", "JS"]


def test_canasta_going_out_concealed_first_cards_on_the_table(client):
    """A player who had put nothing on the table melds a canasta and everything else in one turn and
    discards: that is going out concealed, even though the partner had opened for the side."""
    state = position("classic", SEVEN_QUEENS + FOUR_JACKS + ["9C"], melds=[[ACES], []],
                     melded_before=[False, False, True, False])
    between = applied(client, "classic", state, meld(SEVEN_QUEENS, FOUR_JACKS))["state"]
    after = applied(client, "classic", between, discard("9C"))["state"]
    assert went_out(after)
    assert after["turn"]["concealed"] is True


def test_canasta_going_out_concealed_not_after_adding_to_partners_meld(client):
    """Adding a card to the partner's meld in that turn spoils the concealed going out."""
    hand = SEVEN_QUEENS + ["JC", "JD", "JH", "AS", "9C"]
    state = position("classic", hand, melds=[[ACES], []], melded_before=[False, False, True, False])
    step = applied(client, "classic", state, meld(SEVEN_QUEENS, ["JC", "JD", "JH"]))["state"]
    step = applied(client, "classic", step, {"type": "lay_off", "meld": 0, "cards": ["AS"]})["state"]
    after = applied(client, "classic", step, discard("9C"))["state"]
    assert went_out(after)
    assert after["turn"]["concealed"] is False


def test_canasta_going_out_concealed_not_after_melding_before(client):
    """A player who had melded in an earlier turn does not go out concealed."""
    state = position("classic", SEVEN_QUEENS + ["JC", "JD", "JH", "9C"], melds=[[ACES, SEVEN_KINGS], []],
                     melded_before=[True, False, True, False])
    between = applied(client, "classic", state, meld(SEVEN_QUEENS, ["JC", "JD", "JH"]))["state"]
    after = applied(client, "classic", between, discard("9C"))["state"]
    assert went_out(after)
    assert after["turn"]["concealed"] is False


def test_canasta_going_out_concealed_two_hand(client):
    """Two-hand: the whole hand melded in one turn with two canastas goes out concealed."""
    hand = SEVEN_QUEENS + ["JC", "JC", "JD", "JD", "JH", "JH", "JS"] + ["9C", "9D", "9H"]
    state = position("two-hand", hand, score=[0, 0])
    after = applied(client, "two-hand", state, meld(SEVEN_QUEENS, hand[7:14], hand[14:]))["state"]
    assert went_out(after)
    assert after["turn"]["concealed"] is True


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_keep_a_card_meld_before_the_lay_off_that_completes_the_canasta(client, variant):
    """The melds of a turn go down in any order: three queens leaving a king that then completes the canasta
    going out needs is the same turn as the king first."""
    other = [group("JC", "JD", "JH")] if variant == "classic" else [SEVEN_FIVES]
    state = position(variant, QUEENS + ["KS"], melds=[[ACES, SIX_KINGS] + other, []])
    assert_allowed(judged(client, variant, state, meld(QUEENS)))
    between = applied(client, variant, state, meld(QUEENS))["state"]
    after = applied(client, variant, between, {"type": "lay_off", "meld": 1, "cards": ["KS"]})["state"]
    assert went_out(after)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_discarding_a_black_three(client, variant):
    """The last card discarded in going out may be a black three."""
    state = position(variant, QUEENS + ["3S"], melds=[[ACES] + canastas_for(variant), []])
    between = applied(client, variant, state, meld(QUEENS))["state"]
    after = applied(client, variant, between, discard("3S"))["state"]
    assert went_out(after) and after["discard"][-1] == "3S"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_discarding_a_wild_card(client, variant):
    """The last card discarded in going out may be a wild card."""
    state = position(variant, QUEENS + ["JK"], melds=[[ACES] + canastas_for(variant), []])
    between = applied(client, variant, state, meld(QUEENS))["state"]
    assert went_out(applied(client, variant, between, discard("JK"))["state"])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_a_discard_that_keeps_cards_is_no_going_out(client, variant):
    """With the canastas on the table, a discard that keeps cards just ends the turn."""
    state = position(variant, QUEENS + ["9C"], melds=[[ACES] + canastas_for(variant), []])
    after = applied(client, variant, state, discard("9C"))["state"]
    assert after["turn"]["phase"] == "draw"
    assert same_cards(after["hands"][0], QUEENS)


def test_canasta_going_out_ask_partner_not_before_drawing(client):
    """The question is asked after drawing, not before."""
    state = position("classic", QUEENS + ["9C"], phase="draw", melds=[[ACES, SEVEN_KINGS], []])
    assert_refused(judged(client, "classic", state, {"type": "ask_go_out"}), (ASK, "canasta.turn.draw"))
    assert not listed(legal_moves(client, "classic", state)["moves"], "ask_go_out")


def test_canasta_going_out_ask_partner_answer_not_by_an_opponent(client):
    """An opponent cannot answer for the partner."""
    asked = applied(client, "classic", able_to_go_out(), {"type": "ask_go_out"})["state"]
    for seat in (1, 3):
        verdict = judged(client, "classic", asked, {"type": "answer_go_out", "yes": False, "seat": seat})
        assert_refused(verdict, ("canasta.turn.order", ASK))


def test_canasta_going_out_ask_partner_once(client):
    """Once answered, the question is not asked again in that turn."""
    asked = applied(client, "classic", able_to_go_out(), {"type": "ask_go_out"})["state"]
    for reply in (True, False):
        answered = applied(client, "classic", asked, {"type": "answer_go_out", "yes": reply})["state"]
        assert_refused(judged(client, "classic", answered, {"type": "ask_go_out"}), ASK)
        assert not listed(legal_moves(client, "classic", answered)["moves"], "ask_go_out")


def test_canasta_going_out_ask_partner_nothing_else_while_asked(client):
    """While the question waits for its answer, the asking player cannot meld or discard."""
    asked = applied(client, "classic", able_to_go_out(), {"type": "ask_go_out"})["state"]
    assert_refused(judged(client, "classic", asked, discard("9C")), ("canasta.turn.order", ASK))
    moves = legal_moves(client, "classic", asked)["moves"]
    assert {m["type"] for m in moves} == {"answer_go_out"}


def test_canasta_going_out_concealed_two_hand_one_canasta_is_not_enough(client):
    """Two-hand: a whole hand melded at once with only one canasta is no going out."""
    hand = SEVEN_QUEENS + ["JC", "JD", "JH", "JS", "JC", "9C", "9D", "9H", "6C", "6D", "6H"]
    state = position("two-hand", hand)
    verdict = judged(client, "two-hand", state, meld(SEVEN_QUEENS, hand[7:12], hand[12:15], hand[15:]))
    assert_refused(verdict, NO_CANASTA + ("canasta.opening.concealed-exception", "canasta.opening.minimum"))


def test_canasta_going_out_concealed_after_taking_the_pile(client):
    """A player who had put nothing on the table may take the pile and meld everything, a canasta included:
    still a concealed going out (pagat via Ebbeling)."""
    queens = ["QC", "QC", "QD", "QD", "QH", "QH"]
    hand = queens + ["JC", "JD", "JH", "9C", "9D"]
    state = position("classic", hand, phase="draw", melds=[[ACES], []], discard=["9H", "QS"],
                     melded_before=[False, False, True, False])
    taken = applied(client, "classic", state, {"type": "take_pile", "cards": queens})["state"]
    assert sorted(taken["hands"][0]) == sorted(["JC", "JD", "JH", "9C", "9D", "9H"])
    after = applied(client, "classic", taken, meld(["JC", "JD", "JH"], ["9C", "9D", "9H"]))["state"]
    assert went_out(after)
    assert after["turn"]["concealed"] is True


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_hand_over_takes_no_more_moves(client, variant):
    """Once a player has gone out the hand is over: no seat acts and a move is answered 409."""
    state = position(variant, QUEENS, melds=[[ACES] + canastas_for(variant), []])
    after = applied(client, variant, state, meld(QUEENS))["state"]
    answer = legal_moves(client, variant, after)
    assert answer["to_act"] is None and answer["moves"] == []
    response = client.post("/validate-move", json={"game": "canasta", "variant": variant, "options": {},
                                                   "state": after, "move": {"type": "draw"}})
    assert response.status_code == 409


def test_canasta_going_out_ask_partner_after_melding_message_names_the_seat(client):
    """The refusal of a late question names the seat that has already melded."""
    state = position("classic", QUEENS + ["9C", "9D"], melds=[[ACES, SEVEN_KINGS], []])
    between = applied(client, "classic", state, meld(QUEENS))["state"]
    assert_refused(judged(client, "classic", between, {"type": "ask_go_out"}), ASK, "seat 0 has already melded")


def test_canasta_going_out_concealed_needs_a_canasta_of_ones_own(client):
    """Going out concealed melds the whole hand with a canasta among those melds: a player who had melded
    nothing and goes out on the partner's canasta, melding no canasta of its own, is not concealed."""
    melds_now = [["QC", "QD", "QH"], ["JC", "JD", "JH"], ["9C", "9D", "9H"], ["6C", "6D", "6H"]]
    state = position("classic", [c for m in melds_now for c in m], melds=[[ACES, SEVEN_KINGS], []],
                     melded_before=[False, False, True, False])
    after = applied(client, "classic", state, meld(*melds_now))["state"]
    assert went_out(after)
    assert after["turn"]["concealed"] is False


SIX_QUEENS = group("QC", "QC", "QD", "QD", "QH", "QH")


def two_kings_against_one(side_melds: list[dict]) -> dict:
    """Seat 0 holds only a pair of kings; the pile is a single king (seat 3 took the pile before and then
    discarded it). Side 1 shows its initial meld of 65 (its minimum at a game score of 0 is 50)."""
    return position("classic", ["KD", "KH"], phase="draw", melds=[side_melds, [group("7C", "7D", "7H", "JK")]],
                    discard=["KC"], took={3: 12})


def test_canasta_going_out_canasta_needed_taking_the_pile_into_an_empty_hand(client):
    """Taking a one-card pile with the last two cards empties the hand: without a canasta that is refused."""
    state = two_kings_against_one([ACES, SIX_QUEENS])
    assert_refused(judged(client, "classic", state, {"type": "take_pile", "cards": ["KD", "KH"]}), NO_CANASTA)
    moves = legal_moves(client, "classic", state)["moves"]
    assert not listed(moves, "take_pile")
    assert listed(moves, "draw")


def test_canasta_going_out_how_taking_the_pile_into_an_empty_hand(client):
    """With a canasta on the table, taking a one-card pile with the last two cards goes out."""
    state = two_kings_against_one([ACES, group(*SEVEN_QUEENS)])
    move = {"type": "take_pile", "cards": ["KD", "KH"]}
    assert_allowed(judged(client, "classic", state, move))
    after = applied(client, "classic", state, move)["state"]
    assert went_out(after)
    assert after["hands"][0] == []
