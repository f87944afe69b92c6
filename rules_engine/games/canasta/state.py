"""The Canasta position: its parts, how it is read from JSON (with reachability checks) and written back.

Shape (docs/canasta-state.md has a complete example for every phase):
  players, dealer, hands (card lists or {"count": n}), stock (card list, next card first, or {"count": n}),
  discard (bottom first, top last), melds (per side: [{"rank", "cards"}]), red_threes (per side),
  melded_before (per seat), turn ({"seat", "phase", ...}), score (per side, optional),
  penalties (per side, optional).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from dataclasses import dataclass, field

from ...errors import InvalidRequest, invalid
from ...parsing import (
    HiddenHand, hand_size, read_bool, read_cards, read_hand, read_int, read_list, read_object, read_str, reject_unknown,
)
from .config import CARD_LIMIT, Config
from .game_length import by_rounds, check_stock_end, read_round
from .going_out import asks_more, unmet
from .melds import Meld, read_meld
from .meld_check import read_names
from .meld_kinds import MELD_KINDS, judge_new, kinds_of
from .opening import short_opening
from .seating import ALONE, LONE_HAND, PARTNERS, seating_of
from .zones import (
    FOOT_RULE, KITTY_STOCK_RULE, foot_down, foot_unmet, next_kitty, read_feet, read_kitties, read_played_from_foot,
    zone_fields,
)

STATE_FIELDS = frozenset({"players", "dealer", "hands", "stock", "discard", "melds", "red_threes",
                          "melded_before", "turn", "score", "penalties"})
TURN_FIELDS = frozenset({"seat", "phase", "drew", "melded", "started", "extended", "question", "ending",
                         "concealed", "opening"})
PENALTY_FIELDS = ("failed_openings", "retracted_cards", "undeclared_red_threes")
PHASES = ("draw", "meld", "answer", "over")
QUESTIONS = ("asked", "yes", "no")
GIVEN_PENALTIES, NONE_GIVEN = frozenset({"penalties"}), frozenset()
ROUND_FIELD = frozenset({"round"})    # read where the variant counts deals
LONE_FIELD = frozenset({"lone"})      # read where the partnership forms in play (Three-hand's lone hand)
FIXED_SEATINGS = (PARTNERS, ALONE)    # seatings where a seat adds to and counts its own side's melds only
REQUIRED_FIELDS = frozenset({"dealer", "hands", "stock", "discard", "turn"})
BOOLEANS = frozenset({bool})
MAX_STARTED = 108   # far more melds than one turn can start with the largest deck played


@dataclass
class TurnState:
    """Where the turn stands: whose it is, its phase, and what the player has done in it so far."""

    seat: int
    phase: str
    drew: str | None = None           # "stock" or "pile", once the player has drawn
    melded: bool = False              # melded or laid off this turn, beyond the pile's top card
    # The side's melds (by index) this seat started this turn; read from ranks or indices.
    started: tuple[int, ...] = ()
    extended: bool = False            # added cards to a meld that was on the table before this turn
    question: str | None = None       # "asked", "yes" or "no": the going-out question of this turn
    ending: str | None = None         # once over: "went_out" or "stock_exhausted"
    concealed: bool = False           # once over by going out: whether it was concealed
    opening: tuple[int, int] | None = None   # (counted, required) while the turn's initial meld is short


@dataclass
class CanastaState:
    """A position of a hand of Canasta."""

    players: int
    sides: int
    dealer: int
    hands: list
    stock: list[str] | HiddenHand
    discard: list[str]
    melds: list[list[Meld]]
    red_threes: list[list[str]]
    melded_before: list[bool]
    turn: TurnState
    score: list[int] | None
    penalties: list[dict[str, int]]
    given: frozenset[str] = frozenset()   # optional fields the input carried, written back even when empty
    memo: dict = field(default_factory=dict, compare=False, repr=False)
    round: int | None = None          # the deal's number, where the variant counts deals (game_length.by_rounds)
    seating: str = PARTNERS           # the entry's seating (seating.SEATINGS)
    lone: int | None = None           # Three-hand: the seat playing alone, once the pile has been taken
    adds_back: bool = False           # Five-person read both ways: a seat adds to its rentrap's melds too
    feet: list | None = None          # each seat's foot (cards or a count; empty once taken up), where dealt
    played_from_foot: list[bool] | None = None   # per seat, where going out asks that each has played from it
    kitties: list | None = None       # the kitties on the table (cards or a count; empty once taken), where dealt

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat % self.sides

    def partner_of(self, seat: int) -> int | None:
        """The seat's partner, or None when it plays alone."""
        if self.seating in FIXED_SEATINGS:
            return (seat + self.sides) % self.players if self.players > self.sides else None
        return seating_of(self.seating, self.players, self.lone).partner_of(seat)

    def others_added_to(self, seat: int) -> tuple[int, ...]:
        """The owners besides the seat's own whose melds it may add to."""
        if self.seating in FIXED_SEATINGS:
            return ()
        seating = seating_of(self.seating, self.players, self.lone, self.adds_back)
        return tuple(owner for owner in seating.owners_added_to(seat) if owner != seat)

    def others_counted(self, seat: int) -> tuple[int, ...]:
        """The owners besides the seat's own whose canastas count for its going out (its partner's)."""
        if self.seating in FIXED_SEATINGS:
            return ()
        seating = seating_of(self.seating, self.players, self.lone)
        return tuple(owner for owner in seating.canasta_owners(seat) if owner != seat)

    def counted_melds(self, seat: int) -> list[Meld]:
        """The melds whose canastas count when this seat would go out: its side's, and its partner's where
        the seating shares them."""
        melds = self.melds[self.side_of(seat)]
        others = self.others_counted(seat)
        return melds + [m for owner in others for m in self.melds[owner]] if others else melds

    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return hand_size(self.stock)

    @property
    def over(self) -> bool:
        """Whether the hand has ended."""
        return self.turn.phase == "over"


