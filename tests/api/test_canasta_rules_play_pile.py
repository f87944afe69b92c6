"""Classic and Two-hand Canasta, written from the rule texts: drawing, and when the discard pile may be taken.

Sources: pagat.com/rummy/canasta.html (via the rule texts the service publishes and the facts in
classic_canasta_facts.md sections 7 and 11); Bicycle/Hoyle for the black three that freezes the pile."""

from __future__ import annotations

import pytest

from tests.api.canasta_play import (
    ACES,
    OPENED,
    applied,
    assert_allowed,
    assert_refused,
    each_variant,
    group,
    judged,
    legal_moves,
    listed,
    meld_of_rank,
    position,
    refused_apply,
    same_cards,
)

PAIR_AND_JOKER = ["KD", "KH", "JK", "5C", "9D", "JS", "QC", "QD", "6S", "7D"]
ONE_KING_AND_JOKER = ["KD", "JK", "5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S"]


def take(*cards: str, **fields) -> dict:
    """Taking the pile with these hand cards."""
    return {"type": "take_pile", "cards": list(cards), **fields}


def pile_frozen(answer: dict) -> bool:
    """What /legal-moves says of the pile."""
    return answer["pile"]["frozen"]


def takes(answer: dict) -> list:
    """The take_pile moves offered."""
    return listed(answer["moves"], "take_pile")


