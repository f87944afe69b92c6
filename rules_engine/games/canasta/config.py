"""A variant's table entry combined with the request's options, and the card facts it implies."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from ...cards import ALL_CARDS, JOKER, RANKS
from ...game import Ruleset
from .game_length import by_rounds
from .meld_memo import MeldMemo
from .variants import (BLACK_THREE_IN_HAND, BONUS, BRAZILIAN_RED_THREES, ENTRIES, JOKER_THREES_TOTALS, NATURAL,
                       SAMBA_TIERS, STOP, WILD_AND_NATURAL, VariantRules)
from .variants import WILD as WILD_ROLE

RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}
CARD_LIMIT = 108 * 3  # no table of the family holds more cards than this
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
    retracted_card_penalty: int = 100   # what a side loses for each card taken back from the table
    max_wilds: int = 10**6            # the variant's own cap on wild cards in a meld (10**6: none)
    fewest_copies: int = 0            # copies of the rarest card code (0 when the deck lacks one)
    kind_of: dict = field(default_factory=dict, compare=False, repr=False)  # card -> WILD, BLACK or rank
    meld_kind: dict = field(default_factory=dict, compare=False, repr=False)  # card -> WILD, RED or rank_of
    wild_caps: tuple = ()             # wild_cap(n) for small n, looked up rather than worked out
    set_wilds: tuple = ()             # set_wild_range(n) for small n: the searches ask it of counts many times
    sorted_deck: list = field(default_factory=list, compare=False, repr=False)  # every copy, sorted
    # Table melds read and judged, by their card list as given, kept across requests because the
    # same melds come back every turn (see state._table_meld; MeldMemo bounds it).
    table_melds: MeldMemo = field(default_factory=MeldMemo, compare=False, repr=False)
    bonus_cards: frozenset = frozenset()   # laid out at once and scored apart (Classic's red threes)
    stop_cards: frozenset = frozenset()    # block the pile, meld only in going out (Classic's black threes)
    # The rank of the stop cards ("3"), or None where the entry has none (threes are then bonus cards or naturals):
    # a meld of this rank is a meld of stop cards, never a set.
    stop_rank: str | None = None
    canasta_size: int = 7
    # The most cards a meld of wild cards alone holds (None: no most): the cap on melds, and seven where no wild
    # card joins a finished canasta (Bolivia's bolivia: every card such a meld could take is wild).
    wild_meld_most: int | None = None
    hand_values: dict = field(default_factory=dict, compare=False, repr=False)  # a card's worth left in hand
    # What scoring reads besides Classic's rules, worked out once: cards valued apart melded and in hand,
    # whether black threes left in hand have their own figure, whether bonus cards score as in Classic.
    melded_apart: dict = field(default_factory=dict, compare=False, repr=False)
    in_hand_apart: dict = field(default_factory=dict, compare=False, repr=False)
    stops_apart: bool = False
    plain_threes: bool = True
    bonus_every: int = 0              # how many bonus cards the deck holds
    blocked_by: dict = field(default_factory=dict, compare=False, repr=False)  # pile_policy.blocked, by top card
    needs_by: dict = field(default_factory=dict, compare=False, repr=False)    # going_out.needs_of, by its counts
    keeps_round: bool = False         # whether positions carry the deal's number (game_length.by_rounds)
    rentrap_adds_back: bool = False   # Five-person read both ways: a seat adds to its rentrap's melds too
    # Cards both wild and natural (Five-person's twos) -> their rank: natural in a meld of that rank, wild
    # elsewhere (melds.judge decides; they sit in `wild` and out of `rank_of`).
    dual: dict = field(default_factory=dict, compare=False, repr=False)
    # values.wild_as: a melded wild card other than a joker counts by the rank it stands for (rank -> points),
    # the cards it values (`as_valued`) and what the other wild cards count (`other_wild`, one figure).
    wild_as: dict = field(default_factory=dict, compare=False, repr=False)
    as_valued: frozenset = frozenset()
    other_wild: int = 0
    # One meld of a rank, melds of one rank only, wild cards joining any meld, each card one role and one
    # value: what going_out.plan_going_out knows (the opening search knows the rest).
    plain_sets: bool = True
    nominated: bool = False           # a wild card in a meld names the card it stands for ("as")
    canasta_tiers: bool = False       # some opening tier asks for a canasta (Brazilian): only then is it looked up
    # Two-hand's option two_hand_last_red_three only_card: a red three as the stock's last card ends the hand only
    # where the draw brought no other card (it came alone, or after another red three).
    last_red_three_only_alone: bool = False

    def bonus_words(self, count: int) -> str:
        """The variant's bonus cards as a player names them: red threes, or every three where the black count too
        (Joker Canasta), else bonus cards; plural unless `count` is 1."""
        suits = {card[-1] for card in self.bonus_cards if card[:-1] == "3"}
        if len(suits) == len(self.bonus_cards) and suits in ({"H", "D"}, {"C", "D", "H", "S"}):
            name = "red three" if suits == {"H", "D"} else "three"
        else:
            name = "bonus card"
        return name if count == 1 else name + "s"

    @property
    def bonus_event(self) -> str:
        """What the events laying bonus cards out are called: red_threes, threes (Joker Canasta) or bonus_cards."""
        return self.bonus_words(2).replace(" ", "_")

    def is_canasta(self, cards: int) -> bool:
        """Whether a meld of this many cards is a canasta: the one place the family decides it."""
        return cards >= self.canasta_size

    def wild_cap(self, naturals: int) -> int:
        """How many wild cards a meld with this many natural cards may hold."""
        if naturals >= 0:
            try:
                return self.wild_caps[naturals]
            except IndexError:
                pass
        return _wild_cap(self.max_wilds, self.wild_ratio, naturals)

    def minimum(self, score: int, failed_attempts: int) -> int:
        """The initial meld minimum for a side's game score and its failed attempts."""
        needed = self.table.opening.minimum(score)
        if score < 0:
            needed = self.negative_minimum
        return needed + self.table.opening.failed_attempt_raise * failed_attempts

    def lowest_minimum(self, failed_attempts: int) -> int:
        """The lowest initial meld minimum any game score (or deal) asks, raised for failed attempts."""
        return self._least_minimum + self.table.opening.failed_attempt_raise * failed_attempts

    @cached_property
    def upcard_most(self) -> int:
        """The most cards the deal can turn to start the pile: the upcard is turned again while it shows a wild
        card or a bonus card, so at most every such card of the deck and one more."""
        return 1 + sum(n for card, n in self.copies.items() if card in self.wild or card in self.bonus_cards)

    @cached_property
    def _least_minimum(self) -> int:
        bases = [-5, 0, 1] + [low for low, _ in self.table.opening.tiers if low is not None]
        return min(self.minimum(basis, 0) for basis in bases)

    def opening_basis(self, state, side: int) -> int:
        """What a side's opening tier is read by: its game score, or the deal's number where tiers go by round."""
        if self.table.opening.basis == "round":
            return state.round or 1
        return state.score[side] if state.score is not None else 0

    @property
    def needed_rule(self) -> str:
        """The rule that says how many canastas going out needs in this variant."""
        if self.table.going_out.canastas == 2:
            return "canasta.going-out.canastas-two"
        return "canasta.going-out.canasta-needed"

    @property
    def deal_rule(self) -> str:
        """The rule that says how many cards a hand is dealt and a turn draws in this variant."""
        if self.table.draw > 1:
            return "canasta.deal.two-hand"
        return "canasta.deal.hands"

    def is_stop_rank(self, rank: str | None) -> bool:
        """Whether a meld of this rank is a meld of stop cards (Classic's black threes), never a set."""
        return rank is not None and rank == self.stop_rank

    def is_natural(self, card: str) -> bool:
        """A card that gives a meld its rank (aces to fours)."""
        return card in self.rank_of and card not in self.stop_cards