def _entries(value: object, name: str, count: int, what: str) -> list:
    """A list with one entry per seat or per side."""
    values = read_list(value, ("state", name))
    if len(values) != count:
        raise invalid(("state", name), f"must hold one entry per {what}: {count}")
    return values


def read_state(cfg: Config, raw: object, fresh: list) -> CanastaState:
    """Parse a position and check that legal play can reach it; raise InvalidRequest with a pointer."""
    table = cfg.table
    raw = read_object(raw, ("state",))
    if not STATE_FIELDS.issuperset(raw):
        reject_unknown(raw, STATE_FIELDS | (ROUND_FIELD if by_rounds(table) else frozenset())
                       | (LONE_FIELD if table.seating == LONE_HAND else frozenset()) | zone_fields(table), ("state",))
    players = read_int(raw.get("players", table.default_players), ("state", "players"),
                       table.min_players, table.max_players)
    sides = table.sides_for(players)
    if not REQUIRED_FIELDS.issubset(raw):
        for name in ("dealer", "hands", "stock", "discard", "turn"):
            if name not in raw:
                raise invalid(("state", name), "required")
    dealer = read_int(raw["dealer"], ("state", "dealer"), 0, players - 1)
    hands = [read_hand(h, ("state", "hands", s), CARD_LIMIT)
             for s, h in enumerate(_entries(raw["hands"], "hands", players, "seat"))]
    stock_raw = raw["stock"]
    stock = read_hand(stock_raw, ("state", "stock"), CARD_LIMIT)
    discard = read_cards(raw["discard"], ("state", "discard"), CARD_LIMIT)
    # Defaults are built only for fields the state leaves out.
    # Melds read in full go to `fresh`, for the caller to remember once the whole position is accepted.
    melds = _read_melds(cfg, raw["melds"] if "melds" in raw else [[] for _ in range(sides)], sides, fresh)
    red_threes = [read_cards(r, ("state", "red_threes", t), 12) for t, r in enumerate(
        _entries(raw["red_threes"] if "red_threes" in raw else [[]] * sides, "red_threes", sides, "side"))]
    flags = _entries(raw["melded_before"] if "melded_before" in raw else [False] * players, "melded_before",
                     players, "seat")
    # Flags that are all true or false need no pointer to a bad one.
    melded_before = list(flags) if BOOLEANS.issuperset(map(type, flags)) else [
        read_bool(b, ("state", "melded_before", s)) for s, b in enumerate(flags)]
    turn = _read_turn(raw["turn"], players, table.sets.one_per_rank)
    score = None
    if raw.get("score") is not None:
        score = [read_int(v, ("state", "score", t), -10**7, 10**7)
                 for t, v in enumerate(_entries(raw["score"], "score", sides, "side"))]
    penalties = [dict.fromkeys(PENALTY_FIELDS, 0) for _ in range(sides)]
    given_penalties = raw.get("penalties") is not None
    if given_penalties:
        for t, entry in enumerate(_entries(raw["penalties"], "penalties", sides, "side")):
            pointer = ("state", "penalties", t)
            entry = read_object(entry, pointer)
            reject_unknown(entry, frozenset(PENALTY_FIELDS), pointer)
            for name in PENALTY_FIELDS:
                penalties[t][name] = read_int(entry.get(name, 0), pointer + (name,), 0, 1000)
    state = CanastaState(players, sides, dealer, hands, stock, discard, melds, red_threes, melded_before, turn,
                         score, penalties, GIVEN_PENALTIES if given_penalties else NONE_GIVEN,
                         round=read_round(table, raw, ("state",)) if cfg.keeps_round else None,
                         seating=table.seating, adds_back=cfg.rentrap_adds_back)
    if table.seating == LONE_HAND:
        _read_lone(state, raw.get("lone"))
    if table.foot:
        state.feet = read_feet(table, raw, players)
        state.played_from_foot = read_played_from_foot(table, raw, state.feet)
    if table.kitties[0]:
        state.kitties = read_kitties(table, raw)
    _check_cards(cfg, state)
    _check_threes(cfg, state)
    _check_turn(cfg, state)
    _settle_opening(cfg, state, raw["turn"])
    return state


