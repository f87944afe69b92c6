"""Seatings in play: Three-hand's lone hand and Five-person's partner and rentrap, each a Classic entry
reseated and played through the engine. Written from the rule texts: the first to take the pile plays
alone against the other two as partners, who combine melds; the partner two seats on, the rentrap two
seats back adding to its partner's melds and earning its partner's score too."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_engine.errors import FieldProblem, InvalidRequest
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.reachable import check_reachable
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.state import dump_state, read_state
from rules_engine.games.canasta.variants import CLASSIC, GoingOut

from .helpers import DECK, clean, meld, meld_turn, position
from .test_properties import every_card

# Three-hand's shape on Classic's cards: three players dealt 13 and drawing 2, the partnership formed in play,
# two canastas to go out.
LONE = replace(CLASSIC, slug="classic-lone", seating="lone_hand", min_players=3, max_players=3, default_players=3,
               deal=13, draw=2, going_out=GoingOut(canastas=2, ask_partner="never"))
RENTRAP = replace(CLASSIC, slug="classic-rentrap", seating="partner_rentrap", min_players=5, max_players=5,
                  default_players=5, going_out=GoingOut(ask_partner="never"))
LONE_CFG, RENTRAP_CFG = build_config(LONE, ()), build_config(RENTRAP, ())

KINGS = ["KH", "KS", "KD"]
QUEENS = ["QH", "QS", "QD"]
SEVEN_ACES = ["AH", "AS", "AD", "AC", "AH", "AS", "AD"]
SEVEN_TENS = ["10H", "10S", "10D", "10C", "10H", "10S", "2C"]


def table(hands: list, melds: list, *, discard: list[str] | None = None, turn: dict | None = None,
          red_threes: list | None = None, melded_before: list | None = None, **fields) -> dict:
    """A position for as many seats as hands, the stock a count of the cards not shown."""
    return position(hands, discard=discard if discard is not None else ["9C", "8D"], melds=melds,
                    red_threes=red_threes if red_threes is not None else [[] for _ in hands], turn=turn,
                    hidden_stock=True, players=len(hands), dealer=len(hands) - 1,
                    melded_before=melded_before if melded_before is not None else [bool(side) for side in melds],
                    **fields)


def _state(cfg, raw: dict):
    """The position as the game reads it: parsed, then checked reachable."""
    state = read_state(cfg, raw, [])
    check_reachable(cfg, state)
    return state


def _rules(cfg, raw: dict, move: dict) -> list[str]:
    return [v.rule for v in check(cfg, _state(cfg, raw), read_move(move, len(raw["hands"])))]


def _moves(cfg, raw: dict) -> list[dict]:
    return legal_moves(cfg, _state(cfg, raw))[0]


def _apply(cfg, raw: dict, move: dict):
    return apply(cfg, _state(cfg, raw), read_move(move, len(raw["hands"])))


def _refusal(cfg, raw: dict) -> FieldProblem:
    with pytest.raises(InvalidRequest) as refused:
        _state(cfg, raw)
    return refused.value.problems[0]


# --- Three-hand: the lone hand ---

def test_canasta_seating_lone_hand_first_to_take_the_pile_plays_alone():
    raw = table([["9H", "9S", "4C", "5D"], {"count": 13}, {"count": 13}], [[meld(KINGS)], [], []],
                discard=["6C", "9D"], lone=None)
    new, events = _apply(LONE_CFG, raw, {"type": "take_pile", "cards": ["9H", "9S"]})
    assert new.lone == 0
    formed = [e for e in events if e["type"] == "lone_hand"]
    assert formed == [{"type": "lone_hand", "seat": 0, "partners": [1, 2], "rules": ["canasta.seating.lone-hand"]}]
    assert dump_state(new)["lone"] == 0
    assert (new.partner_of(0), new.partner_of(1), new.partner_of(2)) == (None, 2, 1)


def test_canasta_seating_lone_hand_later_pile_taking_keeps_the_first_lone_hand():
    raw = table([{"count": 13}, ["9H", "9S", "4C", "5D"], {"count": 13}], [[meld(KINGS)], [meld(QUEENS)], []],
                discard=["6C", "9D"], lone=0, turn={"seat": 1, "phase": "draw"})
    new, events = _apply(LONE_CFG, raw, {"type": "take_pile", "cards": ["9H", "9S"]})
    assert new.lone == 0 and not [e for e in events if e["type"] == "lone_hand"]


def test_canasta_seating_lone_hand_partners_add_to_each_others_melds_naming_the_owner():
    raw = table([{"count": 12}, ["KC", "KC", "5D", "6D", "8S"], {"count": 11}],
                [[meld(["9H", "9S", "9D"])], [meld(QUEENS)], [meld(KINGS)]], lone=0, turn=meld_turn(1))
    listed = [m for m in _moves(LONE_CFG, raw) if m["type"] == "lay_off"]
    assert {"owner": 2, "meld": 0, "cards": ["KC", "KC"]}.items() <= listed[0].items()
    assert "canasta.seating.lone-hand" in listed[0]["rules"]
    assert not [m for m in listed if m.get("owner") == 0]       # never onto the lone hand's melds
    new, events = _apply(LONE_CFG, raw, {"type": "lay_off", "owner": 2, "meld": 0, "cards": ["KC", "KC"]})
    assert new.melds[2][0].cards == KINGS + ["KC", "KC"] and new.melds[1][0].cards == QUEENS
    assert events[0]["owner"] == 2 and dump_state(new)["turn"]["extended"] is True


def test_canasta_seating_lone_hand_nobody_adds_to_the_lone_hands_melds():
    raw = table([{"count": 12}, ["9C", "9C", "5D", "6D", "8S"], {"count": 11}],
                [[meld(["9H", "9S", "9D"])], [meld(QUEENS)], [meld(KINGS)]], discard=["4C", "8D"], lone=0,
                turn=meld_turn(1))
    assert _rules(LONE_CFG, raw, {"type": "lay_off", "owner": 0, "meld": 0, "cards": ["9C"]}) == [
        "canasta.seating.lone-hand"]
    lone_turn = dict(raw, turn=meld_turn(0), hands=[["QC", "QC", "5D", "6D"], {"count": 13}, {"count": 11}])
    assert _rules(LONE_CFG, lone_turn, {"type": "lay_off", "owner": 1, "meld": 0, "cards": ["QC"]}) == [
        "canasta.seating.lone-hand"]


def test_canasta_seating_lone_hand_before_the_pile_is_taken_everyone_plays_alone():
    raw = table([{"count": 12}, ["KC", "KC", "5D", "6D", "8S"], {"count": 11}],
                [[meld(["9H", "9S", "9D"])], [meld(QUEENS)], [meld(KINGS)]], lone=None, turn=meld_turn(1))
    assert _rules(LONE_CFG, raw, {"type": "lay_off", "owner": 2, "meld": 0, "cards": ["KC"]}) == [
        "canasta.seating.lone-hand"]
    assert not [m for m in _moves(LONE_CFG, raw) if m.get("owner") is not None]


def test_canasta_seating_lone_hand_partner_adds_only_after_its_own_initial_meld():
    # Seat 1 has melded nothing: it holds its thirteen and the two it drew, less its discard (the others have
    # melded, and hold few).
    raw = table([{"count": 5}, ["KC", "KC", "5D", "6D", "8S"], {"count": 5}],
                [[meld(["9H", "9S", "9D"])], [], [meld(KINGS)]], lone=0, turn=meld_turn(1), dealt=LONE.deal)
    assert _rules(LONE_CFG, raw, {"type": "lay_off", "owner": 2, "meld": 0, "cards": ["KC"]}) == [
        "canasta.seating.lone-hand"]


def test_canasta_seating_lone_hand_partners_canastas_count_for_going_out():
    # Seat 1 holds one canasta, its partner seat 2 the other; two are needed.
    melds = [[meld(["9H", "9S", "9D"])], [meld(SEVEN_ACES)], [meld(SEVEN_TENS), meld(KINGS)]]
    raw = table([{"count": 12}, ["5D"], {"count": 5}], melds, lone=0, turn=meld_turn(1),
                melded_before=[True, True, True])
    assert _rules(LONE_CFG, raw, {"type": "discard", "card": "5D"}) == []
    new, events = _apply(LONE_CFG, raw, {"type": "discard", "card": "5D"})
    assert new.turn.ending == "went_out"
    # The same melds before any partnership: seat 1's one canasta is not enough.
    assert _refusal(LONE_CFG, dict(raw, lone=None)).rule == "canasta.melds.keep-a-card"
    two_cards = dict(raw, hands=[{"count": 11}, ["AC", "5D"], {"count": 5}])
    assert _rules(LONE_CFG, two_cards, {"type": "lay_off", "meld": 0, "cards": ["AC"]}) == []
    assert _rules(LONE_CFG, dict(two_cards, lone=None), {"type": "lay_off", "meld": 0, "cards": ["AC"]}) == [
        "canasta.melds.keep-a-card"]
    # Going out onto the partner's kings: the listing names their owner.
    listed = _moves(LONE_CFG, dict(raw, hands=[{"count": 11}, ["KC", "5D"], {"count": 5}]))
    assert any(m["type"] == "lay_off" and m.get("owner") == 2 and m["meld"] == 1 and m["cards"] == ["KC"]
               for m in listed)


def test_canasta_seating_lone_hand_going_out_before_the_pile_is_taken_makes_the_lone_hand():
    melds = [[meld(SEVEN_ACES), meld(SEVEN_TENS)], [meld(QUEENS)], []]
    raw = table([["5D"], {"count": 13}, {"count": 13}], melds, lone=None, turn=meld_turn(0),
                melded_before=[True, True, False])
    new, events = _apply(LONE_CFG, raw, {"type": "discard", "card": "5D"})
    assert new.lone == 0 and [e["partners"] for e in events if e["type"] == "lone_hand"] == [[1, 2]]


def test_canasta_seating_lone_hand_partners_score_together_threes_apart():
    # Each partner opened on its own with a joker among three cards (80, its minimum at 0 being 50).
    melds = [[meld(SEVEN_ACES), meld(SEVEN_TENS)], [meld(QUEENS + ["JK"])], [meld(KINGS + ["JK"])]]
    raw = table([[], ["5D", "6D"], ["4C"]], melds, lone=0, red_threes=[[], ["3H"], []],
                turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": False},
                melded_before=[True, True, True], score=[0, 0, 0])
    answer = score(LONE_CFG, _state(LONE_CFG, raw))
    # Seat 1: queens and a joker 80, a red three 100, hand -10; seat 2: kings and a joker 80, hand -5.
    own = {1: 80 + 100 - 10, 2: 80 - 5}
    shared = [line for line in answer["lines"] if line["rule"] == "canasta.seating.lone-hand"]
    assert [(line["team"], line["points"]) for line in shared] == [(1, own[2]), (2, own[1] - 100)]
    assert answer["teams"][1] == own[1] + own[2] and answer["teams"][2] == own[1] - 100 + own[2]
    assert answer["scores"] == answer["teams"] == answer["game_scores"]
    assert answer["teams"][0] == 20 * 7 + 10 * 6 + 20 + 300 + 500 + 100   # the lone hand keeps its own


def test_canasta_seating_lone_hand_pile_never_taken_everyone_scores_alone():
    melds = [[meld(["9H", "9S", "9D"])], [meld(QUEENS)], [meld(KINGS)]]
    raw = table([["5D"], ["6D"], ["4C"]], melds, lone=None,
                turn={"seat": 0, "phase": "over", "ending": "stock_exhausted", "concealed": False})
    raw["red_threes"] = [["3D", "3D", "3H", "3H"], [], []]
    raw["stock"] = []
    raw["discard"] = raw["discard"] + sorted((DECK - every_card(raw)).elements())
    answer = score(LONE_CFG, _state(LONE_CFG, raw))
    assert not [line for line in answer["lines"] if line["rule"] == "canasta.seating.lone-hand"]
    assert answer["teams"] == [30 - 5 + 800, 30 - 5, 30 - 5]


def test_canasta_seating_lone_hand_opening_minimum_is_the_players_own():
    # Seat 0 opened with queens and aces: 90, its minimum at either score the test gives it (0, then 1600).
    raw = table([{"count": 5}, ["KC", "KC", "KH", "5D", "6D"], {"count": 13}],
                [[meld(QUEENS), meld(["AH", "AS", "AD"])], [], []], lone=None, turn=meld_turn(1), score=[0, 1600, -20],
                dealt=LONE.deal)
    # Three kings count 30: short of the 90 seat 1's own 1600 asks, though seat 2 would need 15 only.
    assert "canasta.opening.minimum" in _rules(LONE_CFG, raw, {"type": "meld", "melds": [{"cards": ["KC", "KC", "KH"]}]})
    low = dict(raw, score=[1600, -20, 1600])
    assert _rules(LONE_CFG, low, {"type": "meld", "melds": [{"cards": ["KC", "KC", "KH"]}]}) == []


def test_canasta_seating_lone_hand_positions_no_play_reaches_are_refused():
    took = table([{"count": 13}, ["9H", "9S", "4C", "5D", "KC"], {"count": 13}], [[], [meld(["9C", "9D", "9H"])], []],
                 lone=None, turn=meld_turn(1, drew="pile", started=["9"]), discard=[])
    refused = _refusal(LONE_CFG, took)
    assert refused.pointer == ("state", "lone") and refused.rule == "canasta.seating.lone-hand"
    out = table([[], {"count": 13}, {"count": 13}], [[meld(SEVEN_ACES)], [], []], lone=None,
                turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": False})
    assert _refusal(LONE_CFG, out).pointer == ("state", "lone")
    never_melded = table([{"count": 13}, {"count": 13}, {"count": 13}], [[], [meld(QUEENS)], []], lone=0)
    assert _refusal(LONE_CFG, never_melded).pointer == ("state", "lone")
    outside = table([{"count": 13}, {"count": 13}, {"count": 13}], [[meld(QUEENS)], [], []], lone=3)
    assert _refusal(LONE_CFG, outside).pointer == ("state", "lone")


def test_canasta_seating_lone_field_only_where_the_partnership_forms_in_play():
    raw = table([{"count": 11}] * 4, [[], [meld(QUEENS)]], lone=1, melded_before=[False, True, False, False])
    refused = _refusal(build_config(CLASSIC, ()), raw)
    assert refused.pointer == ("state", "lone")


# --- Five-person: partner two seats on, rentrap two seats back ---

def _five(acting: int, hand: list[str], melds: list, **fields) -> dict:
    hands: list = [{"count": 9} for _ in range(5)]
    hands[acting] = hand
    return table(hands, melds, turn=meld_turn(acting), **fields)


FIVE_MELDS = [[meld(["9H", "9S", "9D"])], [meld(["8H", "8S", "8D"])], [meld(KINGS)], [meld(QUEENS)],
              [meld(["7H", "7S", "7D"])]]


def test_canasta_seating_partner_rentrap_adds_to_the_partner_two_seats_on():
    raw = _five(0, ["KC", "QC", "7C", "8C", "9C"], FIVE_MELDS)
    owners = {m.get("owner") for m in _moves(RENTRAP_CFG, raw) if m["type"] == "lay_off"}
    assert owners == {None, 2}
    assert _rules(RENTRAP_CFG, raw, {"type": "lay_off", "owner": 2, "meld": 0, "cards": ["KC"]}) == []
    new, events = _apply(RENTRAP_CFG, raw, {"type": "lay_off", "owner": 2, "meld": 0, "cards": ["KC"]})
    assert new.melds[2][0].cards == KINGS + ["KC"]


def test_canasta_seating_partner_rentrap_never_onto_the_rentraps_melds():
    raw = _five(0, ["KC", "QC", "7C", "8C", "4D"], FIVE_MELDS)
    # Seat 3 is seat 0's rentrap: it adds to seat 0's melds, never the reverse; seats 1 and 4 are neither.
    for owner, index_card in ((3, "QC"), (1, "8C"), (4, "7C")):
        assert _rules(RENTRAP_CFG, raw, {"type": "lay_off", "owner": owner, "meld": 0, "cards": [index_card]}) == [
            "canasta.seating.partner-rentrap"]
    rentrap = _five(3, ["9C", "4D", "5D"], FIVE_MELDS)
    assert _rules(RENTRAP_CFG, rentrap, {"type": "lay_off", "owner": 0, "meld": 0, "cards": ["9C"]}) == []


def test_canasta_seating_partner_rentrap_partners_canasta_lets_a_player_go_out():
    melds = [list(FIVE_MELDS[0]), FIVE_MELDS[1], [meld(SEVEN_ACES)], FIVE_MELDS[3], FIVE_MELDS[4]]
    raw = _five(0, ["4D"], melds)
    assert _rules(RENTRAP_CFG, raw, {"type": "discard", "card": "4D"}) == []
    # Seat 1's partner is seat 3, without a canasta, and seat 4, whose partner holds the aces, is not its partner.
    other = _five(1, ["8C", "5D"], melds)
    assert _rules(RENTRAP_CFG, other, {"type": "lay_off", "meld": 0, "cards": ["8C"]}) == ["canasta.melds.keep-a-card"]


def test_canasta_seating_partner_rentrap_rentrap_earns_its_partners_score():
    melds = [[meld(SEVEN_ACES)], FIVE_MELDS[1], FIVE_MELDS[2], FIVE_MELDS[3], FIVE_MELDS[4]]
    raw = table([[], ["4D"], ["5D"], ["6D"], ["4C"]], melds,
                turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": False})
    answer = score(RENTRAP_CFG, _state(RENTRAP_CFG, raw))
    own = [20 * 7 + 500 + 100, 30 - 5, 30 - 5, 30 - 5, 15 - 5]
    shared = {line["team"]: line["points"] for line in answer["lines"]
              if line["rule"] == "canasta.seating.partner-rentrap"}
    assert shared == {seat: own[(seat + 2) % 5] for seat in range(5)}
    assert answer["teams"] == [own[s] + own[(s + 2) % 5] for s in range(5)]


def test_canasta_seating_partner_rentrap_opening_minimum_is_the_players_own():
    raw = table([{"count": 11}, ["KC", "KC", "KH", "5D", "6D"], {"count": 11}, {"count": 11}, {"count": 11}],
                [[meld(QUEENS)], [], [], [], []], turn=meld_turn(1), score=[0, 1600, -20, 0, 0])
    assert "canasta.opening.minimum" in _rules(RENTRAP_CFG, raw, {"type": "meld", "melds": [{"cards": ["KC", "KC", "KH"]}]})


@pytest.mark.parametrize("cfg", [LONE_CFG, RENTRAP_CFG, build_config(RENTRAP, (("rentrap_adds", "both_ways"),))],
                         ids=["lone_hand", "partner_rentrap", "partner_rentrap_both_ways"])
def test_canasta_seating_positions_reached_in_play_are_accepted_and_have_a_move(cfg):
    players = cfg.table.default_players
    for seed in range(6):
        rng = random.Random(seed)
        state = deal(cfg, players, seed, {"score": [0] * players})[0]
        for _ in range(400):
            dumped = dump_state(state)
            again = _state(cfg, dumped)                 # every position play reaches is accepted as it is
            assert dump_state(again) == dumped
            moves, _ = legal_moves(cfg, again)
            assert moves or again.over
            if again.over:
                assert score(cfg, again)["hand_over"]
                break
            for move in moves:                          # what is listed, validation accepts
                assert check(cfg, again, read_move(clean(move), players)) == []
            melding = [m for m in moves if m["type"] not in ("discard", "draw")]
            state, _ = apply(cfg, again, read_move(clean(rng.choice(melding or moves)), players))


def test_canasta_seating_lone_hand_nobody_plays_alone_while_the_pile_was_never_taken():
    # The red three turned up is still at the bottom of the pile: nobody has taken it.
    raw = table([["4C", "5D", "6D", "8S", "9H", "JH", "JD", "QC", "10S", "10C", "JC", "QD"], {"count": 13},
                 {"count": 13}],
                [[meld(KINGS)], [], []], discard=["3H", "8D"], lone=0, melded_before=[False, False, False],
                turn=meld_turn(0, melded=True, started=["K"]))
    assert _state(LONE_CFG, dict(raw, lone=None)).lone is None
    refused = _refusal(LONE_CFG, raw)
    assert refused.pointer == ("state", "lone") and refused.rule == "canasta.seating.lone-hand"


def test_canasta_seating_partner_rentrap_addition_to_the_partners_older_meld_is_an_extension():
    # Seat 0 started its only meld this turn and added to its partner's: "extended" is true all the same.
    raw = _five(0, ["KC", "5D", "6D"], [[meld(["9H", "9S", "9D"])], *FIVE_MELDS[1:]],
                melded_before=[False, True, True, True, True])
    raw["turn"] = meld_turn(0, melded=True, started=["9"], extended=True)
    assert _state(RENTRAP_CFG, raw).turn.extended
    alone = _five(0, ["KC", "5D", "6D"], [[meld(["9H", "9S", "9D"])], FIVE_MELDS[1], [], *FIVE_MELDS[3:]],
                  melded_before=[False, True, False, True, True])
    alone["turn"] = raw["turn"]
    assert _refusal(RENTRAP_CFG, alone).pointer == ("state", "turn", "extended")


def test_canasta_seating_partner_rentrap_option_both_ways_adds_to_the_rentrap_too():
    both = build_config(RENTRAP, (("rentrap_adds", "both_ways"),))
    raw = _five(0, ["KC", "QC", "7C", "8C", "9C"], FIVE_MELDS)
    assert {m.get("owner") for m in _moves(both, raw) if m["type"] == "lay_off"} == {None, 2, 3}
    assert _rules(both, raw, {"type": "lay_off", "owner": 3, "meld": 0, "cards": ["QC"]}) == []
    assert _rules(both, raw, {"type": "lay_off", "owner": 1, "meld": 0, "cards": ["8C"]}) == [
        "canasta.seating.partner-rentrap"]
    new, events = _apply(both, raw, {"type": "lay_off", "owner": 3, "meld": 0, "cards": ["QC"]})
    assert new.melds[3][0].cards == QUEENS + ["QC"] and events[0]["owner"] == 3


def test_canasta_seating_partner_rentrap_option_both_ways_rentraps_canasta_never_counts():
    both = build_config(RENTRAP, (("rentrap_adds", "both_ways"),))
    # Seat 0's seventh queen makes its rentrap's (seat 3's) meld a canasta, which never counts for seat 0's
    # going out: only its own canastas and its partner's (seat 2's) do.
    six_queens = meld(["QH", "QS", "QD", "QC", "QH", "QS"])
    melds = [FIVE_MELDS[0], FIVE_MELDS[1], FIVE_MELDS[2], [six_queens], FIVE_MELDS[4]]
    raw = _five(0, ["QC", "5D"], melds)
    assert _rules(both, raw, {"type": "lay_off", "owner": 3, "meld": 0, "cards": ["QC"]}) == [
        "canasta.melds.keep-a-card"]
    with_canasta = _five(0, ["QC", "5D"], [FIVE_MELDS[0], FIVE_MELDS[1], [meld(SEVEN_ACES)], [six_queens],
                                            FIVE_MELDS[4]])
    assert _rules(both, with_canasta, {"type": "lay_off", "owner": 3, "meld": 0, "cards": ["QC"]}) == []