# --- a turn starts with the stock or the pile ------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_draw_offers_stock_and_pile(client, variant):
    """At the start of a turn the stock is always there; the pile is offered when its top card can be melded."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["9C", "KC"])
    answer = legal_moves(client, variant, state)
    assert listed(answer["moves"], "draw")
    assert listed(answer["moves"], "take_pile", cards=["KD", "KH"])
    assert not listed(answer["moves"], "discard"), "nothing may be discarded before drawing"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_draw_before_discarding(client, variant):
    """A discard before drawing is refused."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["9C", "KC"])
    verdict = judged(client, variant, state, {"type": "discard", "card": "5C"})
    assert_refused(verdict, ("canasta.turn.draw", "canasta.turn.order"))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_draw_takes_the_stocks_top_cards(client, variant):
    """Classic draws one card, Two-hand two; the turn moves on to melding."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["9C", "KC"],
                     stock=["8D", "10H", "4S"])
    after = applied(client, variant, state, {"type": "draw"})["state"]
    drawn = ["8D"] if variant == "classic" else ["8D", "10H"]
    hand = after["hands"][0]
    assert same_cards(hand, state["hands"][0] + drawn)
    assert after["stock"] == state["stock"][len(drawn):]
    assert after["turn"]["phase"] == "meld" and after["turn"]["seat"] == 0


# --- a frozen pile --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_wild_card_in_pile_natural_pair_takes(client, variant):
    """A wild card in the pile freezes it for everybody: a natural pair of the top card's rank takes it."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["2C", "9C", "KC"])
    assert_allowed(judged(client, variant, state, take("KD", "KH")))
    answer = legal_moves(client, variant, state)
    assert pile_frozen(answer) is True
    assert listed(answer["moves"], "take_pile", cards=["KD", "KH"])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_take_natural_and_wild_refused(client, variant):
    """On a frozen pile a natural and a wild card do not take it."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["2C", "9C", "KC"])
    verdict = judged(client, variant, state, take("KD", "JK"))
    assert_refused(verdict, "canasta.pile.frozen-take", "frozen")
    refused_apply(client, variant, state, take("KD", "JK"), "canasta.pile.frozen-take")
    assert not any("JK" in move["cards"] for move in takes(legal_moves(client, variant, state)))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_take_one_natural_and_wild_offers_nothing(client, variant):
    """Holding one natural of the rank and a wild card, a frozen pile cannot be taken at all."""
    state = position(variant, ONE_KING_AND_JOKER, phase="draw", melds=OPENED, discard=["2C", "9C", "KC"])
    answer = legal_moves(client, variant, state)
    assert takes(answer) == []
    assert listed(answer["moves"], "draw")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_take_meld_on_table_does_not_help(client, variant):
    """A frozen pile's top card cannot just be added to the side's meld of its rank."""
    kings = [[ACES, group("KS", "KS", "KH")], []]
    hand = ["KD", "JK", "5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", melds=kings, discard=["2C", "9C", "KC"])
    assert_refused(judged(client, variant, state, take()), "canasta.pile.frozen-take", "frozen")
    assert takes(legal_moves(client, variant, state)) == []


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_take_applies(client, variant):
    """Taking a frozen pile with a natural pair: the top card and the pair are melded, the rest joins the hand."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["2C", "9C", "KC"])
    after = applied(client, variant, state, take("KD", "KH"))["state"]
    assert any(same_cards(m, ["KC", "KD", "KH"]) for m in meld_of_rank(after, 0, "K"))
    rest = [c for c in state["hands"][0] if c not in ("KD", "KH")] + state["discard"][:-1]
    assert same_cards(after["hands"][0], rest)
    assert after["discard"] == []
    assert after["turn"]["phase"] == "meld" and after["turn"]["drew"] == "pile"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_red_three_in_pile(client, variant):
    """A red three turned up at the deal freezes the pile: a natural and a wild card do not take it."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["3H", "9C", "KC"], upcards=2)
    assert pile_frozen(legal_moves(client, variant, state)) is True
    assert_refused(judged(client, variant, state, take("KD", "JK")), "canasta.pile.frozen-take", "frozen")
    assert_allowed(judged(client, variant, state, take("KD", "KH")))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_red_threes_lay_out_from_pile_without_replacement(client, variant):
    """A red three taken with the pile goes to the side's red threes, with no card from the stock for it."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["3H", "9C", "KC"], upcards=2)
    after = applied(client, variant, state, take("KD", "KH"))["state"]
    assert after["red_threes"][0] == ["3H"]
    assert "3H" not in after["hands"][0]
    assert after["stock"] == state["stock"], "no replacement is drawn for a red three from the pile"
    rest = [c for c in state["hands"][0] if c not in ("KD", "KH")] + ["9C"]
    assert same_cards(after["hands"][0], rest)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_for_side_without_initial_meld(client, variant):
    """A side that has not melded finds the pile frozen: a natural and a wild card do not take it."""
    hand = ["KD", "KH", "JK", "AC", "AS", "2D", "5C", "9D", "JS", "QD", "6S"]
    state = position(variant, hand, phase="draw", discard=["9C", "KC"])
    move = take("KD", "JK", melds=[{"cards": ["AC", "AS", "2D"]}])
    assert_refused(judged(client, variant, state, move), "canasta.pile.frozen-take", "frozen")
    assert_allowed(judged(client, variant, state, take("KD", "KH", melds=[{"cards": ["AC", "AS", "2D"]}])))
    assert pile_frozen(legal_moves(client, variant, state)) is True


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_only_for_the_side_without_initial_meld(client, variant):
    """The same pile is not frozen for the other side once it has melded: its natural and wild card take it."""
    seat = 1
    hand = ["KD", "JK", "5C", "9D", "JS", "QD", "6S", "7D", "7S", "QC"]
    state = position(variant, hand, seat=seat, phase="draw", melds=[[], [ACES]], discard=["9C", "KC"])
    assert pile_frozen(legal_moves(client, variant, state)) is False
    assert_allowed(judged(client, variant, state, take("KD", "JK")))