def _read_lone(state: CanastaState, value: object) -> None:
    """Three-hand's lone seat: none before the pile is first taken or a player goes out, then that player."""
    pointer = ("state", "lone")
    if value is not None:
        state.lone = read_int(value, pointer, 0, state.players - 1)
    turn = state.turn
    if state.lone is None:
        if turn.phase in ("meld", "answer") and turn.drew == "pile":
            raise invalid(pointer, f"seat {turn.seat} took the pile this turn, and the first player to take the pile "
                          "plays alone: lone must name a seat", "canasta.seating.lone-hand")
        if turn.phase == "over" and turn.ending == "went_out":
            raise invalid(pointer, f"seat {turn.seat} went out, and a player going out before anyone took the pile "
                          f"plays alone: lone must name a seat ({turn.seat} here)", "canasta.seating.lone-hand")
    elif not state.melds[state.lone]:
        raise invalid(pointer, f"seat {state.lone} has no meld on the table, so it has never taken the pile (the top "
                      "card always goes into a meld) and has not gone out", "canasta.seating.lone-hand")


def _settle_opening(cfg: Config, state: CanastaState, raw_turn: dict) -> None:
    """Work out whether the turn's initial meld is still short; a given `opening` must agree."""
    found = short_opening(cfg, state)
    given = raw_turn.get("opening")
    if given is not None:
        pointer = ("state", "turn", "opening")
        entry = read_object(given, pointer)
        reject_unknown(entry, frozenset({"counted", "required"}), pointer)
        stated = tuple(read_int(entry.get(name), pointer + (name,), -10**7, 10**7) for name in ("counted", "required"))
        if found is None:
            raise invalid(pointer, "no initial meld of this turn is short of the minimum here",
                          "canasta.opening.in-steps")
        if stated != found:
            raise invalid(pointer, f"the melds of this turn count {found[0]} and the side needs {found[1]}",
                          "canasta.opening.in-steps")
    state.turn.opening = found


MELD_FIELDS = frozenset({"rank", "cards", "kind"})   # kind is optional: sets are all a played variant has
NOMINATED_FIELDS = MELD_FIELDS | {"as"}               # where the variant names wild cards


def _read_melds(cfg: Config, raw: object, sides: int, fresh: list) -> list[list[Meld]]:
    per_side = _entries(raw, "melds", sides, "side")
    one_per_rank = cfg.table.sets.one_per_rank
    known = cfg.table_melds.get
    # A meld named a sequence is judged as one; the memo, keyed by cards, holds the kind the cards make.
    runs = cfg.table.sequences is not None
    found: list[list[Meld]] = []
    for t, side_raw in enumerate(per_side):
        side: list[Meld] = []
        ranks: set[str] = set()
        for i, meld_raw in enumerate(read_list(side_raw, ("state", "melds", t))):
            # Every request repeats the table's melds: a well-formed entry whose card list was read
            # before is looked up by that list as given (an item that is no card code cannot be a key).
            meld = None
            if type(meld_raw) is dict and MELD_FIELDS.issuperset(meld_raw) and not (
                    runs and meld_raw.get("kind") == "sequence"):
                given = meld_raw.get("cards")
                if type(given) is list:
                    try:
                        meld = known(tuple(given))
                    except TypeError:
                        pass
            if meld is None:
                meld = _table_meld(cfg, meld_raw, t, i, fresh)
            given_kind = meld_raw.get("kind")
            if given_kind is not None and given_kind != meld.kind:
                _refuse_kind(cfg, meld, given_kind, ("state", "melds", t, i, "kind"))
            rank = meld.rank
            given = meld_raw.get("rank", rank)  # ranks are upper case: an exact match needs no upper()
            if given != rank and str(given).upper() != rank:
                raise invalid(("state", "melds", t, i, "rank"), f"the cards make a meld of rank {rank}" if rank
                              else f"a {'sequence' if meld.suit else 'meld of wild cards alone'} has no rank",
                              "canasta.melds.set")
            if one_per_rank and rank and rank in ranks:
                raise invalid(("state", "melds", t, i), f"side {t} already has a meld of rank {rank}",
                              "canasta.melds.one-per-rank")
            ranks.add(rank)
            side.append(meld)
        found.append(side)
    return found


