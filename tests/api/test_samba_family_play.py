"""Samba, Bolivia and Brazilian Canasta in play over HTTP, each test written from the published rules.

Where the rules come from:
- Samba: The Ultimate Book of Card Games (Scott McNeely, Chronicle Books), Canasta variation 1, first where it
  speaks; Bicycle: Samba (http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32), the Official
  Canasta Laws as given in the German Wikipedia article Samba-Canasta (https://de.zxc.wiki/wiki/Samba-Canasta)
  and HowStuffWorks (https://entertainment.howstuffworks.com/how-to-play-canasta3.htm) where the book is silent.
- Bolivia: The Ultimate Book of Card Games, variation 2 ("exactly like Samba" except where it says otherwise);
  Bicycle: Bolivia (http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32), rummy-games.com: Bolivia
  (http://www.rummy-games.com/rules/bolivia.html) and the archived bright.net Bolivia rules
  (http://web.archive.org/web/20010109180700/bright.net/~mile505/General/BCanasta.html) where it is silent.
- Brazilian Canasta: The Ultimate Book of Card Games, variation 3 ("follow the rules of Bolivia" except where
  it says otherwise); Bicycle: Brazilian Canasta
  (http://www.bicyclecards.ca/game-rules/brazilian-canasta/171.php?page_id=32) and whiteknucklecards.com:
  Brazilian Canasta (https://whiteknucklecards.com/games/brazilian_canasta.html) where it is silent.

Readings taken where the texts leave a choice (each test says which):
- Bolivia's initial meld: the book's "standardized at 150", 150 at every score, the default; Samba's minimums by
  score, 150 from 7000 (Bicycle, rummy-games.com), are the option bolivia_opening=tiers, under which the positions
  here are asked unless a test names the option (tests/api/samba_family.py, BOLIVIA_SMALL_OPENINGS).
- Samba takes the discard pile in the book's two situations only (a natural pair, or the top card onto a
  sequence of fewer than seven): the top card alone never joins a set (Bicycle lets it join a set that is
  not yet a canasta when the pile is not frozen).
- Bolivia and Brazilian score red threes and black threes left in hand as Samba, and so as the basic game (the
  book: "exactly like Samba", "follow the rules of Bolivia"): red threes 100 each, 1000 for all six, minus only for
  a side that melded nothing; a black three left in hand 5, as any card. The other sources' figures are options:
  bolivia_red_threes_minus=short_of_two_canastas (bright.net), black_threes_in_hand=anyone_out or hand_end (100;
  Bicycle, rummy-games.com, bright.net), brazilian_red_threes=schedule (Bicycle).
- Brazilian follows Bolivia in going out (a canasta and a samba; Bicycle: any two canastas); asking the partner
  before going out is allowed, as in every variant of the book, and required only under the option
  brazilian_ask_partner=required (Bicycle); from 8000 the canasta must lie in melds counting 200 (Bicycle: a
  canasta worth 200)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.api.samba_family import (
    DEALT, DECK, FAMILY, OPPONENTS_OPENED, OPPONENTS_OPENED_POINTS, OPPONENTS_SEVENS, answer, assert_allowed, assert_refused,
    case, each, finished, group, judge_meld, judged, meld_turn, merge, points, post, padded, scored, seq, shown_cards, table,
    wild)

SEQUENCE_CANASTA = {"samba": "samba", "bolivia": "escalera", "brazilian": "samba"}
KINGS_CANASTA = group("KC", "KD", "KS", "KH", "KC", "KD", "KS")
SPADE_SAMBA = seq("4S", "5S", "6S", "7S", "8S", "9S", "10S")
PILE_RULES = ("canasta.pile.take", "canasta.pile.frozen", "canasta.pile.frozen-take", "canasta.pile.unfrozen-take",
              "canasta.pile.onto-meld-unless-canasta")
GOING_OUT_RULES = ("canasta.melds.keep-a-card", "canasta.going-out.canasta-needed", "canasta.going-out.canastas-two",
                   "canasta.going-out.by-kind", "canasta.going-out.how")
OPENING_RULES = ("canasta.opening.minimum", "canasta.opening.in-steps", "canasta.opening.counting")


def opened(hand: list[str], side0: list, *, discard: list[str] | None = None, turn: dict | None = None,
           **fields) -> dict:
    """Seat 0's position with both sides opened (side 1 holds three sevens), the other hands hidden."""
    fields.setdefault("melded_before", [True, True, False, False])
    return table([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=discard or ["4C", "9H", "5C"],
                 melds=[side0, [OPPONENTS_SEVENS]], turn=turn or meld_turn(), **fields)


def unopened(hand: list[str], *, score: int, discard: list[str] | None = None, turn: dict | None = None) -> dict:
    """Seat 0's position before side 0's initial meld, with side 0's game score (side 1, at 0, opened with
    melds counting 165). Seat 0 holds at least its fifteen, and one more once it has drawn (cards no meld takes
    are added)."""
    discard = discard or ["4C", "9H", "5C"]
    shown = discard + [card for meld in OPPONENTS_OPENED for card in meld["cards"]]
    hand = padded(hand, DEALT + (1 if turn is None or turn["phase"] == "meld" else 0), shown)
    # Side 1's seats hold few cards, having melded (the stock then shows no turn of seat 0's gone by).
    return table([hand, {"count": 5}, {"count": DEALT}, {"count": 5}], discard=discard,
                 melds=[[], [dict(m) for m in OPPONENTS_OPENED]], melded_before=[False, True, False, False],
                 turn=turn or meld_turn(), score=[score, 0])


def lay_off(meld: int, *cards: str) -> dict:
    return {"type": "lay_off", "meld": meld, "cards": list(cards)}


def meld(*melds: dict) -> dict:
    return {"type": "meld", "melds": list(melds)}


def variant_rule(variant: str) -> str:
    return f"canasta.variant.{variant}"


# --- Deck, deal, draw and discard ----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", each())
def test_canasta_variant_deal_is_162_cards_with_15_to_each_seat(client, variant):
    state = answer(client, "/deal", variant, seed=7)["state"]
    assert [len(hand) for hand in state["hands"]] == [15, 15, 15, 15]
    assert shown_cards(state) == DECK
    assert not any(card in ("3D", "3H") for hand in state["hands"] for card in hand)


@pytest.mark.parametrize("variant", each())
def test_canasta_deal_cards_three_of_each_card_and_six_jokers_but_no_more(client, variant):
    state = opened(["QH", "QH", "JK", "JK", "JK", "JK", "JK", "8S"], [group("QD", "QS", "QC", "JK")],
                   discard=["4C", "QH", "5C"], turn={"seat": 0, "phase": "draw"})
    assert post(client, "/legal-moves", variant, state).status_code == 200
    for extra in ("QH", "JK"):
        refused = post(client, "/legal-moves", variant, {**state, "discard": [extra, "QH", "5C"]})
        assert refused.status_code == 422, extra
        assert "canasta.deal.cards" in {v["rule"] for v in refused.get_json()["violations"]}


@pytest.mark.parametrize("variant", each())
def test_canasta_deal_cards_a_position_of_108_cards_is_refused(client, variant):
    state = opened(["KD", "KS", "8S"], [group("QH", "QS", "QD")], turn={"seat": 0, "phase": "draw"})
    state["stock"] = {"count": state["stock"]["count"] - 54}
    refused = post(client, "/legal-moves", variant, state)
    assert refused.status_code == 422
    assert "canasta.deal.cards" in {v["rule"] for v in refused.get_json()["violations"]}


FIRST_HAND = ["4D", "5D", "6D", "8C", "9C", "JH", "JS", "QD", "KC", "KH", "AS", "AD", "7H", "10S", "6C"]


def first_turn() -> dict:
    """The first turn of a hand: 15 cards to each seat, the upcard alone on the pile, seat 0 to draw."""
    return table([list(FIRST_HAND), {"count": 15}, {"count": 15}, {"count": 15}], discard=["9S"],
                 melds=[[], []], turn={"seat": 0, "phase": "draw"})


@pytest.mark.parametrize("variant", each())
def test_canasta_turn_draw_takes_two_cards_from_the_stock(client, variant):
    state = first_turn()
    assert state["stock"] == {"count": 162 - 60 - 1}
    after = answer(client, "/apply-move", variant, state, {"type": "draw", "cards": ["KD", "6H"]})
    assert (after["to_act"], after["phase"]) == (0, "meld")
    assert Counter(after["state"]["hands"][0]) == Counter(FIRST_HAND + ["KD", "6H"])
    assert after["state"]["stock"] == {"count": 162 - 60 - 1 - 2}
    assert judged(client, variant, after["state"], {"type": "draw", "cards": ["4H", "4S"]})["legal"] is False


@pytest.mark.parametrize("variant", each())
def test_canasta_red_threes_lay_out_a_red_three_drawn_is_laid_out_and_replaced(client, variant):
    after = answer(client, "/apply-move", variant, first_turn(), {"type": "draw", "cards": ["KD", "3H", "6H"]})
    assert Counter(after["state"]["hands"][0]) == Counter(FIRST_HAND + ["KD", "6H"])
    assert after["state"]["red_threes"] == [["3H"], []]
    assert after["state"]["stock"] == {"count": 162 - 60 - 1 - 3}


@pytest.mark.parametrize("variant", each())
def test_canasta_turn_discard_one_card_ends_the_turn(client, variant):
    drawn = answer(client, "/apply-move", variant, first_turn(), {"type": "draw", "cards": ["KD", "6H"]})["state"]
    after = answer(client, "/apply-move", variant, drawn, {"type": "discard", "card": "6H"})
    assert (after["to_act"], after["phase"]) == (1, "draw")
    assert after["state"]["discard"] == ["9S", "6H"]
    assert len(after["state"]["hands"][0]) == 16


# --- Sequences -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", each())
@pytest.mark.parametrize("cards,worth", [(["4H", "5H", "6H"], 15), (["QS", "KS", "AS"], 40),
                                         (["8C", "9C", "10C", "JC", "QC"], 50)], ids=["from-four", "ace-high", "five"])
def test_canasta_melds_sequence_three_or_more_of_a_suit_from_four_up_to_ace(client, variant, cards, worth):
    verdict = judge_meld(client, variant, cards)
    assert (verdict["valid"], verdict["kind"], verdict["canasta"], verdict["points"]) == (True, "sequence", None, worth)


@pytest.mark.parametrize("variant", each())
@pytest.mark.parametrize("cards", [["3S", "4S", "5S"], ["KC", "AC", "4C"], ["5H", "JK", "7H"], ["5H", "6H", "2H"],
                                   ["5H", "6S", "7H"], ["5H", "7H", "8H"],
                                   ["4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD"], ["9C", "10C"]],
                         ids=["three-below-four", "no-wrap-past-ace", "joker", "two", "two-suits", "gap",
                              "eight-cards", "two-cards"])
def test_canasta_melds_sequence_refused_shapes(client, variant, cards):
    verdict = judge_meld(client, variant, cards, kind="sequence")
    assert verdict["valid"] is False
    assert "canasta.melds.sequence" in {v["rule"] for v in verdict["violations"]}


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_sequence_seven_cards_make_a_samba(client, variant):
    verdict = judge_meld(client, variant, ["4D", "5D", "6D", "7D", "8D", "9D", "10D"])
    assert (verdict["valid"], verdict["kind"], verdict["points"]) == (True, "sequence", 50)
    assert verdict["canasta"] == SEQUENCE_CANASTA[variant]


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_sequence_melded_in_play_lies_on_the_table_as_a_sequence(client, variant):
    state = opened(["8H", "9H", "10H", "4S", "JD"], [group("QH", "QS", "QD")])
    move = meld({"kind": "sequence", "cards": ["8H", "9H", "10H"]})
    assert_allowed(judged(client, variant, state, move))
    after = answer(client, "/apply-move", variant, state, move)["state"]
    laid = [m for m in after["melds"][0] if m.get("kind") == "sequence"]
    assert [sorted(m["cards"]) for m in laid] == [sorted(["8H", "9H", "10H"])]


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_sequence_lay_off_at_either_end_from_four_to_ace_never_a_gap_three_or_wild_card(client, variant):
    runs = [seq("5C", "6C", "7C"), seq("4S", "5S", "6S"), seq("JD", "QD", "KD")]
    state = opened(["4C", "8C", "9C", "2C", "JK", "3S", "AS", "AD", "9H"], runs)
    for run, card in ((0, "4C"), (0, "8C"), (2, "AD")):
        assert_allowed(judged(client, variant, state, lay_off(run, card)))
    for run, card in ((0, "9C"), (0, "2C"), (0, "JK"), (1, "3S"), (1, "AS")):
        assert_refused(judged(client, variant, state, lay_off(run, card)), "canasta.melds.sequence")


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_sequence_lay_offs_listed_are_the_referee_s(client, variant):
    state = opened(["4C", "8C", "9C", "KD"], [seq("5C", "6C", "7C")])
    listed = [m for m in answer(client, "/legal-moves", variant, state)["moves"] if m["type"] == "lay_off"]
    onto_run = {card for m in listed if m["meld"] == 0 for card in m["cards"]}
    assert {"4C", "8C"} <= onto_run and "KD" not in onto_run
    for move in listed:
        assert_allowed(judged(client, variant, state, {k: v for k, v in move.items() if k not in ("code", "rules")}))


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_sequence_a_samba_grows_no_further(client, variant):
    short = opened(["JC", "5D", "9S"], [seq("5C", "6C", "7C", "8C", "9C", "10C")])
    assert_allowed(judged(client, variant, short, lay_off(0, "JC")))
    full = opened(["JC", "5D", "9S"], [seq("4C", "5C", "6C", "7C", "8C", "9C", "10C")])
    assert_refused(judged(client, variant, full, lay_off(0, "JC")), "canasta.melds.sequence")


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_several_of_a_rank_two_sequences_joined_into_a_samba_of_seven(client, variant):
    state = opened(["JD", "5H", "9S"], [seq("4S", "5S", "6S"), seq("7S", "8S", "9S", "10S")])
    assert_allowed(judged(client, variant, state, merge(0, 1)))
    after = answer(client, "/apply-move", variant, state, merge(0, 1))["state"]
    assert [sorted(m["cards"]) for m in after["melds"][0]] == [sorted(SPADE_SAMBA["cards"])]


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_merge_sequences_and_sets_listed_once_each_with_their_rules(client, variant):
    state = opened(["JD", "5H", "9S"], [seq("4S", "5S", "6S"), group("KC", "KD", "KS", "KH"), seq("7S", "8S", "9S", "10S"),
                                        group("KC", "KD", "KS"), seq("JS", "QS", "KS")])
    merges = [m for m in answer(client, "/legal-moves", variant, state)["moves"] if m["type"] == "merge"]
    # Spades 4-6 with 7-10, and 7-10 with J-K, make sambas; 4-6 with J-K leave a gap; the kings make a canasta.
    assert sorted((tuple(m["melds"]), tuple(m["rules"])) for m in merges) == [
        ((0, 2), ("canasta.melds.merge", "canasta.melds.sequence")), ((1, 3), ("canasta.melds.merge",)),
        ((2, 4), ("canasta.melds.merge", "canasta.melds.sequence"))]
    after = answer(client, "/apply-move", variant, state, merge(0, 2))["state"]["melds"][0]
    assert after[0]["cards"] == SPADE_SAMBA["cards"] and len(after) == 4


@pytest.mark.parametrize("variant", each())
@pytest.mark.parametrize("runs,hand", [
    ([seq("4S", "5S", "6S"), seq("7S", "8S", "9S", "10S")], ["QH", "QS", "QD", "4H"]),
    ([seq("4S", "5S", "6S"), seq("8S", "9S", "10S")], ["7S", "QH", "QS", "QD", "4H"]),
], ids=["touching", "seven-between"])
def test_canasta_melds_merge_two_sequences_joined_into_a_samba_take_a_side_out(client, variant, runs, hand):
    # A samba made by joining two runs (the seven of spades laid off between them first) is the second
    # canasta going out needs: the going-out question may be asked, and the queens go down first.
    state = opened(hand, [KINGS_CANASTA, *runs])
    assert_allowed(judged(client, variant, state, {"type": "ask_go_out"}))
    if len(hand) == 4 and variant != "brazilian":
        assert_allowed(judged(client, variant, state, meld({"cards": ["QH", "QS", "QD"]})))
    asked = answer(client, "/apply-move", variant, state, {"type": "ask_go_out"})["state"]
    state = answer(client, "/apply-move", variant, asked, {"type": "answer_go_out", "yes": True})["state"]
    for _ in range(6):
        listed = answer(client, "/legal-moves", variant, state)
        if listed["to_act"] is None:
            break
        state = answer(client, "/apply-move", variant, state,
                       {k: v for k, v in listed["moves"][0].items() if k not in ("code", "rules")})["state"]
    assert state["turn"]["phase"] == "over" and state["turn"]["ending"] == "went_out"
    assert SPADE_SAMBA["cards"] in [m["cards"] for m in state["melds"][0]]


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_sequence_two_sequences_of_four_never_make_a_samba(client, variant):
    four_and_four = opened(["JD", "5H", "9S"], [seq("4S", "5S", "6S", "7S"), seq("8S", "9S", "10S", "JS")])
    assert_refused(judged(client, variant, four_and_four, merge(0, 1)), "canasta.melds.sequence")
    apart = opened(["JD", "5H", "9S"], [seq("4S", "5S", "6S"), seq("8S", "9S", "10S")])
    assert_refused(judged(client, variant, apart, merge(0, 1)), "canasta.melds.sequence")


# --- Sets and canastas ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", each())
def test_canasta_melds_wild_limit_a_set_holds_at_most_two_wild_cards(client, variant):
    two = judge_meld(client, variant, ["QS", "QH", "QD", "2C", "JK"])
    assert (two["valid"], two["kind"], two["points"]) == (True, "set", 100)
    three = judge_meld(client, variant, ["QS", "QH", "QD", "2C", "2D", "JK"])
    assert three["valid"] is False
    assert {v["rule"] for v in three["violations"]} & {"canasta.melds.wild-limit", variant_rule(variant)}
    mixed = judge_meld(client, variant, ["KH", "KH", "KD", "KS", "KC", "2C", "JK"])
    assert (mixed["valid"], mixed["canasta"]) == (True, "mixed")
    assert judge_meld(client, variant, ["KH", "KD", "KS", "KC", "2C", "2D", "JK"])["valid"] is False


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_wild_limit_no_third_wild_card_laid_off(client, variant):
    state = opened(["2D", "QC", "9S", "4H"], [group("QS", "QH", "QD", "2C", "JK")])
    assert_refused(judged(client, variant, state, lay_off(0, "2D")), "canasta.melds.wild-limit", variant_rule(variant))
    assert_allowed(judged(client, variant, state, lay_off(0, "QC")))


@pytest.mark.parametrize("variant", each("samba"))
def test_canasta_melds_no_wild_melds_in_samba(client, variant):
    verdict = judge_meld(client, variant, ["2C", "2D", "JK"])
    assert verdict["valid"] is False
    assert {v["rule"] for v in verdict["violations"]} & {"canasta.melds.no-wild-melds", "canasta.melds.all-wild"}


@pytest.mark.parametrize("variant", each("bolivia", "brazilian"))
def test_canasta_melds_all_wild_three_or_more_wild_cards_meld_alone(client, variant):
    three = judge_meld(client, variant, ["2C", "2D", "JK"])
    assert (three["valid"], three["kind"], three["canasta"], three["points"]) == (True, "wild", None, 90)
    two = judge_meld(client, variant, ["2C", "JK"], kind="wild")
    assert two["valid"] is False and "canasta.melds.all-wild" in {v["rule"] for v in two["violations"]}
    seven = judge_meld(client, variant, ["JK", "JK", "JK", "2C", "2D", "2H", "2S"])
    assert (seven["valid"], seven["kind"], seven["canasta"], seven["points"]) == (True, "wild", "bolivia", 230)


@pytest.mark.parametrize("variant", each("bolivia", "brazilian"))
def test_canasta_melds_all_wild_melded_in_play_and_nothing_onto_a_bolivia(client, variant):
    state = opened(["JK", "2C", "2D", "2H", "9S", "4H"], [group("QS", "QH", "QD"),
                                                           wild("JK", "JK", "2S", "2S", "2C", "2D", "JK")])
    assert_allowed(judged(client, variant, state, meld({"kind": "wild", "cards": ["JK", "2C", "2D"]})))
    assert_refused(judged(client, variant, state, lay_off(1, "2H")), "canasta.melds.wild-onto-canasta",
                   "canasta.melds.all-wild", "canasta.canastas.wild")


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_several_of_a_rank_a_second_set_beside_the_first(client, variant):
    state = opened(["KH", "KD", "KS", "9S", "4H"], [group("KC", "KD", "KS")])
    move = meld({"cards": ["KH", "KD", "KS"]})
    assert_allowed(judged(client, variant, state, move))
    after = answer(client, "/apply-move", variant, state, move)["state"]
    assert sorted(len(m["cards"]) for m in after["melds"][0] if m["cards"][0].startswith("K")) == [3, 3]


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_several_of_a_rank_merged_into_a_canasta(client, variant):
    state = opened(["9S", "4H", "JD"], [group("KC", "KD", "KS", "KH"), group("KC", "KD", "KS")])
    assert_allowed(judged(client, variant, state, merge(0, 1)))
    after = answer(client, "/apply-move", variant, state, merge(0, 1))["state"]
    assert [sorted(m["cards"]) for m in after["melds"][0]] == [sorted(KINGS_CANASTA["cards"])]
    other_ranks = opened(["9S", "4H", "JD"], [group("KC", "KD", "KS", "KH"), group("QC", "QD", "QS")])
    assert_refused(judged(client, variant, other_ranks, merge(0, 1)), "canasta.melds.several-of-a-rank",
                   "canasta.melds.set")


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_wild_onto_canasta_naturals_from_the_hand_only(client, variant):
    state = opened(["KH", "JK", "2D", "9S", "4H"], [group("KC", "KD", "KS", "KH", "KC", "KD", "2C")])
    assert_allowed(judged(client, variant, state, lay_off(0, "KH")))
    for card in ("JK", "2D"):
        assert_refused(judged(client, variant, state, lay_off(0, card)), "canasta.melds.wild-onto-canasta")


# --- The discard pile ----------------------------------------------------------------------------------------

def at_the_pile(hand: list[str], side0: list, top: str, below: tuple = ("4C", "9H", "5C")) -> dict:
    """Seat 0 to begin its turn, both sides opened, the pile (not frozen) with top on it."""
    return opened(hand, side0, discard=[*below, top], turn={"seat": 0, "phase": "draw"})


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_take_with_a_natural_pair_takes_the_whole_pile_instead_of_the_draw(client, variant):
    state = at_the_pile(["KD", "KS", "8S", "JH"], [group("QH", "QS", "QD")], "KC")
    move = {"type": "take_pile", "cards": ["KD", "KS"]}
    assert_allowed(judged(client, variant, state, move))
    after = answer(client, "/apply-move", variant, state, move)
    assert after["state"]["discard"] == []
    assert Counter(after["state"]["hands"][0]) == Counter(["8S", "JH", "4C", "9H", "5C"])
    assert any(sorted(m["cards"]) == ["KC", "KD", "KS"] for m in after["state"]["melds"][0])
    assert (after["to_act"], after["phase"]) == (0, "meld")
    listed = answer(client, "/legal-moves", variant, after["state"])
    assert "draw" not in {m["type"] for m in listed["moves"]}


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_frozen_take_a_natural_pair_takes_even_a_frozen_pile(client, variant):
    state = at_the_pile(["KD", "KS", "8S", "JH"], [group("QH", "QS", "QD")], "KC", below=("4C", "2D", "5C"))
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": ["KD", "KS"]}))


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_take_listed_moves_are_the_referee_s(client, variant):
    state = at_the_pile(["8S", "8C", "JH"], [seq("5D", "6D", "7D"), group("QH", "QS", "QD")], "8D")
    takes = [m for m in answer(client, "/legal-moves", variant, state)["moves"] if m["type"] == "take_pile"]
    assert {(tuple(sorted(m["cards"])), m.get("meld")) for m in takes} >= {((), 0), (("8C", "8S"), None)}
    for move in takes:
        sent = {k: v for k, v in move.items() if k not in ("code", "rules")}
        assert_allowed(judged(client, variant, state, sent))


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_take_a_natural_and_a_wild_card_never_take_it(client, variant):
    state = at_the_pile(["KD", "2S", "8S", "JH"], [group("QH", "QS", "QD")], "KC")
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": ["KD", "2S"]}), *PILE_RULES,
                   variant_rule(variant))


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_take_top_card_onto_a_short_sequence_takes_that_card_only(client, variant):
    state = at_the_pile(["8S", "JH", "4S"], [seq("5D", "6D", "7D"), group("QH", "QS", "QD")], "8D")
    move = {"type": "take_pile", "cards": [], "meld": 0}
    assert_allowed(judged(client, variant, state, move))
    after = answer(client, "/apply-move", variant, state, move)
    assert after["state"]["discard"] == ["4C", "9H", "5C"]
    assert Counter(after["state"]["hands"][0]) == Counter(["8S", "JH", "4S"])
    assert sorted(after["state"]["melds"][0][0]["cards"]) == sorted(["5D", "6D", "7D", "8D"])
    assert (after["to_act"], after["phase"]) == (0, "meld")


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_take_top_card_never_onto_a_samba(client, variant):
    state = at_the_pile(["8S", "JH", "4S"], [seq("4D", "5D", "6D", "7D", "8D", "9D", "10D")], "JD")
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": [], "meld": 0}),
                   "canasta.melds.sequence", *PILE_RULES)


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_take_top_card_never_starts_a_sequence(client, variant):
    state = at_the_pile(["6D", "7D", "JH", "4S"], [group("QH", "QS", "QD")], "8D")
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": ["6D", "7D"]}), *PILE_RULES,
                   "canasta.melds.sequence")


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_take_top_card_alone_never_onto_a_set(client, variant):
    # The book's two situations only; Bicycle would let it join a set not yet a canasta.
    state = at_the_pile(["8S", "JH", "4S"], [seq("5D", "6D", "7D"), group("QH", "QS", "QD")], "QC")
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": [], "meld": 1}), *PILE_RULES,
                   variant_rule(variant))


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_onto_meld_unless_canasta_top_card_never_onto_a_canasta(client, variant):
    state = at_the_pile(["KD", "KS", "8S", "JH"], [KINGS_CANASTA], "KC")
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": [], "meld": 0}),
                   "canasta.pile.onto-meld-unless-canasta")
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": ["KD", "KS"]}))


