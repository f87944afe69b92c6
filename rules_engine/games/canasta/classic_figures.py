"""Classic rules whose figures other variants change: each variant's own figure, from its entry, said after Classic's.

A variant's answers cite these rules too (the draw, wild cards, canastas, the initial meld, the pile, going out,
red threes), so their texts name every variant's figure where it differs from Classic's, and the rules list every
variant they then hold in.
"""

from __future__ import annotations

from typing import Callable

from .variant_rules import initial_meld_minimums
from .variants import CLASSIC, ENTRIES, VariantRules


def _draw(entry: VariantRules) -> str | None:
    return f"a draw from the stock takes {entry.draw} cards" if entry.draw != CLASSIC.draw else None


def _wild_cards(entry: VariantRules) -> str:
    most = entry.sets.max_wilds
    return "any number of wild cards" if most is None else f"at most {most} wild card{'s' if most != 1 else ''}"


def _wild_limit(entry: VariantRules) -> str | None:
    sets = entry.sets
    if (sets.max_wilds, sets.wild_ratio) == (CLASSIC.sets.max_wilds, CLASSIC.sets.wild_ratio):
        return None
    ratio = {"not_more": ", and never more wild cards than natural ones",
             "fewer": ", and fewer wild cards than natural ones"}.get(sets.wild_ratio, "")
    return f"a meld holds {_wild_cards(entry)}{ratio}"


def _natural(entry: VariantRules) -> str | None:
    natural = entry.canastas.natural
    return f"a natural canasta earns {natural}" if natural != CLASSIC.canastas.natural else None


def _mixed(entry: VariantRules) -> str | None:
    if (entry.canastas.mixed, entry.sets.max_wilds) == (CLASSIC.canastas.mixed, CLASSIC.sets.max_wilds):
        return None
    most = entry.sets.max_wilds
    held = {None: "any number of wild cards", 1: "one wild card", 2: "one or two wild cards"}.get(
        most, f"one to {most} wild cards")
    return f"a mixed canasta holds {held} and earns {entry.canastas.mixed}"


def _minimums(entry: VariantRules) -> str | None:
    opening = entry.opening
    same = (opening.tiers, opening.basis) == (CLASSIC.opening.tiers, CLASSIC.opening.basis)
    return None if same else initial_meld_minimums(entry)


def _going_out(entry: VariantRules) -> str | None:
    bonus = entry.going_out.bonus
    return f"going out earns {bonus}" if bonus != CLASSIC.going_out.bonus else None


def _ask_partner(entry: VariantRules) -> str | None:
    return "a player must ask before going out" if entry.going_out.ask_partner == "required" else None


def _asks_a_partner(entry: VariantRules) -> bool:
    return entry.seating == CLASSIC.seating and entry.going_out.ask_partner != "never"


def _without_a_stock(entry: VariantRules) -> str | None:
    going_out = entry.going_out
    if (going_out.bonus, going_out.concealed) == (CLASSIC.going_out.bonus, CLASSIC.going_out.concealed):
        return None
    concealed = "" if going_out.concealed is None else f", or {going_out.concealed} in all when concealed"
    return f"going out without a stock earns {going_out.bonus}{concealed}"


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _same_pile(entry: VariantRules, *names: str) -> bool:
    """Whether the entry's pile rules named are Classic's."""
    return all(getattr(entry.pile, name) == getattr(CLASSIC.pile, name) for name in names)


def _frozen(entry: VariantRules) -> str | None:
    pile = entry.pile
    if _same_pile(entry, "frozen_by_wild", "frozen_by_red_three", "frozen_until_opened", "always_frozen"):
        return None
    if pile.always_frozen:
        return "the pile is always frozen"
    held = [what for what, by in (("a wild card", pile.frozen_by_wild), ("a red three", pile.frozen_by_red_three)) if by]
    said = [f"for everybody while it holds {_listed(held)}"] if held else []
    said += ["for a side that has not yet made its initial meld"] if pile.frozen_until_opened else []
    return "the pile is frozen " + " and ".join(said) if said else "the pile is never frozen"


def _unfrozen_take(entry: VariantRules) -> str | None:
    pile = entry.pile
    if _same_pile(entry, "natural_and_wild", "onto_meld", "onto_meld_unless_canasta", "top_card_only_onto_sequence"):
        return None
    ways = ["with a natural pair of its rank"]
    ways += ["with one natural of its rank and one wild card"] if pile.natural_and_wild else []
    ways += ["by adding it to the side's meld of its rank"] if pile.onto_meld else []
    ways += ["by laying it alone on a sequence of the side that it lengthens"] if pile.top_card_only_onto_sequence else []
    said = "the top card of a pile not frozen for the side is taken only " + _listed(ways)
    if pile.onto_meld_unless_canasta and not pile.onto_meld:
        said += " (the option top_card_onto_set lets it join a set of the side that is not yet a canasta)"
    return said


def _take(entry: VariantRules) -> str | None:
    if _same_pile(entry, "onto_meld"):
        return None
    return ("the top card with the cards from the hand makes a new meld or joins one of its rank on the table, but "
            "the top card alone joins a meld only as the rule on taking a pile not frozen for the side says")


