"""The play of tricks, shared by Canadian Salad and Euchre: reading, checking and playing cards.

A game supplies how cards compare (TrickRules) and the rule ids to cite (PlayRuleIds); this module
replays the recorded tricks to prove the position is reachable and answers who plays what next.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

from .cards import CANONICAL, RANK_INDEX, SUIT, SUIT_NAMES, card_name
from .errors import FieldProblem, InvalidRequest, invalid
from .game import Violation
from .parsing import HiddenHand, read_cards, read_hand, read_list, read_object, read_seat, reject_unknown


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

    def __post_init__(self) -> None:
        led_suits = set(self.suits.values())
        object.__setattr__(self, "powers", {led: {card: self.power(card, led) for card in self.suits}
                                            for led in led_suits})

    @property
    def suit_of(self) -> Callable[[str], str]:
        """The suit a card belongs to for following and winning."""
        return self.suits.__getitem__

    def described(self, card: str) -> str:
        """The card in words, with the reason it belongs to another suit when it does."""
        aside = self.asides.get(card)
        return f"the {card_name(card)}" + (f", {aside}" if aside else "")

    def named(self, card: str) -> str:
        """The card in words for the middle of a sentence: its aside, if any, set off by commas."""
        return self.described(card) + ("," if card in self.asides else "")


# No trumps: the highest card of the suit led wins.
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
        order = play_order(self.current.leader, self.seats)
        return order[len(self.current.cards)]

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
        hands = read_hands(raw.get("hands"), players, max(hand_sizes))
    tricks_raw = read_list(raw.get("tricks", []), ("state", "tricks"))
    total_tricks = min(hand_sizes[s] for s in seats)
    if len(tricks_raw) > total_tricks:
        raise invalid(("state", "tricks"), f"a hand has only {total_tricks} tricks; {len(tricks_raw)} given", ids.trick_size)
    void: list[set] = [set() for _ in range(players)]
    played = [0] * players
    seen: list[tuple] = []  # every card shown: (cards, pointer, holding seat or None for a trick's)
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
    current = Trick(leader, ())
    done = len(tricks_raw)
    for index, item in enumerate(items):
        finished = index < done
        pointer = ("state", "tricks", index) if finished else ("state", "current_trick")
        # A trick under way once every trick is done is refused by the careful reader below.
        trick = _well_formed_trick(item, leader, size, finished) if finished or len(tricks) < total_tricks else None
        if trick is None:
            trick = _read_trick(item, pointer, (players, seats, leader), ids, finished, absent)
            _check_trick_size(trick, finished, size, len(tricks) == total_tricks, pointer, ids)
            _check_leader(trick, leader, pointer, ids, index == 0, first_lead)
        seen.append((trick.cards, pointer, None))
        led = None
        best_power = -2
        for seat, card in zip(orders[leader], trick.cards):
            suit = suit_of.get(card)
            if suit is None:
                raise invalid(pointer + ("cards",), f"seat {seat} played the {_name(card)}, which is not in this pack",
                              ids.deck)
            if led is None:
                led = suit
                strengths = powers[led]
            if suit in void[seat]:
                raise invalid(pointer + ("cards",), f"seat {seat} played {rules.named(card)} after failing to follow "
                              f"an earlier {SUIT_NAMES[suit][:-1]} lead, which shows it held no {SUIT_NAMES[suit]}",
                              ids.follow_suit)
            if suit != led:
                void[seat].add(led)
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
            raise invalid(pointer + ("winner",), message, ids.trick_winner)
        tricks.append(trick)
        winners.append(leader)
        current = Trick(leader, ())
    for seat in seats:
        played[seat] += len(tricks)
    for seat, hand in enumerate(hands):
        expected = hand_sizes[seat] - played[seat]
        held = hand.count if type(hand) is HiddenHand else len(hand)
        if held != expected:
            raise invalid(("state", "hands", seat), f"seat {seat} should hold {expected} cards ({hand_sizes[seat]} dealt, {played[seat]} played), not {held}", ids.hand_size)
        if type(hand) is not HiddenHand:
            seen.append((hand, ("state", "hands", seat), seat))
    _check_counts(seen, deck, ids)
    for seat, hand in enumerate(hands):
        if void[seat] and type(hand) is not HiddenHand:
            for card in hand:
                if rules.suit_of(card) in void[seat]:
                    raise invalid(("state", "hands", seat), f"seat {seat} holds {rules.named(card)} yet earlier did "
                                  f"not follow a {SUIT_NAMES[rules.suit_of(card)][:-1]} lead", ids.follow_suit)
    return Play(hands, tricks, winners, current, seats, void)


def _takes_no_part(seat: int) -> str:
    return f"seat {seat} takes no part in the play"


def _name(card: str) -> str:
    return card_name(card) if card in SUIT else card


# Play orders by leader, for each tuple of seats in play: a handful of tuples, built once.
_PLAY_ORDERS: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}


def read_hands(value: object, players: int, limit: int) -> list:
    """Read the list of hands, one per seat, each cards or {"count": n}."""
    raw_hands = read_list(value, ("state", "hands"))
    if len(raw_hands) != players:
        raise invalid(("state", "hands"), f"must hold one hand per seat: {players}, not {len(raw_hands)}")
    try:
        # Shown hands of card codes, the usual case, in one step; read_hand words any problem.
        return [[CANONICAL[card] for card in h] if type(h) is list and len(h) <= limit else
                read_hand(h, ("state", "hands", i), limit) for i, h in enumerate(raw_hands)]
    except (KeyError, TypeError):
        return [read_hand(h, ("state", "hands", i), limit) for i, h in enumerate(raw_hands)]


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
        return Trick(leader, tuple([CANONICAL[card] for card in cards]))
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
    return Trick(leader, tuple(read_cards(item.get("cards", []), pointer + ("cards",), len(seats))))


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


def _check_counts(seen: list, deck: dict[str, int], ids: PlayRuleIds) -> None:
    """Every card shown exists in the deck, and no more often than its copies."""
    shown: list[str] = []
    for cards, _, _ in seen:
        shown += cards
    distinct = set(shown)
    if len(distinct) == len(shown) and deck.keys() >= distinct:
        return
    if all(deck.get(card, 0) >= n for card, n in Counter(shown).items()):
        return
    tally: dict[str, int] = {}
    for cards, pointer, seat in seen:
        where = "a trick shows" if seat is None else f"seat {seat} holds"
        pointer = pointer + ("cards",) if seat is None else pointer
        for card in cards:
            copies = deck.get(card, 0)
            if copies == 0:
                raise invalid(pointer, f"{where} the {_name(card)}, which is not in this pack", ids.deck)
            tally[card] = tally.get(card, 0) + 1
            if tally[card] > copies:
                times = "once" if copies == 1 else f"{copies} times"
                raise invalid(pointer, f"the {card_name(card)} appears more often than the pack holds it ({times}): {where} it again", ids.deck)


def check_play(play: Play, seat: int | None, card: str, rules: TrickRules, ids: PlayRuleIds) -> list[Violation]:
    """Every rule a play of `card` breaks: turn order, holding the card, following suit."""
    to_play = play.seat_to_play()
    found: list[Violation] = []
    if seat is not None and seat != to_play:
        found.append(Violation(ids.turn, f"It is seat {to_play}'s turn to play, not seat {seat}'s."))
        return found
    hand = play.hands[to_play]
    if type(hand) is HiddenHand:
        raise InvalidRequest([FieldProblem(("state", "hands", to_play), f"seat {to_play}'s hand is hidden; judging its play needs its cards")])
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
        following = [c for c in hand if rules.suit_of(c) == led]
        if following:
            return list(dict.fromkeys(following)), True
    return list(dict.fromkeys(hand)), False


def play_card(play: Play, card: str, rules: TrickRules) -> tuple[Play, Trick | None, int | None]:
    """Play a card for the seat to play; return the new play, and the trick and winner if it completed."""
    seat = play.seat_to_play()
    hands = list(play.hands)
    hand = hands[seat]
    if type(hand) is HiddenHand:
        hands[seat] = HiddenHand(hand.count - 1)
    else:
        held = list(hand)
        held.remove(card)
        hands[seat] = held
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
