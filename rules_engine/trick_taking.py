"""The play of tricks, shared by Canadian Salad and Euchre: reading, checking and playing cards.

A game supplies how cards compare (TrickRules) and the rule ids to cite (PlayRuleIds); this module
replays the recorded tricks to prove the position is reachable and answers who plays what next.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Callable, NamedTuple

from .cards import CANONICAL_OF, RANK_INDEX, SUIT, SUIT_NAMES, card_name
from .errors import FieldProblem, InvalidRequest, invalid
from .game import Violation
from .parsing import HiddenHand, read_cards, read_hand, read_list, read_object, read_seat, reject_unknown
from .records import record


@dataclass(frozen=True)
class TrickRules:
    """How a game compares cards: the suit each card counts as, and its power given the suit led."""

    suits: dict[str, str]  # every card of the deck -> the suit it belongs to for following and winning
    power: Callable[[str, str], int]  # higher wins; a card that cannot win the trick answers -1
    # Why a card belongs to a suit other than the one printed on it, in words a referee reads out
    # after the card's name ("the left bower, which is a heart while hearts are trumps").
    asides: dict[str, str] = field(default_factory=dict)
    # power() worked out for every suit led and card, read once per card while tricks are replayed
    powers: dict[str, dict[str, int]] = field(init=False, repr=False, compare=False)
    # The suit a card belongs to for following and winning: suits' look-up, bound once.
    suit_of: Callable[[str], str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        led_suits = set(self.suits.values())
        object.__setattr__(self, "powers", {led: {card: self.power(card, led) for card in self.suits}
                                            for led in led_suits})
        object.__setattr__(self, "suit_of", self.suits.__getitem__)

    def described(self, card: str) -> str:
        """The card in words, with the reason it belongs to another suit when it does."""
        aside = self.asides.get(card)
        return f"the {card_name(card)}" + (f", {aside}" if aside else "")

    def named(self, card: str) -> str:
        """The card in words for the middle of a sentence: its aside, if any, set off by commas."""
        return self.described(card) + ("," if card in self.asides else "")


# No trumps: the highest card of the suit led wins.
def settled_later(game: str) -> dict[str, str]:
    """How a trick game settles what a hidden hand's play left unverified (Game.settled_later)."""
    return {
        f"{game}.play.card-held": "Every card is played before the hand ends: a card played by a seat that did not "
                                  "hold it turns up again, in another hand or trick, and the position showing it "
                                  "twice is refused.",
        f"{game}.play.follow-suit": "A seat that did not follow suit may not play that suit later: its later play of "
                                    "the suit is refused, as is a position showing it holding the suit.",
    }


NO_TRUMPS = TrickRules(suits=SUIT, power=lambda card, led: RANK_INDEX[card] if SUIT[card] == led else -1)


@dataclass(frozen=True)
class PlayRuleIds:
    """The rule ids a game cites for each check of the play."""

    deck: str
    hand_size: str
    lead: str
    follow_suit: str
    trick_winner: str
    turn: str
    card_held: str
    trick_size: str


class Trick(NamedTuple):
    """A trick: who led it and the cards in the order they were played."""

    leader: int
    cards: tuple[str, ...]


# Trick((leader, cards)) without the Python-level __new__ a NamedTuple has: tricks are built on every read.
_new_trick = partial(tuple.__new__, Trick)


@dataclass
class Play:
    """The play of a hand: cards held, tricks done, the trick under way, who takes part."""

    hands: list
    tricks: list[Trick]
    winners: list[int]
    current: Trick
    seats: tuple[int, ...]
    void: list[set] = field(default_factory=list)

    def seat_to_play(self) -> int:
        """The seat whose card comes next in the current trick."""
        seats = self.seats
        return seats[(seats.index(self.current.leader) + len(self.current.cards)) % len(seats)]

    def led_suit(self, rules: TrickRules) -> str | None:
        """The suit led to the current trick, or None when it is empty."""
        return rules.suit_of(self.current.cards[0]) if self.current.cards else None


def play_order(leader: int, seats: tuple[int, ...]) -> tuple[int, ...]:
    """The seats in the order they play to a trick led by `leader`."""
    start = seats.index(leader)
    return seats[start:] + seats[:start]


