"""Classic and Two-hand Canasta, written from the rule texts: what a meld is and what may join it.

Sources: pagat.com/rummy/canasta.html (at least two naturals, at most three wild cards, no wild melds, one
meld of a rank per side, black threes only in going out, never on the opponents' melds), Wikipedia
"Canasta" (wild cards never outnumber naturals) and pokerwiner (naturals outnumber wild cards), through
classic_canasta_facts.md sections 3 to 5."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

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
    meld_of_rank,
    offers_meld,
    position,
    same_cards,
)

SEVEN_KINGS = group("KC", "KC", "KD", "KD", "KH", "KH", "KS")
SEVEN_FIVES = group("5C", "5C", "5D", "5D", "5H", "5H", "5S")
SPARE = ["9C", "JD", "7S"]


def meld(*melds: list[str]) -> dict:
    """A meld move putting down these melds."""
    return {"type": "meld", "melds": [{"cards": list(cards)} for cards in melds]}


def lay_off(index: int, *cards: str, **fields) -> dict:
    """Adding cards to the side's meld number `index`."""
    return {"type": "lay_off", "meld": index, "cards": list(cards), **fields}


def canastas_for(variant: str) -> list[dict]:
    """The canastas a side needs to go out: one in Classic, two in Two-hand."""
    return [SEVEN_KINGS] if variant == "classic" else [SEVEN_KINGS, SEVEN_FIVES]


# --- a meld is three or more of a rank, two of them natural ----------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_set_needs_two_naturals(client, variant):
    """One natural with two wild cards is no meld."""
    state = position(variant, ["QC", "2C", "JK"] + SPARE, melds=OPENED)
    verdict = judged(client, variant, state, meld(["QC", "2C", "JK"]))
    assert_refused(verdict, ("canasta.melds.set", "canasta.melds.wild-limit"), "natural")
    assert not offers_meld(legal_moves(client, variant, state), ["QC", "2C", "JK"])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_set_three_cards_of_one_rank(client, variant):
    """Two cards are no meld, and neither is a run of one suit."""
    state = position(variant, ["QC", "QD", "5H", "6H", "7H"] + SPARE, melds=OPENED)
    assert_refused(judged(client, variant, state, meld(["QC", "QD"])), "canasta.melds.set")
    assert_refused(judged(client, variant, state, meld(["5H", "6H", "7H"])), "canasta.melds.set")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_set_natural_three_is_offered(client, variant):
    """Three naturals of a rank make a meld; /legal-moves offers it and /apply-move puts it down."""
    state = position(variant, ["QC", "QD", "QH"] + SPARE, melds=OPENED)
    assert_allowed(judged(client, variant, state, meld(["QC", "QD", "QH"])))
    assert offers_meld(legal_moves(client, variant, state), ["QC", "QD", "QH"])
    after = applied(client, variant, state, meld(["QC", "QD", "QH"]))["state"]
    assert any(same_cards(m, ["QC", "QD", "QH"]) for m in meld_of_rank(after, 0, "Q"))
    assert same_cards(after["hands"][0], [c for c in state["hands"][0] if c not in ("QC", "QD", "QH")])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_no_wild_melds(client, variant):
    """Wild cards alone make no meld."""
    state = position(variant, ["2C", "2D", "JK"] + SPARE, melds=OPENED)
    assert_refused(judged(client, variant, state, meld(["2C", "2D", "JK"])),
                   ("canasta.melds.no-wild-melds", "canasta.melds.set"))
    assert not offers_meld(legal_moves(client, variant, state), ["2C", "2D", "JK"])