def _card_sort_key(card: str) -> int:
    """Order cards by rank then suit, jokers last: the canonical order of listed cards.

    One integer (rank, then suit within it) rather than a pair: sorts compare integers faster.
    """
    if card == JOKER:
        return 99 * len(SUIT_ORDER)
    return RANK_ORDER[card[:-1]] * len(SUIT_ORDER) + SUIT_ORDER[card[-1]]


def _wild_sort_key(card: str) -> int:
    """Canonical order of wild cards: twos (by suit) before jokers."""
    return 99 if card == JOKER else SUIT_ORDER[card[-1]]


# Every card's keys computed once: sorting is on the hot path of every listing, and a dict lookup
# costs a fraction of the function call. Unknown cards still raise KeyError, as they always did.
card_sort_key = {card: _card_sort_key(card) for card in ALL_CARDS}.__getitem__
wild_sort_key = {card: _wild_sort_key(card) for card in ALL_CARDS}.__getitem__


def _wild_cap(max_wilds: int, ratio: str, naturals: int) -> int:
    """How many wild cards a meld with this many natural cards may hold, worked out from the rules."""
    cap = max_wilds
    if ratio == "not_more":
        cap = min(cap, naturals)
    elif ratio == "fewer":
        cap = min(cap, naturals - 1)
    return max(cap, 0)