def trick_winner(trick: Trick, seats: tuple[int, ...], rules: TrickRules) -> int:
    """The seat that wins a complete trick."""
    powers = rules.powers[rules.suit_of(trick.cards[0])]
    order = play_order(trick.leader, seats)
    best, best_power = order[0], powers[trick.cards[0]]
    for seat, card in zip(order[1:], trick.cards[1:]):
        power = powers[card]
        if power > best_power:
            best, best_power = seat, power
    return best


def read_play(
    raw: dict, *, players: int, seats: tuple[int, ...], first_leader: int, hand_sizes: list[int],
    deck: dict[str, int], rules: TrickRules, ids: PlayRuleIds, hands: list | None = None,
    absent: Callable[[int], str] | None = None, first_lead: Callable[[], str] | None = None,
) -> Play:
    """Read hands, tricks and the current trick, and prove that legal play could reach them.

    absent(seat) says why a seat outside `seats` takes no part ("seat 3 sits out while seat 1
    plays alone"); first_lead() says who leads the first trick and why, for the refusal of a
    wrong first leader.
    """
    absent = absent or _takes_no_part
    if hands is None:
        hands = read_hands(raw.get("hands"), players, max(hand_sizes), ids.hand_size)
    tricks_raw = read_list(raw.get("tricks", []), ("state", "tricks"))
    total_tricks = min(map(hand_sizes.__getitem__, seats))
    if len(tricks_raw) > total_tricks:
        raise invalid(("state", "tricks"), f"a hand has only {total_tricks} tricks; {len(tricks_raw)} given", ids.trick_size)
    void: list[set] = [set() for _ in range(players)]
    voided = False  # whether any seat has failed to follow yet: until then no card needs the check
    played = [0] * players
    shown: list[str] = []  # every card the tricks and the shown hands hold
    tricks: list[Trick] = []
    winners: list[int] = []
    orders = _PLAY_ORDERS.get(seats) or _PLAY_ORDERS.setdefault(seats, {s: play_order(s, seats) for s in seats})
    leader = first_leader
    size = len(seats)
    suit_of, powers = rules.suits, rules.powers
    current_raw = raw.get("current_trick")
    # Finished tricks, then the trick under way, through one replay: the winner of each trick
    # leads the next, so reading and replaying go hand in hand.
    items = tricks_raw if current_raw is None else tricks_raw + [current_raw]
    current = None  # the trick under way, once read; else an empty one led by the last trick's winner
    done = len(tricks_raw)
    for index, item in enumerate(items):
        finished = index < done
        # A trick under way once every trick is done is refused by the careful reader below.
        trick = _well_formed_trick(item, leader, size, finished) if finished or len(tricks) < total_tricks else None
        if trick is None:
            pointer = _trick_pointer(index, finished)
            trick = _read_trick(item, pointer, (players, seats, leader), ids, finished, absent)
            _check_trick_size(trick, finished, size, len(tricks) == total_tricks, pointer, ids)
            _check_leader(trick, leader, pointer, ids, index == 0, first_lead)
        shown += trick.cards
        # The suit led, from the first card; a card not in the pack is named by the replay below.
        led = suit_of.get(trick.cards[0]) if trick.cards else None
        strengths = powers.get(led)
        best_power = -2
        for seat, card in zip(orders[leader], trick.cards):
            try:
                suit = suit_of[card]
            except KeyError:
                raise invalid(_card_pointer(index, finished, trick, seat, orders), f"seat {seat} played the "
                              f"{_name(card)}, which is not in this pack", ids.deck) from None
            if voided and suit in void[seat]:
                raise invalid(_card_pointer(index, finished, trick, seat, orders), f"seat {seat} played {rules.named(card)} "
                              f"after failing to follow an earlier {SUIT_NAMES[suit][:-1]} lead, which shows it held no "
                              f"{SUIT_NAMES[suit]}", ids.follow_suit)
            if suit != led:
                void[seat].add(led)
                voided = True
            strength = strengths[card]
            if strength > best_power:
                leader, best_power = seat, strength
        if not finished:
            current = trick
            for seat in orders[trick.leader][:len(trick.cards)]:
                played[seat] += 1
            break
        if item.get("winner") is not None and item["winner"] != leader:
            claimed = item["winner"]
            message = (f"seat {leader} wins this trick, not seat {claimed}" if claimed in seats
                       else f"{absent(claimed)}, so it wins no trick; seat {leader} wins this one")
            raise invalid(_trick_pointer(index, finished) + ("winner",), message, ids.trick_winner)
        tricks.append(trick)
        winners.append(leader)
    if current is None:
        current = Trick(leader, ())
    for seat in seats:
        played[seat] += len(tricks)
    for seat, hand in enumerate(hands):
        expected = hand_sizes[seat] - played[seat]
        held = hand.count if type(hand) is HiddenHand else len(hand)
        if held != expected:
            raise invalid(("state", "hands", seat), f"seat {seat} should hold {expected} cards ({hand_sizes[seat]} dealt, {played[seat]} played), not {held}", ids.hand_size)
        if type(hand) is not HiddenHand:
            shown += hand
    if not _counts_fit(shown, deck):
        _word_counts(tricks, None if current_raw is None else current, hands, deck, ids)
    if voided:
        for seat, hand in enumerate(hands):
            if void[seat] and type(hand) is not HiddenHand:
                for card in hand:
                    if suit_of[card] in void[seat]:
                        raise invalid(("state", "hands", seat, hand.index(card)), f"seat {seat} holds {rules.named(card)} yet earlier "
                                      f"did not follow a {SUIT_NAMES[rules.suit_of(card)][:-1]} lead", ids.follow_suit)
    return Play(hands, tricks, winners, current, seats, void)