def _refuse_kind(cfg: Config, meld: Meld, given: object, pointer: tuple) -> None:
    """A table meld's kind, when given, is the kind its cards make."""
    if cfg.table.sequences is not None:
        kinds = kinds_of(cfg.table)
        if given not in kinds:
            raise invalid(pointer, f"{cfg.table.title} is played with melds of kind "
                          + ", ".join(f'"{kind}"' for kind in kinds) + " (or no kind)", "canasta.melds.set")
        raise invalid(pointer, f"the cards make a meld of kind {meld.kind!r}", MELD_KINDS[meld.kind].rule)
    if not cfg.table.sets.all_wild:
        raise invalid(pointer, f"{cfg.table.title} is played with sets only (kind \"set\", or no kind)",
                      "canasta.melds.set")
    if given not in ("set", "wild"):
        raise invalid(pointer, f"{cfg.table.title} is played with sets and melds of wild cards alone (kind \"set\" "
                      "or \"wild\", or no kind)", "canasta.melds.set")
    raise invalid(pointer, f"the cards make a meld of kind {meld.kind!r}",
                  "canasta.melds.all-wild" if meld.kind == "wild" else "canasta.melds.set")


def _table_meld(cfg: Config, raw: object, side: int, index: int, fresh: list) -> Meld:
    """The meld a table entry holds that the memo of judged melds lacks, read in full with its errors, and
    added to `fresh`, for the memo to keep if the whole position is accepted."""
    named_run = cfg.table.sequences is not None and type(raw) is dict and raw.get("kind") == "sequence"
    pointer = ("state", "melds", side, index)
    raw = read_object(raw, pointer)
    if cfg.nominated:
        return _named_table_meld(cfg, raw, pointer, named_run, fresh)
    if not MELD_FIELDS.issuperset(raw):
        reject_unknown(raw, MELD_FIELDS, pointer)
    if "cards" not in raw:
        raise invalid(pointer + ("cards",), "required: the cards of the meld")
    cards = read_cards(raw["cards"], pointer + ("cards",), CARD_LIMIT)
    judged = judge_new(cfg, cards, True, "sequence" if named_run else None)
    if judged.violations:
        problem = judged.violations[0]
        raise invalid(pointer + ("cards",), f"not a meld: {problem.message}", problem.rule)
    meld = read_meld(cfg, judged, cards)
    if not named_run:
        fresh.append((tuple(raw["cards"]), meld))
    return meld


def _named_table_meld(cfg: Config, raw: dict, pointer: tuple, named_run: bool, fresh: list) -> Meld:
    """A table meld where the variant names wild cards: the names read ("as"), judged and kept; a sequence
    holding wild cards without them is taken only where one placing fits."""
    if not MELD_FIELDS.issuperset(raw):
        reject_unknown(raw, NOMINATED_FIELDS, pointer)
    if "cards" not in raw:
        raise invalid(pointer + ("cards",), "required: the cards of the meld")
    cards = read_cards(raw["cards"], pointer + ("cards",), CARD_LIMIT)
    named = read_names(cfg, raw, cards, pointer)
    judged = judge_new(cfg, cards, True, "sequence" if named_run else None, named)
    if judged.violations:
        problem = judged.violations[0]
        at = ("as",) if problem.rule == "canasta.melds.nominated" else ("cards",)
        raise invalid(pointer + at, f"not a meld: {problem.message}", problem.rule)
    if judged.suit:
        named = judged.named
        if named is None and judged.wilds:
            raise invalid(pointer + ("as",), "the wild cards of this sequence could stand for different cards; "
                          "name the card each stands for (\"as\")", "canasta.melds.nominated")
    meld = read_meld(cfg, judged, cards, named)
    if not named_run and "as" not in raw:     # the memo is keyed by cards alone
        fresh.append((tuple(raw["cards"]), meld))
    return meld


