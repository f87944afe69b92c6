"""A variant's table entry combined with the request's options, and the card facts it implies."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...cards import JOKER, RANKS, STANDARD_CARDS
from ...game import Ruleset
from .variants import BLACK_THREES, NATURAL_RANKS, TABLE, VariantRules

RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}


@dataclass(frozen=True)
class Config:
    """Everything a verdict depends on for one variant and one set of options."""

    table: VariantRules
    values: dict[str, int]
    wild: frozenset[str]
    rank_of: dict[str, str]           # natural cards and black threes -> rank; wild cards and red threes absent
    copies: dict[str, int]
    wild_ratio: str
    black_three_freezes: bool
    four_red_unmelded: int
    negative_minimum: int

    def wild_cap(self, naturals: int) -> int:
        """How many wild cards a meld with this many natural cards may hold."""
        cap = self.table.sets.max_wilds if self.table.sets.max_wilds is not None else 10**6
        if self.wild_ratio == "not_more":
            cap = min(cap, naturals)
        elif self.wild_ratio == "fewer":
            cap = min(cap, naturals - 1)
        return max(cap, 0)

    def minimum(self, score: int, failed_attempts: int) -> int:
        """The initial meld minimum for a side's game score and its failed attempts."""
        needed = self.table.opening.minimum(score)
        if score < 0:
            needed = self.negative_minimum
        return needed + self.table.opening.failed_attempt_raise * failed_attempts

    @property
    def needed_rule(self) -> str:
        """The rule that says how many canastas going out needs in this variant."""
        if self.table.going_out.canastas == 2:
            return "canasta.going-out.canastas-two"
        return "canasta.going-out.canasta-needed"

    def is_natural(self, card: str) -> bool:
        """A card that gives a meld its rank (aces to fours)."""
        return card in self.rank_of and card not in BLACK_THREES


def card_sort_key(card: str) -> tuple[int, int]:
    """Order cards by rank then suit, jokers last: the canonical order of listed cards."""
    if card == JOKER:
        return (99, 0)
    return (RANK_ORDER[card[:-1]], SUIT_ORDER[card[-1]])


def wild_sort_key(card: str) -> int:
    """Canonical order of wild cards: twos (by suit) before jokers."""
    return 99 if card == JOKER else SUIT_ORDER[card[-1]]


@lru_cache(maxsize=64)
def _config(variant: str, options: tuple) -> Config:
    table = TABLE[variant]
    chosen = dict(options)
    wild = frozenset([JOKER] + [c for c in STANDARD_CARDS if c[:-1] in table.wild_ranks])
    rank_of = {c: c[:-1] for c in STANDARD_CARDS if c[:-1] in NATURAL_RANKS and c not in wild}
    rank_of.update({c: "3" for c in BLACK_THREES})
    ratio = {"at_most_three": table.sets.wild_ratio, "not_more_than_naturals": "not_more",
             "fewer_than_naturals": "fewer"}[chosen.get("wild_limit", "at_most_three")]
    return Config(
        table=table, values=table.values.table(), wild=wild, rank_of=rank_of, copies=table.deck.copies(),
        wild_ratio=ratio, black_three_freezes=chosen.get("black_three_on_pile", "blocks") == "freezes",
        four_red_unmelded=chosen.get("four_red_threes_unmelded", -table.threes.red_all),
        negative_minimum=chosen.get("opening_negative_minimum", table.opening.tiers[0][1]),
    )


def config_for(rs: Ruleset) -> Config:
    """The configuration of a ruleset (cached: one per variant and option set)."""
    return _config(rs.variant, tuple(sorted(rs.options.items())))

