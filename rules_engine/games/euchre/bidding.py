"""Making trump: the two rounds of bids, going alone and defending alone, read and replayed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...cards import SUIT, SUIT_NAMES
from ...errors import invalid
from ...parsing import read_bool, read_int, read_list, read_object

BID_TYPES = ("pass", "order_up", "call", "defend_alone")
_BID_FIELDS = {
    "pass": frozenset({"seat", "type"}),
    "order_up": frozenset({"seat", "type", "alone"}),
    "call": frozenset({"seat", "type", "suit", "alone"}),
    "defend_alone": frozenset({"seat", "type"}),
}
SUIT_CODES = ("C", "D", "H", "S")
# Four passes, four passes, one bid and two defenders' answers: no real bidding is longer.
MAX_BIDS = 11


class Bid(NamedTuple):
    """One call of the bidding, including a defender's answer to a lone maker."""

    seat: int
    type: str
    suit: str | None = None
    alone: bool = False

    def as_dict(self) -> dict:
        """The bid in the contract's move shape, with its seat."""
        if self.type == "order_up":
            return {"seat": self.seat, "type": "order_up", "alone": self.alone}
        if self.type == "call":
            return {"seat": self.seat, "type": "call", "suit": self.suit, "alone": self.alone}
        return {"seat": self.seat, "type": self.type}


ALL_SEATS = (0, 1, 2, 3)
# A pass as it is usually recorded, by seat: equal to one of these, it needs no further reading.
_RECORDED_PASS = tuple({"seat": seat, "type": "pass"} for seat in ALL_SEATS)
_PASS = tuple(Bid(seat, "pass") for seat in ALL_SEATS)


@dataclass(slots=True)
class Auction:
    """Where the bidding stands: its stage, who speaks next, and the contract once trump is made."""

    bids: tuple[Bid, ...]
    stage: str  # "bidding1", "bidding2", "void" (eight passes) or "made"
    next_bidder: int | None = None
    trump: str | None = None
    maker: int | None = None
    alone: bool = False
    round: int = 0  # the round in which trump was made
    defenders_left: tuple[int, ...] = ()  # defenders still to say whether they defend alone
    lone_defender: int | None = None
    seats: tuple[int, ...] = ALL_SEATS  # the seats that play cards, in seat order

    @property
    def makers(self) -> int | None:
        """The makers' team, once trump is made."""
        return None if self.maker is None else self.maker % 2

    def sits_out(self, seat: int) -> bool:
        """Tell whether a seat lays its hand down because its partner plays alone."""
        return seat not in self.seats

    def absence(self, seat: int) -> str:
        """Why a seat takes no part in the play, in words: "seat 3 sits out while seat 1 plays alone"."""
        return f"seat {seat} {self.out_because(seat)}"

    def out_because(self, seat: int) -> str:
        """Why a seat takes no part in the play, without naming it: "sits out while seat 1 plays alone"."""
        partner = (seat + 2) % 4
        if partner == self.lone_defender:
            return f"sits out while seat {partner} defends alone"
        if self.alone and partner == self.maker:
            return f"sits out while seat {partner} plays alone"
        return "takes no part in the play"


def read_bid(raw: object, pointer: tuple, expected_seat: int, auction: Auction | None = None) -> Bid:
    """Read one recorded bid; its seat, when given, must be the seat whose turn it was.

    auction, once trump is made, lets a bid by a seat that sits out say so.
    """
    raw = read_object(raw, pointer)
    kind = raw.get("type")
    fields = _BID_FIELDS.get(kind) if type(kind) is str else None
    if fields is None:
        raise invalid(pointer + ("type",), f"must be one of {', '.join(BID_TYPES)}")
    if not fields.issuperset(raw):
        unknown = next(key for key in raw if key not in fields)
        raise invalid(pointer + (unknown,), f"unknown field for a {kind} bid")
    seat = raw.get("seat")
    if seat is not None and (type(seat) is not int or seat != expected_seat):
        seat = read_int(seat, pointer + ("seat",), 0, 3)
        if auction is not None and auction.sits_out(seat):
            raise invalid(pointer + ("seat",), f"{auction.absence(seat)}; seat {expected_seat} speaks here",
                          "euchre.alone.going-alone")
        raise invalid(pointer + ("seat",), f"seat {expected_seat} speaks here, not seat {seat}", "euchre.bidding.turn")
    if kind == "pass" or kind == "defend_alone":
        return Bid(expected_seat, kind)
    alone = raw.get("alone")
    alone = False if alone is None else read_bool(alone, pointer + ("alone",))
    suit = None
    if kind == "call":
        if "suit" not in raw:
            raise invalid(pointer + ("suit",), "required: the suit named as trump (C, D, H or S)")
        suit = read_suit(raw["suit"], pointer + ("suit",))
    return Bid(expected_seat, kind, suit, alone)