def set_wild_range(sets, cap: int, naturals: int) -> tuple[int, int]:
    """The fewest and most wild cards a set with this many natural cards may hold (the set rule's counts:
    size, natural cards, the cap on wild cards); (1, 0) where no count of wild cards will do."""
    if naturals < sets.min_naturals:
        return 1, 0
    most = cap if sets.max_cards is None else min(cap, sets.max_cards - naturals)
    return max(0, sets.min_cards - naturals), most


WILD = "*wild"                        # kind_of, meld_kind: a wild card (no rank is spelled so)
BLACK = "*black"                      # kind_of: a black three
RED = "*red"                          # meld_kind: a red three


def _kinds(wild: frozenset[str], rank_of: dict[str, str], stop: frozenset[str]) -> dict[str, str]:
    """What split_hand sorts each card into: WILD, BLACK or the rank of a natural; bonus cards absent."""
    kinds = {card: BLACK if card in stop else rank for card, rank in rank_of.items()}
    kinds.update((card, WILD) for card in wild)
    return kinds


# Hand and Foot's piles to go out under the option hand_and_foot_piles, where other sources than the book ask others.
HAND_AND_FOOT_PILES = {"two_clean_two_dirty": (("natural", 2), ("mixed", 2)),
                       "one_clean_one_dirty": (("natural", 1), ("mixed", 1))}


@lru_cache(maxsize=64)
def _config(variant: str, options: tuple) -> Config:
    return build_config(ENTRIES[variant], options)


