"""Finished Canasta hands built by hand for the cases random play misses, scored over HTTP by /score and by
the reference scorer written from the rule texts (tests/engine/canasta/test_scoring_reference.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.api.samba_family import group, padded, seq, wild
from tests.engine.canasta.test_scoring_reference import random_cases, random_hand, reference_score, side_by_side

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RED_THREES = ("3D", "3H")
FAMILY = ("samba", "bolivia", "brazilian")
DEALT = {"classic": 11, "two-hand": 15, "samba": 15, "bolivia": 15, "brazilian": 15}


def deck(variant: str) -> Counter:
    """Two packs and four jokers, or three packs and six jokers in the Samba family."""
    packs = 3 if variant in FAMILY else 2
    return Counter({**{rank + suit: packs for rank in RANKS for suit in "CDHS"}, "JK": 2 * packs})


def finished(variant: str, hands: list, melds: list, *, red_threes: list | None = None, seat: int = 0,
             ending: str = "went_out", concealed: bool = False, discard: list[str] | None = None,
             run_out: bool = False, **fields) -> dict:
    """A hand that is over; the stock is the count of every card not shown, or, when the stock ran out
    (run_out, or the hand ended by it), those cards lie under the pile (every red three shown on the table)."""
    sides = len(melds)
    # A seat of a side with nothing on the table never took the pile: it holds at least its deal.
    table_cards = [card for side in melds for found in side for card in found["cards"]] + [
        card for threes in (red_threes or []) for card in threes] + list(discard or ["8C"])
    hands = [list(hand) for hand in hands]
    for index, hand in enumerate(hands):
        if not melds[index % sides] and len(hand) < DEALT[variant]:
            elsewhere = table_cards + [card for other in hands for card in other]
            hands[index] = padded(hand, DEALT[variant], elsewhere, deck(variant))
    state = {"players": len(hands), "dealer": len(hands) - 1, "hands": hands, "discard": list(discard or ["8C"]),
             "melds": melds, "red_threes": [list(t) for t in (red_threes or [[]] * sides)],
             "turn": {"seat": seat, "phase": "over", "ending": ending, "concealed": concealed}}
    state.setdefault("melded_before", [bool(melds[s % sides]) for s in range(len(hands))])
    state.update(fields)
    shown = Counter(state["discard"])
    for hand in hands:
        shown.update(hand)
    for side in melds:
        for found in side:
            shown.update(found["cards"])
    for threes in state["red_threes"]:
        shown.update(threes)
    assert not shown - deck(variant), f"more copies than the deck holds: {shown - deck(variant)}"
    rest = deck(variant) - shown
    if ending == "stock_exhausted" or run_out:
        assert not any(c in RED_THREES for c in rest.elements()), "every red three must be shown"
        state["discard"] = sorted(rest.elements()) + state["discard"]
        state["stock"] = {"count": 0}
    else:
        state["stock"] = {"count": sum(rest.values())}
    return state


def scored(client, variant: str, state: dict, options: dict | None = None) -> dict:
    """The /score answer over HTTP. Bolivia's positions here open with Samba's minimums by score (the option
    bolivia_opening tiers) unless the options name bolivia_opening: their sides' melds count less than the 150
    Bolivia asks at every score by default."""
    options = dict(options or {})
    if variant == "bolivia":
        options.setdefault("bolivia_opening", "tiers")
    response = client.post("/score", json={"game": "canasta", "variant": variant, "options": options,
                                           "state": state})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def reference_points(variant: str, state: dict, options: dict, side: int, category: str) -> int:
    """What the reference gives a side in one category."""
    lines = reference_score(variant, options, state)["lines"]
    return sum(line.points for key, line in lines.items() if key[0] == side and key[2] == category)


def assert_same(client, variant: str, state: dict, options: dict | None = None) -> dict:
    """/score agrees with the reference line by line; the answer."""
    answer = scored(client, variant, state, options)
    assert side_by_side(variant, options or {}, state, answer) == []
    return answer


SEVEN_KINGS = group("KC", "KD", "KH", "KS", "KC", "KD", "KH")
MIXED_FIVES = group("5C", "5D", "5H", "5S", "5C", "2C", "JK")
MIXED_QUEENS = group("QC", "QD", "QH", "QS", "QC", "QD", "2D")
SIXES = group("6C", "6D", "6H")
NINES = group("9C", "9D", "9S")
SAMBA_OF_HEARTS = seq("4H", "5H", "6H", "7H", "8H", "9H", "10H")
SAMBA_OF_SPADES = seq("8S", "9S", "10S", "JS", "QS", "KS", "AS")
# Melds of sides that opened in an earlier turn at a game score from 3000 (Classic's 120) or from 7000 (the
# Samba family's 150): the table shows at least that minimum.
KINGS_OPENED_AT_3000 = [SEVEN_KINGS, NINES, group("10C", "10D", "10S")]  # 130
SIXES_OPENED_AT_3000 = [SIXES, group("AC", "AD", "AS", "JK")]  # 125
KINGS_OPENED_AT_7000 = [SEVEN_KINGS, SAMBA_OF_HEARTS, group("JC", "JD", "JS")]  # 150
QUEENS_OPENED_AT_7000 = [MIXED_QUEENS, SIXES, group("AC", "AD", "AS")]  # 155


# --- Classic and Two-hand -------------------------------------------------------------------------------


def test_canasta_scoring_going_out_concealed_reference_classic(client):
    """A player who melds the whole hand at once, a canasta included, earns 200 in all for going out."""
    state = finished("classic", [[], ["4C", "7D"], ["9H"], ["AH"]],
                     [[SEVEN_KINGS, group("JC", "JD", "JH")], [SIXES]], concealed=True,
                     melded_before=[False, True, False, False])
    assert reference_points("classic", state, {}, 0, "going_out") == 200
    assert_same(client, "classic", state)


def test_canasta_scoring_going_out_concealed_reference_two_hand(client):
    """Two-hand: a concealed going out with two canastas earns 200 in all as in Classic."""
    state = finished("two-hand", [[], ["4C", "7D", "QH"]], [[SEVEN_KINGS, MIXED_FIVES], [SIXES]], concealed=True,
                     melded_before=[False, True])
    assert reference_points("two-hand", state, {}, 0, "going_out") == 200
    assert_same(client, "two-hand", state)


@pytest.mark.parametrize("variant", ["classic", "two-hand"])
def test_canasta_scoring_red_threes_score_reference_all_four_melded(client, variant):
    """All four red threes earn 800 for a side that has melded."""
    hands = [[], ["4C", "7D"], ["9H"], ["AH"]] if variant == "classic" else [[], ["4C", "7D"]]
    melds = [[SEVEN_KINGS, MIXED_FIVES, NINES], [SIXES]]
    state = finished(variant, hands, melds, red_threes=[["3D", "3D", "3H", "3H"], []])
    assert reference_points(variant, state, {}, 0, "red_threes") == 800
    assert_same(client, variant, state)


@pytest.mark.parametrize("options, lost", [({}, -800), ({"four_red_threes_unmelded": -400}, -400)])
@pytest.mark.parametrize("variant", ["classic", "two-hand"])
def test_canasta_scoring_red_threes_score_reference_all_four_never_melded(client, variant, options, lost):
    """A side that never melded loses its four red threes: -800, or -400 under the option."""
    hands = [[], ["4C", "7D", "JK"], ["9H"], ["AH", "2S", "3S"]] if variant == "classic" else [[], ["4C", "7D", "QH"]]
    melds = [[SEVEN_KINGS, MIXED_FIVES, NINES], []]
    state = finished(variant, hands, melds, red_threes=[[], ["3D", "3D", "3H", "3H"]])
    assert reference_points(variant, state, options, 1, "red_threes") == lost
    assert_same(client, variant, state, options)


@pytest.mark.parametrize("threes", [["3D"], ["3D", "3H"], ["3H", "3H", "3D"]])
def test_canasta_scoring_red_threes_score_reference_never_melded_counts_minus(client, threes):
    """One to three red threes of a side that never melded count 100 each against it."""
    state = finished("classic", [[], ["4C", "7D"], ["9H"], ["AH"]], [[SEVEN_KINGS, NINES], []],
                     red_threes=[[], threes])
    assert reference_points("classic", state, {}, 1, "red_threes") == -100 * len(threes)
    assert_same(client, "classic", state)


def test_canasta_scoring_stock_exhausted_reference_classic(client):
    """The stock ran out: nobody went out, no bonus; every hand counts minus."""
    state = finished("classic", [["4C", "7D"], ["9H", "KS"], ["AH"], ["JK", "5S"]],
                     [[SEVEN_KINGS, NINES], [MIXED_FIVES, SIXES]], ending="stock_exhausted", seat=1,
                     red_threes=[["3D", "3H"], ["3D", "3H"]])
    assert reference_points("classic", state, {}, 0, "going_out") == 0
    assert_same(client, "classic", state)


def test_canasta_scoring_stock_exhausted_reference_two_hand(client):
    """Two-hand: the stock ran out, nobody earns the going-out bonus."""
    state = finished("two-hand", [["4C", "7D"], ["9H", "KS", "3C"]], [[SEVEN_KINGS, NINES], [MIXED_FIVES, SIXES]],
                     ending="stock_exhausted", seat=1, red_threes=[["3D", "3H", "3D"], ["3H"]])
    assert_same(client, "two-hand", state)


def test_canasta_scoring_melded_cards_reference_black_threes_melded_going_out(client):
    """Black threes melded in going out count 5 each; one left in a hand costs 5."""
    state = finished("classic", [[], ["3C", "7D"], ["9H"], ["AH"]],
                     [[SEVEN_KINGS, group("3S", "3S", "3C")], [SIXES]], melded_before=[True, True, True, False])
    assert_same(client, "classic", state)


def test_canasta_scoring_penalties_retracted_reference_and_undeclared_red_three(client):
    """Cards taken back cost 100 each and an undeclared red three 500, recorded by the table."""
    # Side 1's failed attempt raised its minimum to 25: its tens make its melds count 45.
    state = finished("classic", [[], ["4C", "7D"], ["9H"], ["AH"]],
                     [[SEVEN_KINGS, NINES], [SIXES, group("10C", "10D", "10S")]],
                     penalties=[{"retracted_cards": 2}, {"undeclared_red_threes": 1, "failed_openings": 1}])
    assert reference_points("classic", state, {}, 0, "retracted") == -200
    assert reference_points("classic", state, {}, 1, "undeclared") == -500
    assert_same(client, "classic", state)


@pytest.mark.parametrize("score", [[4000, 4000], [5000, -100], [4995, 4995], [6000, 6000], [-300, 4700]])
def test_canasta_scoring_game_reference_end_and_winner(client, score):
    """The game ends once a side reaches 5000; the higher total wins; an exact tie has no winner."""
    melds = [list(KINGS_OPENED_AT_3000), list(SIXES_OPENED_AT_3000)]
    state = finished("classic", [[], ["4C", "7D"], ["9H"], ["AH"]], melds, score=score)
    assert_same(client, "classic", state)


def test_canasta_scoring_game_reference_tie_has_no_winner(client):
    """Both sides at the same total past 5000: the game is over and nobody wins."""
    state = finished("two-hand", [[], ["4C", "7D"]], [[SEVEN_KINGS, MIXED_FIVES], list(SIXES_OPENED_AT_3000)])
    hand = reference_score("two-hand", {}, state)["totals"]
    state["score"] = [5000, 5000 + hand[0] - hand[1]]
    answer = assert_same(client, "two-hand", state)
    assert answer["game_over"] is True and answer.get("winner") is None


# --- Samba, Bolivia, Brazilian ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_scoring_going_out_concealed_reference_samba_family(client, variant):
    """The Samba family pays 200 for going out and nothing more for going out concealed."""
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS], [SIXES]]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds, concealed=True,
                     melded_before=[False, True, False, False])
    assert reference_points(variant, state, {}, 0, "going_out") == 200
    assert_same(client, variant, state)


SCHEDULE = {"brazilian_red_threes": "schedule"}


@pytest.mark.parametrize("variant, options, count, worth", [
    ("samba", {}, 6, 1000), ("samba", {}, 5, 500), ("bolivia", {}, 6, 1000), ("bolivia", {}, 4, 400),
    ("brazilian", {}, 5, 500), ("brazilian", {}, 6, 1000), ("brazilian", {}, 4, 400),
    ("brazilian", SCHEDULE, 5, 1000), ("brazilian", SCHEDULE, 6, 1200), ("brazilian", SCHEDULE, 4, 400)])
def test_canasta_scoring_red_threes_score_reference_samba_family_counts(client, variant, options, count, worth):
    """Six red threes earn 1000 in the whole family by default, 100 each below six; Brazilian's schedule (the
    option) gives 1000 for five, 1200 for six."""
    threes = (["3D", "3H"] * 3)[:count]
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS, NINES], [SIXES, MIXED_QUEENS]]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds, red_threes=[threes, []])
    assert reference_points(variant, state, options, 0, "red_threes") == worth
    assert_same(client, variant, state, options)


@pytest.mark.parametrize("variant, options", [
    ("samba", {}), ("samba", {"samba_red_threes_minus": "short_of_two_canastas"}), ("bolivia", {}),
    ("bolivia", {"bolivia_red_threes_minus": "short_of_two_canastas"}), ("brazilian", {}), ("brazilian", SCHEDULE)])
def test_canasta_scoring_threes_minus_reference_samba_family_one_canasta(client, variant, options):
    """A side with one canasta: the family's red threes count plus by default (minus only for a side that melded
    nothing), and minus when a side is short of two canastas under the options that ask two; Brazilian's
    schedule asks one canasta, so they count plus."""
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS], [MIXED_QUEENS, SIXES]]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds, red_threes=[["3D"], ["3H", "3D"]])
    assert_same(client, variant, state, options)


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_scoring_threes_minus_reference_samba_family_never_melded(client, variant):
    """A side that never melded loses its red threes, all six included."""
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS, NINES], []]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds, red_threes=[[], ["3D", "3H"] * 3])
    assert_same(client, variant, state)


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_scoring_canastas_sequence_reference_two_sambas(client, variant):
    """Each sequence of seven earns 1500 on top of its cards."""
    melds = [[SAMBA_OF_HEARTS, SAMBA_OF_SPADES], [SIXES, MIXED_QUEENS]]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds, red_threes=[["3D"], ["3H"]])
    assert reference_points(variant, state, {}, 0, "canasta:sequence") == 3000
    assert_same(client, variant, state)


@pytest.mark.parametrize("variant, options, bonus", [
    ("bolivia", {}, 2500), ("brazilian", {}, 2000), ("brazilian", {"wild_canasta": 2500}, 2500)])
def test_canasta_scoring_canastas_wild_reference(client, variant, options, bonus):
    """Seven wild cards make a wild canasta: 2500 in Bolivia, 2000 in Brazilian (2500 under the option)."""
    melds = [[wild("JK", "JK", "2C", "2D", "2H", "2S", "JK"), SAMBA_OF_HEARTS], [SIXES, MIXED_QUEENS]]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds, red_threes=[["3D"], []])
    assert reference_points(variant, state, options, 0, "canasta:wild") == bonus
    assert_same(client, variant, state, options)


@pytest.mark.parametrize("variant", ["bolivia", "brazilian"])
@pytest.mark.parametrize("options, charged", [({}, 0), ({"black_threes_in_hand": "anyone_out"}, -300),
                                              ({"black_threes_in_hand": "hand_end"}, -300)])
def test_canasta_scoring_black_threes_in_hand_reference(client, variant, options, charged):
    """Bolivia and Brazilian: a black three left in hand counts 5 with the hand's cards by default, and costs 100,
    whoever went out, under the other sources' figure."""
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS], [MIXED_QUEENS, SIXES]]
    state = finished(variant, [[], ["3C", "3S", "7D"], ["3S", "9H"], ["AH", "3C"]], melds)
    assert reference_points(variant, state, options, 1, "black_threes_in_hand") == charged
    assert_same(client, variant, state, options)


