"""Salsifis formulas, one test per rule id: the right words, who says them first, penalties, shared points."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.cards import card_name
from rules_engine.errors import InvalidRequest
from rules_engine.games.salsifis.formulas import read_formula_text

from .helpers import apply, body, showdown

QUEENS = ({0: "QS", 1: "QH"}, {2: "5D"})  # seats 0 and 1 tie on packet 0; seat 2 alone on packet 1


def resolve(state: dict, *calls: dict, **options) -> dict:
    return apply(state, {"type": "resolve", "calls": list(calls)}, **options)


def packet_event(answer: dict, packet: int = 0) -> dict:
    return next(e for e in answer["events"] if e["type"] == "packet_settled" and e["packet"] == packet)


def test_salsifis_formula_tie_names_the_other_card():
    answer = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]})
    assert packet_event(answer)["winner"] == 1
    assert answer["state"]["penalties"] == [0, 0, 0]


def test_salsifis_formula_tie_of_three_names_both_others_in_any_order():
    state = showdown({0: "JS", 1: "JH", 2: "JD"}, {3: "4C"})
    answer = resolve(state, {"seat": 0, "text": "Jack of Diamonds and jack of hearts, salsifis"})
    assert packet_event(answer)["winner"] == 0


def test_salsifis_formula_tie_naming_only_one_of_two_others_is_wrong():
    state = showdown({0: "JS", 1: "JH", 2: "JD"}, {3: "4C"})
    answer = resolve(state, {"seat": 0, "names": ["JD"]})
    assert answer["state"]["penalties"] == [10, 0, 0, 0]
    assert packet_event(answer)["outcome"] == "shared"


def test_salsifis_formula_tie_naming_own_card_is_wrong():
    answer = resolve(showdown(*QUEENS), {"seat": 0, "names": ["QS"]})
    assert answer["state"]["penalties"] == [10, 0, 0]


def test_salsifis_formula_cycle_soup_wins():
    answer = resolve(showdown({0: "AS", 1: "QH", 2: "9D"}, {3: "8C"}), {"seat": 1, "soup": True})
    assert packet_event(answer)["winner"] == 1


def test_salsifis_formula_cycle_names_are_wrong():
    answer = resolve(showdown({0: "AS", 1: "QH", 2: "9D"}, {3: "8C"}), {"seat": 1, "names": ["AS", "9D"]})
    assert answer["state"]["penalties"] == [0, 10, 0, 0]


def test_salsifis_formula_penalty_soup_in_a_tie():
    answer = resolve(showdown(*QUEENS), {"seat": 0, "soup": True}, {"seat": 1, "names": ["QS"]})
    assert answer["state"]["penalties"] == [10, 0, 0]
    assert packet_event(answer)["winner"] == 1


def test_salsifis_formula_penalty_formula_in_a_plain_fight():
    answer = resolve(showdown({0: "KS", 1: "QH"}, {2: "5D"}), {"seat": 0, "names": ["QH"]})
    assert answer["state"]["penalties"] == [10, 0, 0]
    assert packet_event(answer)["winner"] == 0
    assert any(e["type"] == "penalty" and e["verdict"] == "uncalled" for e in answer["events"])


def test_salsifis_formula_penalty_lone_card_saying_soup():
    answer = resolve(showdown(*QUEENS), {"seat": 2, "soup": True})
    assert answer["state"]["penalties"] == [0, 0, 10]


def test_salsifis_formula_penalty_from_the_loser_of_a_tie_fight():
    state = showdown({0: "AS", 1: "AH", 2: "KD"}, {3: "5C"})
    answer = resolve(state, {"seat": 2, "names": ["AS", "AH"]})
    assert answer["state"]["penalties"] == [0, 0, 10, 0]


def test_salsifis_formula_penalty_each_wrong_formula_costs_ten():
    answer = resolve(showdown(*QUEENS), {"seat": 0, "names": ["QD"]}, {"seat": 0, "names": ["QC"]},
                     {"seat": 0, "names": ["QH"]})
    assert answer["state"]["penalties"] == [20, 0, 0]
    assert packet_event(answer)["winner"] == 0


def test_salsifis_formula_first_right_formula_wins():
    answer = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]}, {"seat": 0, "names": ["QH"]})
    assert packet_event(answer)["winner"] == 1


def test_salsifis_formula_first_simultaneous_right_formulas_share():
    answer = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]},
                     {"seat": 0, "names": ["QH"], "simultaneous": True})
    event = packet_event(answer)
    assert event["outcome"] == "shared" and event["shared_by"] == [0, 1] and event["by_formula"] is True


def test_salsifis_formula_first_simultaneous_wrong_partner_does_not_share():
    answer = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]},
                     {"seat": 0, "names": ["QD"], "simultaneous": True})
    assert packet_event(answer)["winner"] == 1
    assert answer["state"]["penalties"] == [10, 0, 0]


def test_salsifis_formula_first_three_way_tie_shared_by_the_quickest_only():
    state = showdown({0: "JS", 1: "JH", 2: "JD"}, {3: "4C"})
    answer = resolve(state, {"seat": 0, "names": ["JH", "JD"]},
                     {"seat": 2, "names": ["JS", "JH"], "simultaneous": True})
    event = packet_event(answer)
    assert event["shared_by"] == [0, 2]
    assert "JH" in answer["state"]["shared"][0]["cards"]  # the slower tied card loses, to the stake


def test_salsifis_formula_late_is_harmless_by_default():
    answer = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]}, {"seat": 0, "names": ["QH"]})
    assert answer["state"]["penalties"] == [0, 0, 0]
    late = [e for e in answer["events"] if e.get("verdict") == "late"]
    assert late and late[0]["seat"] == 0 and "salsifis.formula.late" in late[0]["rules"]


def test_salsifis_formula_late_penalized_by_option():
    answer = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]}, {"seat": 0, "names": ["QH"]},
                     late_formula="penalized")
    assert answer["state"]["penalties"] == [10, 0, 0]
    assert packet_event(answer)["winner"] == 1


def test_salsifis_formula_late_repeat_by_the_winner():
    answer = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]}, {"seat": 1, "names": ["QS"]},
                     late_formula="penalized")
    assert answer["state"]["penalties"] == [0, 10, 0]


def test_salsifis_formula_first_calls_belong_to_the_callers_own_packet():
    # Both packets tie; each right formula settles only its caller's packet.
    state = showdown({0: "QS", 1: "QH"}, {2: "9D", 3: "9C"})
    answer = resolve(state, {"seat": 3, "names": ["9D"]}, {"seat": 0, "names": ["QH"]})
    assert packet_event(answer, 0)["winner"] == 0 and packet_event(answer, 1)["winner"] == 3


@pytest.mark.parametrize("rule,points", [("whole", [8, 8]), ("remainder-by-seat", [8, 9]), ("exact", [8.5, 8.5])])
def test_salsifis_formula_shared_odd_points(rule, points):
    state = showdown(*QUEENS, packet0=["AC", "4S", "5S"])
    after = resolve(state, shared_points=rule)["state"]
    assert after["shared"][0]["cards"] == ["AC", "4S", "5S", "QS", "QH"]  # 11 + 3 + 3 = 17 points
    scored = answers.score(body(after, shared_points=rule))
    share_lines = [line for line in scored["lines"] if line["rule"] == "salsifis.formula.shared"]
    assert [line["seat"] for line in share_lines] == [0, 1]
    # remainder-by-seat: the dealer is seat 0, so seat 1 is nearest the dealer's left.
    assert [line["points"] for line in share_lines] == points
    assert scored["scores"][:2] == points
    if rule == "whole":
        assert "1 point unscored" in share_lines[0]["text"]


def test_salsifis_formula_shared_three_ways_exact():
    state = showdown({0: "JS", 1: "JH", 2: "JD"}, {3: "4C"}, packet0=["AC", "4S", "5S"])
    scored = answers.score(body(resolve(state, shared_points="exact")["state"], shared_points="exact"))
    assert scored["scores"][:3] == [5.67, 5.67, 5.67]  # 17 / 3


def test_salsifis_formula_text_reads_the_seed_examples():
    assert read_formula_text("King of Klubs, salsifis") == (("KC",), False)
    assert read_formula_text("« Queen of Spades, Queen of Diamonds, salsifis »") == (("QS", "QD"), False)
    assert read_formula_text("salsifis soup") == ((), True)
    assert read_formula_text("10H and ten of clubs salsifis") == (("10H", "10C"), False)
    assert read_formula_text("Queen of Spades") is None
    assert read_formula_text("Kong of Clubs, salsifis") is None


def test_salsifis_formula_text_not_a_formula_is_malformed():
    with pytest.raises(InvalidRequest) as caught:
        resolve(showdown(*QUEENS), {"seat": 0, "text": "hello there"})
    problem = caught.value.problems[0]
    assert problem.pointer == ("move", "calls", 0, "text") and problem.rule == "salsifis.formula.text"


def test_salsifis_formula_text_and_names_must_agree():
    with pytest.raises(InvalidRequest):
        resolve(showdown(*QUEENS), {"seat": 0, "text": "Queen of Hearts, salsifis", "names": ["QD"]})
    answer = resolve(showdown(*QUEENS), {"seat": 0, "text": "Queen of Hearts, salsifis", "names": ["QH"]})
    assert packet_event(answer)["winner"] == 0


@pytest.mark.parametrize("text,read", [
    ("King of Clubs - salsifis", (("KC",), False)),
    ("(King of Clubs) salsifis", (("KC",), False)),
    ("King-of-Clubs...salsifis!", (("KC",), False)),
    ("salsifis, soup", ((), True)),
    ("«Salsifis» — SOUP?!", ((), True)),
    ("KC/QD salsifis", (("KC", "QD"), False)),
    ("K♣ & Q♦: salsifis", (("KC", "QD"), False)),
    ("queen of spades;queen of diamonds;salsifis", (("QS", "QD"), False)),
    ("\"Ten of Hearts\" and [10C] _salsifis_", (("10H", "10C"), False)),
    ("King of Clubs, salsifis soup", (("KC",), True)),
    ("salsifis", ((), False)),
])
def test_salsifis_formula_text_punctuation_is_spacing(text, read):
    assert read_formula_text(text) == read


@pytest.mark.parametrize("text", ["hello there", "soup salsifis", "salsifis King of Clubs", "King of Clubs",
                                  "salsifis soup soup", "King of Clubs salsifis, Queen of Hearts salsifis",
                                  "Kong of Clubs, salsifis", "sal-sifis soup", "King of, salsifis"])
def test_salsifis_formula_text_that_is_no_formula_is_refused(text):
    assert read_formula_text(text) is None
    with pytest.raises(InvalidRequest) as caught:
        resolve(showdown(*QUEENS), {"seat": 0, "text": text})
    assert caught.value.problems[0].rule == "salsifis.formula.text"


def penalty_texts(answer: dict) -> list[str]:
    return [e["text"] for e in answer["events"] if e["type"] == "penalty"]


@pytest.mark.parametrize("text", ["King of Clubs, salsifis soup", "Queen of Hearts, salsifis soup",
                                  "salsifis", "Queen of Hearts and Queen of Spades, salsifis"])
def test_salsifis_formula_penalty_wrong_formula_said_in_a_tie_is_judged_not_refused(text):
    answer = resolve(showdown(*QUEENS), {"seat": 0, "text": text})
    assert answer["state"]["penalties"] == [10, 0, 0]
    assert [e["verdict"] for e in answer["events"] if e["type"] == "penalty"] == ["wrong"]
    assert penalty_texts(answer) == [
        f"Seat 0's formula \"{text}\" costs 10 points: packet 0 is a tie between seat 0's queen of spades and "
        "seat 1's queen of hearts, so the right formula was \"Queen of Hearts, salsifis\"."]


def test_salsifis_formula_penalty_names_and_soup_are_wrong_in_a_cycle_too():
    state = showdown({0: "AS", 1: "QH", 2: "9D"}, {3: "8C"})
    for call in ({"seat": 0, "text": "Queen of Hearts, salsifis soup"}, {"seat": 0, "names": ["QH"], "soup": True}):
        answer = resolve(state, call)
        assert answer["state"]["penalties"] == [10, 0, 0, 0]
        assert penalty_texts(answer)[0].endswith("so the right formula was \"salsifis soup\".")
        assert "seat 0's ace of spades, seat 1's queen of hearts and seat 2's nine of diamonds" in penalty_texts(answer)[0]


def test_salsifis_formula_penalty_events_say_which_formula_and_why():
    answer = resolve(showdown({0: "KS", 1: "QH"}, {2: "5D"}), {"seat": 1, "text": "King of Spades, salsifis"},
                     {"seat": 2, "soup": True})
    assert penalty_texts(answer) == [
        "Seat 1's formula \"King of Spades, salsifis\" costs 10 points: on packet 0, seat 0's king of spades beat "
        "seat 1's queen of hearts outright, so no formula was called for.",
        "Seat 2's formula \"salsifis soup\" costs 10 points: seat 2's five of diamonds was alone by packet 1, so no "
        "formula was called for."]
    loser = resolve(showdown({0: "AS", 1: "AH", 2: "KD"}, {3: "5C"}), {"seat": 2, "names": ["AS", "AH"]})
    assert penalty_texts(loser) == [
        "Seat 2's formula \"Ace of Spades, Ace of Hearts, salsifis\" costs 10 points: packet 0 is a tie between seat "
        "0's ace of spades and seat 1's ace of hearts, which beat seat 2's king of diamonds, so seat 2 had no formula "
        "to say."]
    late = resolve(showdown(*QUEENS), {"seat": 1, "names": ["QS"]}, {"seat": 0, "names": ["QH"]},
                   late_formula="penalized")
    assert penalty_texts(late) == [
        "Seat 0's formula \"Queen of Hearts, salsifis\" was right but late, and costs 10 points (late_formula: "
        "penalized): an earlier right formula had already won packet 0."]


CARDS = ["QS", "QH", "10D", "AC", "2H", "JD", "KS"]
SPACING = st.text(alphabet=" ,;:.!?-–—()[]{}«»\"'/&*_\t\n…", min_size=1, max_size=4)


def _spoken_card(card: str, style: int) -> str:
    return card if style == 0 else card.lower() if style == 1 else card_name(card)


def _random_case(draw, text: str) -> str:
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(c.upper() if flip else c.lower() for c, flip in zip(text, flips))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_salsifis_formula_text_any_punctuation_spacing_and_case_reads_the_same(data):
    draw = data.draw
    soup = draw(st.booleans())
    names = tuple(draw(st.lists(st.sampled_from(CARDS), min_size=0 if soup else 1, max_size=3)))
    words: list[str] = []
    for index, card in enumerate(names):
        if index and draw(st.booleans()):
            words.append("and")
        words += _spoken_card(card, draw(st.integers(0, 2))).split()
    words += ["salsifis"] + (["soup"] if soup else [])
    # Between, before and after the words: any run of punctuation, or plain spaces.
    gaps = [draw(SPACING | st.just(" ")) for _ in range(len(words) + 1)]
    gaps[0] = draw(SPACING | st.just(""))
    gaps[-1] = draw(SPACING | st.just(""))
    text = gaps[0] + "".join(_random_case(draw, word) + gap for word, gap in zip(words, gaps[1:]))
    assert read_formula_text(text) == (names, soup), text
