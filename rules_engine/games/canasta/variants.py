"""The Canasta family as data: one frozen table entry per variant, read by one engine.

A variant is described by what it deals, what counts as a meld and a canasta, what opens, when
the discard pile can be taken, how threes count, what going out needs and where the game ends.
Where a table cannot say it, an entry names a hook (a small function the engine looks up by name).
docs/canasta-variant-table.md maps Samba and Hand & Foot onto these fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import JOKER, STANDARD_CARDS
from ...decks import cards_of, make_deck

NATURAL_RANKS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

# The roles a card can play; every card of a deck has exactly one.
NATURAL = "natural"                   # gives a meld its rank
WILD = "wild"                         # stands for a natural card in a meld
BONUS = "bonus"                       # laid out as soon as it is held and scored apart (Classic's red threes)
STOP = "stop"                         # blocks the pile when discarded; melded only in going out (black threes)
WILD_AND_NATURAL = "wild_and_natural"   # wild, or a natural of its own rank (Five-person's twos)
ROLES = (NATURAL, WILD, BONUS, STOP, WILD_AND_NATURAL)


@dataclass(frozen=True)
class CardRoles:
    """What each card is for: the one map from card to role every module reads."""

    wild: tuple[str, ...] = ("JK", "2C", "2D", "2H", "2S")
    bonus: tuple[str, ...] = ("3D", "3H")
    stop: tuple[str, ...] = ("3C", "3S")
    wild_and_natural: tuple[str, ...] = ()

    def role_of(self) -> dict[str, str]:
        """Every card code and its role; a card named nowhere is a natural of its rank."""
        roles = dict.fromkeys((JOKER, *STANDARD_CARDS), NATURAL)
        for role, cards in ((WILD, self.wild), (BONUS, self.bonus), (STOP, self.stop),
                            (WILD_AND_NATURAL, self.wild_and_natural)):
            roles.update(dict.fromkeys(cards, role))
        return roles

    def cards(self, role: str) -> frozenset[str]:
        """The cards of one role."""
        return frozenset(card for card, found in self.role_of().items() if found == role)


@dataclass(frozen=True)
class Deck:
    """The cards in play: whole 52-card packs plus jokers."""

    packs: int
    jokers: int

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return 52 * self.packs + self.jokers

    def copies(self) -> dict[str, int]:
        """Each card code and how many copies of it the deck holds."""
        return make_deck(self.packs, self.jokers)

    def cards(self) -> list[str]:
        """Every card of the deck, in a fixed order (before shuffling)."""
        return cards_of(self.copies())


@dataclass(frozen=True)
class SetMelds:
    """Melds of one rank ("sets", "books"): size, how many naturals, how many wild cards."""

    min_cards: int = 3
    min_naturals: int = 2
    max_wilds: int | None = 3
    # "any": only max_wilds limits them; "not_more": wilds <= naturals; "fewer": wilds < naturals.
    wild_ratio: str = "any"
    all_wild: bool = False            # melds made only of wild cards (Bolivia, Hand & Foot)
    one_per_rank: bool = True         # a side holds one meld of a rank (Samba allows several)
    max_cards: int | None = None      # Joker Canasta caps melds at 7
    wild_onto_canasta: bool = True    # a wild may join a completed canasta (Samba: no)


@dataclass(frozen=True)
class SequenceMelds:
    """Runs of one suit (Samba's sambas, Oklahoma's sequences)."""

    min_cards: int = 3
    max_cards: int = 7
    low: str = "4"
    high: str = "A"
    wilds: bool = False


@dataclass(frozen=True)
class Canastas:
    """How big a canasta is and what each kind earns beyond its cards."""

    size: int = 7
    natural: int = 500
    mixed: int = 300
    wild: int | None = None           # None: a canasta of wild cards alone does not exist
    sequence: int | None = None       # Samba's samba (1500)
    by_rank: tuple[tuple[str, int], ...] = ()   # natural canastas of a rank worth more (Mexicana sevens)


@dataclass(frozen=True)
class Opening:
    """The initial meld: its minimum and how the minimum is counted."""

    # (lowest side score the tier applies from, minimum); the first tier has no lower bound.
    tiers: tuple[tuple[int | None, int], ...] = ((None, 15), (0, 50), (1500, 90), (3000, 120))
    basis: str = "score"              # "score": the side's game score; "round": the deal number (Hand & Foot)
    failed_attempt_raise: int = 10    # added to the minimum per insufficient attempt taken back
    top_discard_counts: bool = True   # the pile's top card counts toward the minimum, the rest never
    pile_may_open: bool = True        # Brazilian: the pile may not be taken to open
    concealed_exempt: bool = True     # going out in one turn from a stock draw needs no minimum

    def minimum(self, score: int) -> int:
        """The minimum for a side with this score (before any raise for failed attempts)."""
        found = self.tiers[0][1]
        for low, needed in self.tiers:
            if low is None or score >= low:
                found = needed
        return found


@dataclass(frozen=True)
class Pile:
    """When the discard pile is frozen and what takes it."""

    frozen_by_wild: bool = True
    frozen_by_red_three: bool = True
    frozen_until_opened: bool = True
    always_frozen: bool = False
    natural_and_wild: bool = True     # an unfrozen pile yields to one natural plus one wild card
    onto_meld: bool = True            # an unfrozen pile yields when the top card fits a meld of the side
    onto_meld_unless_canasta: bool = False   # Samba: only onto a meld that is not yet a canasta
    blocked_tops: tuple[str, ...] = ("black_three", "wild")   # top cards that can never be taken
    take_limit: int | None = None     # Hand & Foot: at most seven cards come with the top one


@dataclass(frozen=True)
class Threes:
    """Red threes as bonuses, black threes as stop cards."""

    red_each: int = 100
    red_all: int = 800                # a side holding every red three of the deck
    red_negative_unless: str = "melded"   # "melded": the side melded at all; "canastas": as many as going out needs
    black_meld_going_out: bool = True   # black threes meld only in going out, three or four, no wild cards
    black_hand_value: int = 5


@dataclass(frozen=True)
class GoingOut:
    """What a side needs before a player may go out, and what going out earns."""

    canastas: int = 1
    bonus: int = 100
    concealed: int | None = 200       # total for going out concealed; None: no extra
    ask_partner: str = "optional"     # "optional" (binding answer), "required", "never"
    requires: tuple[str, ...] = ()    # named hooks for extra conditions (Bolivia's escalera, H&F's books)


@dataclass(frozen=True)
class CardValues:
    """Points of each card, by rank key ("JK" for the joker, "3B"/"3R" for black/red threes)."""

    joker: int = 50
    two: int = 20
    ace: int = 20
    high: int = 10                    # the other natural ranks (K down to 8 in Classic)
    low: int = 5                      # the ranks in low_ranks
    black_three: int = 5
    red_three: int = 0                # red threes score as a bonus, never as a card
    low_ranks: tuple[str, ...] = ("4", "5", "6", "7")

    def table(self, roles: CardRoles | None = None) -> dict[str, int]:
        """Every card code and its points."""
        values = {JOKER: self.joker}
        bonus = set((roles or CardRoles()).bonus)
        for card in STANDARD_CARDS:
            rank = card[:-1]
            if rank == "2":
                values[card] = self.two
            elif rank == "A":
                values[card] = self.ace
            elif rank == "3":
                values[card] = self.red_three if card in bonus else self.black_three
            elif rank in self.low_ranks:
                values[card] = self.low
            else:
                values[card] = self.high
        return values


@dataclass(frozen=True)
class VariantRules:
    """One member of the Canasta family, as data."""

    slug: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    teams: str                        # "partners": partners sit opposite; "alone": every seat is a side
    deck: Deck
    deal: int                         # cards dealt to each hand
    foot: int = 0                     # Hand & Foot: a second hand, taken up once the first is gone
    draw: int = 1                     # cards taken from the stock per turn
    roles: CardRoles = field(default_factory=CardRoles)
    values: CardValues = field(default_factory=CardValues)
    sets: SetMelds = field(default_factory=SetMelds)
    sequences: SequenceMelds | None = None
    canastas: Canastas = field(default_factory=Canastas)
    opening: Opening = field(default_factory=Opening)
    pile: Pile = field(default_factory=Pile)
    threes: Threes = field(default_factory=Threes)
    going_out: GoingOut = field(default_factory=GoingOut)
    stock_end: str = "take_matching_discards"   # what happens once the stock is empty
    game_target: int | None = 5000
    game_rounds: int | None = None    # Hand & Foot: a game is a fixed number of deals
    hooks: tuple[str, ...] = ()       # named behaviour the table cannot express
    rule_source: str = ""

    def teams_for(self, players: int) -> int:
        """How many sides play: pairs of partners, or every player alone."""
        if self.teams == "alone":
            return players
        return players // 2


CLASSIC = VariantRules(
    slug="classic", title="Classic Canasta",
    summary="Four players in two partnerships, 108 cards, 11 each; melds of one rank, canastas of seven, "
            "game to 5000.",
    min_players=4, max_players=4, default_players=4, teams="partners",
    deck=Deck(packs=2, jokers=4), deal=11,
    rule_source="rules/classic_canasta_facts.md",
)

TWO_HAND = VariantRules(
    slug="two-hand", title="Two-hand Canasta",
    summary="Two players, each alone: 15 cards each, two cards drawn per turn, two canastas to go out.",
    min_players=2, max_players=2, default_players=2, teams="alone",
    deck=Deck(packs=2, jokers=4), deal=15, draw=2,
    going_out=GoingOut(canastas=2, ask_partner="never"),
    hooks=("last_stock_card_is_a_full_draw", "no_replacement_for_last_two"),
    rule_source="rules/variant_facts.md (Two-hand Canasta)",
)

# Designed and checked on paper (docs/canasta-variant-table.md), not played yet: the engine lacks the
# sequence melds, the foot and the named hooks they need, so they stay out of TABLE.
SAMBA = VariantRules(
    slug="samba", title="Samba",
    summary="Three packs and six jokers, 15 cards each, two drawn per turn; sequences of one suit, sambas of "
            "seven; two canastas to go out; game to 10,000.",
    min_players=4, max_players=4, default_players=4, teams="partners",
    deck=Deck(packs=3, jokers=6), deal=15, draw=2,
    sets=SetMelds(max_wilds=2, one_per_rank=False, wild_onto_canasta=False),
    sequences=SequenceMelds(min_cards=3, max_cards=7, low="4", high="A", wilds=False),
    canastas=Canastas(natural=500, mixed=300, sequence=1500),
    opening=Opening(tiers=((None, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150))),
    pile=Pile(natural_and_wild=False, onto_meld_unless_canasta=True),
    threes=Threes(red_all=1000),
    going_out=GoingOut(canastas=2, bonus=200, concealed=None),
    game_target=10000,
    hooks=("merge_melds_of_a_rank", "sequence_takes_top_card_only"),
    rule_source="seeds/canasta-variants-and-euchre.txt (Samba); rules/variant_facts.md (Samba)",
)

HAND_AND_FOOT = VariantRules(
    slug="hand-and-foot", title="Hand and Foot",
    summary="Five packs and ten jokers, a hand and a foot of 13 cards each, two drawn per turn; clean, dirty "
            "and wild piles of exactly seven; four deals.",
    min_players=4, max_players=4, default_players=4, teams="partners",
    deck=Deck(packs=5, jokers=10), deal=13, foot=13, draw=2,
    sets=SetMelds(max_wilds=2, all_wild=True, max_cards=7),
    canastas=Canastas(natural=700, mixed=300, wild=1500),
    opening=Opening(tiers=((None, 50), (2, 90), (3, 120), (4, 150)), basis="round", concealed_exempt=False),
    pile=Pile(blocked_tops=("three",), take_limit=7),
    threes=Threes(red_all=100 * 10, red_negative_unless="never"),
    going_out=GoingOut(canastas=0, bonus=100, concealed=None, ask_partner="required",
                       requires=("piles_two_clean_two_dirty_one_wild", "played_from_foot")),
    game_target=None, game_rounds=4,
    hooks=("foot_taken_when_hand_is_empty", "wild_top_taken_with_wild_pair"),
    rule_source="seeds/canasta-variants-and-euchre.txt (Hand & Foot); rules/variant_facts.md (Hand and Foot)",
)
PLANNED: dict[str, VariantRules] = {v.slug: v for v in (SAMBA, HAND_AND_FOOT)}

# Every variant the engine plays, by slug; the first is the default. Entries that need hooks or
# fields the engine does not implement yet are left out until they work.
TABLE: dict[str, VariantRules] = {v.slug: v for v in (CLASSIC, TWO_HAND)}