def _trick_pointer(index: int, finished: bool) -> tuple:
    """Where a trick of the replay sits in the state: a finished one by its index, or the trick under way."""
    return ("state", "tricks", index) if finished else ("state", "current_trick")


def _card_pointer(index: int, finished: bool, trick: Trick, seat: int, orders: dict) -> tuple:
    """Where the card `seat` played to a trick sits: its place in the trick's cards, counted from the leader's."""
    return _trick_pointer(index, finished) + ("cards", orders[trick.leader].index(seat))


def _takes_no_part(seat: int) -> str:
    return f"seat {seat} takes no part in the play"


def _name(card: str) -> str:
    return card_name(card) if card in SUIT else card


# Play orders by leader, for each tuple of seats in play: a handful of tuples, built once.
_PLAY_ORDERS: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}


def read_hands(value: object, players: int, limit: int, rule: str | None = None) -> list:
    """Read the list of hands, one per seat, each cards or {"count": n}; `rule` bounds each at `limit` cards."""
    raw_hands = read_list(value, ("state", "hands"))
    if len(raw_hands) != players:
        raise invalid(("state", "hands"), f"must hold one hand per seat: {players}, not {len(raw_hands)}")
    try:
        # Shown hands of card codes, the usual case, in one step; read_hand words any problem.
        return [list(map(CANONICAL_OF, h)) if type(h) is list and len(h) <= limit else
                read_hand(h, ("state", "hands", i), limit, rule) for i, h in enumerate(raw_hands)]
    except (KeyError, TypeError):
        return [read_hand(h, ("state", "hands", i), limit, rule) for i, h in enumerate(raw_hands)]


def _well_formed_trick(item: object, leader: int, size: int, finished: bool) -> Trick | None:
    """The common case in one step: a finished trick, or the trick under way, whose fields are all as they should be.

    Anything unusual returns None, and the careful reader then finds and names the problem.
    """
    try:
        if item["leader"] != leader or type(item["leader"]) is not int or type(item.get("winner", 0)) is not int:
            return None
        cards = item["cards"]
        if type(cards) is not list or len(item) > 3:
            return None
        if finished:
            if len(cards) != size or not item.keys() <= _DONE_TRICK_FIELDS:
                return None
        elif len(cards) >= size or not item.keys() <= _CURRENT_TRICK_FIELDS:
            return None
        return _new_trick((leader, tuple(map(CANONICAL_OF, cards))))
    except (KeyError, TypeError, AttributeError):
        return None


_DONE_TRICK_FIELDS = frozenset({"leader", "cards", "winner"})
_CURRENT_TRICK_FIELDS = frozenset({"leader", "cards"})