def _with_options(table: VariantRules, chosen: dict) -> VariantRules:
    """The entry with the options that replace one of its numbers applied (points the sources dispute)."""
    if "top_tier_minimum" in chosen:
        tiers = table.opening.tiers
        table = replace(table, opening=replace(table.opening, tiers=tiers[:-1] + (
            (tiers[-1][0], chosen["top_tier_minimum"]),)))
    if "short_of_two_canastas" in (chosen.get("samba_red_threes_minus"), chosen.get("bolivia_red_threes_minus")):
        table = replace(table, threes=replace(table.threes, red_negative_unless="canastas"))
    if chosen.get("brazilian_red_threes") == "schedule":
        table = replace(table, threes=replace(table.threes, schedule=BRAZILIAN_RED_THREES,
                                              red_negative_unless="canasta"))
    if chosen.get("top_card_onto_set") == "unless_canasta":
        table = replace(table, pile=replace(table.pile, onto_meld=True))
    if chosen.get("bolivia_opening") == "tiers":
        table = replace(table, opening=replace(table.opening, tiers=SAMBA_TIERS))
    if chosen.get("brazilian_opening") == "samba_tiers":
        low = tuple(tier for tier in SAMBA_TIERS if tier[0] is None or tier[0] < table.opening.tiers[1][0])
        table = replace(table, opening=replace(table.opening, tiers=low + table.opening.tiers[1:]))
    if chosen.get("brazilian_going_out") == "any_two":
        table = replace(table, going_out=replace(table.going_out, by_kind=()))
    if chosen.get("incomplete_melds") == "sequences_under_five":
        points = max(lost for _, _, lost in table.incomplete_penalty)
        table = replace(table, incomplete_penalty=(("sequence", 5, points),), incomplete_when="hand_end")
    if chosen.get("black_threes_in_hand") in ("anyone_out", "hand_end"):
        table = replace(table, threes=replace(table.threes, black_hand_value=BLACK_THREE_IN_HAND,
                                              black_hand_when=chosen["black_threes_in_hand"]))
    if chosen.get("brazilian_ask_partner") == "required":
        table = replace(table, going_out=replace(table.going_out, ask_partner="required"))
    if "wild_canasta" in chosen:
        table = replace(table, canastas=replace(table.canastas, wild=chosen["wild_canasta"]))
    if chosen.get("two_hand_penalties") == "none":
        table = replace(table, opening=replace(table.opening, failed_attempt_raise=0))
    if chosen.get("joker_threes") == "totals":
        table = replace(table, threes=replace(table.threes, schedule=JOKER_THREES_TOTALS))
    if chosen.get("pile_take_limit") == "top_plus_seven":
        table = replace(table, pile=replace(table.pile, take_limit=table.pile.take_limit + 1))
    if chosen.get("hand_and_foot_piles") in HAND_AND_FOOT_PILES:
        by_kind = HAND_AND_FOOT_PILES[chosen["hand_and_foot_piles"]]
        table = replace(table, going_out=replace(table.going_out, canastas=sum(n for _, n in by_kind), by_kind=by_kind))
    if chosen.get("hand_and_foot_wild_limit") == 3:
        table = replace(table, sets=replace(table.sets, max_wilds=3, wild_ratio="fewer"))
    if chosen.get("hand_and_foot_low_cards") == "four_to_nine":
        table = replace(table, values=replace(table.values, low_ranks=("4", "5", "6", "7", "8", "9")))
    if "all_red_threes" in chosen:
        table = replace(table, threes=replace(table.threes, red_all=chosen["all_red_threes"]))
    if chosen.get("sevens_canasta") == "natural":
        table = replace(table, canastas=replace(table.canastas, by_rank_mixed=False))
    return table