def _read_turn(raw: object, players: int, one_per_rank: bool = True) -> TurnState:
    pointer = ("state", "turn")
    raw = read_object(raw, pointer)
    if not TURN_FIELDS.issuperset(raw):
        reject_unknown(raw, TURN_FIELDS, pointer)
    if "seat" not in raw or "phase" not in raw:
        raise invalid(pointer, 'required: {"seat": s, "phase": "draw" | "meld" | "answer" | "over"}')
    seat = read_int(raw["seat"], pointer + ("seat",), 0, players - 1)
    phase = read_str(raw["phase"], pointer + ("phase",), PHASES)
    if phase == "draw":
        extra = set(raw) - {"seat", "phase"}
        if extra:
            raise invalid(pointer + (sorted(extra)[0],), "nothing has happened yet in a turn before the draw")
        return TurnState(seat, phase)
    if phase == "over":
        extra = set(raw) - {"seat", "phase", "ending", "concealed"}
        if extra:
            raise invalid(pointer + (sorted(extra)[0],), "a finished hand records only how it ended")
        ending = read_str(raw.get("ending"), pointer + ("ending",), ("went_out", "stock_exhausted"))
        concealed = read_bool(raw.get("concealed", False), pointer + ("concealed",))
        if concealed and ending != "went_out":
            raise invalid(pointer + ("concealed",), "only a player who went out can have gone out concealed",
                          "canasta.going-out.concealed")
        return TurnState(seat, phase, ending=ending, concealed=concealed)
    if "ending" in raw or "concealed" in raw:
        raise invalid(pointer + ("ending" if "ending" in raw else "concealed",), "only a finished hand has an ending")
    drew = read_str(raw.get("drew", "stock"), pointer + ("drew",), ("stock", "pile"))
    melded = read_bool(raw.get("melded", False), pointer + ("melded",))
    extended = read_bool(raw.get("extended", False), pointer + ("extended",))
    started = read_list(raw.get("started", []), pointer + ("started",))
    if len(started) > (13 if one_per_rank else MAX_STARTED):
        if one_per_rank:
            raise invalid(pointer + ("started",), "a turn cannot start more melds than there are ranks, as a side "
                          "holds one meld of each rank", "canasta.melds.one-per-rank")
        raise invalid(pointer + ("started",), f"a turn starts at most {MAX_STARTED} melds")
    # Ranks (or meld indices) as given; _check_turn resolves them to the side's melds.
    ranks = tuple(_started_entry(r, pointer + ("started", i)) for i, r in enumerate(started)) if started else ()
    question = None
    if raw.get("question") is not None:
        question = read_str(raw["question"], pointer + ("question",), QUESTIONS)
    if (phase == "answer") != (question == "asked"):
        raise invalid(pointer + ("question",), 'the phase is "answer" exactly while the going-out question '
                      'waits for the partner ("question": "asked")', "canasta.going-out.ask-partner")
    return TurnState(seat, phase, drew, melded, ranks, extended, question)


def _check_cards(cfg: Config, state: CanastaState) -> None:
    """Every card within the deck's copies, and 108 cards in all."""
    copies = cfg.copies
    total = 0
    every: list[str] = []
    for hand in state.hands:
        if type(hand) is HiddenHand:
            total += hand.count
        else:
            every += hand
    if type(state.stock) is HiddenHand:
        total += state.stock.count
    else:
        every += state.stock
    for zone in (state.feet or []) + (state.kitties or []):
        if type(zone) is HiddenHand:
            total += zone.count
        else:
            every += zone
    every += state.discard
    for side in state.melds:
        for meld in side:
            every += meld.cards
    for threes in state.red_threes:
        every += threes
    size = cfg.table.deck.size
    # A position that shows every card holds the deck exactly when its cards, sorted, are the
    # deck's: one sort in C settles the usual request. Otherwise the copies are counted.
    if len(every) != size or sorted(every) != cfg.sorted_deck:
        seen = Counter(every)
        # Settled in C in the usual cases: no card shown more often than the rarest card's copies.
        if seen != copies and max(seen.values(), default=0) > cfg.fewest_copies and any(
                n > copies[card] for card, n in seen.items()):
            _name_excess_card(_shown(state), copies)
    total += len(every)
    if total != size:
        raise invalid(("state",), f"the position accounts for {total} cards; the deck has {size}",
                      "canasta.deal.cards")


def shown_counts(state: CanastaState) -> Counter:
    """How many times the position shows each card; hidden hands and a hidden stock show none."""
    return Counter(card for cards, _ in _shown(state) for card in cards)


def where_shown(state: CanastaState, card: str) -> list[str]:
    """The places the position shows this card, in words (one entry per copy)."""
    return [_place(pointer) for cards, pointer in _shown(state) for shown in cards if shown == card]


def _place(pointer: tuple) -> str:
    """Where a pointer of _shown is, in words."""
    if pointer[1] == "hands":
        return f"in seat {pointer[2]}'s hand"
    if pointer[1] == "feet":
        return f"in seat {pointer[2]}'s foot"
    if pointer[1] == "kitties":
        return f"in kitty {pointer[2]}"
    if pointer[1] == "melds":
        return f"in side {pointer[2]}'s meld {pointer[3]}"
    if pointer[1] == "red_threes":
        return f"among side {pointer[2]}'s red threes"
    return f"in the {'stock' if pointer[1] == 'stock' else 'discard pile'}"