def _read_trick(item: object, pointer: tuple, table: tuple[int, tuple[int, ...], int], ids: PlayRuleIds,
                allow_winner: bool, absent: Callable[[int], str]) -> Trick:
    """Read a trick; table is (players, seats in play, the seat that should lead it)."""
    players, seats, expected = table
    item = read_object(item, pointer)
    # A trick under way has no winner yet; "winner": null says as much and is let through.
    reject_unknown(item, _DONE_TRICK_FIELDS if allow_winner or item.get("winner") is None else _CURRENT_TRICK_FIELDS, pointer)
    if "leader" not in item:
        raise invalid(pointer + ("leader",), "required: the seat that led the trick")
    leader = read_seat(item["leader"], pointer + ("leader",), players, ids.lead)
    if leader not in seats:
        raise invalid(pointer + ("leader",), f"{absent(leader)}; seat {expected} leads this trick", ids.lead)
    if item.get("winner") is not None:
        read_seat(item["winner"], pointer + ("winner",), players, ids.trick_winner)
    # Up to a card per player is read, so that a trick of the wrong size is refused by its rule's own words.
    return Trick(leader, tuple(read_cards(item.get("cards", []), pointer + ("cards",), players, ids.trick_size)))


def _check_trick_size(trick: Trick, finished: bool, size: int, hand_done: bool, pointer: tuple, ids: PlayRuleIds) -> None:
    if finished and len(trick.cards) != size:
        raise invalid(pointer + ("cards",), f"a finished trick holds {size} cards, one from each seat in play; this one holds {len(trick.cards)}", ids.trick_size)
    if not finished and len(trick.cards) >= size:
        raise invalid(pointer + ("cards",), f"a trick under way holds fewer than {size} cards; a full trick belongs in tricks", ids.trick_size)
    if not finished and hand_done and trick.cards:
        raise invalid(pointer + ("cards",), "every trick of the hand is finished; no trick can be under way", ids.trick_size)


def _check_leader(trick: Trick, expected: int, pointer: tuple, ids: PlayRuleIds, first: bool,
                  first_lead: Callable[[], str] | None) -> None:
    """The trick is led by the seat due to lead; first_lead(), for the first trick, says who that is and why."""
    if trick.leader != expected:
        if not first:
            message = f"seat {expected} won the trick before, so it leads this one, not seat {trick.leader}"
        else:
            why = first_lead() if first_lead else f"seat {expected} does"
            message = f"seat {trick.leader} does not lead the first trick: {why}"
        raise invalid(pointer + ("leader",), message, ids.lead)


def _counts_fit(shown: list[str], deck: dict[str, int]) -> bool:
    """Whether every card shown exists in the deck, and no more often than its copies."""
    # The cards of the deck among those shown, in one pass: as many as were shown when all are distinct and in it.
    if len(deck.keys() & shown) == len(shown):
        return True
    return all(deck.get(card, 0) >= n for card, n in Counter(shown).items())


def _word_counts(tricks: list[Trick], current: Trick | None, hands: list, deck: dict[str, int],
                 ids: PlayRuleIds) -> None:
    """Raise about the first card, in the order the state shows them, that the deck lacks or holds fewer times."""
    seen: list[tuple] = [(trick.cards, ("state", "tricks", index), None) for index, trick in enumerate(tricks)]
    if current is not None:
        seen.append((current.cards, ("state", "current_trick"), None))
    seen += [(hand, ("state", "hands", seat), seat) for seat, hand in enumerate(hands) if type(hand) is not HiddenHand]
    tally: dict[str, int] = {}
    for cards, pointer, seat in seen:
        where = "a trick shows" if seat is None else f"seat {seat} holds"
        pointer = pointer + ("cards",) if seat is None else pointer
        for place, card in enumerate(cards):
            copies = deck.get(card, 0)
            if copies == 0:
                raise invalid(pointer + (place,), f"{where} the {_name(card)}, which is not in this pack", ids.deck)
            tally[card] = tally.get(card, 0) + 1
            if tally[card] > copies:
                times = "once" if copies == 1 else f"{copies} times"
                raise invalid(pointer + (place,), f"the {card_name(card)} appears more often than the pack holds it ({times}): {where} it again", ids.deck)