def test_canasta_scoring_black_threes_in_hand_reference_samba_costs_five(client):
    """Samba keeps Classic's 5 for a black three left in hand."""
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS], [MIXED_QUEENS, SIXES]]
    state = finished("samba", [[], ["3C", "3S", "7D"], ["3S", "9H"], ["AH", "3C"]], melds)
    assert_same(client, "samba", state)


BRAZILIAN_SHORT = [[SEVEN_KINGS, SAMBA_OF_SPADES, seq("4C", "5C", "6C", "7C"), wild("2C", "2D", "JK")],
                   [MIXED_QUEENS, SAMBA_OF_HEARTS, seq("8D", "9D", "10D", "JD", "QD"), seq("4H", "5H", "6H"),
                    wild("JK", "2H", "2S", "JK")]]


@pytest.mark.parametrize("options", [{}, {"incomplete_melds": "sequences_under_five"}])
@pytest.mark.parametrize("seat", [0, 1])
def test_canasta_scoring_incomplete_reference_brazilian_went_out(client, options, seat):
    """Brazilian's unfinished melds: by default each sequence or wild meld under seven of the side that did
    not go out costs 1000; under the option each sequence under five costs 1000, whoever went out."""
    hands = [["4D", "7D"], ["9H"], ["AH"], ["KS", "10S"]]
    hands[seat] = []
    state = finished("brazilian", hands, BRAZILIAN_SHORT, seat=seat, red_threes=[["3D"], ["3H"]])
    assert_same(client, "brazilian", state, options)