def read_suit(value: object, pointer: tuple) -> str:
    """Read a suit letter, in either case."""
    suit = value.upper() if type(value) is str else None
    if suit not in SUIT_CODES:
        raise invalid(pointer, "must be one of C, D, H, S (clubs, diamonds, hearts, spades)")
    return suit


def read_bidding(raw: object, dealer: int, upcard: str, options: dict) -> Auction:
    """Read the recorded bids and replay them, refusing any that the rules would not have allowed."""
    if raw is None:
        return opening(dealer)
    items = read_list(raw, ("state", "bidding"))
    count = len(items)
    if count > MAX_BIDS:
        raise invalid(("state", "bidding"), f"no bidding has more than {MAX_BIDS} entries; {count} given",
                      "euchre.bidding.turn")
    # The passes, then the bid that made trump, then any defenders' answers to a lone maker. Passes
    # are most of any bidding and, recorded as usual, are recognised by one comparison.
    bids: list[Bid] = []
    naming = None
    for index in range(min(count, 8)):
        seat = (dealer + 1 + index) % 4
        item = items[index]
        if item == _RECORDED_PASS[seat] and type(item["seat"]) is int:
            bid = _PASS[seat]
        else:
            bid = read_bid(item, ("state", "bidding", index), seat)
            if bid.type != "pass":
                naming = bid
                break
        if index == 7 and options["stick_the_dealer"]:
            rule, message = bid_problem("bidding2", bid, dealer, upcard, options)
            raise invalid(("state", "bidding", index), message, rule)
        bids.append(bid)
    start = len(bids)
    if naming is None:
        auction = _stage_of(bids, dealer)
    else:
        problem = bid_problem("bidding1" if start < 4 else "bidding2", naming, dealer, upcard, options)
        if problem is not None:
            raise invalid(("state", "bidding", start), problem[1], problem[0])
        auction = _made(tuple(bids) + (naming,), naming, start < 4, (dealer, upcard), options)
        start += 1
    for index in range(start, count):
        pointer = ("state", "bidding", index)
        seat = auction.next_bidder
        if seat is None:
            raise invalid(pointer, _closed(auction), _closed_rule(auction))
        bid = read_bid(items[index], pointer, seat, auction)
        problem = bid_problem(stage_name(auction), bid, dealer, upcard, options)
        if problem is not None:
            raise invalid(pointer, problem[1], problem[0])
        auction = advance(auction, bid, dealer, upcard, options)
    return auction


def stage_name(auction: Auction) -> str:
    """The stage bid_problem judges a bid at: the auction's own, or "defend" while defenders answer."""
    return "defend" if auction.stage == "made" and auction.next_bidder is not None else auction.stage


def _stage_of(passes: list[Bid], dealer: int) -> Auction:
    """The bidding after nothing but passes."""
    count = len(passes)
    if count == 8:
        return Auction(tuple(passes), "void")
    return Auction(tuple(passes), "bidding1" if count < 4 else "bidding2", (dealer + 1 + count) % 4)


def _closed(auction: Auction) -> str:
    if auction.stage == "void":
        return "all four players passed twice, so the hand was thrown in; nothing follows"
    return (f"the bidding ended when seat {auction.maker} made {SUIT_NAMES[auction.trump]} trump; "
            "nothing follows it here")


def _closed_rule(auction: Auction) -> str:
    return "euchre.bidding.void-hand" if auction.stage == "void" else "euchre.bidding.turn"


def opening(dealer: int) -> Auction:
    """The bidding before anyone has spoken: the player on the dealer's left speaks first."""
    return Auction((), "bidding1", (dealer + 1) % 4)


