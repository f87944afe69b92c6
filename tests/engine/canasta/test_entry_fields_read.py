"""Every field of a playable entry is read: changing it changes some answer of the engine."""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass, replace

import pytest

from rules_engine.errors import EngineError
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.meld_check import validate_meld
from rules_engine.games.canasta.melds import Meld, canasta_bonus, judge
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import _simulate_draw, apply
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.state import dump_state, read_state
from rules_engine.games.canasta.variants import (
    CLASSIC, NOT_PLAYED_YET, TABLE, CanastaTier, Deck, SequenceMelds,
)
from rules_engine.registry import get_game

from .helpers import meld, meld_turn, position

MELDS = [["KH", "KS", "KD"], ["KH", "KS", "2C"], ["KH", "2C", "2D"], ["2C", "2D", "JK"], ["3C", "3S", "3C"],
         ["KH", "KS", "KD", "KC", "KH", "KS", "KD", "KC"], ["7H", "7S", "7D", "7C", "7H", "7S", "7D"],
         ["7H", "7S", "7D", "7C", "7H", "2S", "JK"], ["2C", "2D", "2H", "2S", "JK", "JK", "JK"],
         ["4H", "4S", "2C", "2D", "2H"], ["AH", "AS", "AD", "3H"], ["QH", "QS", "QD", "QC", "2S", "2H", "2D", "JK"]]
CONTEXTS = [{}, {"initial": True, "team_score": -20}, {"initial": True, "team_score": 1600},
            {"initial": True, "team_score": 3500, "failed_openings": 2},
            {"initial": True, "concealed": True, "going_out": True}, {"going_out": True}]

# Changes that keep an entry valid; every field of a playable entry appears here or in NOT_PLAYED_YET.
CHANGES = {
    "seating": "alone", "deck": Deck(2, 6), "deal": 12, "draw": 2,
    "roles.wild": ("JK",), "roles.bonus": ("3D",), "roles.stop": ("3C", "3S", "3H"),
    "values.joker": 40, "values.two": 25, "values.ace": 15, "values.high": 12, "values.low": 4,
    "values.black_three": 7, "values.red_three": 1, "values.low_ranks": ("4", "5", "6"),
    "sets.min_cards": 4, "sets.min_naturals": 3, "sets.max_wilds": 2, "sets.wild_ratio": "fewer",
    "sets.max_cards": 7, "sets.one_per_rank": False, "sets.all_wild": True,
    "sets.wild_onto_canasta": False,
    "canastas.size": 6, "canastas.natural": 600, "canastas.mixed": 250, "canastas.wild": 1000,
    "canastas.by_rank": (("7", 900),), "canastas.by_rank_mixed": True, "canastas.names": (("natural", "clean"),),
    "opening.tiers": ((None, 20), (0, 60)), "opening.failed_attempt_raise": 20, "opening.pile_may_open": False,
    "opening.concealed_exempt": False,
    "pile.frozen_by_wild": False, "pile.frozen_by_red_three": False, "pile.frozen_until_opened": False,
    "pile.always_frozen": True, "pile.natural_and_wild": False, "pile.onto_meld": False,
    "threes.red_each": 150, "threes.red_all": 1000, "threes.black_meld_going_out": False,
    "going_out.canastas": 2, "going_out.bonus": 150, "going_out.concealed": 300, "going_out.ask_partner": "never",
    "game_target": 3000, "hooks": ("no_replacement_for_last_two",),
    "threes.schedule": (0, 150, 300, 600, 1000), "threes.per_colour": True, "threes.red_negative_unless": "canastas",
    "threes.black_hand_value": 100, "going_out.bonus_cards_per_canasta": True,
    "going_out.by_kind": (("mixed", 1),),
    "pile.blocked_tops": ("black_three", "wild", "K"), "pile.take_limit": 2, "pile.wild_top_with_wild_pair": True, "pile.onto_meld_unless_canasta": True,
    "opening.top_discard_counts": False, "game_rounds": 1, "opening.basis": "round", "stock_end": "last_discard",
    "roles.wild_and_natural": ("2C", "2D", "2H", "2S"), "values.wild_as": (("K", 15), ("4", 5)),
    "foot": 11, "opening_draw": 13, "kitties": (2, 11),
    "values.melded": (("KH", 15),), "values.in_hand": (("9D", 100),), "incomplete_penalty": (("set", 7, 100),),
    "incomplete_when": "hand_end",
    "sequences": SequenceMelds(), "pile.top_card_only_onto_sequence": True,
}
# Read only where a hand makes a complete sequence, which the dealt hands above do not: its own test below; and
# only where the stock runs out with black threes in hand: test_variant_play_fields' own test.
OWN_CASE = ("canastas.sequence", "threes.black_hand_when")
# Seatings beyond Classic's partnerships, each against every player alone at its own player count.
SEATING_CHANGES = {"lone_hand": 3, "partner_rentrap": 5}
# Fields that change an answer only beside others: each is compared with the entry carrying the others alone.
COMPANIONS = {
    "threes.per_colour": {"roles.bonus": ("3C", "3D", "3H", "3S"), "roles.stop": ()},
    "pile.wild_top_with_wild_pair": {"pile.blocked_tops": ("black_three",), "sets.all_wild": True},
    "roles.wild_and_natural": {"roles.wild": ("JK",)},
    "pile.top_card_only_onto_sequence": {"sequences": SequenceMelds()},
    "canastas.by_rank_mixed": {"canastas.by_rank": (("7", 900),)},
    "incomplete_when": {"incomplete_penalty": (("set", 7, 100),)},
}
# Read by the game's declaration of its variants (GET /games), not by the Config.
DECLARED = ("slug", "title", "summary", "min_players", "max_players", "default_players", "playable")