@pytest.mark.parametrize("options", [{}, {"incomplete_melds": "sequences_under_five"}])
def test_canasta_scoring_incomplete_reference_brazilian_stock_exhausted(client, options):
    """The stock ran out: nobody went out, so only the option's sequences under five cost 1000."""
    threes = [["3D", "3H", "3D"], ["3H", "3D", "3H"]]
    state = finished("brazilian", [["4D", "7D"], ["9H"], ["AH"], ["KS", "10S"]], BRAZILIAN_SHORT,
                     ending="stock_exhausted", seat=2, red_threes=threes)
    assert_same(client, "brazilian", state, options)


@pytest.mark.parametrize("variant, score", [
    ("samba", [9000, 9990]), ("samba", [10000, 10000]), ("bolivia", [14000, 9000]), ("bolivia", [9000, 9000]),
    ("brazilian", [9500, 9900]), ("brazilian", [-200, 9995])])
def test_canasta_scoring_game_reference_samba_family_targets(client, variant, score):
    """The game ends at 10,000 in Samba and Brazilian and at 15,000 in Bolivia."""
    melds = [list(KINGS_OPENED_AT_7000), list(QUEENS_OPENED_AT_7000)]
    if variant == "brazilian":   # from 9000 a Brazilian side opens with a natural canasta, which stays natural
        melds[1][0] = group("QC", "QD", "QH", "QS", "QC", "QD", "QH")
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds, score=score)
    assert_same(client, variant, state)