def check_play(play: Play, seat: int | None, card: str, rules: TrickRules, ids: PlayRuleIds,
               sight: Sight | None = None) -> list[Violation]:
    """Every rule a play of `card` breaks: turn order, holding the card, following suit.

    A hidden hand is judged by what `sight` shows (see hidden_play_problems); without it, refused.
    """
    to_play = play.seat_to_play()
    found: list[Violation] = []
    if seat is not None and seat != to_play:
        found.append(Violation(ids.turn, f"It is seat {to_play}'s turn to play, not seat {seat}'s."))
        return found
    hand = play.hands[to_play]
    if type(hand) is HiddenHand:
        if sight is None:
            raise InvalidRequest([FieldProblem(("state", "hands", to_play), f"seat {to_play}'s hand is hidden; judging its play needs its cards")])
        return hidden_play_problems(play, card, rules, ids, sight)
    if card not in hand:
        found.append(Violation(ids.card_held, f"Seat {to_play} does not hold the {card_name(card)}."))
        return found
    led = play.led_suit(rules)
    if led is not None and rules.suit_of(card) != led:
        following = [c for c in dict.fromkeys(hand) if rules.suit_of(c) == led]
        if following:
            found.append(Violation(ids.follow_suit, _must_follow(to_play, card, led, following, play.current.cards[0],
                                                                 rules)))
    return found


def _must_follow(seat: int, card: str, led: str, following: list[str], first: str, rules: TrickRules) -> str:
    """Why a seat must follow the suit led, naming the cards it holds and any card whose suit is not its printed one."""
    suits = SUIT_NAMES[led]
    why_led = (f"the {card_name(first)} led is {rules.asides[first]}, so this is a {suits[:-1]} lead; "
               if first in rules.asides else "")
    # Cards that belong to the suit led only by an aside come last, so the sentence can end on the reason.
    following = sorted(following, key=lambda c: c in rules.asides)
    message = f"Seat {seat} must follow {suits}: {why_led}it holds {_and([rules.described(c) for c in following])}."
    if card in rules.asides:
        message += f" The {card_name(card)} is {rules.asides[card]}, so it does not follow {suits}."
    return message


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def legal_plays(play: Play, rules: TrickRules) -> tuple[list[str], bool]:
    """The cards the seat to play may play, and whether following suit narrowed them."""
    seat = play.seat_to_play()
    hand = play.hands[seat]
    if type(hand) is HiddenHand:
        raise InvalidRequest([FieldProblem(("state", "hands", seat), f"seat {seat}'s hand is hidden; its legal moves need its cards")])
    led = play.led_suit(rules)
    if led is not None:
        suits = rules.suits
        following = [c for c in hand if suits[c] == led]
        if following:
            return list(dict.fromkeys(following)), True
    return list(dict.fromkeys(hand)), False


def without_card(hand: list[str] | HiddenHand, card: str | None) -> list[str] | HiddenHand:
    """The hand after a card leaves it; a hidden hand's count drops by one, whether the card is named or not."""
    if type(hand) is HiddenHand:
        return HiddenHand(hand.count - 1)
    held = list(hand)
    held.remove(card)
    return held


def play_card(play: Play, card: str, rules: TrickRules) -> tuple[Play, Trick | None, int | None]:
    """Play a card for the seat to play; return the new play, and the trick and winner if it completed."""
    seat = play.seat_to_play()
    hands = list(play.hands)
    hands[seat] = without_card(hands[seat], card)
    current = Trick(play.current.leader, play.current.cards + (card,))
    void = [set(v) for v in play.void]
    if current.cards and rules.suit_of(card) != rules.suit_of(current.cards[0]):
        void[seat].add(rules.suit_of(current.cards[0]))
    if len(current.cards) < len(play.seats):
        return Play(hands, play.tricks, play.winners, current, play.seats, void), None, None
    winner = trick_winner(current, play.seats, rules)
    return (Play(hands, play.tricks + [current], play.winners + [winner], Trick(winner, ()), play.seats, void),
            current, winner)