@pytest.mark.parametrize("variant", each())
@pytest.mark.parametrize("top,hand", [("2C", ["2D", "2H", "JK", "JH"]), ("3C", ["3S", "3S", "JH", "8S"])],
                         ids=["wild", "black-three"])
def test_canasta_pile_take_a_wild_card_or_black_three_on_top_is_never_taken(client, variant, top, hand):
    state = at_the_pile(hand, [group("QH", "QS", "QD")], top)
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": hand[:2]}), *PILE_RULES,
                   "canasta.black-threes.stop", "canasta.melds.no-wild-melds", "canasta.melds.all-wild",
                   variant_rule(variant))


# --- The initial meld ----------------------------------------------------------------------------------------

def required(client, variant: str, score: int, options: dict | None = None) -> int:
    """The initial meld minimum /validate-meld answers for a side's game score."""
    return answer(client, "/validate-meld", variant, options=options, melds=[{"cards": ["AH", "AS", "AD"]}],
                  context={"initial": True, "team_score": score})["required"]


@pytest.mark.parametrize("variant", each("samba"))
@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
                                           (6995, 120), (7000, 150), (12000, 150)])
def test_canasta_opening_minimum_samba_by_game_score(client, variant, score, minimum):
    assert required(client, variant, score) == minimum


@pytest.mark.parametrize("variant", each("samba"))
@pytest.mark.parametrize("score,minimum", [(6995, 120), (7000, 160), (9000, 160)])
def test_canasta_variant_samba_option_top_tier_minimum_160(client, variant, score, minimum):
    assert required(client, variant, score, {"top_tier_minimum": 160}) == minimum