def test_canasta_scoring_stock_exhausted_reference_going_out_without_a_stock(client):
    """A player who goes out while play goes on without a stock earns the going-out bonus as at any time."""
    state = finished("classic", [[], ["4C", "7D"], ["9H"], ["AH"]], [[SEVEN_KINGS, NINES], [MIXED_FIVES, SIXES]],
                     run_out=True, red_threes=[["3D", "3H"], ["3D", "3H"]])
    assert reference_points("classic", state, {}, 0, "going_out") == 100
    assert_same(client, "classic", state)


def test_canasta_scoring_penalties_retracted_reference_two_hand(client):
    """Two-hand plays Classic's penalties (The Ultimate Book of Card Games: the basic game's rules)."""
    state = finished("two-hand", [[], ["4C", "7D"]], [[SEVEN_KINGS, MIXED_FIVES], [SIXES]],
                     penalties=[{"undeclared_red_threes": 1}, {"retracted_cards": 3}])
    assert_same(client, "two-hand", state)


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_scoring_penalties_retracted_reference_samba_family(client, variant):
    """The Samba family keeps Classic's penalties: 100 a card taken back, 500 an undeclared red three."""
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS], [MIXED_QUEENS, SIXES]]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH"]], melds,
                     penalties=[{"retracted_cards": 1}, {"undeclared_red_threes": 2}])
    assert_same(client, variant, state)


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_scoring_melded_cards_reference_black_threes_melded_samba_family(client, variant):
    """Black threes melded in going out count 5 each in the Samba family too."""
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS, group("3C", "3S", "3S")], [MIXED_QUEENS, SIXES]]
    state = finished(variant, [[], ["4C", "7D"], ["9H"], ["AH", "3C"]], melds)
    assert_same(client, variant, state)


