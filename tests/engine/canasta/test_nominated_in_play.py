"""Named wild cards ("as") in play: Classic's entry given sequences whose wild cards are named (as Oklahoma's
and Five-person's are), played through the engine, each test written from the rule it names."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.joker_swap import swap_offers
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.position import Position
from rules_engine.games.canasta.state import dump_state, read_state
from rules_engine.games.canasta.variants import CLASSIC, PLANNED, SequenceMelds

from .helpers import meld, meld_turn, position

NAMING = replace(CLASSIC, sequences=SequenceMelds(min_cards=3, max_cards=7, low="4", high="A", wilds=True,
                                                  nominated=True))
UNNAMED = replace(NAMING, sequences=replace(NAMING.sequences, nominated=False))
SWAPPING = replace(NAMING, hooks=("joker_swap",))
QUEENS = meld(["QH", "QS", "QD"])


def run(cards: list[str], named: list[str] | None = None) -> dict:
    found = {"kind": "sequence", "cards": cards}
    if named is not None:
        found["as"] = named
    return found


def read(entry, state: dict):
    cfg = build_config(entry, ())
    return cfg, read_state(cfg, state, [])


def refusal(entry, state: dict) -> EngineError:
    with pytest.raises(EngineError) as refused:
        read(entry, state)
    return refused.value


def broken(entry, state: dict, move: dict) -> list[str]:
    cfg, read_in = read(entry, state)
    return [v.rule for v in check(cfg, read_in, read_move(move, 4, True, entry.sequences.nominated))]


def played(entry, state: dict, move: dict) -> dict:
    cfg, read_in = read(entry, state)
    after, _ = apply(cfg, read_in, read_move(move, 4, True, entry.sequences.nominated))
    return dump_state(after)


def melding(hand: list[str], mine: list[dict], theirs: list[dict] | None = None) -> dict:
    """Seat 0, whose side has opened with these melds, has drawn and may meld."""
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["4C"],
                    melds=[mine, theirs or [meld(["7C", "7D", "7S"])]], melded_before=[True, True, False, False],
                    turn=meld_turn())


# -- table melds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("named_run", [run(["5H", "JK", "7H"], ["6H"]), run(["5H", "6H", "JK"], ["4H"]),
                                       run(["JK", "2C", "9S"], ["7S", "8S"]), meld(["KH", "KS", "JK"]) | {"as": ["KD"]}])
def test_canasta_melds_nominated_table_meld_read_and_dumped_unchanged(named_run):
    state = melding(["KC", "KD", "9C"], [QUEENS, named_run])
    dumped = dump_state(read(NAMING, state)[1])["melds"][0][1]
    assert dumped["cards"] == named_run["cards"] and dumped["as"] == named_run["as"]


@pytest.mark.parametrize("named_run, rule", [
    (run(["5H", "JK", "7H"], ["6S"]), "canasta.melds.nominated"),      # another suit
    (run(["5H", "JK", "7H"], ["8H"]), "canasta.melds.nominated"),      # leaves a gap
    (run(["5H", "JK", "7H"], ["5H"]), "canasta.melds.nominated"),      # a rank the run holds
    (run(["5H", "JK", "7H"], ["6H", "8H"]), "canasta.melds.nominated"),  # one name for each wild card
    (run(["5H", "JK", "7H"], ["2H"]), "canasta.melds.nominated"),      # a wild card names no wild card
    (meld(["KH", "KS", "JK"]) | {"as": ["QD"]}, "canasta.melds.nominated"),  # a set's rank
])
def test_canasta_melds_nominated_table_meld_wrong_name_refused(named_run, rule):
    problem = refusal(NAMING, melding(["KC", "KD", "9C"], [QUEENS, named_run])).problems[0]
    assert problem.rule == rule
    assert problem.pointer[:4] == ("state", "melds", 0, 1) and problem.pointer[-1] == "as"


def test_canasta_melds_nominated_refused_as_unknown_where_the_variant_names_none():
    for entry in (UNNAMED, CLASSIC):
        problem = refusal(entry, melding(["KC", "KD", "9C"], [QUEENS, meld(["KH", "KS", "JK"]) | {"as": ["KD"]}])).problems[0]
        assert problem.pointer[-1] == "as"
    with pytest.raises(EngineError):
        read_move({"type": "lay_off", "meld": 0, "cards": ["JK"], "as": ["QC"]}, 4, True, False)
    with pytest.raises(EngineError):
        read_move({"type": "meld", "melds": [run(["8S", "JK", "10S"], ["9S"])]}, 4, True, False)


def test_canasta_melds_nominated_unnamed_table_sequence_accepted_where_one_placing_fits():
    # 4 is the lowest rank a run holds here: the joker can only be the six.
    state = melding(["KC", "KD", "9C"], [QUEENS, run(["4H", "5H", "JK"])])
    assert dump_state(read(NAMING, state)[1])["melds"][0][1]["as"] == ["6H"]
    state = melding(["KC", "KD", "9C"], [QUEENS, run(["5H", "JK", "7H"])])      # the gap: the six
    assert dump_state(read(NAMING, state)[1])["melds"][0][1]["as"] == ["6H"]


@pytest.mark.parametrize("cards", [["5H", "6H", "JK"], ["JK", "2C", "9S"], ["8S", "JK", "10S", "2C"]])
def test_canasta_melds_nominated_unnamed_table_sequence_refused_where_several_fit(cards):
    problem = refusal(NAMING, melding(["KC", "KD", "9C"], [QUEENS, run(cards)])).problems[0]
    assert problem.rule == "canasta.melds.nominated" and problem.pointer[-1] == "as"
    # Where the variant does not name wild cards, they are placed wherever they fit, as before.
    assert "as" not in dump_state(read(UNNAMED, melding(["KC", "KD", "9C"], [QUEENS, run(cards)]))[1])["melds"][0][1]


# -- moves -----------------------------------------------------------------------------------------------


def test_canasta_melds_nominated_meld_move_judged_with_the_names_and_keeps_them():
    state = melding(["8S", "JK", "10S", "9S", "KC", "KD"], [QUEENS])
    move = {"type": "meld", "melds": [run(["8S", "JK", "10S"], ["9S"])]}
    assert broken(NAMING, state, move) == []
    assert played(NAMING, state, move)["melds"][0][1] == run(["8S", "JK", "10S"], ["9S"])
    assert broken(NAMING, state, {"type": "meld", "melds": [run(["8S", "JK", "10S"], ["JS"])]})[0] == (
        "canasta.melds.nominated")
    assert broken(NAMING, state, {"type": "meld", "melds": [run(["8S", "JK", "10S"], ["9H"])]}) == [
        "canasta.melds.nominated"]
    # 8, 9 and a joker: the joker could be the seven or the ten, so it is named.
    assert broken(NAMING, state, {"type": "meld", "melds": [run(["8S", "9S", "JK"])]}) == ["canasta.melds.nominated"]
    assert broken(NAMING, state, {"type": "meld", "melds": [run(["8S", "9S", "JK"], ["7S"])]}) == []
    # One placing only: accepted unnamed, and named from it on the table.
    assert played(NAMING, state, {"type": "meld", "melds": [run(["8S", "JK", "10S"])]})["melds"][0][1]["as"] == ["9S"]


def test_canasta_melds_nominated_meld_move_set_names_of_its_rank():
    state = melding(["KC", "KD", "JK", "9C", "5D"], [QUEENS])
    assert broken(NAMING, state, {"type": "meld", "melds": [{"cards": ["KC", "KD", "JK"], "as": ["KH"]}]}) == []
    assert broken(NAMING, state, {"type": "meld", "melds": [{"cards": ["KC", "KD", "JK"], "as": ["QH"]}]}) == [
        "canasta.melds.nominated"]


def test_canasta_melds_nominated_lay_off_keeps_the_names_and_adds_the_new():
    state = melding(["2C", "8H", "KC", "KD"], [QUEENS, run(["5H", "JK", "7H"], ["6H"])])
    assert broken(NAMING, state, {"type": "lay_off", "meld": 1, "cards": ["2C"], "as": ["8H"]}) == []
    after = played(NAMING, state, {"type": "lay_off", "meld": 1, "cards": ["2C"], "as": ["4H"]})
    assert after["melds"][0][1] == run(["5H", "JK", "7H", "2C"], ["6H", "4H"])
    assert broken(NAMING, state, {"type": "lay_off", "meld": 1, "cards": ["2C"], "as": ["9H"]})[0] == (
        "canasta.melds.nominated")
    assert broken(NAMING, state, {"type": "lay_off", "meld": 1, "cards": ["2C"], "as": ["6H"]})[0] == (
        "canasta.melds.nominated")
    # A natural card of a rank a wild card stands for: the run holds each rank once.
    assert "canasta.melds.sequence" in broken(NAMING, state | {"hands": [["6H", "8H", "KC", "KD"], *state["hands"][1:]]},
                                              {"type": "lay_off", "meld": 1, "cards": ["6H"]})
    # The two could stand below or above: it is named.
    assert broken(NAMING, state, {"type": "lay_off", "meld": 1, "cards": ["2C"]}) == ["canasta.melds.nominated"]
    # A natural card added keeps the joker's name.
    assert played(NAMING, state, {"type": "lay_off", "meld": 1, "cards": ["8H"]})["melds"][0][1]["as"] == ["6H"]


def test_canasta_melds_nominated_named_moves_read_back():
    state = melding(["2C", "8H", "KC", "KD"], [QUEENS, run(["5H", "JK", "7H"], ["6H"])])
    after = played(NAMING, state, {"type": "lay_off", "meld": 1, "cards": ["2C"], "as": ["8H"]})
    cfg, again = read(NAMING, after)
    assert dump_state(again)["melds"][0][1] == run(["5H", "JK", "7H", "2C"], ["6H", "8H"])


@pytest.mark.parametrize("named_run, grows", [(run(["5H", "JK", "7H"], ["6H"]), [["8H", "9H"], ["4H"]]),
                                              (run(["5H", "6H", "JK"], ["7H"]), [["8H", "9H"], ["4H"]]),
                                              (run(["JK", "5H", "6H"], ["4H"]), [["7H", "8H", "9H"], ["2C"]])])
def test_canasta_melds_nominated_listing_offers_what_the_check_allows(named_run, grows):
    # A wild card is offered only where one place is left for it (below the four, none).
    state = melding(["2C", "4H", "7H", "8H", "9H", "KC", "KD"], [QUEENS, named_run])
    cfg, read_in = read(NAMING, state)
    listed = legal_moves(cfg, read_in)[0]
    for move in listed:
        if move["type"] in ("meld", "lay_off"):
            assert broken(NAMING, state, {k: v for k, v in move.items() if k not in ("opening", "code", "rules")}) == [], move
    offered = [move["cards"] for move in listed if move["type"] == "lay_off" and move["meld"] == 1]
    assert sorted(offered) == sorted(grows)


# -- the joker swap --------------------------------------------------------------------------------------


def swapping(hand: list[str], theirs: list[dict]) -> dict:
    return melding(hand, [QUEENS], theirs)


def test_canasta_melds_joker_swap_from_a_named_sequence_takes_the_card_it_stands_for():
    state = swapping(["6H", "6S", "KC"], [meld(["7C", "7D", "7S"]), run(["5H", "JK", "7H"], ["6H"])])
    assert broken(SWAPPING, state, {"type": "swap_joker", "owner": 1, "meld": 1, "card": "6H"}) == []
    assert broken(SWAPPING, state, {"type": "swap_joker", "owner": 1, "meld": 1, "card": "6S"}) == [
        "canasta.melds.joker-swap"]
    after = played(SWAPPING, state, {"type": "swap_joker", "owner": 1, "meld": 1, "card": "6H"})
    assert after["melds"][1][1] == run(["5H", "6H", "7H"])
    assert sorted(after["hands"][0]) == sorted(["6S", "KC", "JK"])
    cfg, read_in = read(SWAPPING, state)
    assert {"type": "swap_joker", "owner": 1, "meld": 1, "card": "6H"} in swap_offers(Position(cfg, read_in))


def test_canasta_melds_joker_swap_from_a_set_takes_any_card_of_its_rank():
    state = swapping(["KD", "6S", "9C"], [meld(["KH", "KS", "JK"]) | {"as": ["KC"]}])
    assert broken(SWAPPING, state, {"type": "swap_joker", "owner": 1, "meld": 0, "card": "KD"}) == []
    assert broken(SWAPPING, state, {"type": "swap_joker", "owner": 1, "meld": 0, "card": "6S"}) == [
        "canasta.melds.joker-swap"]
    after = played(SWAPPING, state, {"type": "swap_joker", "owner": 1, "meld": 0, "card": "KD"})
    assert after["melds"][1][0] == {"rank": "K", "cards": ["KH", "KS", "KD"]}


def test_canasta_melds_joker_swap_sequence_without_a_joker_offers_none():
    state = swapping(["6H", "8H", "KC"], [meld(["7C", "7D", "7S"]), run(["5H", "2C", "7H"], ["6H"])])
    assert broken(SWAPPING, state, {"type": "swap_joker", "owner": 1, "meld": 1, "card": "6H"}) == [
        "canasta.melds.joker-swap"]
    cfg, read_in = read(SWAPPING, state)
    assert not swap_offers(Position(cfg, read_in))


# -- properties ------------------------------------------------------------------------------------------

ORDER = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(ORDER) - 3), st.integers(3, 7), st.integers(0, 6), st.sampled_from("CDHS"))
def test_canasta_melds_nominated_named_run_reads_back_and_unnamed_only_where_one_placing_fits(start, size, at, suit):
    size = min(size, len(ORDER) - start)
    at = at % size
    ranks = ORDER[start:start + size]
    cards = [rank + suit for rank in ranks]
    stood_for = cards[at]
    cards[at] = "JK"
    named = melding(["KC", "KD", "9C"], [QUEENS, run(cards, [stood_for])])
    assert dump_state(read(NAMING, named)[1])["melds"][0][1] == run(cards, [stood_for])
    # Unnamed, the joker has one place only inside the run or where the run's naturals reach an end of the ranks.
    naturals = ranks[:at] + ranks[at + 1:]
    one_place = 0 < at < size - 1 or naturals[0] == ORDER[0] or naturals[-1] == ORDER[-1]
    unnamed = melding(["KC", "KD", "9C"], [QUEENS, run(cards)])
    if one_place:
        assert dump_state(read(NAMING, unnamed)[1])["melds"][0][1]["as"] == [stood_for]
    else:
        assert refusal(NAMING, unnamed).problems[0].rule == "canasta.melds.nominated"


@pytest.mark.parametrize("top, joins", [("7H", False), ("8H", True), ("4H", True)])
def test_canasta_melds_nominated_top_discard_onto_a_named_sequence(top, joins):
    state = position([["KC", "KD", "9C", "5S"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["4C", top],
                     melds=[[QUEENS, run(["5H", "6H", "JK"], ["7H"])], [meld(["7C", "7D", "7S"])]],
                     melded_before=[True, True, False, False])
    cfg, read_in = read(NAMING, state)
    onto = [m for m in legal_moves(cfg, read_in)[0] if m["type"] == "take_pile" and m.get("meld") == 1]
    assert bool(onto) is joins
    take = {"type": "take_pile", "cards": [], "meld": 1}
    assert (broken(NAMING, state, take) == []) is joins
    if joins:
        assert played(NAMING, state, take)["melds"][0][1]["as"] == ["7H"]


def _hands(entry, seeds: range):
    """Each state of random hands played through the engine, as written: the variants that name wild cards are not
    served by the play endpoints yet, so their states are written and read here."""
    cfg = build_config(entry, ())
    nominated = entry.sequences is not None and entry.sequences.nominated
    for seed in seeds:
        rng = random.Random(seed)
        state = deal(cfg, entry.default_players, seed, {})[0]
        for _ in range(300):
            moves, _ = legal_moves(cfg, state)
            if not moves:
                break
            melding = [m for m in moves if m["type"] not in ("discard", "draw")]
            move = rng.choice(melding if melding and rng.random() < 0.7 else moves)
            raw = {key: value for key, value in move.items() if key not in ("code", "rules", "opening", "unverified")}
            state, _ = apply(cfg, state, read_move(raw, entry.max_players, True, nominated))
            yield cfg, dump_state(state)
            if state.over:
                break


@pytest.mark.parametrize("slug", ["oklahoma", "five-person"])
def test_canasta_melds_nominated_every_state_the_engine_writes_reads_back(slug):
    named = 0
    for cfg, written in _hands(PLANNED[slug], range(12)):
        assert dump_state(read_state(cfg, written, [])) == written
        named += sum(1 for side in written["melds"] for m in side if m.get("as"))
    assert named       # the hands named wild cards: the names were written and read back


def test_canasta_melds_nominated_a_natural_two_inside_a_run_reads_back():
    # Five-person: twos are wild but may be played as twos. A run ace, two, three of clubs holds its two as itself,
    # and the state names it so; reading that state back takes the name.
    twos = ("2C", "2D", "2H", "2S")
    found = [(cfg, written) for cfg, written in _hands(PLANNED["five-person"], range(40))
             if any(m.get("kind") == "sequence" and set(m.get("as", ())) & set(twos)
                    for side in written["melds"] for m in side)]
    assert found
    for cfg, written in found:
        assert dump_state(read_state(cfg, written, [])) == written