@pytest.mark.parametrize("variant", each("bolivia"))
@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150), (14000, 150)])
def test_canasta_variant_bolivia_option_opening_by_game_score(client, variant, score, minimum):
    assert required(client, variant, score, {"bolivia_opening": "tiers"}) == minimum


@pytest.mark.parametrize("variant", each("bolivia"))
@pytest.mark.parametrize("score", [-5, 0, 1500, 3000, 7000, 14000])
def test_canasta_opening_minimum_bolivia_150_at_every_score(client, variant, score):
    assert required(client, variant, score, {"bolivia_opening": "150_always"}) == 150


@pytest.mark.parametrize("variant", each("brazilian"))
@pytest.mark.parametrize("score", [-5, 0, 1500, 3000, 6995])
def test_canasta_opening_minimum_brazilian_is_150_below_7000(client, variant, score):
    assert required(client, variant, score) == 150


KINGS_AND_HEARTS = ["KH", "KS", "KD", "4H", "5H", "6H", "9C", "JD", "8S"]


@pytest.mark.parametrize("variant", each("samba"))
def test_canasta_opening_minimum_samba_a_sequence_counts_toward_50(client, variant):
    short = unopened(list(KINGS_AND_HEARTS), score=0)
    move = meld({"cards": ["KH", "KS", "KD"]}, {"kind": "sequence", "cards": ["4H", "5H", "6H"]})
    assert_refused(judged(client, variant, short, move), *OPENING_RULES)
    enough = unopened(KINGS_AND_HEARTS + ["7H"], score=0)
    move = meld({"cards": ["KH", "KS", "KD"]}, {"kind": "sequence", "cards": ["4H", "5H", "6H", "7H"]})
    assert_allowed(judged(client, variant, enough, move))