def test_canasta_scoring_game_reference_exactly_the_target(client):
    """A side landing exactly on 5000 ends the game and wins."""
    melds = [list(KINGS_OPENED_AT_3000), list(SIXES_OPENED_AT_3000)]
    state = finished("classic", [[], ["4C", "7D"], ["9H"], ["AH"]], melds)
    gained = reference_score("classic", {}, state)["totals"]
    state["score"] = [5000 - gained[0], 0]
    answer = assert_same(client, "classic", state)
    assert answer["game_scores"][0] == 5000 and answer["game_over"] is True and answer["winner"] == 0


@pytest.mark.parametrize("variant", ["classic", "two-hand", "samba", "bolivia", "brazilian"])
def test_canasta_scoring_melded_cards_reference_random_hands_over_http(client, variant):
    """A few seeded random hands of each variant, scored by /score over HTTP, agree with the reference."""
    for options, seed, score in random_cases(variant)[:4]:
        state = random_hand(variant, options, seed + 500, score)
        assert_same(client, variant, state, options)


@pytest.mark.parametrize("variant", ["bolivia", "brazilian"])
@pytest.mark.parametrize("options, charged", [({}, 0), ({"black_threes_in_hand": "anyone_out"}, 0),
                                              ({"black_threes_in_hand": "hand_end"}, -200)])