def build_config(table: VariantRules, options: tuple) -> Config:
    """The configuration of an entry under options given as sorted (name, value) pairs."""
    chosen = dict(options)
    table = _with_options(table, chosen)
    role_of = table.roles.role_of()
    # A card both wild and natural is wild wherever no meld of its rank takes it (melds.judge).
    wild = frozenset(c for c, role in role_of.items() if role in (WILD_ROLE, WILD_AND_NATURAL))
    rank_of = {c: c[:-1] for c, role in role_of.items() if role in (NATURAL, STOP) and c != JOKER}
    bonus = frozenset(c for c, role in role_of.items() if role == BONUS)
    stop = frozenset(c for c, role in role_of.items() if role == STOP)
    copies = table.deck.copies()
    ratio = {"at_most_three": table.sets.wild_ratio, "not_more_than_naturals": "not_more",
             "fewer_than_naturals": "fewer"}[chosen.get("wild_limit", "at_most_three")]
    max_wilds = table.sets.max_wilds if table.sets.max_wilds is not None else 10**6
    return Config(
        table=table, values={**table.values.table(table.roles), **dict(table.values.melded)}, wild=wild, rank_of=rank_of, copies=copies,
        wild_ratio=ratio, black_three_freezes=chosen.get("black_three_on_pile", "blocks") == "freezes",
        four_red_unmelded=chosen.get("four_red_threes_unmelded", -_every_bonus_card(table)),
        retracted_card_penalty=0 if chosen.get("two_hand_penalties") == "none" else 100,
        negative_minimum=chosen.get("opening_negative_minimum", table.opening.tiers[0][1]),
        max_wilds=max_wilds,
        fewest_copies=min(copies.get(card, 0) for card in ALL_CARDS),  # 0 if a card is missing
        kind_of=_kinds(wild, rank_of, stop),
        meld_kind={**dict.fromkeys(bonus, RED), **rank_of, **dict.fromkeys(wild, WILD)},
        wild_caps=tuple(_wild_cap(max_wilds, ratio, n) for n in range(CARD_LIMIT + 1)),
        set_wilds=tuple(set_wild_range(table.sets, _wild_cap(max_wilds, ratio, n), n) for n in range(CARD_LIMIT + 1)),
        sorted_deck=sorted(card for card in ALL_CARDS for _ in range(copies.get(card, 0))),
        bonus_cards=bonus, stop_cards=stop, stop_rank=next((rank_of[card] for card in sorted(stop)), None),
        canasta_size=table.canastas.size or 10**6,
        wild_meld_most=_wild_meld_most(table),
        hand_values=_hand_values(table, stop),
        melded_apart=dict(table.values.melded), in_hand_apart=dict(table.values.in_hand),
        stops_apart=table.threes.black_hand_value != table.values.black_three,
        plain_threes=not table.threes.schedule and not table.threes.per_colour
        and table.threes.red_negative_unless == "melded",
        bonus_every=sum(copies.get(card, 0) for card in bonus),
        keeps_round=by_rounds(table),
        rentrap_adds_back=chosen.get("rentrap_adds", "to_partner") == "both_ways",
        dual={c: c[:-1] for c, role in role_of.items() if role == WILD_AND_NATURAL},
        wild_as=dict(table.values.wild_as),
        as_valued=frozenset(c for c in wild if c != JOKER) if table.values.wild_as else frozenset(),
        other_wild=max((table.values.joker,) if JOKER in wild else (), default=0),
        plain_sets=(table.sets.one_per_rank and not table.sets.all_wild and table.sets.wild_onto_canasta
                    and not any(role == WILD_AND_NATURAL for role in role_of.values()) and not table.values.wild_as
                    and table.sequences is None),
        nominated=table.sequences is not None and table.sequences.nominated,
        canasta_tiers=any(getattr(needed, "canasta", None) is not None for _, needed in table.opening.tiers),
        last_red_three_only_alone=chosen.get("two_hand_last_red_three") == "only_card",
    )


def _wild_meld_most(table: VariantRules) -> int | None:
    """The most cards a meld of wild cards alone holds (None: no most)."""
    caps = [table.sets.max_cards]
    if not table.sets.wild_onto_canasta:
        caps.append(table.canastas.size)
    caps = [cap for cap in caps if cap is not None]
    return min(caps) if caps else None


def _every_bonus_card(table: VariantRules) -> int:
    """What a side holding every bonus card of the deck scores for them (before any sign)."""
    threes = table.threes
    if not threes.schedule:
        return threes.red_all
    copies = table.deck.copies()
    return threes.schedule[min(sum(copies.get(card, 0) for card in table.roles.bonus), len(threes.schedule) - 1)]


def _hand_values(table: VariantRules, stop: frozenset) -> dict[str, int]:
    """Each card's worth when it is left in a hand at the end: a stop card's own figure, then the entry's
    figures for cards left in hand."""
    values = table.values.table(table.roles)
    values.update(dict.fromkeys(stop, table.threes.black_hand_value))
    values.update(table.values.in_hand)
    return values


_BY_REQUEST: dict[tuple, Config] = {}


def config_for(rs: Ruleset) -> Config:
    """The configuration of a ruleset (cached: one per variant and option set)."""
    # Looked up several times per request: remember the options as given, skipping the sort.
    key = (rs.variant, tuple(rs.options.items()))
    found = _BY_REQUEST.get(key)
    if found is None:
        found = _config(rs.variant, tuple(sorted(rs.options.items())))
        if len(_BY_REQUEST) < 256:
            _BY_REQUEST[key] = found
    return found