# Bolivia asks 150 at every score (the book), Brazilian below 7000.
@pytest.mark.parametrize("variant,options", [case("bolivia", {"bolivia_opening": "150_always"}),
                                             case("brazilian", {})])
def test_canasta_opening_minimum_150_at_a_score_of_0(client, variant, options):
    fifty = meld({"cards": ["KH", "KS", "KD"]}, {"kind": "sequence", "cards": ["4H", "5H", "6H", "7H"]})
    assert_refused(judged(client, variant, unopened(KINGS_AND_HEARTS + ["7H"], score=0), fifty, options),
                   *OPENING_RULES)
    jokers = unopened(["JK", "JK", "JK", "9C", "JD", "8S"], score=0)
    assert_allowed(judged(client, variant, jokers, meld({"kind": "wild", "cards": ["JK", "JK", "JK"]}), options))


# A count of exactly 150: aces 60, kings 30, queens 30, a heart sequence 4 to 8 worth 30.
ONE_FIFTY = ["AH", "AS", "AD", "KH", "KS", "KD", "QH", "QS", "QD", "4H", "5H", "6H", "7H", "8H", "9C", "JD"]
ONE_FIFTY_MELDS = meld({"cards": ["AH", "AS", "AD"]}, {"cards": ["KH", "KS", "KD"]}, {"cards": ["QH", "QS", "QD"]},
                       {"kind": "sequence", "cards": ["4H", "5H", "6H", "7H", "8H"]})


