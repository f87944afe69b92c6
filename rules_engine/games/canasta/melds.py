"""Judging melds: one check per rule, used by states, moves, listings and /validate-meld alike."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import JOKER, card_name
from ...game import Violation
from .config import RANK_ORDER, RED, WILD, Config, set_wild_range
from .hooks import (
    SUPER_CANASTA, SUPER_CANASTA_BONUS, SUPER_CANASTA_CARDS, WILD_CANASTA_BY_COMPOSITION, WILD_CANASTA_COMPOSITIONS,
    has_hook,
)


@dataclass(slots=True)
class Meld:
    """A meld on the table: its rank and its cards, with the counts verdicts need.

    Table melds read from a state are shared by every request that shows them (state._table_meld),
    so a meld is never changed in place: a move that adds to one builds a new Meld.
    """

    rank: str
    cards: list[str]
    naturals: int
    wilds: int
    suit: str = ""                    # a sequence's suit; a sequence has no rank
    # Where the variant names wild cards ("as"): the card each wild card stands for, in the order of the
    # meld's wild cards; None where they are not named.
    named: list[str] | None = None

    @property
    def size(self) -> int:
        """How many cards the meld holds."""
        return self.naturals + self.wilds

    @property
    def kind(self) -> str:
        """"set", "sequence", or "wild" for a meld of wild cards alone (which has no rank)."""
        if self.suit:
            return "sequence"
        return "set" if self.rank else "wild"


@dataclass(slots=True)
class Judged:
    """The verdict on some cards as a meld (or as an addition to one)."""

    rank: str | None
    naturals: int
    wilds: int
    points: int
    violations: list[Violation] = field(default_factory=list)
    suit: str = ""                    # judged as a sequence of this suit

    @property
    def size(self) -> int:
        """How many cards the resulting meld holds."""
        return self.naturals + self.wilds

    @property
    def kind(self) -> str | None:
        """The kind of meld: "set" (one rank), "sequence", "wild" (wild cards alone, where allowed) or None."""
        if self.suit:
            return "sequence"
        if self.rank:
            return "set"
        return "wild" if self.wilds and not self.naturals and not self.violations else None

    def canasta(self, cfg: Config) -> str | None:
        """The kind of canasta the resulting meld is, or None."""
        if self.suit:
            return "sequence" if self.size >= cfg.canasta_size else None
        return canasta_kind(cfg, self.naturals, self.wilds)


def canasta_kind(cfg: Config, naturals: int, wilds: int) -> str | None:
    """'natural', 'mixed' (or 'wild') when a meld of these counts is a canasta, else None."""
    if naturals + wilds < cfg.canasta_size:   # not cfg.is_canasta, inlined: asked of every meld scored
        return None
    if naturals == 0:
        return "wild"
    return "natural" if wilds == 0 else "mixed"


def meld_canasta(cfg: Config, meld: Meld) -> str | None:
    """The kind of canasta a table meld is ('sequence' for a complete sequence), or None."""
    if meld.suit:
        return "sequence" if meld.naturals + meld.wilds >= cfg.canasta_size else None
    return canasta_kind(cfg, meld.naturals, meld.wilds)


def canasta_bonus(cfg: Config, meld: Meld) -> tuple[int, str | None]:
    """The bonus a meld earns as a canasta and the rule that grants it."""
    if meld.naturals + meld.wilds < cfg.canasta_size:
        return 0, None                # no canasta of any kind: most melds scored
    kind = meld_canasta(cfg, meld)
    canastas = cfg.table.canastas
    if kind == "sequence":
        if has_hook(cfg.table.hooks, SUPER_CANASTA) and len(meld.cards) == SUPER_CANASTA_CARDS:
            return SUPER_CANASTA_BONUS[canasta_kind(cfg, meld.naturals, meld.wilds)], "canasta.canastas.super"
        if canastas.sequence is not None:
            return canastas.sequence, "canasta.canastas.sequence"
        # Without a bonus of its own, a complete sequence earns what a set of its cards would (Five-person).
        kind = canasta_kind(cfg, meld.naturals, meld.wilds)
    if kind == "natural" or kind == "mixed":
        special = dict(canastas.by_rank).get(meld.rank) if canastas.by_rank else None
        if kind == "natural":
            return (special or canastas.natural), "canasta.canastas.natural"
        return (special if special and canastas.by_rank_mixed else canastas.mixed), "canasta.canastas.mixed"
    if kind == "wild" and canastas.wild is not None:
        if has_hook(cfg.table.hooks, WILD_CANASTA_BY_COMPOSITION):
            held = (meld.cards.count(JOKER), sum(1 for card in meld.cards if card[:-1] == "2"))
            for composition, bonus in WILD_CANASTA_COMPOSITIONS:
                if held == composition and held[0] + held[1] == len(meld.cards):
                    return bonus, "canasta.canastas.wild-by-composition"
        return canastas.wild, "canasta.canastas.wild"
    return 0, None


def _words(cards: list[str]) -> str:
    return ", ".join(cards)


def judge(cfg: Config, cards: list[str], *, going_out: bool, onto: Meld | None = None) -> Judged:
    """Judge cards as a new meld, or as an addition to the meld `onto`; every broken rule is named."""
    values, meld_kind = cfg.values, cfg.meld_kind
    naturals = wilds = points = 0
    ranks: set[str] = set()
    red: list[str] = []
    for card in cards:
        points += values[card]
        kind = meld_kind[card]        # one lookup: WILD, RED or the card's rank
        if kind is WILD:
            wilds += 1
        elif kind is RED:
            red.append(card)
        else:
            naturals += 1
            ranks.add(kind)
    if cfg.dual and wilds:
        naturals, wilds = _dual_roles(cfg, cards, ranks, onto, naturals, wilds)
    violations: list[Violation] = []
    if red:
        violations.append(Violation("canasta.red-threes.lay-out", f"{cfg.bonus_words(2).capitalize()} ({_words(red)}) "
                                                                  "are laid out as bonuses, never melded."))
        if not naturals and not wilds and onto is None:
            # Bonus cards alone: nothing else is there to judge as a meld.
            return Judged(None, 0, 0, points, violations)
    if onto is not None:
        if onto.rank:
            ranks.add(onto.rank)
        elif ranks or red:
            violations.append(Violation("canasta.melds.all-wild", "A meld of wild cards alone takes only wild "
                                        f"cards, not {_words([c for c in cards if c not in cfg.wild])}."))
            return Judged(None, naturals + onto.naturals, wilds + onto.wilds, points, violations)
        naturals += onto.naturals
        wilds += onto.wilds
    if len(ranks) > 1:
        shown = ", ".join(sorted(ranks, key=RANK_ORDER.__getitem__))
        violations.append(Violation("canasta.melds.set",
                                    f"A meld holds one rank only, but these cards mix {shown}."))
    rank = next(iter(ranks)) if len(ranks) == 1 else None
    if cfg.wild_as and rank:
        points = meld_points(cfg, rank, cards)
    size = naturals + wilds
    if not ranks:
        if cards and cfg.table.sets.all_wild:
            if size < cfg.table.sets.min_cards:
                violations.append(Violation("canasta.melds.all-wild", f"A meld of wild cards alone needs at least "
                                            f"{cfg.table.sets.min_cards} cards; this one has {size}."))
            _check_size(cfg, size, violations)
            most = cfg.wild_meld_most
            if most is not None and most < size <= (cfg.table.sets.max_cards or size) and (
                    onto is None or not cfg.is_canasta(onto.naturals + onto.wilds)):    # else: wild-onto-canasta
                violations.append(Violation("canasta.melds.all-wild", f"A meld of wild cards alone holds at most "
                                            f"{most} cards: {most} make a finished canasta, which no wild card "
                                            f"joins; this one would have {size}."))
            return Judged(None, naturals, wilds, points, violations)
        if cards:
            violations.append(Violation("canasta.melds.no-wild-melds",
                                        f"{_words(cards)}: wild cards cannot be melded without natural cards."))
        else:
            violations.append(Violation("canasta.melds.set", "A meld needs cards."))
        return Judged(None, naturals, wilds, points, violations)
    if cfg.is_stop_rank(rank):
        if not going_out:
            violations.append(Violation("canasta.melds.black-threes",
                                        "Black threes may be melded only by a player going out in this move."))
        if wilds:
            violations.append(Violation("canasta.melds.black-threes",
                                        "A meld of black threes may not hold wild cards."))
        if size < 3:
            violations.append(Violation("canasta.melds.black-threes",
                                        f"Black threes are melded three or four together, not {size}."))
        return Judged(rank, naturals, wilds, points, violations)
    try:                              # set_fits, looked up inline: judge is the listing's innermost call
        fewest, most = cfg.set_wilds[naturals]
    except IndexError:
        fewest, most = 1, 0
    if not fewest <= wilds <= most:
        violations += set_count_problems(cfg, naturals, wilds)
    return Judged(rank, naturals, wilds, points, violations)


def set_count_problems(cfg: Config, naturals: int, wilds: int) -> list[Violation]:
    """What a set of this many natural and wild cards breaks by its counts alone (size, natural cards, cap,
    wild cards): the set rule judge applies to cards and the searches to counts."""
    if set_fits(cfg, naturals, wilds):
        return []                     # no words built for the usual answer
    sets = cfg.table.sets
    size = naturals + wilds
    cap = cfg.wild_cap(naturals)
    violations: list[Violation] = []
    if size < sets.min_cards:
        violations.append(Violation("canasta.melds.set",
                                    f"A meld needs at least {sets.min_cards} cards; this one would have {size}."))
    if naturals < sets.min_naturals:
        violations.append(Violation("canasta.melds.set",
                                    f"A meld needs at least {sets.min_naturals} natural cards; this one would "
                                    f"have {naturals}."))
    _check_size(cfg, size, violations)
    if wilds > cap:
        if cfg.wild_ratio == "not_more" and wilds <= (sets.max_wilds or wilds):
            why = f"never more wild cards than natural ones ({naturals})"
        elif cfg.wild_ratio == "fewer" and wilds <= (sets.max_wilds or wilds):
            why = f"fewer wild cards than natural ones ({naturals})"
        else:
            why = f"at most {sets.max_wilds} wild cards"
        violations.append(Violation("canasta.melds.wild-limit",
                                    f"The meld would hold {wilds} wild cards; it may hold {why}."))
    return violations


def set_fits(cfg: Config, naturals: int, wilds: int) -> bool:
    """Whether a set of this many natural and wild cards is valid by the set rule's counts (the searches
    ask this of counts many times: no words are built)."""
    fewest, most = set_wilds(cfg, naturals)
    return fewest <= wilds <= most


def set_wilds(cfg: Config, naturals: int) -> tuple[int, int]:
    """The fewest and most wild cards a valid set with this many natural cards holds (fewest > most: none)."""
    try:
        return cfg.set_wilds[naturals]
    except IndexError:
        return set_wild_range(cfg.table.sets, cfg.wild_cap(naturals), naturals)


def _dual_roles(cfg: Config, cards: list[str], ranks: set[str], onto: Meld | None, naturals: int,
                wilds: int) -> tuple[int, int]:
    """Counts with each card both wild and natural placed: a natural in a meld of its rank, wild elsewhere.

    The meld's rank comes from its natural cards (or the meld it joins); cards both wild and natural alone
    give it their own rank. `ranks` gains that rank when only they give it."""
    dual = [cfg.dual[card] for card in cards if card in cfg.dual]
    if not dual:
        return naturals, wilds
    known = set(ranks)
    if onto is not None:
        if not onto.rank:
            return naturals, wilds          # a meld of wild cards alone takes them as wild cards
        known.add(onto.rank)
    if not known and len(set(dual)) == 1:
        ranks.add(dual[0])
        known.add(dual[0])
    if len(known) != 1:
        return naturals, wilds
    own = dual.count(next(iter(known)))
    return naturals + own, wilds - own


def card_points(cfg: Config, rank: str, card: str) -> int:
    """What one card counts in a meld of this rank: a wild card valued by the rank it stands for where the
    variant says so (values.wild_as), a card both wild and natural as a natural in a meld of its rank."""
    if card in cfg.as_valued and rank and cfg.dual.get(card) != rank:
        return cfg.wild_as.get(rank, cfg.values[card])
    return cfg.values[card]


def meld_points(cfg: Config, rank: str, cards: list[str]) -> int:
    """What cards count in a meld of this rank ("" for wild cards alone)."""
    if not cfg.wild_as:
        return sum(map(cfg.values.__getitem__, cards))
    return sum(card_points(cfg, rank, card) for card in cards)


def _check_size(cfg: Config, size: int, violations: list[Violation]) -> None:
    """A variant that caps its melds (Joker Canasta's seven) refuses a bigger one."""
    most = cfg.table.sets.max_cards
    if most is not None and size > most:
        violations.append(Violation("canasta.melds.max-cards",
                                    f"A meld holds at most {most} cards here; this one would have {size}."))


def read_meld(cfg: Config, judged: Judged, cards: list[str], named: list[str] | None = None) -> Meld:
    """A table meld from cards already judged valid (`named`: what its wild cards stand for, if named)."""
    return Meld(judged.rank or "", cards, judged.naturals, judged.wilds, judged.suit, named)


def describe(cards: list[str]) -> str:
    """Name cards in words for messages ('king of hearts, joker')."""
    return ", ".join(card_name(c) for c in cards)