def dump_play(play: Play) -> dict:
    """The JSON form of the play: hands, tricks (with winners) and the trick under way."""
    return {
        "hands": [{"count": h.count} if type(h) is HiddenHand else list(h) for h in play.hands],
        "tricks": [{"leader": t.leader, "cards": list(t.cards), "winner": w} for t, w in zip(play.tricks, play.winners)],
        "current_trick": {"leader": play.current.leader, "cards": list(play.current.cards)},
    }


# -- hidden hands ------------------------------------------------------------------------------
@record
class Sight:
    """What a position shows beyond the hands and tricks, for judging the play of a hidden hand.

    deck: the pack, card -> copies; elsewhere(card, seat): where the game shows a card outside the
    play, in words after "it is" ("the dealer's discard"), or None. set_aside: the cards shown
    outside the play (a turned-down upcard, a discard seen). kept: (seat, card) for each card a
    hidden hand is known to hold (the upcard a Euchre dealer took and kept). out_of_play: whether
    cards are left undealt or discarded unseen, so that any unseen card may lie there. either:
    (card, seat) for a card that is in that seat's hidden hand or out of play, nobody knows which.
    """

    deck: dict[str, int]
    elsewhere: Callable[[str, int], str | None] = lambda card, seat: None
    set_aside: frozenset[str] = frozenset()
    kept: tuple[tuple[int, str], ...] = ()
    out_of_play: bool = False
    either: tuple[str, int] | None = None

    def known(self, seat: int) -> frozenset[str]:
        """The cards a seat is known to hold although its hand is hidden."""
        return frozenset(card for holder, card in self.kept if holder == seat)


def where_shown(play: Play, card: str) -> str | None:
    """Where the play shows a card, in words after "it is already": a hand, a trick, the trick under way."""
    for seat, hand in enumerate(play.hands):
        if type(hand) is not HiddenHand and card in hand:
            return f"in seat {seat}'s hand"
    for number, trick in enumerate(play.tricks, start=1):
        if card in trick.cards:
            return f"in trick {number}"
    if card in play.current.cards:
        return "in the trick under way"
    return None


def hidden_play_problems(play: Play, card: str, rules: TrickRules, ids: PlayRuleIds, sight: Sight,
                         memo: dict | None = None) -> list[Violation]:
    """The rules a hidden hand's play of `card` is seen to break, from the cards shown.

    The card must be in the pack and shown nowhere else; a seat that once failed to follow a suit
    holds none of it; a card the seat is known to hold of the suit led must be played first; and
    the cards not yet seen must still fit the hidden hands that may hold them once it is played.
    """
    seat = play.seat_to_play()
    if card not in sight.deck:
        return [Violation(ids.deck, f"The {_name(card)} is not in this pack.")]
    where = where_shown(play, card)
    where = f"already {where}" if where else sight.elsewhere(card, seat)
    if where:
        return [Violation(ids.card_held, f"Seat {seat} cannot hold the {card_name(card)}: it is {where}.")]
    suit = rules.suit_of(card)
    if suit in play.void[seat]:
        suits = SUIT_NAMES[suit]
        return [Violation(ids.follow_suit, f"Seat {seat} did not follow an earlier {suits[:-1]} lead, which shows it "
                                           f"held no {suits}, so it cannot play {rules.described(card)} now.")]
    led = play.led_suit(rules)
    known = sight.known(seat)
    following = [c for c in known if rules.suit_of(c) == led]
    if led is not None and suit != led and following:
        return [Violation(ids.follow_suit, _must_follow(seat, card, led, following, play.current.cards[0], rules))]
    if card not in known and len(known) == play.hands[seat].count:
        held = _and([card_name(c) for c in sorted(known)])
        return [Violation(ids.card_held, f"Seat {seat} cannot hold the {card_name(card)}: the only "
                                         f"card{'s' if len(known) > 1 else ''} in its hand {'are' if len(known) > 1 else 'is'} "
                                         f"known: {held}.")]
    crowded = _overflow_after(play, rules, sight, card, None, memo)
    if crowded:
        return [Violation(ids.card_held, f"Seat {seat} cannot hold the {card_name(card)}: after playing it, {crowded}.")]
    if led is not None and suit != led:
        # Not following shows the seat holds none of the suit led, which the unseen cards must allow.
        crowded = _overflow_after(play, rules, sight, card, led, memo)
        if crowded:
            return [Violation(ids.follow_suit, f"Seat {seat} must follow {SUIT_NAMES[led]}, since it holds one: if it "
                                               f"held none, {crowded}.")]
    return []


