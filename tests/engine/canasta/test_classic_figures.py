"""Classic rules cited by other variants' answers: they hold in those variants and say each one's own figures."""

from __future__ import annotations

import random

import pytest

from rules_engine import answers
from rules_engine.games.canasta.variants import CLASSIC, TABLE
from rules_engine.registry import RULES

LISTING_ONLY = ("code", "rules", "opening")


def rule(rule_id: str):
    return RULES.get(rule_id)[1]


def played_to_the_end(variant: str, seed: int) -> tuple[list[dict], dict]:
    """Every listing of a hand played at random, melding where it can, and its score."""
    chooser = random.Random(seed)
    body = {"game": "canasta", "variant": variant}
    state = answers.deal({**body, "seed": seed})["state"]
    listings = []
    while True:
        listed = answers.legal_moves({**body, "state": state})
        listings.append(listed)
        if listed["to_act"] is None:
            return listings, answers.score({**body, "state": state})
        melding = [m for m in listed["moves"] if m["type"] not in ("draw", "discard")]
        move = chooser.choice(melding if melding and chooser.random() < 0.7 else listed["moves"])
        move = {key: value for key, value in move.items() if key not in LISTING_ONLY}
        state = answers.apply_move({**body, "state": state, "move": move})["state"]


@pytest.mark.parametrize("variant", ["samba", "bolivia", "brazilian", "two-hand"])
def test_canasta_scoring_lines_cite_rules_that_hold_in_the_variant(variant):
    for seed in range(3):
        _, score = played_to_the_end(variant, seed)
        assert score["lines"]
        for line in score["lines"]:
            assert variant in rule(line["rule"]).variants, (line, rule(line["rule"]).variants)


@pytest.mark.parametrize("variant", ["samba", "bolivia", "brazilian", "two-hand"])
def test_canasta_rules_cited_by_a_listing_hold_in_the_variant(variant):
    for seed in (7, 8):
        listings, _ = played_to_the_end(variant, seed)
        for listed in listings:
            cited = {rule_id for move in listed["moves"] for rule_id in move["rules"]}
            cited |= {rule_id for note in listed.get("constraints", []) for rule_id in note["rules"]}
            cited |= set(listed["pile"]["rules"]) if listed.get("pile") else set()
            for rule_id in cited:
                assert variant in rule(rule_id).variants, rule_id


@pytest.mark.parametrize("slug", sorted(TABLE))
def test_canasta_going_out_bonus_and_turn_draw_say_each_variants_own_figure(slug):
    entry = TABLE[slug]
    if slug == CLASSIC.slug:
        assert "earns 100" in rule("canasta.going-out.bonus").text
        return
    bonus, draw = rule("canasta.going-out.bonus").text, rule("canasta.turn.draw").text
    assert (f"{entry.title}: going out earns {entry.going_out.bonus}." in bonus) == (entry.going_out.bonus != 100)
    assert (f"{entry.title}: a draw from the stock takes {entry.draw} cards." in draw) == (entry.draw != 1)
    if entry.sets.max_wilds != CLASSIC.sets.max_wilds:
        assert f"{entry.title}: a meld holds at most {entry.sets.max_wilds} wild cards" in \
            rule("canasta.melds.wild-limit").text


@pytest.mark.parametrize("slug", sorted(TABLE))
def test_canasta_opening_minimum_says_each_variants_own_minimums(slug):
    entry, text = TABLE[slug], rule("canasta.opening.minimum").text
    assert slug in rule("canasta.opening.minimum").variants
    if entry.opening.tiers != CLASSIC.opening.tiers:
        assert f"{entry.title}: the initial meld needs" in text or f"{entry.title}: an initial meld needs" in text