# --- how many wild cards, per option ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_wild_limit_at_most_three_by_default(client, variant):
    """By default two naturals may carry three wild cards (pagat), never four."""
    hand = ["QC", "QD", "QH", "2C", "2D", "2H", "JK"] + SPARE
    state = position(variant, hand, melds=OPENED)
    assert_allowed(judged(client, variant, state, meld(["QC", "QD", "2C", "2D", "JK"])))
    verdict = judged(client, variant, state, meld(["QC", "QD", "QH", "2C", "2D", "2H", "JK"]))
    assert_refused(verdict, "canasta.melds.wild-limit", "wild")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_wild_limit_lay_off_a_fourth_wild_refused(client, variant):
    """A meld holding three wild cards takes no fourth, but takes more naturals."""
    melds = [[ACES, group("KC", "KD", "KH", "2C", "2D", "JK")], []]
    state = position(variant, ["2H", "KS"] + SPARE, melds=melds)
    assert_refused(judged(client, variant, state, lay_off(1, "2H")), "canasta.melds.wild-limit", "wild")
    assert_allowed(judged(client, variant, state, lay_off(1, "KS")))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_wild_limit_not_more_than_naturals(client, variant):
    """With wild_limit=not_more_than_naturals (Wikipedia) Q-Q-2-2-joker is refused, 9-9-9-2-2-joker and 5-5-2
    stand."""
    options = {"wild_limit": "not_more_than_naturals"}
    hand = ["QC", "QD", "9C", "9D", "9H", "5C", "5D", "2C", "2D", "JK", "2H"]
    state = position(variant, hand, melds=OPENED)
    verdict = judged(client, variant, state, meld(["QC", "QD", "2C", "2D", "JK"]), options)
    assert_refused(verdict, "canasta.melds.wild-limit", "wild")
    assert_allowed(judged(client, variant, state, meld(["9C", "9D", "9H", "2C", "2D", "JK"]), options))
    assert_allowed(judged(client, variant, state, meld(["5C", "5D", "2H"]), options))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_wild_limit_not_more_than_naturals_lay_off(client, variant):
    """Under not_more_than_naturals 5-5-2-2 takes no third wild card (three would outnumber two naturals),
    while a natural and a wild card together keep the count even."""
    options = {"wild_limit": "not_more_than_naturals"}
    melds = [[ACES, group("5C", "5D", "2C", "2D")], []]
    state = position(variant, ["JK", "5H"] + SPARE, melds=melds)
    assert_refused(judged(client, variant, state, lay_off(1, "JK"), options), "canasta.melds.wild-limit", "wild")
    assert_allowed(judged(client, variant, state, lay_off(1, "5H", "JK"), options))
    assert_allowed(judged(client, variant, state, lay_off(1, "JK")))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_wild_limit_fewer_than_naturals(client, variant):
    """With wild_limit=fewer_than_naturals (pokerwiner) 5-5-2-2 is refused; 5-5-5-2-2 and 5-5-2 stand."""
    options = {"wild_limit": "fewer_than_naturals"}
    hand = ["5C", "5D", "5H", "2C", "2D"] + SPARE
    state = position(variant, hand, melds=OPENED)
    assert_refused(judged(client, variant, state, meld(["5C", "5D", "2C", "2D"]), options), "canasta.melds.wild-limit",
                   "wild")
    assert_allowed(judged(client, variant, state, meld(["5C", "5D", "5H", "2C", "2D"]), options))
    assert_allowed(judged(client, variant, state, meld(["5C", "5D", "2C"]), options))


# --- one meld of a rank per side; never on the opponents' melds -------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_one_per_rank(client, variant):
    """A side with a meld of kings adds kings to it and may not start a second one."""
    melds = [[ACES, group("KC", "KD", "KH")], []]
    state = position(variant, ["KS", "KS", "KD", "2C"] + SPARE, melds=melds)
    assert_refused(judged(client, variant, state, meld(["KS", "KS", "KD"])), "canasta.melds.one-per-rank", "K")
    assert_allowed(judged(client, variant, state, lay_off(1, "KS", "KS", "KD")))
    assert not offers_meld(legal_moves(client, variant, state), ["KS", "KS", "KD"])


# The opponents' kings with a joker: the initial meld they show counts 80 (their minimum at a score of 0 is 50).
OPPONENTS_KINGS = group("KC", "KD", "KH", "JK")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_one_per_rank_both_sides_may_meld_a_rank(client, variant):
    """The opponents' meld of kings does not stop this side melding kings."""
    melds = [[ACES], [OPPONENTS_KINGS]]
    state = position(variant, ["KS", "KS", "KD"] + SPARE, melds=melds)
    assert_allowed(judged(client, variant, state, meld(["KS", "KS", "KD"])))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_meld_never_on_opponents_melds(client, variant):
    """A player may not add to the opponents' melds."""
    melds = [[ACES], [OPPONENTS_KINGS]]
    state = position(variant, ["KS", "QC", "QD", "9C", "9D", "JD", "JH", "7S", "7H"], melds=melds)
    verdict = judged(client, variant, state, lay_off(0, "KS", owner=1))
    assert_refused(verdict, ("canasta.turn.meld", "canasta.turn.order"), "side 1")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_from_hand(client, variant):
    """Melds are made from the hand: a card the player does not hold is refused and named."""
    state = position(variant, ["QC", "QD"] + SPARE + ["4C"], melds=OPENED)
    assert_refused(judged(client, variant, state, meld(["QC", "QD", "QH"])), "canasta.melds.from-hand", "QH")