def _paths(entry: object, prefix: str = "") -> list[str]:
    found = []
    for f in fields(entry):
        value = getattr(entry, f.name)
        if is_dataclass(value) and not isinstance(value, Deck):
            found += _paths(value, prefix + f.name + ".")
        else:
            found.append(prefix + f.name)
    return found


def _changed(path: str, value: object, entry=CLASSIC):
    if "." not in path:
        return replace(entry, **{path: value})
    group, name = path.split(".")
    return replace(entry, **{group: replace(getattr(entry, group), **{name: value})})


def _with_companions(path: str):
    entry = CLASSIC
    for other, value in COMPANIONS.get(path, {}).items():
        entry = _changed(other, value, entry)
    return entry


def _answers(entry) -> list:
    """What the engine answers under an entry: meld verdicts and a few hands played to their scores."""
    cfg = build_config(entry, ())
    found: list = [validate_meld(cfg, {"cards": cards}, None, context) for cards in MELDS for context in CONTEXTS]
    found.append(validate_meld(cfg, None, [{"cards": m} for m in MELDS[:2]], {"initial": True}))
    for cards in MELDS:
        judged = judge(cfg, cards, going_out=True)
        found.append(canasta_bonus(cfg, Meld(judged.rank or "", cards, judged.naturals, judged.wilds)))
    for threes, concealed in ((["3H", "3D", "3H", "3D"], False), (["3H"], True)):
        try:
            found.append(score(cfg, read_state(cfg, _finished(threes, concealed), [])))
        except EngineError as refusal:     # a refusal is an answer too
            found.append(str(refusal))
    found.append(_simulate_draw(cfg, ["3H", "AS"], cfg.table.draw))
    try:   # the last card of the stock drawn, then a discard
        found.append(apply(cfg, read_state(cfg, _stock_drawn(), []), read_move({"type": "discard", "card": "9H"}, 4)))
    except EngineError as refusal:
        found.append(str(refusal))
    players = entry.default_players
    for seed in range(8):
        rng = random.Random(seed)
        state = deal(cfg, players, seed, {"score": [0, 2990][: entry.sides_for(players)]
                                          + [0] * (entry.sides_for(players) - 2)})[0]
        for _ in range(150):
            try:
                moves, notes = legal_moves(cfg, state)
            except EngineError as error:
                found.append(str(error))
                break
            found.append((moves, notes))
            if not moves:
                break
            melding = [m for m in moves if m["type"] not in ("discard", "draw")]
            move = rng.choice(melding or moves)
            state, events = apply(cfg, state, read_move({k: v for k, v in move.items() if k not in ("code", "rules")},
                                                        entry.max_players, entry.sequences is not None))
            found.append(events)
            if state.over:
                break
        found.append(dump_state(state))
        found.append(score(cfg, state))
    return found