def test_canasta_scoring_black_threes_in_hand_reference_stock_exhausted(client, variant, options, charged):
    """The stock ran out and nobody went out: a black three left in hand counts as a card (5), not 100, unless
    black_threes_in_hand is hand_end."""
    threes = [["3D", "3H", "3D"], ["3H", "3D", "3H"]]
    melds = [[SEVEN_KINGS, SAMBA_OF_HEARTS], [MIXED_QUEENS, SIXES]]
    state = finished(variant, [["4D", "3C"], ["9H", "3S", "3S"], ["AH"], ["KS", "10S"]], melds,
                     ending="stock_exhausted", seat=2, red_threes=threes)
    assert reference_points(variant, state, options, 1, "black_threes_in_hand") == charged
    assert_same(client, variant, state, options)


def drawing_the_last_cards(variant: str, hands: list, melds: list, red_threes: list, last: list[str]) -> dict:
    """Seat 0 about to draw the stock's last cards (a count); every other card unseen lies in the pile."""
    state = finished(variant, hands, melds, red_threes=red_threes)
    shown = Counter(c for hand in hands for c in hand) + Counter(c for threes in red_threes for c in threes)
    shown += Counter(c for side in melds for found in side for c in found["cards"])
    state["discard"] = sorted((deck(variant) - shown - Counter(last) - Counter(["8C"])).elements()) + ["8C"]
    state["stock"] = {"count": len(last)}
    state["turn"] = {"seat": 0, "phase": "draw"}
    return state


def draw(client, variant: str, state: dict, cards: list[str]) -> dict:
    """The position after seat 0 draws the cards named from the counted stock."""
    response = client.post("/apply-move", json={"game": "canasta", "variant": variant, "state": state,
                                                "move": {"type": "draw", "cards": cards}})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["state"]


@pytest.mark.parametrize("variant, hands, last", [
    ("classic", [["4C", "7D", "9S"], ["9H", "KS"], ["AH", "6S"], ["JK", "5S"]], ["3D"]),
    ("two-hand", [["4C", "7D", "9S"], ["9H", "KS", "3C"]], ["9C", "3D"]),
    ("samba", [["4C", "7D", "9S"], ["9H", "KS"], ["AH", "6S"], ["JK", "5S"]], ["3D"])])
def test_canasta_scoring_red_threes_last_card_reference(client, variant, hands, last):
    """A red three drawn as the stock's last card is laid out and ends the hand: it scores with the side's
    others (here the fourth, 800 in Classic and Two-hand), the cards held count minus, nobody went out."""
    melds = [[SEVEN_KINGS, NINES], [MIXED_FIVES, SIXES]]
    threes = [["3H", "3D", "3H"], []] if variant != "samba" else [["3H", "3D", "3H", "3D", "3H"], []]
    state = draw(client, variant, drawing_the_last_cards(variant, hands, melds, threes, last), last)
    assert state["turn"]["phase"] == "over" and state["turn"]["ending"] == "stock_exhausted"
    assert reference_points(variant, state, {}, 0, "red_threes") == (1000 if variant == "samba" else 800)
    assert reference_points(variant, state, {}, 0, "going_out") == 0
    assert_same(client, variant, state)


def apply(client, variant: str, state: dict, *moves: dict) -> dict:
    """The position after the moves, each applied over HTTP (Bolivia's with small openings, as scored())."""
    options = {"bolivia_opening": "tiers"} if variant == "bolivia" else {}
    for move in moves:
        response = client.post("/apply-move", json={"game": "canasta", "variant": variant, "state": state,
                                                    "move": move, "options": options})
        assert response.status_code == 200, response.get_json()
        state = response.get_json()["state"]
    return state


