"""canasta.going-out.*, canasta.stock.exhausted and the turn record: a finished hand names how it ended, and a
seat asks its partner only where the rules let it."""

from __future__ import annotations

import pytest

from tests.api.canasta_positions import (
    accepted, applied, before_going_out, each_variant, edited, gone_out, hidden, meld_holding, move_card,
    plain_card, refused,
)

OUT = ("canasta.going-out.how", "canasta.going-out.canasta-needed", "canasta.going-out.canastas-two",
       "canasta.opening.concealed-exception", "canasta.going-out.concealed")
ASK = ("canasta.going-out.ask-partner", "canasta.players.alone", "canasta.players.partnerships")
NEEDED = {"classic": "canasta.going-out.canasta-needed", "two-hand": "canasta.going-out.canastas-two"}


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_a_hand_gone_out_concealed_is_accepted(client, variant):
    state = gone_out(client, variant)
    assert state["hands"][1] == [] and state["turn"]["concealed"] is True
    answer = accepted(client, variant, hidden(state, 0))
    assert answer["to_act"] is None and answer["moves"] == []


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_how_the_seat_gone_out_still_holding_a_card_is_refused(client, variant):
    state = edited(gone_out(client, variant))
    move_card(plain_card(state["stock"]), state["stock"], state["hands"][1])
    refused(client, variant, state, OUT + ("canasta.deal.hands", "canasta.deal.two-hand", "canasta.turn.discard"))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_a_seat_named_as_gone_out_while_holding_its_hand_is_refused(client, variant):
    state = edited(gone_out(client, variant))
    state["turn"]["seat"] = 0
    refused(client, variant, state, OUT + ("canasta.turn.order",))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_going_out_without_the_canastas_needed_is_refused(client, variant):
    state = edited(gone_out(client, variant))
    kings = meld_holding(state, 1, "KC")
    last = next(m["cards"] for m in state["melds"][1] if "KC" not in m["cards"] and "QS" not in m["cards"]) \
        if variant == "two-hand" else meld_holding(state, 1, "QS")
    move_card("2C", kings, last)  # the kings fall to six: a canasta short
    refused(client, variant, state, (NEEDED[variant],) + OUT)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_an_ending_on_a_stock_still_holding_cards_is_refused(client, variant):
    state = edited(gone_out(client, variant))
    state["turn"] = {"phase": "over", "seat": 1, "ending": "stock_exhausted"}
    refused(client, variant, state, ("canasta.stock.exhausted",) + OUT)


def test_canasta_going_out_ask_partner_asking_right_after_the_draw_is_accepted(client):
    state = applied(client, "classic", before_going_out(client, "classic"), {"type": "ask_go_out"})
    answer = accepted(client, "classic", hidden(state, 0, 1, 2))
    assert answer["to_act"] == 3 and answer["phase"] == "answer"


def test_canasta_going_out_ask_partner_the_answer_no_then_melding_is_accepted(client):
    state = applied(client, "classic", before_going_out(client, "classic"), {"type": "ask_go_out"})
    state = applied(client, "classic", state, {"type": "answer_go_out", "yes": False})
    state = applied(client, "classic", state, {"type": "meld", "melds": [
        {"cards": ["KC", "KC", "KD", "KD", "KH", "KH", "2C"]}]})
    assert state["turn"]["question"] == "no" and state["turn"]["melded"] is True
    accepted(client, "classic", hidden(state, 0, 2, 3))


def test_canasta_going_out_ask_partner_a_question_asked_after_melding_is_refused(client):
    state = applied(client, "classic", before_going_out(client, "classic"), {"type": "meld", "melds": [
        {"cards": ["KC", "KC", "KD", "KD", "KH", "KH", "2C"]}]})
    state = edited(state)
    state["turn"].update(phase="answer", question="asked")
    refused(client, "classic", state, ASK)


@pytest.mark.parametrize("question", ("asked", "yes", "no"))
def test_canasta_players_alone_a_two_hand_player_has_nobody_to_ask(client, question):
    state = edited(before_going_out(client, "two-hand"))
    state["turn"].update(phase="answer" if question == "asked" else "meld", question=question)
    refused(client, "two-hand", state, ASK)