def advance(auction: Auction, bid: Bid, dealer: int, upcard: str, options: dict) -> Auction:
    """The bidding after one more legal bid."""
    bids = auction.bids + (bid,)
    kind = bid.type
    if auction.stage != "made":
        if kind == "pass":
            count = len(bids)
            if count == 8:
                return Auction(bids, "void")
            return Auction(bids, "bidding1" if count < 4 else "bidding2", (dealer + 1 + count) % 4)
        return _made(bids, bid, auction.stage == "bidding1", (dealer, upcard), options)
    if kind == "defend_alone":
        seats = tuple(s for s in auction.seats if s != (bid.seat + 2) % 4)
        return Auction(bids, "made", None, auction.trump, auction.maker, auction.alone, auction.round, (), bid.seat,
                       seats)
    left = auction.defenders_left[1:]
    return Auction(bids, "made", left[0] if left else None, auction.trump, auction.maker, auction.alone,
                   auction.round, left, None, auction.seats)


def _made(bids: tuple[Bid, ...], bid: Bid, first_round: bool, deal: tuple[int, str], options: dict) -> Auction:
    """The bidding once `bid`, the last of `bids`, has made trump; deal is (dealer, upcard)."""
    dealer, upcard = deal
    maker = bid.seat
    trump = SUIT[upcard] if bid.type == "order_up" else bid.suit
    round_made = 1 if first_round else 2
    asked = options["lone_defender"] and (bid.alone or options["lone_defender_against"] == "any_maker")
    defenders = defenders_in_turn(maker, dealer, options) if asked else ()
    seats = tuple(s for s in ALL_SEATS if s != (maker + 2) % 4) if bid.alone else ALL_SEATS
    return Auction(bids, "made", defenders[0] if defenders else None, trump, maker, bid.alone, round_made,
                   defenders, None, seats)


def defenders_in_turn(maker: int, dealer: int, options: dict) -> tuple[int, int]:
    """The two defenders in the order they are asked whether to defend alone:
    from the maker's left, or, under option lone_defender_order "dealer_left", from the dealer's left."""
    start = maker + 1 if options["lone_defender_order"] == "maker_left" else dealer + 1
    return tuple(sorted(((maker + 1) % 4, (maker + 3) % 4), key=lambda seat: (seat - start) % 4))


def bid_problem(stage: str, bid: Bid, dealer: int, upcard: str, options: dict) -> tuple[str, str] | None:
    """The rule a bid breaks at this stage of the bidding and why, or None when it is allowed.

    The stage is an Auction's stage, or "defend" while defenders answer a lone maker.
    """
    kind = bid.type
    if kind == "pass" and stage == "bidding1":
        return None
    turned = SUIT_NAMES[SUIT[upcard]]
    if stage == "bidding1":
        if kind == "call":
            return ("euchre.bidding.first-round",
                    f"In the first round a player passes or orders up the {turned[:-1]} upcard; naming a suit "
                    "waits for the second round.")
        if kind == "defend_alone":
            return ("euchre.alone.lone-defender", "Nobody can defend alone before anyone has made trump.")
        return None
    if stage == "bidding2":
        if kind == "order_up":
            return ("euchre.bidding.second-round",
                    f"The upcard was turned down after four passes; in the second round a player passes or "
                    f"names a suit other than {turned}.")
        if kind == "defend_alone":
            return ("euchre.alone.lone-defender", "Nobody can defend alone before anyone has made trump.")
        if kind == "call" and bid.suit == SUIT[upcard]:
            return ("euchre.bidding.turned-down-suit",
                    f"{turned.capitalize()} was turned down in the first round and cannot be named as trump.")
        if kind == "pass" and bid.seat == dealer and options["stick_the_dealer"]:
            return ("euchre.bidding.stick-the-dealer",
                    f"Everyone else has passed twice and the dealer is stuck: seat {dealer} must name "
                    f"{_other_suits(upcard)}.")
        return None
    if stage == "defend":
        if kind in ("pass", "defend_alone"):
            return None
        return ("euchre.alone.lone-defender",
                f"Trump is already made; seat {bid.seat} may only defend alone or pass.")
    return ("euchre.bidding.turn", "The bidding is over.")


def _other_suits(upcard: str) -> str:
    names = [SUIT_NAMES[s] for s in SUIT_CODES if s != SUIT[upcard]]
    return ", ".join(names[:-1]) + " or " + names[-1]