# --- black threes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_black_threes_only_in_going_out(client, variant):
    """Three black threes may not be melded by a player who is not going out."""
    melds = [[ACES] + canastas_for(variant), []]
    state = position(variant, ["3C", "3S", "3C", "9D", "JS"], melds=melds)
    assert_refused(judged(client, variant, state, meld(["3C", "3S", "3C"])), "canasta.melds.black-threes", "black three")
    assert not offers_meld(legal_moves(client, variant, state), ["3C", "3S", "3C"])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_black_threes_going_out(client, variant):
    """A player going out may meld three black threes: the hand ends."""
    melds = [[ACES] + canastas_for(variant), []]
    state = position(variant, ["3C", "3S", "3C"], melds=melds)
    assert_allowed(judged(client, variant, state, meld(["3C", "3S", "3C"])))
    after = applied(client, variant, state, meld(["3C", "3S", "3C"]))["state"]
    assert after["turn"]["phase"] == "over" and after["turn"]["ending"] == "went_out"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_black_threes_going_out_with_a_discard(client, variant):
    """Black threes melded down to a last card that is then discarded: the player goes out."""
    melds = [[ACES] + canastas_for(variant), []]
    state = position(variant, ["3C", "3S", "3C", "9H"], melds=melds)
    assert_allowed(judged(client, variant, state, meld(["3C", "3S", "3C"])))
    between = applied(client, variant, state, meld(["3C", "3S", "3C"]))["state"]
    after = applied(client, variant, between, {"type": "discard", "card": "9H"})["state"]
    assert after["turn"]["phase"] == "over" and after["turn"]["ending"] == "went_out"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_melds_black_threes_no_wild_card(client, variant):
    """Even in going out, black threes take no wild card."""
    melds = [[ACES] + canastas_for(variant), []]
    state = position(variant, ["3C", "3S", "2C"], melds=melds)
    assert_refused(judged(client, variant, state, meld(["3C", "3S", "2C"])),
                   ("canasta.melds.black-threes", "canasta.melds.set"))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_red_threes_lay_out_never_melded(client, variant):
    """A hand never holds a red three: a position with one in the hand is refused."""
    state = position(variant, ["3H", "3D", "3H"] + SPARE, melds=OPENED)
    response = client.post("/validate-move", json={"game": "canasta", "variant": variant, "options": {},
                                                   "state": state, "move": meld(["3H", "3D", "3H"])})
    if response.status_code == 200:
        assert_refused(response.get_json(), ("canasta.red-threes.lay-out", "canasta.melds.set"))
    else:
        assert response.status_code == 422
        assert "canasta.red-threes.lay-out" in str(response.get_json())


# --- canastas ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_canastas_size_seventh_card(client, variant):
    """The seventh card makes a canasta; natural cards may keep being added."""
    melds = [[ACES, group("KC", "KC", "KD", "KD", "KH", "KH")], []]
    state = position(variant, ["KS", "KS"] + SPARE, melds=melds)
    assert_allowed(judged(client, variant, state, lay_off(1, "KS")))
    after = applied(client, variant, state, lay_off(1, "KS"))["state"]
    assert len(meld_of_rank(after, 0, "K")[0]) == 7
    assert_allowed(judged(client, variant, after, lay_off(1, "KS")))


@pytest.mark.parametrize("options", [{}, {"wild_limit": "not_more_than_naturals"},
                                     {"wild_limit": "fewer_than_naturals"}])
@pytest.mark.parametrize("variant", each_variant())
def test_canasta_canastas_mixed_wild_onto_natural_canasta(client, variant, options):
    """A wild card added to a natural canasta makes it mixed: allowed under every wild-card reading."""
    melds = [[ACES, SEVEN_KINGS], []]
    state = position(variant, ["2C"] + SPARE, melds=melds)
    assert_allowed(judged(client, variant, state, lay_off(1, "2C"), options))


# --- every mix of naturals and wild cards, per option ----------------------------------------------------------

WILD_LIMITS = ["at_most_three", "not_more_than_naturals", "fewer_than_naturals"]


def reference_meld_valid(naturals: int, wilds: int, wild_limit: str) -> bool:
    """From the rule texts: three or more cards, two naturals at least, three wild cards at most, and the
    option's bound on wild cards against naturals."""
    if naturals + wilds < 3 or naturals < 2 or wilds > 3:
        return False
    if wild_limit == "not_more_than_naturals":
        return wilds <= naturals
    if wild_limit == "fewer_than_naturals":
        return wilds < naturals
    return True


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(naturals=st.integers(0, 4), wilds=st.integers(0, 4), wild_limit=st.sampled_from(WILD_LIMITS),
       variant=st.sampled_from(["classic", "two-hand"]))
def test_canasta_melds_wild_limit_every_mix(client, naturals, wilds, wild_limit, variant):
    """A new meld of queens with wild cards is legal exactly when the rules say, under each wild_limit."""
    cards = ["QC", "QD", "QH", "QS"][:naturals] + ["2C", "2D", "2H", "JK"][:wilds]
    if not cards:
        return
    state = position(variant, cards + SPARE, melds=OPENED)
    verdict = judged(client, variant, state, meld(cards), {"wild_limit": wild_limit})
    assert verdict["legal"] is reference_meld_valid(naturals, wilds, wild_limit), verdict["violations"]