BEFORE = None
SEVEN_KINGS = meld(["KD", "KC", "KS", "KH", "KD", "KC", "KS"])


def _finished(threes: list[str], concealed: bool) -> dict:
    """A hand seat 0 ended by going out, side 1 holding these red threes."""
    return position([[], ["9D"], ["4C"], ["AH"]], discard=["8C"], melds=[[SEVEN_KINGS], [meld(["QH", "QS", "QD"])]],
                    red_threes=[[], threes], hidden_stock=True, melded_before=[not concealed, True, False, True],
                    turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": concealed})


def _stock_drawn() -> dict:
    """Seat 0 has drawn the stock's last card and has yet to discard."""
    return position([["9H", "9S"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["4C"],
                    melds=[[meld(["KD", "KC", "KS"])], [meld(["QH", "QS", "QD"])]], hidden_stock=True, stock_count=0,
                    melded_before=[True, True, False, False], turn=meld_turn())


def _before() -> list:
    global BEFORE
    if BEFORE is None:
        BEFORE = _answers(CLASSIC)
    return BEFORE


def test_canasta_variant_table_every_field_is_changed_here_or_declared_unread():
    every = set(_paths(CLASSIC))
    assert every == set(CHANGES) | set(OWN_CASE) | set(NOT_PLAYED_YET) | set(DECLARED)


def test_canasta_variant_table_declared_fields_reach_the_listing():
    listed = {v.slug: v for v in get_game("canasta").variants}["classic"]
    assert (listed.title, listed.summary, listed.min_players, listed.max_players, listed.default_players,
            listed.playable) == (CLASSIC.title, CLASSIC.summary, CLASSIC.min_players, CLASSIC.max_players,
                                 CLASSIC.default_players, CLASSIC.playable)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(CHANGES))
def test_canasta_variant_table_every_field_is_read(path):
    base = _with_companions(path)
    before = _answers(base) if path in COMPANIONS else _before()
    assert _answers(_changed(path, CHANGES[path], base)) != before, f"{path} changed no answer"


@pytest.mark.parametrize("seating", sorted(SEATING_CHANGES))
def test_canasta_variant_table_every_seating_is_read(seating):
    players = SEATING_CHANGES[seating]
    alone = replace(CLASSIC, seating="alone", min_players=players, max_players=players, default_players=players)
    assert _answers(replace(alone, seating=seating)) != _answers(alone), f"seating {seating} changed no answer"


def test_canasta_opening_canasta_needed_tiers_are_read():
    """Opening tiers that ask for a canasta (Brazilian's shape) change what play lists, not only /validate-meld."""
    needs = ((None, 15), (0, CanastaTier()), (1500, CanastaTier(points=90, canasta="natural")))
    listed = []
    for entry in (CLASSIC, _changed("opening.tiers", needs)):
        cfg = build_config(entry, ())
        found = []
        for seed in range(8):
            state = deal(cfg, 4, seed, {"score": [0, 2990]})[0]
            state = apply(cfg, state, read_move({"type": "draw"}, 4))[0]
            found.append(legal_moves(cfg, state))
        listed.append(found)
    assert listed[0] != listed[1], "a tier asking for a canasta changed no listing"


def test_canasta_canastas_sequence_bonus_is_read():
    """A complete sequence earns canastas.sequence where it is set, and a set's bonus for its cards where not."""
    runs = _changed("sequences", SequenceMelds())
    spades = ["4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    found = []
    for entry in (runs, _changed("canastas.sequence", 1500, runs)):
        cfg = build_config(entry, ())
        state = read_state(cfg, position([[], ["9D"], ["4C"], ["AH"]], discard=["8C"],
                                         melds=[[SEVEN_KINGS, {"kind": "sequence", "cards": spades}],
                                                [meld(["QH", "QS", "QD"])]],
                                         hidden_stock=True, melded_before=[True, True, False, True],
                                         turn={"seat": 0, "phase": "over", "ending": "went_out",
                                               "concealed": False}), [])
        found.append([(line["rule"], line["points"]) for line in score(cfg, state)["lines"]
                      if line["rule"].startswith("canasta.canastas.")])
    assert ("canasta.canastas.sequence", 1500) in found[1] and ("canasta.canastas.sequence", 1500) not in found[0]


# The parts CHANGES replaces whole have fields of their own, each read where an entry holds the part (or refused
# at load while the entry is playable: test_variant_static_rules' bad entries).
SEQUENCE_CHANGES = {"min_cards": 4, "max_cards": 6, "low": "5", "high": "K"}
SEQUENCE_REFUSED = ("wilds", "ace_either_end", "nominated")
TIER_CHANGES = {"points": 200, "canasta": "natural"}
RUNS = [["4H", "5H", "6H"], ["5H", "6H", "7H", "8H"], ["9H", "10H", "JH", "QH", "KH", "AH"],
        ["4S", "5S", "6S", "7S", "8S", "9S", "10S"], ["JC", "QC", "KC"]]
KNOWN: dict = {}


def _sequence_answers(entry) -> list:
    """_answers, with verdicts on runs of every length and reach beside them."""
    if entry not in KNOWN:
        cfg = build_config(entry, ())
        KNOWN[entry] = _answers(entry) + [validate_meld(cfg, {"cards": cards, "kind": "sequence"}, None, context)
                                          for cards in RUNS for context in CONTEXTS]
    return KNOWN[entry]


def _tier_answers(entry) -> list:
    """Initial melds judged at a score the entry's second tier covers: melds alone, and beside a canasta of each
    kind."""
    cfg = build_config(entry, ())
    groups = [MELDS[:1], MELDS[5:6], MELDS[7:8], MELDS[5:6] + MELDS[:1], MELDS[7:8] + MELDS[1:2]]
    return [validate_meld(cfg, None, [{"cards": m} for m in group], {"initial": True, "team_score": 100})
            for group in groups]


def _tiered(tier: CanastaTier):
    return replace(CLASSIC, opening=replace(CLASSIC.opening, tiers=((None, 50), (0, tier))))


def test_canasta_variant_table_every_sequence_and_tier_field_is_changed_here_or_refused():
    assert {f.name for f in fields(SequenceMelds)} == set(SEQUENCE_CHANGES) | set(SEQUENCE_REFUSED)
    assert {f.name for f in fields(CanastaTier)} == set(TIER_CHANGES)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SEQUENCE_CHANGES))
def test_canasta_variant_table_every_sequence_field_is_read(name):
    base = TABLE["samba"]
    changed = replace(base, sequences=replace(base.sequences, **{name: SEQUENCE_CHANGES[name]}))
    assert _sequence_answers(changed) != _sequence_answers(base), f"sequences.{name} changed no answer"


@pytest.mark.parametrize("name", sorted(TIER_CHANGES))
def test_canasta_variant_table_every_tier_field_is_read(name):
    assert _tier_answers(_tiered(CanastaTier(**{name: TIER_CHANGES[name]}))) != _tier_answers(
        _tiered(CanastaTier())), f"CanastaTier.{name} changed no answer"
