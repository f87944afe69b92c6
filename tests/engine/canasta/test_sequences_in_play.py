"""Sequences in play: Classic's entry given Samba's sequences, sequence bonus and top-card rule, played
through the engine (listing, checks, moves, scoring), each test written from the rule it names."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.reachable import check_reachable
from rules_engine.games.canasta.state import dump_state, read_state
from rules_engine.games.canasta.variants import CLASSIC, SequenceMelds

from .helpers import meld, meld_turn, position

RUNS = SequenceMelds(min_cards=3, max_cards=7, low="4", high="A", wilds=False)
WITH_RUNS = replace(CLASSIC, sequences=RUNS, canastas=replace(CLASSIC.canastas, sequence=1500),
                    pile=replace(CLASSIC.pile, top_card_only_onto_sequence=True))
WHOLE_PILE = replace(WITH_RUNS, pile=replace(CLASSIC.pile, top_card_only_onto_sequence=False))
QUEENS = meld(["QH", "QS", "QD"])


def run(cards: list[str]) -> dict:
    return {"kind": "sequence", "cards": cards}


def read(entry, state: dict):
    cfg = build_config(entry, ())
    return cfg, read_state(cfg, state, [])


def broken(entry, state: dict, move: dict) -> list[str]:
    cfg, read_in = read(entry, state)
    return [v.rule for v in check(cfg, read_in, read_move(move, 4, True))]


def listed(entry, state: dict) -> list[dict]:
    cfg, read_in = read(entry, state)
    return legal_moves(cfg, read_in)[0]


def played(entry, state: dict, move: dict) -> dict:
    cfg, read_in = read(entry, state)
    after, _ = apply(cfg, read_in, read_move(move, 4, True))
    return dump_state(after)


def melding(hand: list[str], mine: list[dict], discard: list[str] | None = None) -> dict:
    """Seat 0, whose side has opened with these melds, has drawn and may meld."""
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=discard or ["4C"],
                    melds=[mine, [meld(["7C", "7D", "7S"])]], melded_before=[True, True, False, False],
                    turn=meld_turn())


def test_canasta_melds_sequence_table_meld_read_by_kind_and_dumped():
    state = melding(["KC", "KD", "9C"], [QUEENS, run(["5H", "6H", "7H"])])
    assert dump_state(read(WITH_RUNS, state)[1])["melds"][0][1] == {"kind": "sequence", "cards": ["5H", "6H", "7H"]}
    # Without the kind the cards alone make it a sequence, where the variant has them.
    state["melds"][0][1] = {"cards": ["7H", "5H", "6H"]}
    assert dump_state(read(WITH_RUNS, state)[1])["melds"][0][1]["kind"] == "sequence"


def test_canasta_melds_sequence_refused_where_the_variant_has_none():
    with pytest.raises(EngineError) as refusal:
        read(CLASSIC, melding(["KC", "KD", "9C"], [QUEENS, run(["5H", "6H", "7H"])]))
    assert refusal.value.problems[0].rule == "canasta.melds.set"
    with pytest.raises(EngineError):
        read_move({"type": "meld", "melds": [run(["8S", "9S", "10S"])]}, 4)


@pytest.mark.parametrize("cards, legal", [
    (["8S", "9S", "10S"], True), (["JS", "9S", "10S", "8S"], True), (["8S", "9S", "JS"], False),
    (["8S", "9S", "10H"], False), (["8S", "9S"], False), (["3S", "4S", "5S"], False), (["KS", "AS", "2S"], False),
])
def test_canasta_melds_sequence_meld_judged(cards, legal):
    state = melding(["8S", "9S", "10S", "JS", "KS", "AS", "2S", "3S", "4S", "5S", "10H", "KC"], [QUEENS])
    refused = broken(WITH_RUNS, state, {"type": "meld", "melds": [run(cards)]})
    assert (refused == []) is legal
    if not legal:
        assert "canasta.melds.sequence" in refused or "canasta.melds.black-threes" in refused


def test_canasta_melds_sequence_listed_once_longest_run_per_suit():
    state = melding(["8S", "9S", "10S", "JS", "8S", "4D", "5D", "6D", "KC", "QC"], [QUEENS])
    runs = [m["melds"][0]["cards"] for m in listed(WITH_RUNS, state)
            if m["type"] == "meld" and m["melds"][0].get("kind") == "sequence"]
    assert sorted(runs) == sorted([["8S", "9S", "10S", "JS"], ["4D", "5D", "6D"]])


def test_canasta_melds_sequence_extended_at_either_end():
    state = melding(["4H", "5H", "9H", "10H", "QH", "KC", "KD"], [QUEENS, run(["6H", "7H", "8H"])])
    offered = {tuple(m["cards"]) for m in listed(WITH_RUNS, state) if m["type"] == "lay_off" and m["meld"] == 1}
    assert offered == {("9H", "10H"), ("5H", "4H")}
    assert broken(WITH_RUNS, state, {"type": "lay_off", "meld": 1, "cards": ["5H"]}) == []
    assert broken(WITH_RUNS, state, {"type": "lay_off", "meld": 1, "cards": ["QH"]}) == ["canasta.melds.sequence"]
    after = played(WITH_RUNS, state, {"type": "lay_off", "meld": 1, "cards": ["4H", "5H"]})
    assert sorted(after["melds"][0][1]["cards"]) == sorted(["4H", "5H", "6H", "7H", "8H"])
    assert after["melds"][0][1]["kind"] == "sequence"


def test_canasta_melds_sequence_grows_no_further_than_seven():
    state = melding(["JH", "QC", "KC", "KD"], [QUEENS, run(["4H", "5H", "6H", "7H", "8H", "9H", "10H"])])
    assert broken(WITH_RUNS, state, {"type": "lay_off", "meld": 1, "cards": ["JH"]}) == ["canasta.melds.sequence"]
    assert not [m for m in listed(WITH_RUNS, state) if m["type"] == "lay_off" and m["meld"] == 1]


def finished(mine: list[dict]) -> dict:
    return position([[], ["9D"], ["4C"], ["AH"]], discard=["8C"], melds=[mine, [QUEENS]], red_threes=[[], []],
                    hidden_stock=True, melded_before=[True, True, False, True],
                    turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": False})


def test_canasta_canastas_sequence_seven_earn_the_sequence_bonus():
    seven = run(["4H", "5H", "6H", "7H", "8H", "9H", "10H"])
    cfg, state = read(WITH_RUNS, finished([seven]))
    bonus = [line for line in score(cfg, state)["lines"] if line["rule"] == "canasta.canastas.sequence"]
    assert [line["points"] for line in bonus] == [1500]
    six = run(["4H", "5H", "6H", "7H", "8H", "9H"])
    state_six = finished([six, meld(["KD", "KC", "KS", "KH", "KD", "KC", "KS"])])
    cfg, state = read(WITH_RUNS, state_six)
    assert not [line for line in score(cfg, state)["lines"] if line["rule"] == "canasta.canastas.sequence"]


def test_canasta_canastas_sequence_counts_toward_going_out():
    state = melding(["9C"], [QUEENS, run(["4H", "5H", "6H", "7H", "8H", "9H", "10H"])])
    assert broken(WITH_RUNS, state, {"type": "discard", "card": "9C"}) == []
    # Six cards are no canasta: a hand of one card after drawing could not be reached without one.
    with pytest.raises(EngineError, match="without the canastas going out needs"):
        check_reachable(*read(WITH_RUNS, melding(["9C"], [QUEENS, run(["4H", "5H", "6H", "7H", "8H", "9H"])])))
    # A ten of hearts instead makes the samba when laid off, which is going out: that hand is reached.
    check_reachable(*read(WITH_RUNS, melding(["10H"], [QUEENS, run(["4H", "5H", "6H", "7H", "8H", "9H"])])))


def drawing(hand: list[str], discard: list[str]) -> dict:
    """Seat 0, whose side has a sequence of hearts, is to draw or take the pile."""
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=discard,
                    melds=[[QUEENS, run(["6H", "7H", "8H"])], [meld(["7C", "7D", "7S"])]],
                    melded_before=[True, True, False, False])


@pytest.mark.parametrize("pile", [["4C", "KD", "9H"], ["2C", "KD", "5H"]])   # unfrozen, frozen by a wild card
def test_canasta_pile_top_card_onto_sequence_takes_it_alone(pile):
    state = drawing(["KC", "4S", "JD"], pile)
    move = {"type": "take_pile", "cards": [], "meld": 1}
    assert {"type": "take_pile", "cards": [], "meld": 1} in [
        {k: v for k, v in m.items() if k not in ("code", "rules")} for m in listed(WITH_RUNS, state)]
    assert broken(WITH_RUNS, state, move) == []
    after = played(WITH_RUNS, state, move)
    assert after["discard"] == pile[:-1]
    assert after["hands"][0] == ["KC", "4S", "JD"]
    assert sorted(after["melds"][0][1]["cards"]) == sorted(["6H", "7H", "8H", pile[-1]])
    assert after["turn"]["phase"] == "meld"


def test_canasta_pile_top_card_onto_sequence_only_where_it_lengthens_it():
    state = drawing(["KC", "4S", "JD"], ["4C", "KD", "JH"])
    assert broken(WITH_RUNS, state, {"type": "take_pile", "cards": [], "meld": 1}) == ["canasta.melds.sequence"]
    assert not [m for m in listed(WITH_RUNS, state) if m["type"] == "take_pile"]


def test_canasta_pile_top_card_onto_sequence_off_takes_the_whole_pile():
    state = drawing(["KC", "4S", "JD"], ["4C", "KD", "9H"])
    after = played(WHOLE_PILE, state, {"type": "take_pile", "cards": [], "meld": 1})
    assert after["discard"] == []
    assert sorted(after["hands"][0]) == sorted(["KC", "4S", "JD", "4C", "KD"])
    # A frozen pile needs a natural pair of the top card's rank, which cannot join a sequence.
    frozen = drawing(["KC", "4S", "JD"], ["2C", "KD", "9H"])
    assert "canasta.pile.frozen-take" in broken(WHOLE_PILE, frozen, {"type": "take_pile", "cards": [], "meld": 1})