@pytest.mark.parametrize("variant", each("samba"))
@pytest.mark.parametrize("options,legal", [({}, True), ({"top_tier_minimum": 150}, True),
                                           ({"top_tier_minimum": 160}, False)], ids=["default", "150", "160"])
def test_canasta_variant_samba_top_tier_minimum_in_play(client, variant, options, legal):
    verdict = judged(client, variant, unopened(list(ONE_FIFTY), score=7000), ONE_FIFTY_MELDS, options)
    if legal:
        assert_allowed(verdict)
    else:
        assert_refused(verdict, *OPENING_RULES)


MIXED_FOURS = {"cards": ["4C", "4D", "4H", "4S", "4C", "2C", "JK"]}  # a mixed canasta counting 95
ACES_AND_JOKER = {"cards": ["AH", "AS", "AD", "JK"]}  # 110
FOURS_ONLY = ["4C", "4D", "4H", "4S", "4C", "2C", "JK", "9C", "5D"]
FOURS_AND_ACES = FOURS_ONLY + ["AH", "AS", "AD", "JK"]


# Each refused opening leaves a hand that cannot complete it, so no step of it could stand either.
@pytest.mark.parametrize("variant", each("brazilian"))
@pytest.mark.parametrize("score,hand,melds,legal", [
    (6995, ONE_FIFTY, ONE_FIFTY_MELDS, True), (7000, ONE_FIFTY, ONE_FIFTY_MELDS, False),
    (7000, FOURS_ONLY, meld(MIXED_FOURS), True), (7995, FOURS_ONLY, meld(MIXED_FOURS), True),
    (8000, FOURS_ONLY, meld(MIXED_FOURS), False), (8000, FOURS_AND_ACES, meld(MIXED_FOURS, ACES_AND_JOKER), True),
    (9000, FOURS_AND_ACES, meld(MIXED_FOURS, ACES_AND_JOKER), False),
], ids=["6995-150-points", "7000-no-canasta", "7000-canasta", "7995-canasta", "8000-canasta-95",
        "8000-canasta-in-205", "9000-mixed-canasta"])
def test_canasta_opening_canasta_needed_brazilian_tiers(client, variant, score, hand, melds, legal):
    verdict = judged(client, variant, unopened(list(hand), score=score), melds)
    if legal:
        assert_allowed(verdict)
    else:
        assert_refused(verdict, "canasta.opening.canasta-needed", *OPENING_RULES)


@pytest.mark.parametrize("variant", each("brazilian"))
def test_canasta_opening_canasta_needed_brazilian_natural_canasta_from_9000(client, variant):
    state = unopened(["4C", "4D", "4H", "4S", "4C", "4D", "4H", "2C", "JK", "9C", "5D"], score=9000)
    assert_allowed(judged(client, variant, state, meld({"cards": ["4C", "4D", "4H", "4S", "4C", "4D", "4H"]})))
    assert_refused(judged(client, variant, state, meld(MIXED_FOURS)), "canasta.opening.canasta-needed")


PILE_OPENING = {"samba": {"cards": ["AH", "AS", "AD"]}, "bolivia": {"kind": "wild", "cards": ["JK", "JK", "JK"]},
                "brazilian": {"kind": "wild", "cards": ["JK", "JK", "JK"]}}


@pytest.mark.parametrize("variant", each())
def test_canasta_variant_brazilian_pile_never_taken_for_the_initial_meld(client, variant):
    hand = ["KD", "KS", "AH", "AS", "AD", "JK", "JK", "JK", "8S", "JH"]
    state = unopened(hand, score=0, discard=["4C", "9H", "5C", "KC"], turn={"seat": 0, "phase": "draw"})
    move = {"type": "take_pile", "cards": ["KD", "KS"], "melds": [PILE_OPENING[variant]]}
    verdict = judged(client, variant, state, move)
    if variant == "brazilian":
        assert_refused(verdict, variant_rule(variant), "canasta.opening.counting", "canasta.opening.minimum",
                       *PILE_RULES)
    else:
        assert_allowed(verdict)


# --- Going out -----------------------------------------------------------------------------------------------

def down_to_one(side0: list, lay: str, question: str | None = None) -> dict:
    """Seat 0 holding a card to lay off and one to discard last."""
    return opened([lay, "4H"], side0, turn=meld_turn(question=question))


ASKED = {"samba": None, "bolivia": None, "brazilian": "yes"}


@pytest.mark.parametrize("variant", each())
def test_canasta_going_out_canastas_two_a_canasta_and_a_samba(client, variant):
    state = down_to_one([KINGS_CANASTA, seq("5C", "6C", "7C", "8C", "9C", "10C")], "JC", ASKED[variant])
    assert_allowed(judged(client, variant, state, lay_off(1, "JC")))
    laid = answer(client, "/apply-move", variant, state, lay_off(1, "JC"))["state"]
    out = answer(client, "/apply-move", variant, laid, {"type": "discard", "card": "4H"})
    assert (out["to_act"], out["phase"]) == (None, "over")
    assert out["state"]["turn"]["ending"] == "went_out"


@pytest.mark.parametrize("variant", each())
def test_canasta_going_out_canastas_two_one_canasta_is_not_enough(client, variant):
    state = down_to_one([KINGS_CANASTA, seq("5C", "6C", "7C", "8C", "9C")], "10C")
    assert_refused(judged(client, variant, state, lay_off(1, "10C")), *GOING_OUT_RULES,
                   "canasta.going-out.ask-partner", variant_rule(variant))


@pytest.mark.parametrize("variant", each())
def test_canasta_going_out_by_kind_two_set_canastas_need_a_samba_beside_them(client, variant):
    # Samba: any two canastas. Bolivia: one of them an escalera. Brazilian follows Bolivia here.
    queens = group("QC", "QD", "QS", "QH", "QC", "QD", "QS")
    state = down_to_one([KINGS_CANASTA, queens, group("JH", "JS", "JD")], "JC")
    verdict = judged(client, variant, state, lay_off(2, "JC"))
    if variant == "samba":
        assert_allowed(verdict)
    else:
        assert_refused(verdict, "canasta.going-out.by-kind", "canasta.melds.keep-a-card",
                       *(["canasta.going-out.ask-partner"] if variant == "brazilian" else []))
        assert judged(client, variant, state, {"type": "ask_go_out"})["legal"] is False


@pytest.mark.parametrize("variant", each("brazilian"))
def test_canasta_variant_brazilian_option_going_out_any_two_canastas(client, variant):
    # Bicycle's reading: any two canastas take a side out, so two sets of seven do once the partner said yes.
    queens = group("QC", "QD", "QS", "QH", "QC", "QD", "QS")
    state = down_to_one([KINGS_CANASTA, queens, group("JH", "JS", "JD")], "JC", "yes")
    any_two = {"brazilian_going_out": "any_two"}
    assert_allowed(judged(client, variant, state, lay_off(2, "JC"), any_two))
    laid = answer(client, "/apply-move", variant, state, lay_off(2, "JC"), options=any_two)["state"]
    out = answer(client, "/apply-move", variant, laid, {"type": "discard", "card": "4H"}, options=any_two)
    assert (out["phase"], out["state"]["turn"]["ending"]) == ("over", "went_out")
    # By default a samba is needed, so this hand could never have been told yes: the position is refused.
    refused = post(client, "/validate-move", variant, state, lay_off(2, "JC"),
                   {"brazilian_going_out": "canasta_and_samba"})
    assert refused.status_code == 422
    assert [(v["rule"], v["pointer"]) for v in refused.get_json()["violations"]] == [
        ("canasta.going-out.ask-partner", "/state/turn/question")]


