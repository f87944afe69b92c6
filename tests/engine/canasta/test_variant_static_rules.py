"""Each variant's static rules, from the published descriptions: deck, deal, meld kinds, canasta kinds,
card points and opening requirements, asked through /validate-meld and read from the entries."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.config import config_for
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.melds import Meld, canasta_bonus, judge
from rules_engine.games.canasta.variants import (
    BOLIVIA, BRAZILIAN, CLASSIC, ENTRIES, FIVE_PERSON, HAND_AND_FOOT, JOKER_CANASTA, MEXICANA, OKLAHOMA, SAMBA,
    THREE_HAND, TWO_HAND, CanastaTier, SequenceMelds, check_entry,
)
from rules_engine.registry import get_game

from .helpers import GAME, OPPONENTS_MELD, body, position

RUN_OF_SEVEN = ["4H", "5H", "6H", "7H", "8H", "9H", "10H"]
SEVEN_WILD = ["2C", "2D", "2H", "2S", "JK", "JK", "JK"]


def meld(variant: str, cards: list[str], **context) -> dict:
    return answers.validate_meld({"game": GAME, "variant": variant, "meld": {"cards": cards}, "context": context})


def opening(variant: str, melds: list[list[str]], **context) -> dict:
    return answers.validate_meld({"game": GAME, "variant": variant, "melds": [{"cards": m} for m in melds],
                                  "context": {"initial": True, **context}})


def rules_of(answer: dict) -> set[str]:
    return {v["rule"] for v in answer["violations"]}


def points(variant: str) -> dict[str, int]:
    return config_for(get_game(GAME).ruleset(variant)).values


# -- Samba ----------------------------------------------------------------------------------------
def test_canasta_variant_samba_deck_deal_and_draw():
    assert (SAMBA.deck.size, SAMBA.deal, SAMBA.draw, SAMBA.game_target) == (162, 15, 2, 10000)


def test_canasta_melds_sequence_samba_seven_in_a_suit_is_a_samba():
    answer = meld("samba", RUN_OF_SEVEN)
    assert (answer["valid"], answer["kind"], answer["canasta"]) == (True, "sequence", "samba")
    assert SAMBA.canastas.sequence == 1500


def test_canasta_melds_sequence_samba_no_wild_cards_and_four_lowest():
    assert not meld("samba", ["4H", "5H", "JK", "7H"])["valid"]
    assert not meld("samba", ["3H", "4H", "5H"])["valid"]
    assert meld("samba", ["QS", "KS", "AS"])["valid"]


def test_canasta_melds_wild_limit_samba_two_wild_cards_in_a_set():
    assert meld("samba", ["KH", "KS", "KD", "2C", "JK"])["valid"]
    assert "canasta.melds.wild-limit" in rules_of(meld("samba", ["KH", "KS", "KD", "2C", "2D", "JK"]))


def test_canasta_opening_minimum_samba_tiers():
    assert [SAMBA.opening.minimum(s) for s in (-5, 0, 1500, 3000, 6995, 7000)] == [15, 50, 90, 120, 120, 150]
    assert opening("samba", [["AH", "AS", "AD"], ["KH", "KS", "KD"]], team_score=7000)["required"] == 150


def test_canasta_going_out_samba_two_canastas_bonus_200_red_threes_1000():
    assert (SAMBA.going_out.canastas, SAMBA.going_out.bonus, SAMBA.threes.red_all) == (2, 200, 1000)


# -- Bolivia --------------------------------------------------------------------------------------
def test_canasta_melds_all_wild_bolivia_three_wild_cards_alone():
    assert meld("bolivia", ["2C", "2D", "JK"])["valid"]
    assert "canasta.melds.all-wild" in rules_of(meld("bolivia", ["2C", "JK"]))


def test_canasta_canastas_wild_bolivia_seven_wild_cards_is_a_bolivia_worth_2500():
    assert meld("bolivia", SEVEN_WILD)["canasta"] == "bolivia" and BOLIVIA.canastas.wild == 2500


def test_canasta_opening_minimum_bolivia_150_from_7000_game_15000():
    assert BOLIVIA.opening.minimum(7000) == 150 and BOLIVIA.game_target == 15000


@pytest.mark.parametrize("options, minimums", [
    ({}, [150, 150, 150, 150, 150]),
    ({"bolivia_opening": "tiers"}, [15, 50, 90, 120, 150]),
    ({"bolivia_opening": "150_always"}, [150, 150, 150, 150, 150]),
], ids=["default", "tiers", "150_always"])
def test_canasta_variant_bolivia_option_opening_by_tiers_or_150_always(options, minimums):
    # The book: initial melding requirements "standardized at 150", at every score (the default); Bicycle and
    # rummy-games.com keep Samba's minimums by score up to 150 from 7000 (the option).
    asked = [answers.validate_meld({"game": GAME, "variant": "bolivia", "options": options,
                                    "melds": [{"cards": ["AH", "AS", "AD"]}],
                                    "context": {"initial": True, "team_score": score}})["required"]
             for score in (-5, 0, 1500, 3000, 7000)]
    assert asked == minimums


def test_canasta_variant_brazilian_option_going_out_canasta_and_samba_or_any_two():
    # Brazilian is Bolivia with its own bonuses and penalties: one of the two canastas is a samba by default;
    # Bicycle's "any two canastas" is the option.
    assert build_config(BRAZILIAN, ()).table.going_out.by_kind == (("sequence", 1),)
    assert build_config(BRAZILIAN, (("brazilian_going_out", "any_two"),)).table.going_out.by_kind == ()
    assert "brazilian_going_out" in [o["name"] for o in answers.rule("canasta.variant.brazilian")["option_details"]]


@pytest.mark.parametrize("variant", [SAMBA, BOLIVIA, BRAZILIAN], ids=["samba", "bolivia", "brazilian"])
def test_canasta_pile_onto_meld_unless_canasta_samba_family_option_top_card_onto_set(variant):
    # The book takes the pile only with a natural pair, or the top card alone onto a sequence; Bicycle and the
    # Official Laws also let the top card join a set not yet a canasta: an option, the book's reading the default.
    default = build_config(variant, ()).table.pile
    assert not default.onto_meld and default.top_card_only_onto_sequence
    chosen = build_config(variant, (("top_card_onto_set", "unless_canasta"),)).table.pile
    assert chosen.onto_meld and chosen.onto_meld_unless_canasta
    rule = answers.rule("canasta.pile.onto-meld-unless-canasta")
    assert [o["name"] for o in rule["option_details"]] == ["top_card_onto_set"] and len(rule["notes"]) == 1


def test_canasta_black_threes_in_hand_bolivia_and_brazilian_count_as_any_card_or_100_by_option():
    # The book scores Bolivia as Samba and Samba as the basic game (5, as any card); Bicycle's 100 is the option.
    assert BRAZILIAN.threes.black_hand_value == BOLIVIA.threes.black_hand_value == 5
    for entry in (BOLIVIA, BRAZILIAN):
        for when in ("anyone_out", "hand_end"):
            threes = build_config(entry, (("black_threes_in_hand", when),)).table.threes
            assert (threes.black_hand_value, threes.black_hand_when) == (100, when)


def test_canasta_threes_schedule_brazilian_as_samba_or_on_bicycles_schedule():
    assert (BRAZILIAN.threes.schedule, BRAZILIAN.threes.red_all, BRAZILIAN.threes.red_negative_unless) == \
        ((), 1000, "melded")
    threes = build_config(BRAZILIAN, (("brazilian_red_threes", "schedule"),)).table.threes
    assert (threes.schedule, threes.red_negative_unless) == ((0, 100, 200, 300, 400, 1000, 1200), "canasta")


def test_canasta_going_out_ask_first_brazilian_optional_by_default_required_by_option():
    assert BRAZILIAN.going_out.ask_partner == "optional"
    assert build_config(BRAZILIAN, (("brazilian_ask_partner", "required"),)).table.going_out.ask_partner == "required"
    assert "brazilian" in answers.rule("canasta.going-out.ask-first")["variants"]


def test_canasta_going_out_bolivia_needs_a_sequence_canasta():
    assert BOLIVIA.going_out.canastas == 2 and dict(BOLIVIA.going_out.by_kind) == {"sequence": 1}
    assert meld("bolivia", RUN_OF_SEVEN)["canasta"] == "escalera"


# -- Brazilian ------------------------------------------------------------------------------------
def test_canasta_canastas_wild_brazilian_bolivia_2000_samba_1500():
    assert (BRAZILIAN.canastas.wild, BRAZILIAN.canastas.sequence) == (2000, 1500)
    assert meld("brazilian", SEVEN_WILD)["canasta"] == "bolivia"
    assert meld("brazilian", RUN_OF_SEVEN)["canasta"] == "samba"


def test_canasta_opening_minimum_brazilian_150_below_7000():
    answer = opening("brazilian", [["AH", "AS", "AD", "2C"], ["KH", "KS", "KD"]], team_score=6995)
    assert answer["required"] == 150 and "canasta.opening.minimum" in rules_of(answer)


def test_canasta_opening_canasta_needed_brazilian_a_canasta_from_7000():
    short = opening("brazilian", [["AH", "AS", "AD"]], team_score=7500)
    assert "canasta.opening.canasta-needed" in rules_of(short)
    mixed = opening("brazilian", [["KH", "KS", "KD", "KC", "KH", "2S", "JK"]], team_score=7500)
    assert mixed["valid"]


def test_canasta_opening_canasta_needed_brazilian_natural_canasta_from_9000():
    mixed = opening("brazilian", [["KH", "KS", "KD", "KC", "KH", "2S", "JK"]], team_score=9000)
    assert "canasta.opening.canasta-needed" in rules_of(mixed)
    natural = opening("brazilian", [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], team_score=9000)
    assert natural["valid"]


def test_canasta_variant_brazilian_pile_may_not_open_and_unfinished_melds_cost_1000():
    assert BRAZILIAN.opening.pile_may_open is False
    assert {kind: lost for kind, _, lost in BRAZILIAN.incomplete_penalty} == {"sequence": 1000, "wild": 1000}
    assert BRAZILIAN.game_target == 10000


# -- Joker Canasta --------------------------------------------------------------------------------
def test_canasta_melds_max_cards_joker_no_meld_over_seven():
    eight = meld("joker", ["KH", "KS", "KD", "KC", "KH", "KS", "KD", "KC"])
    assert "canasta.melds.max-cards" in rules_of(eight)
    assert meld("joker", ["KH", "KS", "KD", "KC", "KH", "KS", "KD"])["canasta"] == "natural"


def test_canasta_canastas_wild_joker_wild_canastas_allowed():
    assert meld("joker", SEVEN_WILD)["canasta"] == "wild"


def test_canasta_opening_minimum_joker_100_130_150():
    assert [JOKER_CANASTA.opening.minimum(s) for s in (0, 2995, 3000, 4995, 5000)] == [100, 100, 130, 130, 150]


def test_canasta_variant_joker_black_threes_are_bonus_cards_scored_100_300_500_1000():
    assert set(JOKER_CANASTA.roles.bonus) == {"3C", "3D", "3H", "3S"} and not JOKER_CANASTA.roles.stop
    totals = JOKER_CANASTA.threes.schedule
    assert [totals[n] - totals[n - 1] for n in range(1, 5)] == [100, 300, 500, 1000]
    assert JOKER_CANASTA.pile.always_frozen and JOKER_CANASTA.going_out.canastas == 2
    assert (JOKER_CANASTA.deal, JOKER_CANASTA.game_target) == (13, 8500)


# -- Mexicana -------------------------------------------------------------------------------------
def test_canasta_variant_mexicana_deck_deal_sevens_and_going_out():
    assert (MEXICANA.deck.size, MEXICANA.deal, MEXICANA.opening_draw) == (162, 13, 13)
    assert "7" in MEXICANA.pile.blocked_tops and dict(MEXICANA.canastas.by_rank) == {"7": 1000}
    assert MEXICANA.going_out.canastas == 2 and MEXICANA.going_out.bonus_cards_per_canasta


# -- Hand and Foot --------------------------------------------------------------------------------
def test_canasta_variant_hand_and_foot_deck_hand_foot_and_pile():
    assert (HAND_AND_FOOT.deck.size, HAND_AND_FOOT.deal, HAND_AND_FOOT.foot, HAND_AND_FOOT.draw) == (270, 13, 13, 2)
    assert HAND_AND_FOOT.pile.take_limit == 7 and "three" in HAND_AND_FOOT.pile.blocked_tops
    assert HAND_AND_FOOT.pile.wild_top_with_wild_pair and HAND_AND_FOOT.game_rounds == 4


def test_canasta_canastas_wild_hand_and_foot_clean_dirty_wild_piles():
    assert meld("hand-and-foot", ["KH", "KS", "KD", "KC", "KH", "KS", "KD"])["canasta"] == "clean"
    assert meld("hand-and-foot", ["KH", "KS", "KD", "KC", "KH", "2S", "JK"])["canasta"] == "dirty"
    assert meld("hand-and-foot", SEVEN_WILD)["canasta"] == "wild"
    assert (HAND_AND_FOOT.canastas.natural, HAND_AND_FOOT.canastas.mixed, HAND_AND_FOOT.canastas.wild) == (
        700, 300, 1500)


def test_canasta_melds_max_cards_hand_and_foot_piles_of_exactly_seven_two_wild_at_most():
    assert "canasta.melds.max-cards" in rules_of(meld("hand-and-foot", ["KH"] * 4 + ["KS"] * 4))
    assert "canasta.melds.wild-limit" in rules_of(meld("hand-and-foot", ["KH", "KS", "KD", "2C", "2D", "JK"]))


def test_canasta_opening_minimum_hand_and_foot_by_round():
    required = [opening("hand-and-foot", [["AH", "AS", "AD"]], round=r)["required"] for r in (1, 2, 3, 4)]
    assert required == [50, 90, 120, 150]


def test_canasta_going_out_hand_and_foot_two_clean_two_dirty_one_wild():
    assert dict(HAND_AND_FOOT.going_out.by_kind) == {"natural": 2, "mixed": 2, "wild": 1}
    assert HAND_AND_FOOT.going_out.ask_partner == "required" and HAND_AND_FOOT.going_out.bonus == 100
    assert HAND_AND_FOOT.threes.red_each == 100


# -- Oklahoma -------------------------------------------------------------------------------------
def test_canasta_variant_oklahoma_players_deck_deal_target():
    assert (OKLAHOMA.min_players, OKLAHOMA.max_players, OKLAHOMA.deck.size, OKLAHOMA.deal) == (2, 5, 105, 13)
    assert OKLAHOMA.seating == "alone" and OKLAHOMA.game_target == 1000 and OKLAHOMA.going_out.bonus == 100


def test_canasta_melds_sequence_oklahoma_three_or_four_ace_high_or_low():
    assert meld("oklahoma", ["QH", "KH", "AH"])["kind"] == "sequence"
    assert meld("oklahoma", ["AH", "JK", "3H", "4H"])["valid"]
    assert not meld("oklahoma", ["9H", "10H", "JH", "QH", "KH"])["valid"]


def test_canasta_melds_max_cards_oklahoma_sets_of_four_at_most():
    assert "canasta.melds.max-cards" in rules_of(meld("oklahoma", ["KH", "KS", "KD", "KC", "KH"]))


def test_canasta_variant_oklahoma_card_points_by_place():
    values = points("oklahoma")
    assert (values["AS"], values["8D"], values["3C"], values["7H"]) == (20, 10, 5, 5)
    assert dict(OKLAHOMA.values.in_hand)["JK"] == 200 and values["JK"] == 100
    assert dict(OKLAHOMA.values.melded)["QS"] == 50 and dict(OKLAHOMA.values.in_hand)["QS"] == 100
    assert dict(OKLAHOMA.values.wild_as)["5"] == 5 and dict(OKLAHOMA.values.wild_as)["K"] == 10


# -- Two-hand and Three-hand ----------------------------------------------------------------------
def test_canasta_variant_two_hand_and_three_hand_deal_draw_and_canastas():
    assert (TWO_HAND.deal, TWO_HAND.draw, TWO_HAND.going_out.canastas) == (15, 2, 2)
    assert (THREE_HAND.deal, THREE_HAND.draw, THREE_HAND.going_out.canastas) == (13, 2, 2)
    assert THREE_HAND.seating == "lone_hand" and THREE_HAND.game_target == 7500


# -- Five-person ----------------------------------------------------------------------------------
def test_canasta_variant_five_person_deck_kitties_points():
    assert (FIVE_PERSON.deck.size, FIVE_PERSON.deal, FIVE_PERSON.kitties) == (110, 11, (2, 11))
    values = points("five-person")
    assert (values["AS"], values["3C"], values["6H"], values["7D"], values["KS"], values["JK"]) == (
        15, 5, 5, 10, 10, 10)
    assert set(FIVE_PERSON.roles.wild_and_natural) == {"2C", "2D", "2H", "2S"}


def test_canasta_variant_five_person_opening_75_canastas_100_and_50():
    assert opening("five-person", [["AH", "AS", "AD"], ["KH", "KS", "KD"]])["required"] == 75
    assert (FIVE_PERSON.canastas.natural, FIVE_PERSON.canastas.mixed) == (100, 50)
    assert FIVE_PERSON.seating == "partner_rentrap" and FIVE_PERSON.game_target == 4000


# -- every entry ----------------------------------------------------------------------------------
def test_canasta_variant_table_lists_all_eleven_variants():
    assert list(ENTRIES) == ["classic", "samba", "bolivia", "brazilian", "joker", "mexicana", "hand-and-foot",
                             "oklahoma", "two-hand", "three-hand", "five-person"]
    assert all(len(entry.hooks) <= 2 for entry in ENTRIES.values())


@pytest.mark.parametrize("change, problem", [
    ({"hooks": ("no_such_hook",)}, "unknown hook"),
    ({"game_target": None}, "target score or a number of rounds"),
    ({"min_players": 3, "default_players": 3}, "even number of players"),
    ({"seating": "lone_hand"}, "needs exactly 3 players"),
    ({"seating": "partner_rentrap"}, "need exactly 5 players"),
    ({"seating": "lone_hand", "min_players": 3, "max_players": 3, "default_players": 3}, "not searched yet"),
    ({"opening": replace(CLASSIC.opening, tiers=((None, 50), (3000, CanastaTier(canasta="clean"))))},
     "unknown canasta kind 'clean'"),
    ({"stock_end": "kitty"}, "needs kitties"),
    ({"kitties": (2, 11), "stock_end": "kitty"}, "bonus card drawn as the stock's last card"),
    ({"hooks": ("played_from_foot",)}, "needs a foot"),
    ({"sequences": SequenceMelds(wilds=True)}, "sequences.wilds"),
    ({"sequences": SequenceMelds(low="A", high="A", ace_either_end=True)}, "sequences.ace_either_end"),
    ({"sequences": SequenceMelds(nominated=True)}, "sequences.nominated"),
    ({"sequences": SequenceMelds(nominated=True), "roles": replace(CLASSIC.roles, wild_and_natural=("2C",))},
     "sequences.nominated"),
])
def test_canasta_variant_table_bad_entries_are_refused_at_load(change, problem):
    with pytest.raises(ValueError, match=problem):
        check_entry(replace(CLASSIC, **change))


@pytest.mark.parametrize("variant", list(ENTRIES))
def test_canasta_variant_every_variant_has_its_rule(variant):
    found = answers.rule(f"canasta.variant.{variant}") if variant not in ("classic", "two-hand") else None
    if found:
        assert str(ENTRIES[variant].deck.size) in found["text"] and found["sources"][0]["url"]


# -- kinds and nominated wild cards on input ------------------------------------------------------
def test_canasta_melds_nominated_oklahoma_wild_card_keeps_the_run_in_order():
    assert meld_object("oklahoma", {"cards": ["4H", "2C", "6H"], "as": ["5H"]})["kind"] == "sequence"
    assert "canasta.melds.sequence" in rules_of(meld_object("oklahoma", {"cards": ["4H", "2C", "6H"], "as": ["7H"]}))
    assert "canasta.melds.nominated" in rules_of(meld_object("oklahoma", {"cards": ["4H", "2C", "6H"],
                                                                          "as": ["5S"]}))
    assert "canasta.melds.nominated" in rules_of(meld_object("oklahoma", {"cards": ["KH", "KS", "2C"],
                                                                          "as": ["QD"]}))


def test_canasta_melds_set_classic_kind_optional_on_input():
    assert meld_object("classic", {"cards": ["KH", "KS", "KD"], "kind": "set"})["valid"]
    with pytest.raises(InvalidRequest):
        meld_object("classic", {"cards": ["KH", "KS", "KD"], "kind": "sequence"})
    with pytest.raises(InvalidRequest):
        meld_object("classic", {"cards": ["KH", "KS", "2C"], "as": ["KD"]})
    plain = position([["KH", "KS", "9D", "5C"], {"count": 6}, {"count": 6}, {"count": 6}], discard=["KD"])
    named = position([["KH", "KS", "9D", "5C"], {"count": 6}, {"count": 6}, {"count": 6}], discard=["KD"],
                     melds=[[], [{**OPPONENTS_MELD, "kind": "set"}]], melded_before=[False, True, False, False])
    assert answers.legal_moves(body(named)) == answers.legal_moves(body(plain))
    named["melds"][1][0]["kind"] = "sequence"
    with pytest.raises(InvalidRequest):
        answers.legal_moves(body(named))


def meld_object(variant: str, raw: dict) -> dict:
    return answers.validate_meld({"game": GAME, "variant": variant, "meld": raw})


# -- disputed points as options -------------------------------------------------------------------
def test_canasta_variant_samba_top_tier_minimum_option():
    melds = [["AH", "AS", "AD"]]
    assert opening("samba", melds, team_score=7500)["required"] == 150
    answer = answers.validate_meld({"game": GAME, "variant": "samba", "options": {"top_tier_minimum": 160},
                                    "melds": [{"cards": m} for m in melds],
                                    "context": {"initial": True, "team_score": 7500}})
    assert answer["required"] == 160


def test_canasta_variant_brazilian_wild_canasta_option_and_mexicana_red_threes():
    assert config_for(get_game(GAME).ruleset("brazilian", {"wild_canasta": 2500})).table.canastas.wild == 2500
    assert config_for(get_game(GAME).ruleset("mexicana", {"all_red_threes": 600})).table.threes.red_all == 600
    # Two notes each for brazilian_opening, wild_canasta, brazilian_going_out and brazilian_ask_partner.
    assert len(answers.rule("canasta.variant.brazilian")["notes"]) == 8


# -- stop cards by role ---------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["oklahoma", "five-person"])
def test_canasta_melds_black_threes_stop_cards_by_role_threes_meld_as_a_set_where_no_card_stops(variant):
    # Oklahoma and Five-person give threes no role: three threes, black or red, are a set like any other.
    for cards in (["3H", "3S", "3D"], ["3C", "3S", "3S"], ["3C", "3S", "3H", "3D"]):
        answer = answers.validate_meld({"game": "canasta", "variant": variant, "meld": {"cards": cards}})
        assert answer["valid"] is True and answer["kind"] == "set", (cards, answer["violations"])


def test_canasta_melds_black_threes_stop_cards_by_role_classic_still_melds_them_only_going_out():
    answer = answers.validate_meld({"game": "canasta", "variant": "classic", "meld": {"cards": ["3C", "3S", "3S"]}})
    assert rules_of(answer) == {"canasta.melds.black-threes"}
    going_out = answers.validate_meld({"game": "canasta", "variant": "classic", "meld": {"cards": ["3C", "3S", "3S"]},
                                       "context": {"going_out": True}})
    assert going_out["valid"] is True


# -- bonus cards named by role --------------------------------------------------------------------
@pytest.mark.parametrize("variant,cards,words", [
    ("classic", ["3H", "3D", "3H"], "Red threes (3H, 3D, 3H)"),
    ("joker", ["3S", "3C", "3S"], "Threes (3S, 3C, 3S)"),        # Joker Canasta's black threes are bonus cards too
    ("joker", ["3H", "3C", "3D"], "Threes (3H, 3C, 3D)"),
])
def test_canasta_red_threes_lay_out_bonus_cards_named_as_the_variant_names_them(variant, cards, words):
    answer = answers.validate_meld({"game": "canasta", "variant": variant, "meld": {"cards": cards}})
    laid_out = [v["message"] for v in answer["violations"] if v["rule"] == "canasta.red-threes.lay-out"]
    assert laid_out and laid_out[0].startswith(words), laid_out
    assert "red three" not in " ".join(laid_out).lower() or variant == "classic"


def test_canasta_red_threes_lay_out_events_named_as_the_variant_names_its_bonus_cards():
    # Joker Canasta lays out every three, black or red, as Classic lays out its red threes: its events say threes.
    for entry, name in ((CLASSIC, "red_threes"), (JOKER_CANASTA, "threes")):
        cfg = build_config(entry, ())
        laid = [event for seed in range(12) for event in deal(cfg, 4, seed, {})[1]
                if "replaced" in event]              # the lay-out events: cards laid out, and how many replaced
        assert laid and {event["type"] for event in laid} == {name}, (entry.slug, laid[:2])
        assert entry is CLASSIC or any(card in ("3C", "3S") for event in laid for card in event["cards"])


# -- Mexicana's canasta of sevens ------------------------------------------------------------------
@pytest.mark.parametrize("options,natural,mixed", [((), 1000, 1000), ((("sevens_canasta", "natural"),), 1000, 300),
                                                   ((("sevens_canasta", "any"),), 1000, 1000)])
def test_canasta_variant_mexicana_sevens_canasta_earns_1000_natural_or_as_the_option_reads(options, natural, mixed):
    # A canasta of sevens is worth 1000 (the book, rummy-games.com), natural or mixed; sevens_canasta natural reads
    # the 1000 as a natural canasta's bonus only. Another rank's canastas keep 500 and 300.
    cfg = build_config(MEXICANA, options)
    for cards, worth in ((["7C", "7C", "7D", "7D", "7H", "7H", "7S"], natural),
                         (["7C", "7C", "7D", "7D", "7H", "7H", "2S"], mixed),
                         (["KC", "KC", "KD", "KD", "KH", "KH", "KS"], 500),
                         (["KC", "KC", "KD", "KD", "KH", "KH", "JK"], 300)):
        judged = judge(cfg, cards, going_out=True)
        assert canasta_bonus(cfg, Meld(judged.rank, cards, judged.naturals, judged.wilds))[0] == worth, cards


def test_canasta_pile_take_limit_hand_and_foot_seven_in_all_or_the_top_card_and_seven():
    game = get_game(GAME)
    assert config_for(game.ruleset("hand-and-foot")).table.pile.take_limit == 7
    assert config_for(game.ruleset("hand-and-foot", {"pile_take_limit": "top_plus_seven"})).table.pile.take_limit == 8
    rule = answers.rule("canasta.pile.take-limit")
    assert rule["options"] == ["pile_take_limit"] and len(rule["notes"]) == 2
    assert "at most 7 cards come with the pile, the top card among them" in rule["text"]


def _hand_and_foot_meld(cards: list[str], **options) -> dict:
    return answers.validate_meld({"game": GAME, "variant": "hand-and-foot", "options": options,
                                  "meld": {"cards": cards}, "context": {"initial": False, "team_score": 0}})


def test_canasta_variant_hand_and_foot_option_wild_limit_two_or_three_fewer_than_naturals():
    four_and_three = ["KH", "KS", "KD", "KC", "2C", "2D", "JK"]
    assert _hand_and_foot_meld(four_and_three)["valid"] is False
    assert _hand_and_foot_meld(four_and_three, hand_and_foot_wild_limit=3)["valid"] is True
    assert _hand_and_foot_meld(["KH", "KS", "KD", "2C", "2D", "JK"], hand_and_foot_wild_limit=3)["valid"] is False
    assert _hand_and_foot_meld(["KH", "KS", "2C", "2D"])["valid"] is True


def test_canasta_variant_hand_and_foot_option_low_cards_four_to_nine_count_5():
    assert _hand_and_foot_meld(["8H", "8S", "8D"])["points"] == 30
    assert _hand_and_foot_meld(["8H", "8S", "8D"], hand_and_foot_low_cards="four_to_nine")["points"] == 15
    assert _hand_and_foot_meld(["10H", "10S", "10D"], hand_and_foot_low_cards="four_to_nine")["points"] == 30


@pytest.mark.parametrize("choice, canastas, by_kind", [
    ("clean_dirty_wild", 5, {"natural": 2, "mixed": 2, "wild": 1}),
    ("two_clean_two_dirty", 4, {"natural": 2, "mixed": 2}),
    ("one_clean_one_dirty", 2, {"natural": 1, "mixed": 1}),
])
def test_canasta_variant_hand_and_foot_option_piles_to_go_out(choice, canastas, by_kind):
    going_out = config_for(get_game(GAME).ruleset("hand-and-foot", {"hand_and_foot_piles": choice})).table.going_out
    assert (going_out.canastas, dict(going_out.by_kind)) == (canastas, by_kind)


def test_canasta_melds_several_of_a_rank_hand_and_foot_a_rank_makes_more_than_one_pile():
    # cardref's reading: twenty cards of a rank and piles of exactly seven, so a side starts another meld of a rank.
    existing = [{"cards": ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]}]
    answer = answers.validate_meld({"game": GAME, "variant": "hand-and-foot", "melds": [{"cards": ["KC", "KH", "KS"]}],
                                    "context": {"initial": False, "team_score": 0, "existing": existing}})
    assert answer["valid"] is True, answer["violations"]