def unverified_play(play: Play, card: str, rules: TrickRules, ids: PlayRuleIds, sight: Sight,
                    may_hold_led: bool | None = None, memo: dict | None = None) -> list[str]:
    """The rules a hidden hand's play of `card` cannot be judged by without its cards.

    Holding the card, unless the seat is known to hold it; following suit, when the card is not of
    the suit led and the seat may hold a card of that suit (may_hold_led, when the caller knows).
    """
    seat = play.seat_to_play()
    unverified = [] if surely_held(play, rules, sight, seat, card, memo) else [ids.card_held]
    led = play.led_suit(rules)
    if led is not None and rules.suit_of(card) != led:
        if may_hold_led is None:
            may_hold_led = _may_hold(play, rules, sight, seat, led)
        if may_hold_led:
            unverified.append(ids.follow_suit)
    return unverified


def surely_held(play: Play, rules: TrickRules, sight: Sight, seat: int, card: str, memo: dict | None = None) -> bool:
    """Whether the cards shown prove that a hidden seat holds `card`: known to, or shown nowhere and unable to lie
    in any other place that may hold its suit while the other unseen cards still fit the hidden hands.

    Past the card's own checks the answer depends on its suit alone (and on whether it is the card one of two
    places holds), so a listing asks it once per suit."""
    if card in sight.known(seat):
        return True
    suit = rules.suit_of(card)
    either = sight.either is not None and card == sight.either[0]
    key = ("held", seat, suit, either)
    if memo is not None and memo.get(key) is False:
        return False              # the usual answer, settled for the suit without looking for the card
    if (card not in sight.deck or card in sight.set_aside or where_shown(play, card) is not None
            or any(c == card for _, c in sight.kept)):
        return False
    if memo is not None and key in memo:
        return memo[key]
    others: list = [other for other, hand in enumerate(play.hands)
                    if other != seat and type(hand) is HiddenHand and suit not in play.void[other]]
    if sight.out_of_play:
        others.append("out")
    if either:
        others = [place for place in others if place in ("out", sight.either[1])]
    held = all(unseen_overflow(play, rules, sight, (place, card)) for place in others)
    if memo is not None:
        memo[key] = held
    return held


def _may_hold(play: Play, rules: TrickRules, sight: Sight, seat: int, suit: str, memo: dict | None = None) -> bool:
    """Whether the hidden hand of a seat may hold a card of the suit, as far as the cards shown tell."""
    if suit in play.void[seat]:
        return False
    if any(rules.suit_of(card) == suit for card in sight.known(seat)):
        return True
    return any(rules.suit_of(card) == suit and where_shown(play, card) is None and card not in sight.set_aside
               and not _overflow_after(play, rules, sight, card, None, memo) for card in sight.deck)


def hidden_plays(play: Play, rules: TrickRules, ids: PlayRuleIds, sight: Sight) -> list[tuple[str, list[str]]]:
    """The cards a hidden hand may be playing, each with the rules its play leaves unverified.

    Exactly the cards that check_play would not refuse, so listing and judging cannot disagree.
    """
    led = play.led_suit(rules)
    memo: dict = {}
    may_hold_led = led is not None and _may_hold(play, rules, sight, play.seat_to_play(), led, memo)
    return [(card, unverified_play(play, card, rules, ids, sight, may_hold_led, memo)) for card in sight.deck
            if not hidden_play_problems(play, card, rules, ids, sight, memo)]


def _overflow_after(play: Play, rules: TrickRules, sight: Sight, card: str, lacks: str | None,
                    memo: dict | None) -> str | None:
    """unseen_overflow after the seat to play plays `card` (and, with lacks, shows it holds none of that suit).

    The answer depends on the card only through the places it may lie in, so cards alike in suit
    share it: a listing computes it a few times rather than once per card.
    """
    seat = play.seat_to_play()
    if memo is None:
        return unseen_overflow(play, rules, sight, (seat, card), lacks)
    key = (rules.suit_of(card), card in sight.known(seat), sight.either is not None and card == sight.either[0], lacks)
    if key not in memo:
        memo[key] = unseen_overflow(play, rules, sight, (seat, card), lacks)
    return memo[key]