@pytest.mark.parametrize("variant", each())
def test_canasta_going_out_ask_first_only_under_brazilians_option(client, variant):
    # Asking is allowed and never required in the book's variants; Bicycle's Brazilian requires it (the option).
    state = down_to_one([KINGS_CANASTA, seq("5C", "6C", "7C", "8C", "9C", "10C")], "JC")
    assert_allowed(judged(client, variant, state, lay_off(1, "JC")))
    if variant == "brazilian":
        required = {"brazilian_ask_partner": "required"}
        assert_refused(judged(client, variant, state, lay_off(1, "JC"), required), "canasta.going-out.ask-partner",
                       "canasta.going-out.ask-first")
        assert_allowed(judged(client, variant, state, {"type": "ask_go_out"}, required))


# --- Scoring -------------------------------------------------------------------------------------------------

HANDS_LEFT = [[], ["AH"], ["4C"], ["9D"]]  # side 0 loses 5, side 1 loses 30
WENT_OUT = [KINGS_CANASTA, SPADE_SAMBA]  # 70 + 500, 50 + 1500


@pytest.mark.parametrize("variant", each())
def test_canasta_variant_samba_bonus_1500_and_going_out_200(client, variant):
    score = scored_hand(client, variant, [list(h) for h in HANDS_LEFT], [list(WENT_OUT), [OPPONENTS_SEVENS]],
                        red_threes=[["3H"], []])
    assert score["teams"] == [70 + 500 + 50 + 1500 + 100 + 200 - 5, 15 - 30]
    assert any(line["team"] == 0 and line["points"] == 1500 for line in score["lines"])
    assert points(score, 0, "canasta.going-out.bonus", "canasta.going-out.concealed") == 200
    for team in (0, 1):
        assert sum(line["points"] for line in score["lines"] if line["team"] == team) == score["teams"][team]


def scored_hand(client, variant: str, hands: list, melds: list, options: dict | None = None, **fields) -> dict:
    return answer(client, "/score", variant, finished(hands, melds, **fields), options=options)


ACES_AND_SPADES = ["AC", "AD", "AH", "AS", "AC", "AD", "AH", "AS", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "4H"]
# What a card left in a hand counts (the basic game's values, black threes among them).
LEFT_VALUES = {**{rank: 5 for rank in ("3", "4", "5", "6", "7")}, **{rank: 10 for rank in ("8", "9", "10", "J", "Q", "K")},
               "A": 20, "2": 20, "JK": 50}


def left_in(hand: list[str]) -> int:
    """What the cards left in a hand count against its side."""
    return sum(LEFT_VALUES["JK" if card == "JK" else card[:-1]] for card in hand)


@pytest.mark.parametrize("variant", each())
def test_canasta_going_out_concealed_earns_no_more_than_200(client, variant):
    # Seat 0 has put nothing down before and melds its whole hand at once: aces 160 + 500, a samba 50 + 1500. Its
    # partner, whose side had nothing on the table, still holds at least the fifteen dealt.
    partner = padded(["4C", "5D"], DEALT)
    hands = [list(ACES_AND_SPADES), ["9D", "9C"], partner, ["KD", "QC"]]
    state = table(hands, discard=["4D", "9H", "5C"], turn=meld_turn(question=ASKED[variant]))
    laid = answer(client, "/apply-move", variant, state,
                  meld({"cards": ACES_AND_SPADES[:8]}, {"kind": "sequence", "cards": ACES_AND_SPADES[8:15]}))
    out = answer(client, "/apply-move", variant, laid["state"], {"type": "discard", "card": "4H"})
    assert out["phase"] == "over"
    score = scored(client, variant, out["state"])
    assert points(score, 0, "canasta.going-out.bonus", "canasta.going-out.concealed") == 200
    assert score["teams"] == [160 + 500 + 50 + 1500 + 200 - left_in(partner), 15 - 40]


WILD_CANASTA = wild("JK", "JK", "JK", "2C", "2D", "2H", "2S")  # 150 + 80


@pytest.mark.parametrize("variant,options,bonus", [
    case("bolivia", {}, 2500), case("brazilian", {}, 2000, id="brazilian-default"),
    case("brazilian", {"wild_canasta": 2000}, 2000, id="brazilian-2000"),
    case("brazilian", {"wild_canasta": 2500}, 2500, id="brazilian-2500")])
def test_canasta_canastas_wild_bolivia_bonus(client, variant, options, bonus):
    score = scored_hand(client, variant, [list(h) for h in HANDS_LEFT],
                        [[*WENT_OUT, WILD_CANASTA], [OPPONENTS_SEVENS]], options)
    assert score["teams"][0] == 70 + 500 + 50 + 1500 + 230 + bonus + 200 - 5
    assert any(line["team"] == 0 and line["points"] == bonus for line in score["lines"])


SEVENS_CANASTA = group("7C", "7D", "7S", "7H", "7C", "7D", "7S")  # 35 + 500
EIGHTS_CANASTA = group("8C", "8D", "8S", "8H", "8C", "8D", "8S")  # 70 + 500
SIX_THREES = ["3H", "3H", "3H", "3D", "3D", "3D"]
# (side 1's melds and what they count, red threes, what the threes count) by variant.
RED_THREES = {
    "samba": [
        ([OPPONENTS_SEVENS], 15, ["3H", "3D"], 200),
        ([], 0, ["3H", "3D"], -200),
        ([OPPONENTS_SEVENS], 15, SIX_THREES[:5], 500),
        ([OPPONENTS_SEVENS], 15, SIX_THREES, 1000),
    ],
    "bolivia": [
        ([OPPONENTS_SEVENS], 15, ["3H", "3D"], 200),
        ([], 0, ["3H", "3D"], -200),
        ([SEVENS_CANASTA, EIGHTS_CANASTA], 1105, ["3H", "3D"], 200),
        ([SEVENS_CANASTA, EIGHTS_CANASTA], 1105, SIX_THREES, 1000),
    ],
    "brazilian": [
        ([OPPONENTS_SEVENS], 15, ["3H", "3D"], 200),
        ([], 0, ["3H", "3D"], -200),
        ([SEVENS_CANASTA], 535, SIX_THREES[:5], 500),
        ([SEVENS_CANASTA], 535, SIX_THREES, 1000),
    ],
}
# Bicycle's Brazilian schedule (the option brazilian_red_threes=schedule): 100 each up to four, 1000 for five, 1200
# for six, counting minus for a side without a canasta.
BRAZILIAN_SCHEDULE = [
    ([OPPONENTS_SEVENS], 15, ["3H", "3D"], -200),
    ([SEVENS_CANASTA], 535, ["3H"], 100),
    ([SEVENS_CANASTA], 535, ["3H", "3D", "3H", "3D"], 400),
    ([SEVENS_CANASTA], 535, SIX_THREES[:5], 1000),
    ([SEVENS_CANASTA], 535, SIX_THREES, 1200),
]


@pytest.mark.parametrize("variant,side1,counted,threes,worth", [
    case(v, *c, id=f"{v}-{len(c[2])}-threes-melds-{c[1]}") for v in FAMILY for c in RED_THREES[v]])