def _counting(entry: VariantRules) -> str | None:
    opening = entry.opening
    said = [] if opening.pile_may_open else ["the pile is never taken to open, so only cards from the hand count"]
    said += [] if opening.top_discard_counts else ["the top card of a pile taken never counts"]
    if opening.basis == "round":     # the minimum goes by the deal, not the score (canasta.opening.minimum)
        return "; ".join(said + ["the minimum goes by the deal's number, not by the score"])
    needed = opening.requirement(1600)
    said += [f"at 1600 the side needs {needed}, so both examples fall short"] if type(needed) is int and needed > 95 \
        else [f"at 1600 the side needs {needed}"] if type(needed) is int and needed != 90 else []
    return "; ".join(said) or None


def _bonus_cards(entry: VariantRules) -> int:
    copies = entry.deck.copies()
    return sum(copies.get(card, 0) for card in entry.roles.bonus)


def _red_threes(entry: VariantRules) -> str | None:
    threes = entry.threes
    figures = (threes.red_each, threes.red_all, _bonus_cards(entry))
    if figures == (CLASSIC.threes.red_each, CLASSIC.threes.red_all, _bonus_cards(CLASSIC)):
        return None
    said = f"each red three earns {threes.red_each}, and a side holding all {figures[2]} earns {threes.red_all}"
    if threes.red_negative_unless != CLASSIC.threes.red_negative_unless:
        said += "; when they count against the side is the rule on bonus threes counting minus"
    return said


def _lay_out(entry: VariantRules) -> str | None:
    black = [card for card in entry.roles.bonus if card in ("3C", "3S")]
    return "black threes are bonus cards too, laid out and replaced the same way" if black else None


def _blocked_tops(entry: VariantRules) -> str | None:
    if _same_pile(entry, "blocked_tops"):
        return None
    return "the top cards that block the pile are the variant's own (canasta.pile.blocked-tops)"


def _take_figure(entry: VariantRules) -> str | None:
    said = [figure for figure in (_take(entry), _blocked_tops(entry)) if figure]
    return "; ".join(said) or None


def _has_canastas(entry: VariantRules) -> bool:
    return entry.canastas.size is not None


def _red_threes_each(entry: VariantRules) -> bool:
    return _bonus_cards(entry) > 0 and not entry.threes.schedule and not entry.threes.per_colour


# rule id -> (the variant's figure where it differs from Classic's, the variants the rule holds in)
FIGURES: dict[str, tuple[Callable[[VariantRules], str | None], Callable[[VariantRules], bool]]] = {
    "canasta.turn.draw": (_draw, lambda entry: True),
    "canasta.melds.wild-limit": (_wild_limit, lambda entry: True),
    "canasta.canastas.natural": (_natural, _has_canastas),
    "canasta.canastas.mixed": (_mixed, _has_canastas),
    "canasta.going-out.bonus": (_going_out, lambda entry: True),
    "canasta.opening.minimum": (_minimums, lambda entry: True),
    "canasta.going-out.ask-partner": (_ask_partner, _asks_a_partner),
    "canasta.stock.exhausted": (_without_a_stock, lambda entry: entry.stock_end == CLASSIC.stock_end),
    "canasta.opening.counting": (_counting, lambda entry: all(
        type(needed) is int for low, needed in entry.opening.tiers if low is None or low <= 1600)),
    "canasta.pile.frozen": (_frozen, lambda entry: True),
    "canasta.pile.unfrozen-take": (_unfrozen_take, lambda entry: not entry.pile.always_frozen),
    "canasta.pile.take": (_take_figure, lambda entry: _same_pile(entry, "blocked_tops") or entry.playable),
    "canasta.red-threes.lay-out": (_lay_out, lambda entry: _bonus_cards(entry) > 0),
    "canasta.red-threes.score": (_red_threes, _red_threes_each),
}

# Classic rules whose text holds as it stands in these variants too, which cite them.
ALSO_IN = {rule: ("samba", "bolivia", "brazilian", "joker", "mexicana", "hand-and-foot", "three-hand") for rule in (
    "canasta.scoring.melded-cards", "canasta.scoring.hand-cards", "canasta.turn.meld", "canasta.turn.discard",
    "canasta.going-out.how", "canasta.melds.set", "canasta.pile.frozen-take")}


def in_every_variant(rule_id: str, text: str, variants: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """A Classic rule's text and variants, with each other variant's own figure where FIGURES says it."""
    if rule_id in ALSO_IN:
        return text, variants + tuple(slug for slug in ALSO_IN[rule_id] if slug not in variants)
    if rule_id not in FIGURES:
        return text, variants
    figure, holds = FIGURES[rule_id]
    said = [f"{entry.title}: {figure(entry)}." for slug, entry in ENTRIES.items()
            if slug != CLASSIC.slug and holds(entry) and figure(entry) is not None]
    return " ".join([text, *said]), tuple(slug for slug, entry in ENTRIES.items() if holds(entry))