# --- a pile that is not frozen ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_unfrozen_take_natural_and_wild(client, variant):
    """On a pile not frozen for the side, one natural of the rank and one wild card take it."""
    state = position(variant, ONE_KING_AND_JOKER, phase="draw", melds=OPENED, discard=["9C", "KC"])
    assert_allowed(judged(client, variant, state, take("KD", "JK")))
    answer = legal_moves(client, variant, state)
    assert pile_frozen(answer) is False
    assert listed(answer["moves"], "take_pile", cards=["KD", "JK"])
    after = applied(client, variant, state, take("KD", "JK"))["state"]
    assert any(same_cards(m, ["KC", "KD", "JK"]) for m in meld_of_rank(after, 0, "K"))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_unfrozen_take_natural_pair(client, variant):
    """On a pile not frozen for the side, a natural pair of the rank takes it."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["9C", "KC"])
    assert_allowed(judged(client, variant, state, take("KD", "KH")))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_unfrozen_take_adding_to_meld(client, variant):
    """On a pile not frozen for the side, the top card may simply join the side's meld of its rank."""
    kings = [[ACES, group("KS", "KS", "KH")], []]
    hand = ["5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", melds=kings, discard=["9C", "KC"])
    assert_allowed(judged(client, variant, state, take()))
    assert listed(legal_moves(client, variant, state)["moves"], "take_pile", cards=[])
    after = applied(client, variant, state, take())["state"]
    assert [sorted(m) for m in meld_of_rank(after, 0, "K")] == [sorted(["KS", "KS", "KH", "KC"])]
    assert same_cards(after["hands"][0], state["hands"][0] + state["discard"][:-1])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_unfrozen_take_two_wilds_refused(client, variant):
    """Two wild cards with the top card are no way to take the pile: a meld needs two naturals."""
    hand = ["2C", "JK", "5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", melds=OPENED, discard=["9C", "KC"])
    verdict = judged(client, variant, state, take("2C", "JK"))
    assert_refused(verdict, ("canasta.pile.unfrozen-take", "canasta.melds.set", "canasta.pile.take"))
    assert takes(legal_moves(client, variant, state)) == []


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_take_top_card_must_be_melded(client, variant):
    """The top card is melded at once: hand cards of another rank, or a single natural, do not take the pile."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["9C", "KC"])
    wanted = ("canasta.pile.take", "canasta.pile.unfrozen-take", "canasta.melds.set")
    assert_refused(judged(client, variant, state, take("QC", "QD")), wanted, "KC")
    assert_refused(judged(client, variant, state, take("KD")), wanted)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_take_without_holding_the_cards_refused(client, variant):
    """The cards that meld the top card come from the hand."""
    state = position(variant, ONE_KING_AND_JOKER, phase="draw", melds=OPENED, discard=["9C", "KC"])
    verdict = judged(client, variant, state, take("KD", "KH"))
    assert_refused(verdict, ("canasta.melds.from-hand", "canasta.pile.take"), "KH")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_take_wild_card_on_top_never(client, variant):
    """A wild card on top of the pile can never be taken."""
    hand = ["2D", "2H", "JK", "5C", "9D", "JS", "QC", "QD", "6S", "7D"]
    state = position(variant, hand, phase="draw", melds=OPENED, discard=["9C", "2S"])
    assert_refused(judged(client, variant, state, take("2D", "2H")), ("canasta.pile.take", "canasta.pile.frozen-take"),
                   "2S")
    assert takes(legal_moves(client, variant, state)) == []


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_one_per_rank_pile_pair_joins_the_meld(client, variant):
    """Taking the pile with a natural pair when the side has a meld of that rank adds to that meld: a side
    never holds two melds of a rank."""
    kings = [[ACES, group("KS", "KS", "2H")], []]
    hand = ["KD", "KH", "5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", melds=kings, discard=["2C", "9C", "KC"])
    assert_allowed(judged(client, variant, state, take("KD", "KH")))
    after = applied(client, variant, state, take("KD", "KH"))["state"]
    kings_after = meld_of_rank(after, 0, "K")
    assert len(kings_after) == 1
    assert same_cards(kings_after[0], ["KS", "KS", "2H", "KC", "KD", "KH"])


# --- black threes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_black_threes_stop_on_top(client, variant):
    """A black three on top stops the next player: the pile cannot be taken, even with black threes in hand."""
    hand = ["3C", "3S", "5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", melds=OPENED, discard=["9C", "3S"])
    verdict = judged(client, variant, state, take("3C", "3S"))
    assert_refused(verdict, ("canasta.black-threes.stop", "canasta.pile.take"), "3S")
    answer = legal_moves(client, variant, state)
    assert takes(answer) == []
    assert listed(answer["moves"], "draw")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_black_threes_stop_covered_blocks_by_default(client, variant):
    """Covered by another discard a black three has no further effect (pagat): natural and wild take the pile."""
    state = position(variant, ONE_KING_AND_JOKER, phase="draw", melds=OPENED, discard=["3S", "KC"])
    answer = legal_moves(client, variant, state)
    assert pile_frozen(answer) is False
    assert listed(answer["moves"], "take_pile", cards=["KD", "JK"])
    assert_allowed(judged(client, variant, state, take("KD", "JK")))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_black_threes_stop_covered_freezes_under_option(client, variant):
    """With black_three_on_pile=freezes (Bicycle) a black three in the pile freezes it until it is taken."""
    options = {"black_three_on_pile": "freezes"}
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["3S", "KC"])
    answer = legal_moves(client, variant, state, options)
    assert pile_frozen(answer) is True
    assert not any("JK" in move["cards"] for move in takes(answer))
    assert listed(answer["moves"], "take_pile", cards=["KD", "KH"])
    assert_refused(judged(client, variant, state, take("KD", "JK"), options), "canasta.pile.frozen-take", "frozen")
    assert_allowed(judged(client, variant, state, take("KD", "KH"), options))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_take_with_more_naturals(client, variant):
    """More naturals of the rank may join the top card: the meld is the top card and every card named."""
    hand = ["KD", "KH", "KS", "5C", "9D", "JS", "QC", "QD", "6S", "7D"]
    state = position(variant, hand, phase="draw", melds=OPENED, discard=["2C", "9C", "KC"])
    assert_allowed(judged(client, variant, state, take("KD", "KH", "KS")))
    after = applied(client, variant, state, take("KD", "KH", "KS"))["state"]
    assert [sorted(m) for m in meld_of_rank(after, 0, "K")] == [sorted(["KC", "KD", "KH", "KS"])]


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_take_further_melds_must_be_melds(client, variant):
    """Further melds put down with the pile follow the meld rules."""
    hand = ["KD", "KH", "QC", "QD", "5C", "9D", "JS", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", melds=OPENED, discard=["9C", "KC"])
    verdict = judged(client, variant, state, take("KD", "KH", melds=[{"cards": ["QC", "QD"]}]))
    assert_refused(verdict, "canasta.melds.set")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_take_pair_must_be_held(client, variant):
    """The natural pair comes from the hand: naming a second copy the player does not hold is refused."""
    state = position(variant, ONE_KING_AND_JOKER, phase="draw", melds=OPENED, discard=["2C", "9C", "KC"])
    assert_refused(judged(client, variant, state, take("KD", "KD")),
                   ("canasta.melds.from-hand", "canasta.pile.take", "canasta.pile.frozen-take"))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_black_threes_stop_on_top_under_freezes_option(client, variant):
    """Under black_three_on_pile=freezes a black three on top still cannot be taken."""
    hand = ["3C", "3S", "5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", melds=OPENED, discard=["9C", "3S"])
    options = {"black_three_on_pile": "freezes"}
    assert_refused(judged(client, variant, state, take("3C", "3S"), options),
                   ("canasta.black-threes.stop", "canasta.pile.take", "canasta.pile.frozen-take"))
    assert takes(legal_moves(client, variant, state, options)) == []


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_red_three_freezes_for_both_sides(client, variant):
    """A red three in the pile freezes it for a side that has melded, not only for one that has not."""
    seat = 1
    hand = ["KD", "JK", "5C", "9D", "JS", "QD", "6S", "7D", "7S", "QC"]
    state = position(variant, hand, seat=seat, phase="draw", melds=[[], [ACES]], discard=["3D", "9C", "KC"],
                     upcards=2)
    assert_refused(judged(client, variant, state, take("KD", "JK")), "canasta.pile.frozen-take", "frozen")


# --- every way to take the pile, against the rules' own list ---------------------------------------------------


def reference_takes(hand: list[str], top: str, frozen: bool, side_ranks: set[str]) -> set[tuple]:
    """The ways to take the pile with at most two hand cards, from the rule texts: a natural pair of the top
    card's rank; on a pile not frozen for the side also one such natural with one wild card, or no card at all
    where the side has a meld of that rank."""
    rank = top[:-1]
    naturals = sorted({c for c in hand if c[:-1] == rank})
    wilds = sorted({c for c in hand if c == "JK" or c.startswith("2")})
    found = set()
    for i, first in enumerate(naturals):
        for second in naturals[i:]:
            if first != second or hand.count(first) >= 2:
                found.add(tuple(sorted((first, second))))
    if not frozen:
        found |= {tuple(sorted((n, w))) for n in naturals for w in wilds}
        if rank in side_ranks:
            found.add(())
    return found


def take_kind(cards: tuple) -> str:
    """A take by no card, by a natural pair, or by a natural and a wild card."""
    if not cards:
        return "onto-meld"
    return "with-wild" if any(c == "JK" or c.startswith("2") for c in cards) else "natural-pair"


def candidate_takes(hand: list[str]) -> set[tuple]:
    """Every take naming no card, or two distinct hand cards or a card held twice."""
    cards = sorted(set(hand))
    found = {()}
    for i, first in enumerate(cards):
        for second in cards[i:]:
            if first != second or hand.count(first) >= 2:
                found.add((first, second))
    return found


TAKE_CASES = [
    pytest.param(["KD", "KH", "JK", "2C", "QC", "QD", "5C", "9D", "JS", "6S"], ["9C", "KC"], [ACES], False,
                 id="pair-and-wilds-unfrozen"),
    pytest.param(["KD", "KH", "JK", "2C", "QC", "QD", "5C", "9D", "JS", "6S"], ["2H", "9C", "KC"], [ACES], True,
                 id="pair-and-wilds-frozen"),
    pytest.param(["KD", "KD", "2C", "QC", "QD", "5C", "9D", "JS", "6S", "7S"], ["9C", "KC"],
                 [ACES, group("KS", "KS", "KH")], False, id="meld-of-rank-unfrozen"),
    pytest.param(["KD", "2C", "QC", "QD", "5C", "9D", "JS", "6S", "7S", "7D"], ["JK", "9C", "KC"],
                 [ACES, group("KS", "KS", "KH")], True, id="meld-of-rank-frozen"),
    pytest.param(["QD", "QH", "2C", "JK", "5C", "9D", "JS", "6S", "7S", "7D"], ["9C", "KC"], [ACES], False,
                 id="no-king"),
]


@pytest.mark.parametrize("hand, discard, side_melds, frozen", TAKE_CASES)
@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_unfrozen_take_listed_exactly_when_allowed(client, variant, hand, discard, side_melds, frozen):
    """/legal-moves offers each kind of two-card (or no-card) take exactly when the rules allow one, never an
    illegal take, and /validate-move agrees with the rules on every candidate."""
    state = position(variant, hand, phase="draw", melds=[side_melds, []], discard=discard)
    ranks = {c[:-1] for m in side_melds for c in m["cards"]}
    expected = reference_takes(state["hands"][0], discard[-1], frozen, ranks)
    answer = legal_moves(client, variant, state)
    assert answer["pile"]["frozen"] is frozen
    offered = {tuple(sorted(m["cards"])) for m in takes(answer) if len(m["cards"]) <= 2}
    # the list may stay small, one take of each kind standing for the others, but offers nothing illegal
    assert offered <= expected
    assert {take_kind(t) for t in offered} == {take_kind(t) for t in expected}
    for candidate in candidate_takes(state["hands"][0]):
        verdict = judged(client, variant, state, take(*candidate))
        assert verdict["legal"] is (tuple(sorted(candidate)) in expected), (candidate, verdict["violations"])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_one_per_rank_pile_natural_and_wild_join_the_meld(client, variant):
    """On a pile not frozen, a natural and a wild card taking a king join the side's kings: one meld."""
    kings = [[ACES, group("KS", "KS", "KH")], []]
    state = position(variant, ONE_KING_AND_JOKER, phase="draw", melds=kings, discard=["9C", "KC"])
    assert_allowed(judged(client, variant, state, take("KD", "JK")))
    after = applied(client, variant, state, take("KD", "JK"))["state"]
    kings_after = meld_of_rank(after, 0, "K")
    assert len(kings_after) == 1
    assert same_cards(kings_after[0], ["KS", "KS", "KH", "KC", "KD", "JK"])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_wild_limit_pile_take_into_a_full_meld(client, variant):
    """A wild card taking the pile into a meld that already holds three wild cards would make four: refused."""
    kings = [[ACES, group("KS", "KH", "2C", "2D", "2H")], []]
    state = position(variant, ONE_KING_AND_JOKER, phase="draw", melds=kings, discard=["9C", "KC"])
    assert_refused(judged(client, variant, state, take("KD", "JK")), "canasta.melds.wild-limit", "wild")
    assert not any("JK" in move["cards"] for move in takes(legal_moves(client, variant, state)))
    assert_allowed(judged(client, variant, state, take()))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_pile_frozen_take_pair_with_a_wild_card_joins_the_meld(client, variant):
    """With the natural pair there, a wild card may join the meld in the same move, as a lay-off right after could."""
    state = position(variant, PAIR_AND_JOKER, phase="draw", melds=OPENED, discard=["2C", "9C", "KC"])
    verdict = judged(client, variant, state, take("KD", "KH", "JK"))
    assert verdict["legal"] is True, verdict["violations"]
    after = applied(client, variant, state, take("KD", "KH", "JK"))["state"]
    assert any(same_cards(m, ["KC", "KD", "KH", "JK"]) for m in meld_of_rank(after, 0, "K"))
