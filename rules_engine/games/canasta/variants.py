"""The Canasta family as data: one frozen table entry per variant, read by one engine.

A variant is described by what it deals, what counts as a meld and a canasta, what opens, when
the discard pile can be taken, how threes count, what going out needs and where the game ends.
Where a table cannot say it, an entry names a hook (a small function the engine looks up by name).
docs/canasta-variant-table.md maps Samba and Hand & Foot onto these fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...cards import JOKER, STANDARD_CARDS
from ...decks import cards_of, make_deck
from .hooks import HOOKS
from .seating import SEATINGS, Seating

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
    ace_either_end: bool = False      # low "A": the ace may also sit above the king (never round the corner)
    nominated: bool = False           # a wild card in it names the card it stands for ("as")


@dataclass(frozen=True)
class Canastas:
    """How big a canasta is and what each kind earns beyond its cards."""

    size: int | None = 7              # None: the variant has no canastas (Oklahoma)
    natural: int = 500
    mixed: int = 300
    wild: int | None = None           # None: a canasta of wild cards alone does not exist
    sequence: int | None = None       # Samba's samba (1500)
    by_rank: tuple[tuple[str, int], ...] = ()   # canastas of a rank worth more (Mexicana sevens): natural ones,
    by_rank_mixed: bool = False                  # and mixed ones too
    names: tuple[tuple[str, str], ...] = ()     # what the variant calls a kind ("sequence" -> "samba")


@dataclass(frozen=True)
class CanastaTier:
    """An opening requirement that is more than a count: a canasta of some kind, with or without points."""

    points: int = 0
    canasta: str = "any"              # "any" or a canasta kind ("natural")


@dataclass(frozen=True)
class Opening:
    """The initial meld: its minimum and how the minimum is counted."""

    # (lowest side score the tier applies from, minimum); the first tier has no lower bound.
    tiers: tuple[tuple[int | None, int | CanastaTier], ...] = ((None, 15), (0, 50), (1500, 90), (3000, 120))
    basis: str = "score"              # "score": the side's game score; "round": the deal number (Hand & Foot)
    failed_attempt_raise: int = 10    # added to the minimum per insufficient attempt taken back
    top_discard_counts: bool = True   # the pile's top card counts toward the minimum, the rest never
    pile_may_open: bool = True        # Brazilian: the pile may not be taken to open
    concealed_exempt: bool = True     # going out in one turn from a stock draw needs no minimum

    def requirement(self, score: int) -> int | CanastaTier:
        """What the initial meld needs at this score (or round): a count, or a canasta with a count."""
        found = self.tiers[0][1]
        for low, needed in self.tiers:
            if low is None or score >= low:
                found = needed
        return found

    def minimum(self, score: int) -> int:
        """The count the initial meld needs at this score (before any raise for failed attempts)."""
        found = self.requirement(score)
        return found.points if isinstance(found, CanastaTier) else found


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
    take_limit: int | None = None     # Hand & Foot: at most this many cards come with the pile, the top one among them
    top_card_only_onto_sequence: bool = False   # Samba: a top card laid on a sequence comes alone
    wild_top_with_wild_pair: bool = False       # Hand & Foot: a wild top card is taken with two wild cards


@dataclass(frozen=True)
class Threes:
    """Red threes as bonuses, black threes as stop cards."""

    red_each: int = 100
    red_all: int = 800                # a side holding every red three of the deck
    # Bonus cards count minus unless the side has: "melded" at all; "canasta": a canasta; "canastas": as
    # many as going out needs; "never": they always count plus.
    red_negative_unless: str = "melded"
    black_meld_going_out: bool = True   # black threes meld only in going out, three or four, no wild cards
    black_hand_value: int = 5
    # When a black three left in hand costs black_hand_value: "anyone_out" (a player went out; when the stock
    # ran out it counts as any card, black_three), or "hand_end" (however the hand ended).
    black_hand_when: str = "anyone_out"
    # Totals by how many bonus cards a side holds (index 1: one card), where not red_each apiece.
    schedule: tuple[int, ...] = ()
    per_colour: bool = False          # Joker Canasta: red and black threes scored apart, each by the schedule


@dataclass(frozen=True)
class GoingOut:
    """What a side needs before a player may go out, and what going out earns."""

    canastas: int = 1
    bonus: int = 100
    concealed: int | None = 200       # total for going out concealed; None: no extra
    ask_partner: str = "optional"     # "optional" (binding answer), "required", "never"
    # Canastas of a kind a side must hold besides the count (Bolivia: a sequence canasta).
    by_kind: tuple[tuple[str, int], ...] = ()
    bonus_cards_per_canasta: bool = False   # Mexicana: as many red threes laid out as canastas


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
    melded: tuple[tuple[str, int], ...] = ()    # card codes worth something else in a meld (Oklahoma's QS: 50)
    in_hand: tuple[tuple[str, int], ...] = ()   # card codes worth something else left in hand (joker 200)
    wild_as: tuple[tuple[str, int], ...] = ()   # a two's worth by the rank it stands for (Oklahoma: 3-7 5)

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
    # "partners": fixed partnerships, partners opposite; "alone": every seat is a side; "lone_hand": alone
    # until the first taking of the pile makes the other two partners; "partner_rentrap": five seats, each
    # playing with the seat two after it and receiving lay-offs from the seat two before it.
    seating: str
    deck: Deck
    deal: int                         # cards dealt to each hand
    foot: int = 0                     # Hand & Foot: a second hand, taken up once the first is gone
    kitties: tuple[int, int] = (0, 0)  # Five-person: (how many, cards each) set aside for emptied hands
    opening_draw: int = 0             # Mexicana: the first of a side to meld takes this many stock cards
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
    incomplete_penalty: tuple[tuple[str, int, int], ...] = ()   # (meld kind, below this size, points lost)
    incomplete_when: str = "other_side_out"   # whom it costs: "other_side_out" (the sides that did not), "hand_end" (all)
    stock_end: str = "take_matching_discards"   # "take_matching_discards", "kitty", "last_discard"
    game_target: int | None = 5000
    game_rounds: int | None = None    # Hand & Foot: a game is a fixed number of deals
    hooks: tuple[str, ...] = ()       # named behaviour the table cannot express
    playable: bool = False            # whether the engine plays it, or only knows its static rules

    def sides_for(self, players: int) -> int:
        """How many sides play: pairs of partners, or every player alone."""
        return _sides(self.seating, players)


@lru_cache(maxsize=64)
def _sides(seating: str, players: int) -> int:
    """The sides of a seating and number of players, worked out once: every position read asks."""
    return Seating(seating, players).sides


CLASSIC = VariantRules(
    slug="classic", title="Classic Canasta",
    summary="Four players in two partnerships, 108 cards, 11 each; melds of one rank, canastas of seven, "
            "game to 5000.",
    min_players=4, max_players=4, default_players=4, seating="partners",
    deck=Deck(packs=2, jokers=4), deal=11, playable=True,
)

TWO_HAND = VariantRules(
    slug="two-hand", title="Two-hand Canasta",
    summary="Two players, each alone: 15 cards each, two cards drawn per turn, two canastas to go out.",
    min_players=2, max_players=2, default_players=2, seating="alone",
    deck=Deck(packs=2, jokers=4), deal=15, draw=2,
    going_out=GoingOut(canastas=2, ask_partner="never"),
    hooks=("no_replacement_for_last_two",), playable=True,
)

SAMBA_TIERS = ((None, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150))
# Readings of other sources than the book, taken up by options (rules.OPTIONS): Brazilian's red threes on a
# schedule (one to four 100 each, five 1000, six 1200), and Bolivia's 100 for a black three left in a hand.
BRAZILIAN_RED_THREES = (0, 100, 200, 300, 400, 1000, 1200)
BLACK_THREE_IN_HAND = 100
SAMBA = VariantRules(
    slug="samba", title="Samba",
    summary="Three packs and six jokers, 15 cards each, two drawn per turn; sequences of one suit, sambas of "
            "seven; two canastas to go out; game to 10,000.",
    min_players=4, max_players=4, default_players=4, seating="partners",
    deck=Deck(packs=3, jokers=6), deal=15, draw=2,
    sets=SetMelds(max_wilds=2, one_per_rank=False, wild_onto_canasta=False),
    sequences=SequenceMelds(min_cards=3, max_cards=7, low="4", high="A", wilds=False),
    canastas=Canastas(natural=500, mixed=300, sequence=1500, names=(("sequence", "samba"),)),
    opening=Opening(tiers=SAMBA_TIERS),
    pile=Pile(natural_and_wild=False, onto_meld=False, onto_meld_unless_canasta=True, top_card_only_onto_sequence=True),
    threes=Threes(red_all=1000),
    going_out=GoingOut(canastas=2, bonus=200, concealed=None),
    game_target=10000,
    hooks=("merge_melds_of_a_rank",), playable=True,
)

BOLIVIA = VariantRules(
    slug="bolivia", title="Bolivia",
    summary="Samba with melds of wild cards alone (seven make a bolivia, 2500), escaleras of seven in one "
            "suit, one of them needed to go out, and an initial meld of 150 at every score; game to 15,000.",
    min_players=4, max_players=4, default_players=4, seating="partners",
    deck=Deck(packs=3, jokers=6), deal=15, draw=2,
    sets=SetMelds(max_wilds=2, all_wild=True, one_per_rank=False, wild_onto_canasta=False),
    sequences=SequenceMelds(min_cards=3, max_cards=7, low="4", high="A", wilds=False),
    canastas=Canastas(natural=500, mixed=300, wild=2500, sequence=1500,
                      names=(("sequence", "escalera"), ("wild", "bolivia"))),
    opening=Opening(tiers=((None, 150),)),
    pile=Pile(natural_and_wild=False, onto_meld=False, onto_meld_unless_canasta=True, top_card_only_onto_sequence=True),
    threes=Threes(red_all=1000),
    going_out=GoingOut(canastas=2, bonus=200, concealed=None, by_kind=(("sequence", 1),)),
    game_target=15000,
    hooks=("merge_melds_of_a_rank",), playable=True,
)

BRAZILIAN = VariantRules(
    slug="brazilian", title="Brazilian Canasta",
    summary="Bolivia with a 2000 wild canasta, steep openings (a canasta from 7000 up), no pile to open and "
            "1000 lost for every unfinished sequence or wild meld; game to 10,000.",
    min_players=4, max_players=4, default_players=4, seating="partners",
    deck=Deck(packs=3, jokers=6), deal=15, draw=2,
    sets=SetMelds(max_wilds=2, all_wild=True, one_per_rank=False, wild_onto_canasta=False),
    sequences=SequenceMelds(min_cards=3, max_cards=7, low="4", high="A", wilds=False),
    canastas=Canastas(natural=500, mixed=300, wild=2000, sequence=1500,
                      names=(("sequence", "samba"), ("wild", "bolivia"))),
    opening=Opening(tiers=((None, 150), (7000, CanastaTier()), (8000, CanastaTier(points=200)),
                           (9000, CanastaTier(canasta="natural"))), pile_may_open=False),
    pile=Pile(natural_and_wild=False, onto_meld=False, onto_meld_unless_canasta=True, top_card_only_onto_sequence=True),
    threes=Threes(red_all=1000),
    going_out=GoingOut(canastas=2, bonus=200, concealed=None, by_kind=(("sequence", 1),)),
    incomplete_penalty=(("sequence", 7, 1000), ("wild", 7, 1000)),
    game_target=10000,
    hooks=("merge_melds_of_a_rank",), playable=True,
)

# Joker Canasta's threes of a colour by how many a side holds: each three worth its figure in turn (100, 300, 500,
# 1000) adding up; the option joker_threes totals reads the figures as the totals themselves.
JOKER_THREES = (0, 100, 400, 900, 1900)
JOKER_THREES_TOTALS = (0, 100, 300, 500, 1000)
JOKER_CANASTA = VariantRules(
    slug="joker", title="Joker Canasta",
    summary="Four players in partnerships, 13 cards each; the pile always frozen, melds of at most seven, "
            "wild canastas, black threes scored like red ones; two canastas to go out; game to 8500.",
    min_players=4, max_players=4, default_players=4, seating="partners",
    deck=Deck(packs=2, jokers=4), deal=13,
    roles=CardRoles(bonus=("3C", "3D", "3H", "3S"), stop=()),
    sets=SetMelds(all_wild=True, max_cards=7),
    canastas=Canastas(wild=2000),
    opening=Opening(tiers=((None, 100), (3000, 130), (5000, 150))),
    pile=Pile(always_frozen=True, blocked_tops=("wild",)),
    threes=Threes(schedule=JOKER_THREES, per_colour=True, red_negative_unless="canasta"),
    going_out=GoingOut(canastas=2),
    game_target=8500,
    hooks=("wild_canasta_by_composition",), playable=True,
)

MEXICANA = VariantRules(
    slug="mexicana", title="Mexicana",
    summary="Three packs and six jokers, 13 cards each; the first of a side to meld takes 13 more from the "
            "stock; a seven on the pile blocks it; sevens canasta 1000; two canastas and as many red threes "
            "to go out.",
    min_players=4, max_players=4, default_players=4, seating="partners",
    deck=Deck(packs=3, jokers=6), deal=13, opening_draw=13,
    canastas=Canastas(by_rank=(("7", 1000),), by_rank_mixed=True),
    pile=Pile(blocked_tops=("black_three", "wild", "7")),
    threes=Threes(red_all=1000),
    going_out=GoingOut(canastas=2, bonus_cards_per_canasta=True), playable=True,
)

HAND_AND_FOOT = VariantRules(
    slug="hand-and-foot", title="Hand and Foot",
    summary="Five packs and ten jokers, a hand and a foot of 13 cards each, two drawn per turn; clean, dirty "
            "and wild piles of exactly seven; four deals.",
    min_players=4, max_players=4, default_players=4, seating="partners",
    deck=Deck(packs=5, jokers=10), deal=13, foot=13, draw=2,
    sets=SetMelds(max_wilds=2, all_wild=True, max_cards=7, one_per_rank=False),   # a rank's 20 cards: several piles
    canastas=Canastas(natural=700, mixed=300, wild=1500, names=(("natural", "clean"), ("mixed", "dirty"))),
    opening=Opening(tiers=((None, 50), (2, 90), (3, 120), (4, 150)), basis="round", concealed_exempt=False),
    pile=Pile(blocked_tops=("three",), take_limit=7, wild_top_with_wild_pair=True),
    threes=Threes(red_all=1000, red_negative_unless="never"),
    going_out=GoingOut(canastas=5, bonus=100, concealed=None, ask_partner="required",
                       by_kind=(("natural", 2), ("mixed", 2), ("wild", 1))),
    game_target=None, game_rounds=4,
    hooks=("played_from_foot",),
)

OKLAHOMA = VariantRules(
    slug="oklahoma", title="Oklahoma",
    summary="Two to five players alone, two packs and one joker, 13 cards each; sets and runs of one suit "
            "of at most four cards, wild cards named as the card they replace; the queen of spades dear; "
            "game to 1000.",
    min_players=2, max_players=5, default_players=3, seating="alone",
    deck=Deck(packs=2, jokers=1), deal=13,
    roles=CardRoles(bonus=(), stop=()),
    values=CardValues(joker=100, two=20, black_three=5, red_three=5, low_ranks=("3", "4", "5", "6", "7"),
                      melded=(("QS", 50),), in_hand=(("JK", 200), ("QS", 100), ("2C", 20), ("2D", 20),
                                                      ("2H", 20), ("2S", 20)),
                      wild_as=tuple((r, 5) for r in ("3", "4", "5", "6", "7")) + tuple(
                          (r, 10) for r in ("8", "9", "10", "J", "Q", "K"))),
    sets=SetMelds(max_cards=4),
    sequences=SequenceMelds(min_cards=3, max_cards=4, low="A", high="A", wilds=True, ace_either_end=True,
                            nominated=True),
    canastas=Canastas(size=None, natural=0, mixed=0),
    opening=Opening(tiers=((None, 0),), concealed_exempt=False),
    pile=Pile(frozen_by_wild=False, frozen_by_red_three=False, frozen_until_opened=False,
              natural_and_wild=False, blocked_tops=()),
    threes=Threes(red_each=0, red_all=0, black_meld_going_out=False),
    going_out=GoingOut(canastas=0, bonus=100, concealed=None, ask_partner="never"),
    game_target=1000,
    hooks=("queen_of_spades_discarded_last", "joker_swap"),
)

THREE_HAND = VariantRules(
    slug="three-hand", title="Three-hand Canasta",
    summary="Three players, 13 cards each, two drawn per turn; the first to take the pile plays alone "
            "against the other two as partners; two canastas to go out; game to 7500.",
    min_players=3, max_players=3, default_players=3, seating="lone_hand",
    deck=Deck(packs=2, jokers=4), deal=13, draw=2,
    going_out=GoingOut(canastas=2, ask_partner="never"),
    stock_end="last_discard",
    game_target=7500, playable=True,
)

FIVE_PERSON = VariantRules(
    slug="five-person", title="Five-person Canasta",
    summary="Five players, 110 cards (six jokers), 11 each and two kitties of 11; partner two seats on, "
            "rentrap two seats back; sets and runs, twos wild or natural; 75 to open; game to 4000.",
    min_players=5, max_players=5, default_players=5, seating="partner_rentrap",
    deck=Deck(packs=2, jokers=6), deal=11, kitties=(2, 11),
    roles=CardRoles(wild=("JK",), bonus=(), stop=(), wild_and_natural=("2C", "2D", "2H", "2S")),
    values=CardValues(joker=10, two=10, ace=15, high=10, low=5, black_three=5, red_three=5,
                      low_ranks=("3", "4", "5", "6")),
    sets=SetMelds(max_wilds=1),
    sequences=SequenceMelds(min_cards=3, max_cards=13, low="A", high="K", wilds=True, nominated=True),
    canastas=Canastas(natural=100, mixed=50),
    opening=Opening(tiers=((None, 75),), concealed_exempt=False),
    pile=Pile(frozen_by_wild=False, frozen_by_red_three=False, frozen_until_opened=False,
              natural_and_wild=False, blocked_tops=()),
    threes=Threes(red_each=0, red_all=0, black_meld_going_out=False),
    going_out=GoingOut(canastas=1, bonus=50, concealed=None, ask_partner="never"),
    stock_end="kitty",
    game_target=4000,
    hooks=("super_canasta",),
)

CANASTA_KINDS = ("natural", "mixed", "wild", "sequence")
MAX_HOOKS = 2
# Fields the playing engine does not read yet: a playable entry must leave them at their defaults, so
# that no entry says something the referee would silently ignore. Each variant's play reads its own.
NOT_PLAYED_YET: tuple[str, ...] = ()
_DEFAULTS = {"opening": Opening(), "pile": Pile(), "threes": Threes(), "going_out": GoingOut(),
             "canastas": Canastas(), "roles": CardRoles(), "values": CardValues(), "sets": SetMelds()}
_TOP_DEFAULTS = {"foot": 0, "kitties": (0, 0), "opening_draw": 0, "sequences": None, "incomplete_penalty": (),
                 "incomplete_when": "other_side_out",
                 "stock_end": "take_matching_discards", "game_rounds": None}


def _field(entry: VariantRules, path: str) -> object:
    found: object = entry
    for part in path.split("."):
        found = getattr(found, part)
    return found


def _default(path: str) -> object:
    if "." not in path:
        return _TOP_DEFAULTS[path]
    group, name = path.split(".")
    return getattr(_DEFAULTS[group], name)


def entry_problems(entry: VariantRules) -> list[str]:
    """Everything wrong with an entry: the engine refuses to load with any of these."""
    found = []
    if entry.seating not in SEATINGS:
        found.append(f"seating {entry.seating!r} is none of {SEATINGS}")
    if entry.seating == "partners" and (entry.min_players % 2 or entry.max_players % 2):
        found.append("partnerships need an even number of players")
    if entry.seating == "lone_hand" and (entry.min_players, entry.max_players) != (3, 3):
        found.append("a lone hand against a partnership formed in play needs exactly 3 players")
    if entry.seating == "partner_rentrap" and (entry.min_players, entry.max_players) != (5, 5):
        found.append("a partner two seats on and a rentrap two seats back need exactly 5 players")
    if entry.playable and entry.seating in ("lone_hand", "partner_rentrap") and entry.going_out.ask_partner != "never":
        found.append("asking a partner to go out is not searched yet where a seat adds to melds a partner owns")
    if not entry.min_players <= entry.default_players <= entry.max_players:
        found.append("the default player count lies outside the range")
    if entry.game_target is None and entry.game_rounds is None:
        found.append("a game needs a target score or a number of rounds")
    if len(entry.hooks) > MAX_HOOKS:
        found.append(f"at most {MAX_HOOKS} hooks per variant")
    found += [f"unknown hook {name!r}" for name in entry.hooks if name not in HOOKS]
    if entry.playable:
        found += [f"hook {name!r} is not built" for name in entry.hooks if name in HOOKS and not HOOKS[name].built]
        found += [f"{path} is not read by the playing engine yet" for path in NOT_PLAYED_YET
                  if _field(entry, path) != _default(path)]
    lows = [low for low, _ in entry.opening.tiers]
    if lows[0] is not None or any(low is None for low in lows[1:]) or lows[1:] != sorted(lows[1:]):
        found.append("opening tiers start unbounded and rise")
    found += [f"going out by kind: unknown canasta kind {kind!r}" for kind, _ in entry.going_out.by_kind
              if kind not in CANASTA_KINDS]
    if entry.stock_end not in ("take_matching_discards", "kitty", "last_discard"):
        found.append(f"stock_end {entry.stock_end!r} is none of take_matching_discards, kitty, last_discard")
    kept_blocked = ({"black_three"} if entry.roles.stop else set()) | (
        set() if entry.pile.wild_top_with_wild_pair else {"wild"})
    blocking = set(entry.pile.blocked_tops) | ({"black_three"} if "three" in entry.pile.blocked_tops else set())
    if entry.playable and not kept_blocked <= blocking:
        found.append("pile.blocked_tops: a wild card or a stop card on top taken with the pile is not played yet")
    if entry.pile.wild_top_with_wild_pair and ("wild" in entry.pile.blocked_tops or not entry.sets.all_wild):
        found.append("pile.wild_top_with_wild_pair: a wild top card taken with a pair of wild cards needs melds of "
                     "wild cards alone (sets.all_wild) and no \"wild\" in pile.blocked_tops")
    found += [f"opening tiers: unknown canasta kind {needed.canasta!r}" for _, needed in entry.opening.tiers
              if isinstance(needed, CanastaTier) and needed.canasta != "any" and needed.canasta not in CANASTA_KINDS]
    runs = entry.sequences
    if entry.playable and runs is not None:
        # The judge reads these, but the listing and the opening and going-out searches know runs of natural cards
        # in one order of ranks: a playable entry may not ask for more until they do.
        if runs.wilds:
            found.append("sequences.wilds: wild cards in sequences are judged but not searched yet")
        if runs.ace_either_end:
            found.append("sequences.ace_either_end: runs are searched in one order of ranks only")
        if runs.nominated:
            found.append("sequences.nominated: wild cards named in runs (and cards both wild and natural there) are "
                         "judged but not searched yet")
    if "merge_melds_of_a_rank" in entry.hooks and entry.sets.one_per_rank:
        found.append("hook 'merge_melds_of_a_rank' needs several melds of a rank (sets.one_per_rank False)")
    if "played_from_foot" in entry.hooks and not entry.foot:
        found.append("hook 'played_from_foot' needs a foot (foot)")
    if entry.stock_end == "kitty" and not entry.kitties[0]:
        found.append("stock_end 'kitty' needs kitties (kitties)")
    if entry.playable and entry.stock_end == "kitty" and entry.roles.bonus:
        found.append("stock_end 'kitty': a bonus card drawn as the stock's last card before a kitty is not played yet")
    sets = entry.sets
    if entry.playable and entry.roles.wild_and_natural and (
            sets.all_wild or entry.pile.wild_top_with_wild_pair or entry.going_out.by_kind
            or entry.going_out.bonus_cards_per_canasta):
        found.append("roles.wild_and_natural is not played yet beside melds of wild cards alone, a wild top card "
                     "taken with a pair or going out by canasta kind or by bonus cards")
    if entry.playable and "joker_swap" in entry.hooks and (
            any(needed != 0 for _, needed in entry.opening.tiers) or entry.going_out.ask_partner != "never"):
        found.append("joker_swap is not searched yet beside an initial meld minimum or a partner's answer on going "
                     "out (the searches do not take jokers from the table)")
    if entry.playable and entry.sequences is not None and entry.values.wild_as:
        found.append("values.wild_as is not searched yet beside sequences")
    if entry.playable and entry.values.wild_as:
        found += _wild_as_problems(entry)
    threes = entry.threes
    if threes.black_hand_when not in ("anyone_out", "hand_end"):
        found.append(f"threes.black_hand_when {threes.black_hand_when!r} is none of anyone_out, hand_end")
    if threes.red_negative_unless not in ("melded", "canasta", "canastas", "never"):
        found.append(f"threes.red_negative_unless {threes.red_negative_unless!r} is none of melded, canasta, "
                     "canastas, never")
    bonus = entry.deck.copies()
    colours = [[c for c in entry.roles.bonus if c[-1] in "DH"], [c for c in entry.roles.bonus if c[-1] not in "DH"]] \
        if threes.per_colour else [list(entry.roles.bonus)]
    if threes.schedule and len(threes.schedule) <= max(sum(bonus.get(c, 0) for c in group) for group in colours):
        found.append("threes.schedule names a total for every count of bonus cards a side can hold")
    found += [f"incomplete melds: unknown kind {kind!r}" for kind, _, _ in entry.incomplete_penalty
              if kind not in ("set", "sequence", "wild")]
    if entry.incomplete_when not in ("other_side_out", "hand_end"):
        found.append(f"incomplete_when {entry.incomplete_when!r} is none of other_side_out, hand_end")
    if entry.deal * entry.max_players + entry.foot * entry.max_players + entry.kitties[0] * entry.kitties[1] \
            >= entry.deck.size:
        found.append("the deal leaves no stock")
    roles = entry.roles
    named = [*roles.wild, *roles.bonus, *roles.stop, *roles.wild_and_natural]
    if len(named) != len(set(named)):
        found.append("a card has two roles")
    return found


def _wild_as_problems(entry: VariantRules) -> list[str]:
    """What the searches need of values.wild_as: the cards it values alike elsewhere, the other wild cards
    worth one figure no lower than any it gives, and no cards both wild and natural or melds of wild cards."""
    values = entry.values.table(entry.roles)
    valued = [card for card in entry.roles.wild if card != JOKER]
    others = [values[card] for card in entry.roles.wild if card == JOKER]
    found = []
    if len({values[card] for card in valued}) > 1:
        found.append("values.wild_as: the wild cards it values are worth one figure elsewhere")
    highest = max([points for _, points in entry.values.wild_as] + [values[card] for card in valued])
    if any(worth < highest for worth in others):
        found.append("values.wild_as: the joker counts at least as much as any rank gives a wild card")
    if entry.roles.wild_and_natural or entry.sets.all_wild:
        found.append("values.wild_as is not played yet beside cards both wild and natural or melds of wild cards")
    return found


def check_entry(entry: VariantRules) -> VariantRules:
    """The entry itself, or ValueError naming everything wrong with it."""
    problems = entry_problems(entry)
    if problems:
        raise ValueError(f"canasta variant {entry.slug}: " + "; ".join(problems))
    return entry


_MEMBERS = (CLASSIC, SAMBA, BOLIVIA, BRAZILIAN, JOKER_CANASTA, MEXICANA, HAND_AND_FOOT, OKLAHOMA, TWO_HAND,
            THREE_HAND, FIVE_PERSON)
# Every member of the family, in the order the service lists them; the first is the default.
ENTRIES: dict[str, VariantRules] = {v.slug: check_entry(v) for v in _MEMBERS}
# The variants the engine plays; the others answer their static rules only.
TABLE: dict[str, VariantRules] = {slug: v for slug, v in ENTRIES.items() if v.playable}
PLANNED: dict[str, VariantRules] = {slug: v for slug, v in ENTRIES.items() if not v.playable}