def about_to_go_out(variant: str, hand: list[str], melds: list, melded_before: list[bool]) -> dict:
    """Seat 0 has drawn from the stock and holds the hand given; the others hold a few cards each."""
    hands = [hand, ["4D", "7D"], ["9H"], ["AH", "5S"]]
    state = finished(variant, hands, melds, melded_before=melded_before)
    state["turn"] = {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [],
                     "extended": False, "question": None}
    return state


KINGS_IN_HAND = ["KC", "KD", "KH", "KS", "KC", "KD", "KH"]
QUEENS = group("QC", "QD", "QS")


@pytest.mark.parametrize("partner_melds, lay_off, concealed", [
    ([], False, True), ([QUEENS], False, True), ([QUEENS], True, False)],
    ids=["side-never-melded", "partner-melded", "added-to-partner"])
def test_canasta_scoring_going_out_concealed_reference_played(client, partner_melds, lay_off, concealed):
    """Going out in one turn from a hand that put nothing down before is concealed (200 in all), also when the
    partner has melds, unless the player adds to them (100)."""
    hand = KINGS_IN_HAND + ["9C", "9D", "9S"] + (["QH"] if lay_off else ["9H"]) + ["4C"]
    state = about_to_go_out("classic", hand, [partner_melds, [SIXES]], [False, True, bool(partner_melds), False])
    nines = ["9C", "9D", "9S"] if lay_off else ["9C", "9D", "9S", "9H"]
    moves = [{"type": "meld", "melds": [{"cards": KINGS_IN_HAND}, {"cards": nines}]}]
    if lay_off:
        moves.append({"type": "lay_off", "meld": 0, "cards": ["QH"]})
    state = apply(client, "classic", state, *moves, {"type": "discard", "card": "4C"})
    assert state["turn"]["phase"] == "over" and state["turn"]["concealed"] is concealed
    assert reference_points("classic", state, {}, 0, "going_out") == (200 if concealed else 100)
    assert_same(client, "classic", state)


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_scoring_going_out_concealed_reference_played_samba_family(client, variant):
    """A Samba-family hand melded out in one turn, a canasta and a samba in it, earns the 200 of going out only."""
    kings = KINGS_IN_HAND + ["KS"]            # fifteen dealt and two drawn, one discarded at the end
    hand = kings + list(SAMBA_OF_HEARTS["cards"]) + ["4C"]
    state = about_to_go_out(variant, hand, [[], [SIXES, MIXED_QUEENS]], [False, True, False, False])
    # Every variant may ask the partner first (Brazilian must, under brazilian_ask_partner required).
    asking = [{"type": "ask_go_out"}, {"type": "answer_go_out", "yes": True}]
    state = apply(client, variant, state, *asking,
                  {"type": "meld", "melds": [{"cards": kings}, SAMBA_OF_HEARTS]},
                  {"type": "discard", "card": "4C"})
    assert state["turn"]["phase"] == "over" and state["turn"]["concealed"] is True
    assert reference_points(variant, state, {}, 0, "going_out") == 200
    assert_same(client, variant, state)


def test_canasta_scoring_going_out_concealed_reference_after_taking_the_pile(client):
    """Taking the pile on the last turn still goes out concealed when the player had put nothing down before
    (pagat via Ebbeling): 200 in all."""
    hand = ["KC", "KD", "KH", "KS", "KC", "KD", "9C", "9D", "9S", "9H"]
    state = about_to_go_out("classic", hand, [[QUEENS], [SIXES]], [False, True, True, False])
    state["turn"] = {"seat": 0, "phase": "draw"}
    state["discard"] = ["4C", "KH"]
    state["stock"] = {"count": state["stock"]["count"] + 1 - 2}
    state = apply(client, "classic", state, {"type": "take_pile", "cards": ["KC", "KD"]},
                  {"type": "lay_off", "meld": 1, "cards": ["KC", "KD", "KH", "KS"]},
                  {"type": "meld", "melds": [{"cards": ["9C", "9D", "9S", "9H"]}]}, {"type": "discard", "card": "4C"})
    assert state["turn"]["phase"] == "over" and state["turn"]["concealed"] is True
    assert_same(client, "classic", state)