def _shown(state: CanastaState) -> list[tuple[list[str], tuple]]:
    """Every list of cards the position shows, with where it is, in reading order."""
    shown: list[tuple[list[str], tuple]] = []
    for seat, hand in enumerate(state.hands):
        if type(hand) is not HiddenHand:
            shown.append((hand, ("state", "hands", seat)))
    if type(state.stock) is not HiddenHand:
        shown.append((state.stock, ("state", "stock")))
    for seat, foot in enumerate(state.feet or ()):
        if type(foot) is not HiddenHand:
            shown.append((foot, ("state", "feet", seat)))
    for index, kitty in enumerate(state.kitties or ()):
        if type(kitty) is not HiddenHand:
            shown.append((kitty, ("state", "kitties", index)))
    shown.append((state.discard, ("state", "discard")))
    for t, side in enumerate(state.melds):
        for i, meld in enumerate(side):
            shown.append((meld.cards, ("state", "melds", t, i, "cards")))
    for t, threes in enumerate(state.red_threes):
        shown.append((threes, ("state", "red_threes", t)))
    return shown


def _name_excess_card(shown: list[tuple[list[str], tuple]], copies: dict[str, int]) -> None:
    """Raise, pointing at the first place a card appears once more than the deck holds it."""
    tally: dict[str, int] = {}
    for cards, pointer in shown:
        for card in cards:
            tally[card] = tally.get(card, 0) + 1
            if tally[card] > copies[card]:
                raise invalid(pointer, f"{card} appears {tally[card]} times; the deck holds {copies[card]}",
                              "canasta.deal.cards")


def _check_threes(cfg: Config, state: CanastaState) -> None:
    """Red threes only where the rules put them."""
    for seat, hand in enumerate(state.hands):
        if type(hand) is not HiddenHand and not cfg.bonus_cards.isdisjoint(hand):
            raise invalid(("state", "hands", seat), f"a {cfg.bonus_words(1)} is laid out as soon as it is held",
                          "canasta.red-threes.lay-out")
    for t, threes in enumerate(state.red_threes):
        if not cfg.bonus_cards.issuperset(threes):
            raise invalid(("state", "red_threes", t), f"only {cfg.bonus_words(2)} are laid out as bonuses",
                          "canasta.red-threes.lay-out")
    if cfg.bonus_cards.isdisjoint(state.discard):
        return  # the usual pile: nothing below can fail
    # A red three reaches the pile only while the upcard is turned: under other turned cards.
    upcard_run = True
    for index, card in enumerate(state.discard):
        if card in cfg.bonus_cards and (not upcard_run or index == len(state.discard) - 1):
            raise invalid(("state", "discard", index), "a red three is in the pile only as an upcard covered "
                          "by the next turned card", "canasta.deal.upcard")
        if card not in cfg.bonus_cards and card not in cfg.wild:
            upcard_run = False


def _check_turn(cfg: Config, state: CanastaState) -> None:
    """The turn, the hands and the table agree with one another."""
    turn = state.turn
    seat = turn.seat
    pointer = ("state", "turn")
    melded_before = state.melded_before
    for side, melds in enumerate(state.melds):
        seats = range(side, state.players, state.sides)  # the seats s with side_of(s) == side
        melded = any(melded_before[side::state.sides])   # the same seats' entries
        if not melds:
            if melded:
                s = next(s for s in seats if melded_before[s])
                raise invalid(("state", "melded_before", s), f"side {side} has no meld on the table",
                              "canasta.turn.meld")
            continue
        if not melded and not (
                state.side_of(seat) == side and (turn.started or turn.extended or turn.drew == "pile"
                                                 or turn.phase == "over")):
            raise invalid(("state", "melded_before"), f"side {side} has melds on the table from an earlier turn, so "
                          f"melded_before must be true for the seat of side {side} that put them down (one entry "
                          "per seat); it may be left out only while no side has a meld from an earlier turn",
                          "canasta.turn.meld")
        if any(map(cfg.is_stop_rank, map(_rank, melds))):
            for i, meld in enumerate(melds):
                if cfg.is_stop_rank(meld.rank) and not (state.side_of(seat) == side and (
                        turn.phase == "over" and turn.ending == "went_out"
                        or turn.phase == "meld" and _size(state.hands[seat]) <= 1)):
                    raise invalid(("state", "melds", side, i), "black threes are melded only in going out",
                                  "canasta.melds.black-threes")
    if state.feet is not None:
        _check_feet(state)
    if state.kitties is not None and cfg.table.stock_end == "kitty" and not state.stock_size() \
            and next_kitty(state) is not None:
        raise invalid(("state", "stock"), "the stock is empty while a kitty lies on the table, and a kitty becomes "
                      "the stock as soon as the stock runs out", KITTY_STOCK_RULE)
    if turn.phase == "over":
        if turn.ending == "went_out" and _size(state.hands[seat]) != 0:
            raise invalid(("state", "hands", seat), "the player who went out holds no card",
                          "canasta.going-out.how")
        if turn.ending == "went_out":
            needed = cfg.table.going_out.canastas
            have = _canastas(cfg, state.counted_melds(seat))
            if have < needed:
                raise invalid(("state", "melds", state.side_of(seat)), f"going out needs {needed} canasta(s); "
                              f"side {state.side_of(seat)} has {have}", cfg.needed_rule)
            _refuse_unmet(cfg, state, state.side_of(seat), "side {side} went out, but {words}")
        return
    sizes = [_size(hand) for hand in state.hands]
    if 0 in sizes:
        for s, size in enumerate(sizes):
            if size == 0 and not (s == seat and turn.phase == "meld"):
                raise invalid(("state", "hands", s), "a player with no card left has gone out, which ends the "
                              "hand", "canasta.going-out.how")
    if cfg.table.stock_end != "take_matching_discards":
        check_stock_end(cfg.table, state.stock_size(), turn.phase)
    if turn.phase == "draw" and not state.discard:
        raise invalid(("state", "discard"), "every turn ends with a discard, so the pile is never empty "
                      "before a draw", "canasta.turn.discard")
    if turn.phase in ("meld", "answer"):
        held = sizes[seat]
        if held == 0:
            raise invalid(("state", "hands", seat), "a player with no card left has gone out, which ends the "
                          "hand", "canasta.going-out.how")
        # One card left: laying it off (after merges, where melds merge) or discarding it may still take the seat
        # out, or the discard takes up a foot or kitty; check_reachable decides (and refuses it after a "no").
        # (Where the top card alone may go onto a sequence, the rest of the pile stays.)
        if turn.drew == "pile" and state.discard and cfg.table.pile.take_limit is None \
                and not cfg.table.pile.top_card_only_onto_sequence:
            raise invalid(("state", "discard"), "the player took the whole pile this turn and has not "
                          "discarded yet", "canasta.pile.take")
        if turn.question is not None and state.partner_of(seat) is None:
            raise invalid(pointer + ("question",), "a player without a partner asks nobody",
                          "canasta.going-out.ask-partner")
        if turn.started:
            turn.started = _started_melds(state.melds[state.side_of(seat)], turn.started, state.side_of(seat))