def is_hidden_to_play(play: Play) -> bool:
    """Whether the seat to play keeps its hand hidden."""
    return type(play.hands[play.seat_to_play()]) is HiddenHand


def check_unseen_fit(play: Play, rules: TrickRules, ids: PlayRuleIds, sight: Callable[[], Sight]) -> None:
    """Refuse a position whose hidden hands cannot hold the cards not yet seen, given the suits they lack;
    sight() is asked only when a hand is hidden."""
    if HiddenHand in map(type, play.hands):
        crowded = unseen_overflow(play, rules, sight())
        if crowded:
            raise invalid(("state", "hands"), f"the hidden cards cannot be dealt out: {crowded}", ids.follow_suit)


def unseen_overflow(play: Play, rules: TrickRules, sight: Sight, played: tuple[int, str] | None = None,
                    lacks: str | None = None) -> str | None:
    """Cards not yet seen that cannot all fit where they may be, or None when they fit.

    Every unseen card lies in a hidden hand that has not shown it lacks the card's suit, or out of
    play where cards are. Cards that may lie in the same places are alike, so the cards fit if and
    only if no set of them outnumbers the room of the places that may hold them (Hall's theorem;
    a handful of sets at most). played = (seat, card): judge the position after that seat plays
    that card, and, with lacks, shows it holds none of that suit. The answer says which cards
    outnumber which places, in words.
    """
    kept = dict.fromkeys(card for _, card in sight.kept)
    room: dict[object, int] = {}
    for seat, hand in enumerate(play.hands):
        if type(hand) is HiddenHand:
            room[seat] = hand.count - sum(1 for holder, _ in sight.kept if holder == seat)
    seen = {card for hand in play.hands if type(hand) is not HiddenHand for card in hand}
    seen.update(card for trick in play.tricks for card in trick.cards)
    seen.update(play.current.cards)
    seen.update(sight.set_aside, kept)
    unseen = [card for card in sight.deck if card not in seen]
    if sight.out_of_play:
        room["out"] = len(unseen) - sum(room.values())
    if played is not None:
        seat, card = played
        if card in unseen:
            unseen.remove(card)
            room[seat] -= 1
            if room[seat] < 0:
                return f"{_places(frozenset([seat]))} has no room for the {card_name(card)}"
    alike: dict[frozenset, list[str]] = {}
    for card in unseen:
        suit = rules.suit_of(card)
        places = [seat for seat in room if seat == "out" or suit not in play.void[seat]
                  and not (lacks == suit and seat == played[0])]
        if sight.either is not None and card == sight.either[0]:
            places = [place for place in places if place in ("out", sight.either[1])]
        alike.setdefault(frozenset(places), []).append(card)
    groups = list(alike.items())
    for chosen in range(1, 2 ** len(groups)):
        cards = [card for bit, (_, group) in enumerate(groups) if chosen >> bit & 1 for card in group]
        places = frozenset().union(*[p for bit, (p, _) in enumerate(groups) if chosen >> bit & 1])
        space = sum(room[place] for place in places)
        if len(cards) > space:
            held = f"{space} card{'s' if space != 1 else ''}"
            where = (f"can only be in {_places(places)}, which hold{'s' if len(places) == 1 else ''} {held}" if places
                     else "can be nowhere, since every hidden hand has shown it holds none")
            return f"the {len(cards)} {_suits_of(cards, rules)} not yet seen {where}"
    return None


def _suits_of(cards: list[str], rules: TrickRules) -> str:
    names = [SUIT_NAMES[suit] for suit in dict.fromkeys(sorted(rules.suit_of(card) for card in cards))]
    return _and(names) if len(cards) > 1 else names[0][:-1]


def _places(places: frozenset) -> str:
    seats = sorted(place for place in places if place != "out")
    named = []
    if len(seats) == 1:
        named.append(f"seat {seats[0]}'s hand")
    elif seats:
        named.append(f"the hands of seats {_and([str(s) for s in seats])}")
    if "out" in places:
        named.append("the cards out of play")
    return _and(named)