def test_canasta_red_threes_score(client, variant, side1, counted, threes, worth):
    hands = [list(h) for h in HANDS_LEFT]
    if not side1:     # a side with nothing on the table never took the pile: its seats hold at least their deal
        on_table = [card for meld in WENT_OUT for card in meld["cards"]] + hands[0] + hands[2]
        hands[1] = padded(hands[1], DEALT, on_table)
        hands[3] = padded(hands[3], DEALT, on_table + hands[1])
    score = scored_hand(client, variant, hands, [list(WENT_OUT), side1], red_threes=[[], threes])
    assert score["teams"][1] == counted + worth - left_in(hands[1] + hands[3])


@pytest.mark.parametrize("side1,counted,threes,worth", [
    pytest.param(*c, id=f"{len(c[2])}-threes-melds-{c[1]}") for c in BRAZILIAN_SCHEDULE])
def test_canasta_threes_schedule_brazilian_option_brazilian_red_threes(client, side1, counted, threes, worth):
    score = scored_hand(client, "brazilian", [list(h) for h in HANDS_LEFT], [list(WENT_OUT), side1],
                        {"brazilian_red_threes": "schedule"}, red_threes=[[], threes])
    assert score["teams"][1] == counted + worth - 30


@pytest.mark.parametrize("variant,options,each_in_hand", [case(v, {}, -5) for v in FAMILY] + [
    case(v, {"black_threes_in_hand": "anyone_out"}, -100, id=f"{v}-anyone_out") for v in ("bolivia", "brazilian")])
def test_canasta_black_threes_in_hand_and_melded_in_going_out(client, variant, options, each_in_hand):
    # As any card left in a hand by default (5); 100 under the other sources' figure, in Bolivia and Brazilian.
    hands = [[], ["3C", "AH"], ["3S", "4C"], ["9D"]]
    melds = [[*WENT_OUT, group("3C", "3S", "3C")], [OPPONENTS_SEVENS]]
    score = scored_hand(client, variant, hands, melds, options)
    assert score["teams"] == [70 + 500 + 50 + 1500 + 15 + 200 + each_in_hand - 5, 15 + each_in_hand - 20 - 10]


@pytest.mark.parametrize("variant", each("bolivia", "brazilian"))
@pytest.mark.parametrize("options, each_in_hand", [({}, -5), ({"black_threes_in_hand": "anyone_out"}, -5),
                                                   ({"black_threes_in_hand": "hand_end"}, -100)])
def test_canasta_black_threes_in_hand_option_when_the_stock_runs_out(client, variant, options, each_in_hand):
    # By default a black three left counts as any card. Bicycle and rummy-games.com charge 100 when a player goes
    # out, and when the stock runs out it counts as any card; the archived bright.net rules charge 100 however the
    # hand ends (hand_end).
    hands = [["4C"], ["3C", "AH"], ["3S", "4C"], ["9D"]]
    state = finished(hands, [list(WENT_OUT), [OPPONENTS_SEVENS]], ending="stock_exhausted")
    score = answer(client, "/score", variant, state, options=options)
    held = {(line["seat"], line["rule"]): line["points"] for line in score["lines"] if line["seat"] is not None}
    black = {seat: points for (seat, rule), points in held.items() if rule == "canasta.black-threes.in-hand"}
    cards = {seat: points for (seat, rule), points in held.items() if rule == "canasta.scoring.hand-cards"}
    if each_in_hand == -5:      # counted with the other cards left: 5 each
        assert (black, cards) == ({}, {0: -5, 1: -5 - 20, 2: -5 - 5, 3: -10})
    else:
        assert (black, cards) == ({1: -100, 2: -100}, {0: -5, 1: -20, 2: -5, 3: -10})


SHORT_HEARTS = seq("4H", "5H", "6H", "7H", "8H", "9H")  # 40
SIX_WILD = wild("2C", "2D", "2H", "2S", "JK", "JK")  # 180


@pytest.mark.parametrize("variant", each("brazilian"))
def test_canasta_scoring_incomplete_brazilian_1000_for_each_short_sequence_or_wild_meld(client, variant):
    melds = [[*WENT_OUT, seq("5D", "6D", "7D", "8D")], [OPPONENTS_SEVENS, SHORT_HEARTS, SIX_WILD]]
    score = scored_hand(client, variant, [list(h) for h in HANDS_LEFT], melds)
    lines = [line for line in score["lines"] if line["rule"] == "canasta.scoring.incomplete"]
    assert sorted((line["team"], line["points"]) for line in lines) == [(1, -1000), (1, -1000)]
    assert score["teams"] == [70 + 500 + 50 + 1500 + 25 + 200 - 5, 15 + 40 + 180 - 2000 - 30]


@pytest.mark.parametrize("variant", each("brazilian"))
def test_canasta_scoring_incomplete_only_when_the_other_side_goes_out(client, variant):
    melds = [[*WENT_OUT, seq("5D", "6D", "7D", "8D")], [OPPONENTS_SEVENS, SHORT_HEARTS]]
    state = finished([["JD"], ["AH"], ["4C"], ["9D"]], melds, ending="stock_exhausted")
    score = answer(client, "/score", variant, state)
    assert not [line for line in score["lines"] if line["rule"] == "canasta.scoring.incomplete"]


SHORT_CLUBS = seq("6C", "7C", "8C", "9C")  # 30
UNDER_FIVE = {"incomplete_melds": "sequences_under_five"}


@pytest.mark.parametrize("variant", each("brazilian"))
def test_canasta_scoring_incomplete_option_sequences_under_five_cost_every_side(client, variant):
    # Bicycle's reading: a sequence of fewer than five cards costs 1000 whoever went out; six wild cards or a
    # sequence of six cost nothing.
    melds = [[*WENT_OUT, seq("5D", "6D", "7D", "8D")], [OPPONENTS_SEVENS, SHORT_HEARTS, SIX_WILD, SHORT_CLUBS]]
    score = scored_hand(client, variant, [list(h) for h in HANDS_LEFT], melds, options=UNDER_FIVE)
    lines = [line for line in score["lines"] if line["rule"] == "canasta.scoring.incomplete"]
    assert sorted((line["team"], line["points"]) for line in lines) == [(0, -1000), (1, -1000)]
    assert score["teams"] == [70 + 500 + 50 + 1500 + 25 + 200 - 5 - 1000, 15 + 40 + 180 + 30 - 1000 - 30]


@pytest.mark.parametrize("variant", each("brazilian"))
def test_canasta_scoring_incomplete_option_sequences_under_five_when_the_stock_runs_out(client, variant):
    melds = [[*WENT_OUT, seq("5D", "6D", "7D", "8D", "9D")], [OPPONENTS_SEVENS, SHORT_CLUBS]]
    state = finished([["JD"], ["AH"], ["4C"], ["9D"]], melds, ending="stock_exhausted")
    score = answer(client, "/score", variant, state, options=UNDER_FIVE)
    lines = [line for line in score["lines"] if line["rule"] == "canasta.scoring.incomplete"]
    assert [(line["team"], line["points"]) for line in lines] == [(1, -1000)]


@pytest.mark.parametrize("variant", each("samba", "bolivia"))
def test_canasta_scoring_incomplete_no_penalty_outside_brazilian(client, variant):
    melds = [list(WENT_OUT), [OPPONENTS_SEVENS, SHORT_HEARTS]]
    score = scored_hand(client, variant, [list(h) for h in HANDS_LEFT], melds)
    assert score["teams"][1] == 15 + 40 - 30


GAME_TARGET = {"samba": 10000, "bolivia": 15000, "brazilian": 10000}