def _started_entry(value: object, pointer: tuple) -> int | str:
    """One entry of `started`: a meld's index, or a rank (upper case)."""
    if type(value) is int:
        return read_int(value, pointer, 0, MAX_STARTED)
    if type(value) is not str:
        raise invalid(pointer, "must be a rank (a string) or the index of one of the side's melds")
    return value.upper()


def _started_melds(melds: list[Meld], entries: tuple, side: int) -> tuple[int, ...]:
    """The side's melds `started` names: a rank names the side's one meld of that rank, an index names itself."""
    found = []
    pointer = ("state", "turn", "started")
    for i, entry in enumerate(entries):
        if type(entry) is int:
            if entry >= len(melds):
                raise invalid(pointer + (i,), f"side {side} has {len(melds)} meld(s); there is no meld {entry}",
                              "canasta.turn.meld")
            found.append(entry)
            continue
        matching = [j for j, meld in enumerate(melds) if meld.rank == entry]
        if not matching:
            raise invalid(pointer + (i,), f"side {side} has no meld of rank {entry}", "canasta.turn.meld")
        if len(matching) > 1:
            raise invalid(pointer + (i,), f"side {side} has {len(matching)} melds of rank {entry}; name the one "
                          f"started this turn by its index ({', '.join(map(str, matching))})",
                          "canasta.melds.several-of-a-rank")
        found.append(matching[0])
    return tuple(found)


def _refuse_single_card(cfg: Config, state: CanastaState) -> None:
    """Refuse a seat holding one card after drawing when discarding it could not take it out."""
    seat = state.turn.seat
    if _canastas(cfg, state.counted_melds(seat)) < cfg.table.going_out.canastas:
        raise invalid(("state", "hands", seat), "after drawing, a player without the canastas going out "
                      "needs always holds at least two cards", "canasta.melds.keep-a-card")
    _refuse_unmet(cfg, state, state.side_of(seat), "seat {seat} holds a single card after drawing, which "
                  "only a player able to go out may keep, but {words}")


def single_card_refusal(cfg: Config, state: CanastaState) -> InvalidRequest | None:
    """Why discarding the acting seat's one card could not take it out, or None when it could."""
    try:
        _refuse_single_card(cfg, state)
    except InvalidRequest as refusal:
        return refusal
    return None


