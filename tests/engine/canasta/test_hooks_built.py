"""The hooks the engine runs, each on a modified Classic entry, checked against the rule texts.

queen_of_spades_discarded_last (Oklahoma): the queen of spades may be discarded only as the last card, never
while the player can discard any other card. wild_canasta_by_composition (Joker Canasta): seven twos earn
4000, four jokers and three twos 3000, any other wild canasta the variant's 2000.
"""

from __future__ import annotations

from dataclasses import replace

from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.melds import Meld, canasta_bonus
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.state import read_state
from rules_engine.games.canasta.variants import CLASSIC, FIVE_PERSON, entry_problems

from .helpers import meld, meld_turn, position

QUEEN = build_config(replace(CLASSIC, hooks=("queen_of_spades_discarded_last",)), ())
SEVEN_KINGS = meld(["KD", "KC", "KS", "KH", "KD", "KC", "KS"])


def _opened(hand: list[str], cfg=QUEEN):
    """Seat 0 after drawing, its side holding a canasta of kings (so it may go out)."""
    return read_state(cfg, position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["6C"],
                                    melds=[[SEVEN_KINGS], [meld(["7C", "7D", "7S"])]],
                                    melded_before=[True, True, False, False], turn=meld_turn()), [])


def _discards(state, cfg=QUEEN) -> list[str]:
    return [m["card"] for m in legal_moves(cfg, state)[0] if m["type"] == "discard"]


def test_canasta_pile_queen_of_spades_last_refused_while_another_card_can_be_discarded():
    state = _opened(["QS", "9H", "5D"])
    refused = check(QUEEN, state, {"type": "discard", "card": "QS"})
    assert [v.rule for v in refused] == ["canasta.pile.queen-of-spades-last"]
    assert check(QUEEN, state, {"type": "discard", "card": "9H"}) == []
    assert _discards(state) == ["5D", "9H"]


def test_canasta_pile_queen_of_spades_last_allowed_as_the_last_card():
    state = _opened(["QS"])
    assert check(QUEEN, state, {"type": "discard", "card": "QS"}) == []
    assert _discards(state) == ["QS"]
    assert _discards(_opened(["QS", "QS"])) == ["QS"]       # no other card to discard


def test_canasta_pile_queen_of_spades_last_not_in_classic():
    classic = build_config(CLASSIC, ())
    assert check(classic, _opened(["QS", "9H", "5D"], classic), {"type": "discard", "card": "QS"}) == []


WILD_CANASTAS = replace(CLASSIC, sets=replace(CLASSIC.sets, all_wild=True),
                        canastas=replace(CLASSIC.canastas, wild=2000))
COMPOSED = build_config(replace(WILD_CANASTAS, hooks=("wild_canasta_by_composition",)), ())


def _wild(cards: list[str]) -> Meld:
    return Meld("", cards, 0, len(cards))


def test_canasta_canastas_wild_by_composition_seven_twos_4000_four_jokers_three_twos_3000():
    assert canasta_bonus(COMPOSED, _wild(["2C", "2D", "2H", "2S", "2C", "2D", "2H"])) == (
        4000, "canasta.canastas.wild-by-composition")
    assert canasta_bonus(COMPOSED, _wild(["JK", "JK", "JK", "JK", "2C", "2D", "2H"])) == (
        3000, "canasta.canastas.wild-by-composition")
    assert canasta_bonus(COMPOSED, _wild(["JK", "JK", "JK", "2S", "2C", "2D", "2H"])) == (
        2000, "canasta.canastas.wild")
    # Without the hook every wild canasta earns the entry's figure.
    plain = build_config(WILD_CANASTAS, ())
    assert canasta_bonus(plain, _wild(["2C", "2D", "2H", "2S", "2C", "2D", "2H"])) == (2000, "canasta.canastas.wild")


def test_canasta_canastas_wild_by_composition_scored_on_a_line_of_its_own():
    twos = {"cards": ["2C", "2D", "2H", "2S", "2C", "2D", "2H"]}
    state = read_state(COMPOSED, position(
        [[], ["9D"], ["4C"], ["AH"]], discard=["8C"], melds=[[twos, SEVEN_KINGS], [meld(["QH", "QS", "QD"])]],
        hidden_stock=True, melded_before=[True, True, False, True],
        turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}), [])
    lines = {line["rule"]: line["points"] for line in score(COMPOSED, state)["lines"] if line["team"] == 0}
    assert lines["canasta.canastas.wild-by-composition"] == 4000
    assert lines["canasta.canastas.natural"] == 500
    assert "canasta.canastas.wild" not in lines


def test_canasta_hooks_built_may_be_named_by_a_playable_entry():
    for hook in ("queen_of_spades_discarded_last", "wild_canasta_by_composition", "super_canasta"):
        assert not [p for p in entry_problems(replace(CLASSIC, hooks=(hook,), playable=True)) if "not built" in p]


# -- super_canasta (Five-person): a run of all thirteen cards of a suit ------------------------------------------
FIVE = build_config(FIVE_PERSON, ())
HEARTS = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


def _run(cards: list[str], wilds: int = 0) -> Meld:
    return Meld("", cards, len(cards) - wilds, wilds, "H")


def test_canasta_canastas_super_pure_run_of_the_whole_suit_earns_500():
    assert canasta_bonus(FIVE, _run(HEARTS)) == (500, "canasta.canastas.super")


def test_canasta_canastas_super_with_a_joker_in_it_earns_300():
    impure = HEARTS[:6] + ["JK"] + HEARTS[7:]
    assert canasta_bonus(FIVE, _run(impure, wilds=1)) == (300, "canasta.canastas.super")


def test_canasta_canastas_super_a_shorter_run_is_a_canasta_pure_100_impure_50():
    assert canasta_bonus(FIVE, _run(HEARTS[:12])) == (100, "canasta.canastas.natural")
    assert canasta_bonus(FIVE, _run(HEARTS[:6] + ["JK"], wilds=1)) == (50, "canasta.canastas.mixed")
    assert canasta_bonus(FIVE, _run(HEARTS[:6])) == (0, None)


def test_canasta_canastas_super_only_where_the_variant_has_it():
    plain = build_config(replace(FIVE_PERSON, hooks=()), ())
    assert canasta_bonus(plain, _run(HEARTS)) == (100, "canasta.canastas.natural")