@pytest.mark.parametrize("variant", each())
@pytest.mark.parametrize("before", [9800, 14000], ids=["9800", "14000"])
def test_canasta_scoring_game_ends_at_the_variant_target(client, variant, before):
    # Both sides opened in an earlier turn, so each shows its minimum: 150 for side 0 at these scores (a set of
    # queens adds 30 to the 120 going out needed), and side 1, at 0, shows melds counting 165.
    gained = 70 + 500 + 50 + 1500 + 30 + 200 - 5
    melds = [[*WENT_OUT, group("QH", "QH", "QS")], [dict(m) for m in OPPONENTS_OPENED]]
    score = scored_hand(client, variant, [list(h) for h in HANDS_LEFT], melds, score=[before, 0])
    assert score["game_scores"] == [before + gained, OPPONENTS_OPENED_POINTS - 30]
    over = before + gained >= GAME_TARGET[variant]
    assert score["game_over"] is over
    if over:
        assert score["winner"] == 0


@pytest.mark.parametrize("option,red_threes_points", [
    (None, 200), ("unmelded", 200), ("short_of_two_canastas", -200)])
def test_canasta_variant_samba_option_samba_red_threes_minus(client, option, red_threes_points):
    # Side 1 melded a set of sevens and no canasta; its two red threes count for it unless HowStuffWorks' reading
    # asks for the two canastas going out needs.
    options = {"samba_red_threes_minus": option} if option else None
    score = scored_hand(client, "samba", [list(h) for h in HANDS_LEFT], [list(WENT_OUT), [OPPONENTS_SEVENS]],
                        options, red_threes=[[], ["3H", "3D"]])
    assert points(score, 1, "canasta.red-threes.score", "canasta.threes.minus") == red_threes_points
    assert score["teams"][1] == 15 + red_threes_points - 30



@pytest.mark.parametrize("option, red_threes_points", [(None, 200), ("short_of_two_canastas", -200),
                                                        ("unmelded", 200)])
def test_canasta_threes_minus_bolivia_option_bolivia_red_threes_minus(client, option, red_threes_points):
    # Side 1 melded a set of sevens and no canasta: its two red threes count minus under the archived bright.net
    # rules (two canastas needed), and for it when Bolivia is played as Samba (minus only for a side that melded
    # nothing).
    options = {"bolivia_red_threes_minus": option} if option else None
    score = scored_hand(client, "bolivia", [list(h) for h in HANDS_LEFT], [list(WENT_OUT), [OPPONENTS_SEVENS]],
                        options, red_threes=[[], ["3H", "3D"]])
    assert points(score, 1, "canasta.red-threes.score", "canasta.threes.minus", "canasta.threes.schedule") \
        == red_threes_points
    assert score["teams"][1] == 15 + red_threes_points - 30


@pytest.mark.parametrize("option, score, required", [
    (None, 1600, 150), ("150_below_7000", -20, 150), ("samba_tiers", -20, 15), ("samba_tiers", 1600, 90),
    ("samba_tiers", 3000, 120), ("samba_tiers", 7000, None)])
def test_canasta_opening_minimum_brazilian_option_brazilian_opening(client, option, score, required):
    # The book asks 150 below 7000; Bicycle and rummy-games.com keep Samba's minimums there. From 7000 up both ask
    # a canasta, so three sets of 120 never open.
    melds = [{"cards": ["AH", "AS", "AD"]}, {"cards": ["KH", "KS", "KD"]}, {"cards": ["QH", "QS", "QD"]}]
    verdict = answer(client, "/validate-meld", "brazilian", options={"brazilian_opening": option} if option else None,
                     melds=melds, context={"initial": True, "team_score": score})
    if required is None:
        assert verdict["valid"] is False and verdict["violations"]
    else:
        assert verdict["required"] == required and verdict["valid"] is (120 >= required)

POSITIONS = Path(__file__).parent / "positions"


@pytest.mark.parametrize("variant", each("samba"))
def test_canasta_pile_top_card_only_onto_sequence_leaves_a_red_three_in_the_pile(client, variant):
    # Reached in play: the upcard was turned over a red three, and later seat 1 took the top card alone onto its
    # clubs sequence. The red three still in the pile does not mean the pile was never taken, so the turns are
    # not counted from the discards on the upcard.
    state = json.loads((POSITIONS / "samba_top_card_alone_red_three_in_pile.json").read_text())
    assert state["discard"][0] == "3H" and state["turn"]["drew"] == "pile"
    listed = answer(client, "/legal-moves", variant, state)
    assert (listed["to_act"], listed["phase"]) == (1, "meld")
    assert any(move["type"] == "discard" for move in listed["moves"])


@pytest.mark.parametrize("variant", each("samba"))
def test_canasta_melds_keep_a_card_one_card_kept_when_laying_it_off_goes_out(client, variant):
    # Reached in play: seat 3 melded down to the queen of clubs with one canasta on its side's table; laid onto
    # the side's six queens it makes the second canasta and empties the hand, which is going out.
    state = json.loads((POSITIONS / "samba_one_card_laid_off_to_go_out.json").read_text())
    assert state["hands"][3] == ["QC"] and state["turn"]["seat"] == 3
    listed = answer(client, "/legal-moves", variant, state)
    assert {"type": "lay_off", "meld": 3, "cards": ["QC"]} in [sent_move(m) for m in listed["moves"]]
    # The same position holding a five of diamonds instead cannot go out: one card is never kept then.
    stock = state["stock"]
    stock[stock.index("5D")] = "QC"
    state["hands"][3] = ["5D"]
    refused = post(client, "/legal-moves", variant, state)
    assert refused.status_code == 422
    assert [(v["rule"], v["pointer"]) for v in refused.get_json()["violations"]] == [
        ("canasta.melds.keep-a-card", "/state/hands/3")]


def sent_move(move: dict) -> dict:
    return {key: value for key, value in move.items() if key not in ("code", "rules", "opening")}


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_wild_limit_explained_two_wild_cards_at_most(client, variant):
    # A set of the family holds at most two wild cards: /explain says so and quotes the rule.
    state = opened(["KD", "KS", "KC", "2C", "2D", "JK", "9H"], [group("QH", "QS", "QD")], turn=meld_turn())
    move = {"type": "meld", "melds": [{"cards": ["KD", "KS", "KC", "2C", "2D", "JK"]}]}
    explained = answer(client, "/explain", variant, state, move)
    assert explained["legal"] is False and "at most 2 wild cards" in explained["explanation"]
    assert [rule["id"] for rule in explained["rules"]] == ["canasta.melds.wild-limit"]


@pytest.mark.parametrize("variant", each())
def test_canasta_variant_rule_book_holds_the_variant_rule_in_every_format(client, variant):
    page = client.get("/games/canasta/rules?format=html").get_data(as_text=True)
    assert f'id="canasta.variant.{variant}"' in page
    rule = client.get(f"/rules/canasta.variant.{variant}").get_json()
    assert rule["variants"] == [variant] and rule["sources"]
    assert client.get(f"/rules/canasta.variant.{variant}?format=markdown").get_data(as_text=True).startswith(
        f'<a id="canasta.variant.{variant}"></a>')


@pytest.mark.parametrize("variant", each())
def test_canasta_melds_sequence_cards_of_several_ranks_are_told_why_neither_set_nor_sequence(client, variant):
    # Two kings and an eight: no set (two ranks), no sequence (two suits, a rank twice); both are said.
    verdict = judge_meld(client, variant, ["KD", "KS", "8S"])
    assert verdict["valid"] is False
    assert [v["rule"] for v in verdict["violations"]] == [
        "canasta.melds.set", "canasta.melds.sequence", "canasta.melds.sequence"]
    state = opened(["KD", "KS", "8S", "9H"], [group("QH", "QS", "QD")], turn=meld_turn())
    explained = answer(client, "/explain", variant, state, {"type": "meld", "melds": [{"cards": ["KD", "KS", "8S"]}]})
    assert explained["explanation"].startswith("A meld holds one rank only, but these cards mix 8, K.")