def _refuse_unmet(cfg: Config, state: CanastaState, side: int, message: str) -> None:
    """Refuse the position when the side's melds, bonus cards or zones lack what going out needs beside a count."""
    if state.played_from_foot is None and not asks_more(cfg):
        return      # a count of canastas is all going out needs here, and the caller has checked it
    for rule, words in foot_unmet(state, side)[:1]:
        waiting = next(s for s in range(side, state.players, state.sides) if not state.played_from_foot[s])
        pointer = ("state", "played_from_foot", waiting)
        raise invalid(pointer, message.format(side=side, seat=state.turn.seat, words=words), rule)
    if not asks_more(cfg):
        return
    for rule, words in unmet(cfg, state.melds[side], len(state.red_threes[side]))[:1]:
        raise invalid(("state", "melds", side), message.format(side=side, seat=state.turn.seat, words=words), rule)


def _check_feet(state: CanastaState) -> None:
    """A hand is never empty while its foot lies down, and whoever went out has played the foot out too."""
    turn = state.turn
    for seat, hand in enumerate(state.hands):
        if not _size(hand) and foot_down(state, seat):
            raise invalid(("state", "feet", seat), f"seat {seat}'s hand is played out, and the foot is taken up as "
                          "soon as that happens", FOOT_RULE)
    if turn.phase == "over" and turn.ending == "went_out" and foot_down(state, turn.seat):
        raise invalid(("state", "feet", turn.seat), "going out plays out the hand and the foot; this foot still "
                      "lies face down", FOOT_RULE)
    played = state.played_from_foot
    if played is not None and turn.phase in ("meld", "answer") and not played[turn.seat] \
            and not foot_down(state, turn.seat):
        raise invalid(("state", "played_from_foot", turn.seat), f"seat {turn.seat} has drawn with its foot in hand, "
                      "or took it up this turn and played on: this turn is played from the foot",
                      "canasta.going-out.played-from-foot")


_size = hand_size
_rank = attrgetter("rank")


def _canastas(cfg: Config, melds: list[Meld]) -> int:
    """How many of a side's melds are canastas."""
    size = cfg.canasta_size   # cfg.is_canasta, read once
    return sum([1 for m in melds if m.naturals + m.wilds >= size])


def _dump_meld(meld: Meld) -> dict:
    """A meld without a rank, or one whose wild cards are named."""
    dumped = {"rank": meld.rank, "cards": list(meld.cards)} if meld.rank else {"kind": meld.kind,
                                                                                "cards": list(meld.cards)}
    if meld.named is not None:
        dumped["as"] = list(meld.named)
    return dumped


def dump_state(state: CanastaState) -> dict:
    """The JSON form of a position, in the shape read_state accepts."""
    dumped = {
        "players": state.players, "dealer": state.dealer,
        "hands": [{"count": h.count} if type(h) is HiddenHand else list(h) for h in state.hands],
        "stock": {"count": state.stock.count} if type(state.stock) is HiddenHand else list(state.stock),
        "discard": list(state.discard),
        "melds": [[{"rank": m.rank, "cards": list(m.cards)} if m.rank and m.named is None else _dump_meld(m)
                   for m in side] for side in state.melds],
        "red_threes": [list(r) for r in state.red_threes],
        "melded_before": list(state.melded_before),
        "turn": dump_turn(state.turn, state.melds[state.side_of(state.turn.seat)]),
    }
    if state.score is not None:
        dumped["score"] = list(state.score)
    if state.round is not None:
        dumped["round"] = state.round
    if state.seating == LONE_HAND:
        dumped["lone"] = state.lone
    if state.feet is not None:
        dumped["feet"] = [{"count": f.count} if type(f) is HiddenHand else list(f) for f in state.feet]
    if state.played_from_foot is not None:
        dumped["played_from_foot"] = list(state.played_from_foot)
    if state.kitties is not None:
        dumped["kitties"] = [{"count": k.count} if type(k) is HiddenHand else list(k) for k in state.kitties]
    if "penalties" in state.given or any(any(p.values()) for p in state.penalties):
        dumped["penalties"] = [dict(p) for p in state.penalties]
    return dumped


def dump_turn(turn: TurnState, melds: list[Meld] = ()) -> dict:
    """The JSON form of the turn, with only the fields its phase uses (`melds`: the seat's side's)."""
    if turn.phase == "draw":
        return {"seat": turn.seat, "phase": "draw"}
    if turn.phase == "over":
        return {"seat": turn.seat, "phase": "over", "ending": turn.ending, "concealed": turn.concealed}
    dumped = {"seat": turn.seat, "phase": turn.phase, "drew": turn.drew, "melded": turn.melded,
              "started": _dump_started(turn.started, melds), "extended": turn.extended, "question": turn.question}
    if turn.opening is not None:
        dumped["opening"] = {"counted": turn.opening[0], "required": turn.opening[1]}
    return dumped



def _dump_started(started: tuple[int, ...], melds: list[Meld]) -> list:
    """Each started meld by its rank where the side holds one meld of that rank, else by its index."""
    if not started:
        return []
    ranks = [meld.rank for meld in melds]
    return [ranks[i] if ranks.count(ranks[i]) == 1 else i for i in started]
