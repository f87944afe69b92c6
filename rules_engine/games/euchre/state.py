"""A Euchre position: reading it, proving it reachable, working out who acts, and writing it back.

The state is the contract's euchre state, read as follows where the contract leaves room:
- The phase follows from the state: bidding1 and bidding2 while trump is open; discard while the
  dealer, having taken the upcard, holds six cards (the upcard among them) and dealer_discard is
  absent; defend while a defender may still answer the maker (option lone_defender only: a lone maker, or
  any maker under lone_defender_against any_maker); play;
  over when five tricks are played or all four passed twice.
- bidding entries carry "seat" (optional, checked when given) and "alone" (optional, false). With
  option lone_defender, the defenders' answers to the maker follow the bid that made trump:
  {"seat": s, "type": "defend_alone"} or {"seat": s, "type": "pass"}.
- Before the play, current_trick may be left out and its leader is not binding, since going alone
  can move the first lead; answers write the seat that will lead.
- A finished trick may carry "winner", which is checked.
- The upcard is face up on the pack in round one, in the dealer's hand once ordered up (unless the
  dealer sits out under option dealer_exchange_when_partner_alone "none"), and out of play once
  turned down; the dealer's discard is out of play. A position showing either elsewhere is refused.
- A player who is not the dealer does not see the dealer's discard: "dealer_discard": {"count": 1}
  says the dealer has discarded face down. The upcard a dealer took is then known to be in the
  dealer's hidden hand until played, unless it may be the card discarded (dealer_may_discard_upcard).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...cards import CANONICAL, SUIT, SUIT_NAMES, card_name
from ...errors import InvalidRequest, invalid
from ...game import Ruleset
from ...parsing import HiddenHand, read_card, read_hand, read_int, read_list, read_object, reject_unknown
from ...trick_taking import (
    NO_TRUMPS, Play, PlayRuleIds, Sight, Trick, check_unseen_fit, dump_play, play_order, read_hands, read_play,
)
from .bidding import Auction, read_bidding
from .ranking import DECKS, TRICK_RULES

IDS = PlayRuleIds(
    deck="euchre.deal.deck", hand_size="euchre.play.hand-size", lead="euchre.play.lead",
    follow_suit="euchre.play.follow-suit", trick_winner="euchre.play.trick-winner", turn="euchre.play.turn",
    card_held="euchre.play.card-held", trick_size="euchre.play.trick-size",
)
STATE_FIELDS = frozenset({"dealer", "upcard", "hands", "bidding", "dealer_discard", "tricks", "current_trick", "score"})
HAND_SIZE = 5
TRICKS_PER_HAND = 5


@dataclass(slots=True)
class EuchreState:
    """A position of one Euchre hand, with the phase and the seat to act worked out."""

    dealer: int
    upcard: str
    auction: Auction
    dealer_discard: str | HiddenHand | None  # HiddenHand(1): discarded face down, unseen
    play: Play
    score: tuple[int, int] | None
    phase: str
    to_act: int | None

    @property
    def hands(self) -> list:
        """The cards each seat holds now (a list, or HiddenHand)."""
        return self.play.hands


def exchange_due(auction: Auction, dealer: int, options: dict) -> bool:
    """Whether the dealer takes the upcard and discards in this hand."""
    if auction.stage != "made" or auction.round != 1:
        return False
    partner_alone = auction.alone and auction.maker == (dealer + 2) % 4
    return not partner_alone or options["dealer_exchange_when_partner_alone"] == "exchange"


def first_leader(dealer: int, auction: Auction, options: dict) -> int:
    """The seat that leads the first trick: the first seat in play clockwise from the dealer's left,
    or, against a lone maker under option lone_first_lead "maker_left", from the maker's left."""
    start = _lead_from(dealer, auction, options)
    if start in auction.seats:
        return start
    return next(seat % 4 for seat in range(start, start + 4) if seat % 4 in auction.seats)


def _lead_from(dealer: int, auction: Auction, options: dict) -> int:
    """The seat the search for the first leader starts from."""
    if auction.alone and options["lone_first_lead"] == "maker_left":
        return (auction.maker + 1) % 4
    return (dealer + 1) % 4


def first_lead_reason(dealer: int, auction: Auction, options: dict) -> str:
    """Who leads the first trick and why, in words."""
    start = _lead_from(dealer, auction, options)
    leader = first_leader(dealer, auction, options)
    if start == (dealer + 1) % 4:
        where = f"seat {start}, on the dealer's left,"
    else:
        where = f"seat {start}, on the lone maker's left (option lone_first_lead maker_left),"
    if leader == start:
        return f"{where} leads it"
    return f"{where} {auction.out_because(start)}, so seat {leader} leads it"


def locate(auction: Auction, dealer: int, dealer_discard: str | None, play: Play,
           options: dict) -> tuple[str, int | None]:
    """The phase and the seat to act."""
    phase, to_act = _before_play(auction, dealer, dealer_discard, exchange_due(auction, dealer, options))
    return (phase, to_act) if phase != "play" else _in_play(play)


def _in_play(play: Play) -> tuple[str, int | None]:
    """The phase and the seat to act once the cards are being played."""
    if len(play.tricks) == TRICKS_PER_HAND:
        return "over", None
    current = play.current
    seats = play.seats
    return "play", seats[(seats.index(current.leader) + len(current.cards)) % len(seats)]


def _before_play(auction: Auction, dealer: int, dealer_discard: str | None,
                 exchange: bool) -> tuple[str, int | None]:
    """The phase and seat to act as far as the bidding and the exchange decide; "play" once they are done."""
    stage = auction.stage
    if stage != "made":
        return ("over", None) if stage == "void" else (stage, auction.next_bidder)
    if exchange and dealer_discard is None:
        return "discard", dealer
    if auction.next_bidder is not None:
        return "defend", auction.next_bidder
    return "play", None


def new_play(hands: list, auction: Auction, dealer: int, options: dict) -> Play:
    """A play with no card played yet, for the seats that will take part."""
    return Play(hands, [], [], Trick(first_leader(dealer, auction, options), ()), auction.seats,
                [set(), set(), set(), set()])


def build(dealer: int, upcard: str, auction: Auction, dealer_discard: str | None, play: Play,
          score: tuple[int, int] | None, options: dict) -> EuchreState:
    """Assemble a state and work out its phase."""
    phase, to_act = locate(auction, dealer, dealer_discard, play, options)
    return EuchreState(dealer, upcard, auction, dealer_discard, play, score, phase, to_act)


# -- reading ---------------------------------------------------------------------------------
def read_state(rs: Ruleset, raw: object) -> EuchreState:
    """Parse a submitted position and check that legal play could have reached it."""
    options = rs.options
    if type(raw) is not dict:
        raise invalid(("state",), "must be an object")
    if not STATE_FIELDS.issuperset(raw):
        reject_unknown(raw, STATE_FIELDS, ("state",))
    deck_name = options["deck"]
    deck = DECKS[deck_name]
    dealer = raw.get("dealer")
    if type(dealer) is not int or not 0 <= dealer <= 3:
        if dealer is None:
            raise invalid(("state", "dealer"), "required: the seat that dealt this hand")
        read_int(dealer, ("state", "dealer"), 0, 3)
    if "upcard" not in raw:
        raise invalid(("state", "upcard"), "required: the card the dealer turned up")
    upcard = read_card(raw["upcard"], ("state", "upcard"))
    if upcard not in deck:
        raise invalid(("state", "upcard"), f"the {_name(upcard)} is not in the {deck_name}-card pack", IDS.deck)
    score = read_score(raw.get("score"), ("state", "score"), options["target"])
    auction = read_bidding(raw.get("bidding"), dealer, upcard, options)
    exchange = exchange_due(auction, dealer, options)
    dealer_discard = _read_discard(raw.get("dealer_discard"), auction, exchange, upcard, options, deck)
    phase, to_act = _before_play(auction, dealer, dealer_discard, exchange)
    sizes = [HAND_SIZE] * 4
    if phase == "discard":
        if auction.bids[-1].type not in ("order_up", "call"):
            raise invalid(("state", "bidding"), "the defenders answer the maker only after the dealer has "
                          "discarded", "euchre.alone.lone-defender")
        sizes[dealer] = HAND_SIZE + 1
    # The dealer's six cards between pickup and discard bound every hand; the size each seat should hold
    # is checked against the phase, under the same rule.
    hands = read_hands(raw.get("hands"), 4, HAND_SIZE + 1, IDS.hand_size)
    if phase == "play":
        play_raw = raw
        rules = TRICK_RULES[auction.trump]
    else:
        _check_no_play(raw, auction)
        play_raw = _EMPTY_PLAY
        rules = NO_TRUMPS
    # The cards in play are the pack less the kitty cards the bidding put out of it, so the trick
    # core's deck check also catches a discarded or turned-down card shown anywhere.
    out = (dealer_discard if type(dealer_discard) is str else "", "" if exchange else upcard)
    in_play = _deck_without(deck_name, out)
    play = None if phase == "play" else _unplayed(hands, sizes, in_play, auction, dealer, options)
    if play is None:
        try:
            play = read_play(play_raw, players=4, seats=auction.seats,
                             first_leader=first_leader(dealer, auction, options), hand_sizes=sizes, deck=in_play,
                             rules=rules, ids=IDS, hands=hands, absent=auction.absence,
                             first_lead=lambda: first_lead_reason(dealer, auction, options))
        except InvalidRequest as error:
            if error.problems[0].rule == IDS.deck:
                _explain_out_of_play(raw, hands, auction, dealer_discard, upcard, exchange)
            raise
    if exchange and upcard != dealer_discard:
        _with_dealer(play, upcard, dealer, _may_be_discarded(dealer_discard, options))
    state = EuchreState(dealer, upcard, auction, dealer_discard, play, score, phase, to_act)
    if phase == "play":
        state.phase, state.to_act = _in_play(play)
        _check_upcard_kept(play, upcard, dealer, upcard_kept(auction, dealer, dealer_discard, upcard, play, options))
        check_unseen_fit(play, rules, IDS, lambda: sight(state, options))
    return state


_EMPTY_PLAY = {"tricks": [], "current_trick": None}


def _unplayed(hands: list, sizes: list[int], in_play: dict[str, int], auction: Auction, dealer: int,
              options: dict) -> Play | None:
    """The play before any card is played, when every hand holds its dealt number of distinct cards of the pack.

    This is the trick core's verdict on a position without tricks, reached in one pass; for any other
    position it answers None, and the trick core finds and names the problem.
    """
    shown: list[str] = []
    for seat, hand in enumerate(hands):
        if type(hand) is HiddenHand:
            if hand.count != sizes[seat]:
                return None
        elif len(hand) == sizes[seat]:
            shown += hand
        else:
            return None
    distinct = set(shown)
    if len(distinct) != len(shown) or not in_play.keys() >= distinct:
        return None
    return new_play(hands, auction, dealer, options)


@lru_cache(maxsize=2048)
def _deck_without(deck_name: str, out: tuple[str, str]) -> dict[str, int]:
    """The pack as card -> copies, without the cards the bidding put out of play."""
    return {card: copies for card, copies in DECKS[deck_name].items() if card not in out}


def read_score(value: object, pointer: tuple, target: int) -> tuple[int, int] | None:
    """Read the game score by team before this hand; a score at the target would have ended the game."""
    if value is None:
        return None
    if type(value) is list and len(value) == 2:
        first, second = value
        if type(first) is int and type(second) is int and 0 <= first < target and 0 <= second < target:
            return first, second
    items = read_list(value, pointer)
    if len(items) != 2:
        raise invalid(pointer, f"must hold one total per team: 2, not {len(items)}")
    for team, total in enumerate(items):
        read_int(total, pointer + (team,), 0)
        if total >= target:
            raise invalid(pointer + (team,), f"team {team} already has {total} points, the game (to {target}) "
                          "is over and no new hand is dealt", "euchre.game.target")
    raise AssertionError("unreachable: every bad score is refused above")


def _read_discard(value: object, auction: Auction, exchange: bool, upcard: str, options: dict,
                  deck: dict) -> str | HiddenHand | None:
    if value is None:
        return None
    pointer = ("state", "dealer_discard")
    if type(value) is dict:
        card = read_hand(value, pointer, 1)
        if card.count != 1:
            raise invalid(pointer + ("count",), "the dealer discards one card: a discard kept face down is "
                          '{"count": 1}', "euchre.bidding.dealer-discard")
    else:
        card = read_card(value, pointer)
        if card not in deck:
            raise invalid(pointer, f"the {_name(card)} is not in the {options['deck']}-card pack", IDS.deck)
    if not exchange:
        if auction.stage == "made" and auction.round == 1:
            reason = ("the dealer's partner went alone, so the dealer sits out without taking the upcard "
                      "(option dealer_exchange_when_partner_alone is none)")
            rule = "euchre.alone.dealer-exchange"
        elif auction.stage == "made":
            reason = "trump was named in the second round, when no card changes hands"
            rule = "euchre.bidding.second-round"
        else:
            reason = "nobody has ordered up the upcard"
            rule = "euchre.bidding.order-up"
        raise invalid(pointer, f"the dealer has not discarded: {reason}", rule)
    if type(card) is str and card == upcard and not options["dealer_may_discard_upcard"]:
        raise invalid(pointer, f"the dealer must keep the {_name(upcard)}, the upcard just taken, and discard "
                      "another card (option dealer_may_discard_upcard is false)", "euchre.bidding.dealer-discard")
    return card


def _check_no_play(raw: dict, auction: Auction) -> None:
    """Before the play (or in a thrown-in hand) no trick can show a card."""
    if auction.stage == "void":
        reason, rule = "the hand was thrown in before anyone made trump", "euchre.bidding.void-hand"
    else:
        reason = "no card is played until trump is made, the dealer has discarded and any lone defender has spoken"
        rule = "euchre.play.trick-size"
    tricks = raw.get("tricks")
    if tricks is not None and read_list(tricks, ("state", "tricks")):
        raise invalid(("state", "tricks"), reason, rule)
    current = raw.get("current_trick")
    if current is None:
        return
    pointer = ("state", "current_trick")
    current = read_object(current, pointer)
    reject_unknown(current, _CURRENT_FIELDS if current.get("winner") is None else _CURRENT_FIELDS - {"winner"}, pointer)
    # The lead can still move (a lone hand passes it on), so before the play the leader is only read.
    if current.get("leader") is not None:
        read_int(current["leader"], pointer + ("leader",), 0, 3)
    if read_list(current.get("cards", []), pointer + ("cards",)):
        raise invalid(pointer + ("cards",), reason, rule)


# A trick under way may say "winner": null, since it has none yet.
_CURRENT_FIELDS = frozenset({"leader", "cards", "winner"})


def _explain_out_of_play(raw: dict, hands: list, auction: Auction, dealer_discard: str | None, upcard: str,
                         exchange: bool) -> None:
    """Name the bidding rule when a card the bidding put out of play shows up in a hand or a trick."""
    tricks = raw.get("tricks") if auction.stage == "made" else None
    current = raw.get("current_trick") if auction.stage == "made" else None
    shown = [(("state", "hands", seat), hand, f"seat {seat} holds") for seat, hand in enumerate(hands)
             if type(hand) is not HiddenHand]
    if type(tricks) is list:
        shown.extend((("state", "tricks", i, "cards"), t.get("cards"), "a trick shows")
                     for i, t in enumerate(tricks) if type(t) is dict)
    if type(current) is dict:
        shown.append((("state", "current_trick", "cards"), current.get("cards"), "the trick under way shows"))
    out = []
    if type(dealer_discard) is str:
        out.append((dealer_discard, "the dealer discarded it face down", "euchre.bidding.dealer-discard"))
    if not exchange:
        if auction.stage == "bidding1":
            out.append((upcard, "it is the upcard, face up on the pack", "euchre.bidding.order-up"))
        elif auction.stage == "made" and auction.round == 1:
            out.append((upcard, "it is the upcard, left on the pack while the dealer sits out",
                        "euchre.alone.dealer-exchange"))
        else:
            out.append((upcard, "it is the upcard, turned face down after round one", "euchre.bidding.second-round"))
    for pointer, cards, where in shown:
        if type(cards) is not list:
            continue
        for card, why, rule in out:
            if any(type(c) is str and CANONICAL.get(c) == card for c in cards):
                raise invalid(pointer, f"{where} the {card_name(card)}, but {why}", rule)


def _with_dealer(play: Play, upcard: str, dealer: int, may_be_discarded: bool) -> None:
    """The upcard the dealer took is in the dealer's hand, or was played by the dealer, or may be the
    discard kept face down."""
    rule = "euchre.bidding.order-up"
    hands = play.hands
    dealer_hand = hands[dealer]
    if type(dealer_hand) is not HiddenHand and upcard in dealer_hand:
        return
    for index, trick in enumerate(play.tricks):
        if upcard in trick.cards:
            if play_order(trick.leader, play.seats)[trick.cards.index(upcard)] == dealer:
                return
            break
    for seat, hand in enumerate(hands):
        if seat != dealer and type(hand) is not HiddenHand and upcard in hand:
            raise invalid(("state", "hands", seat), f"seat {seat} holds the {card_name(upcard)}, but the dealer "
                          f"(seat {dealer}) took it as the upcard", rule)
    tricks = [(("state", "tricks", i, "cards"), t) for i, t in enumerate(play.tricks)]
    tricks.append((("state", "current_trick", "cards"), play.current))
    for pointer, trick in tricks:
        if upcard in trick.cards:
            seat = play_order(trick.leader, play.seats)[trick.cards.index(upcard)]
            if seat != dealer:
                raise invalid(pointer, f"seat {seat} played the {card_name(upcard)}, but the dealer (seat {dealer}) "
                              "took it as the upcard", rule)
            return
    if type(dealer_hand) is not HiddenHand and not may_be_discarded:
        raise invalid(("state", "hands", dealer), f"the dealer took the upcard ({card_name(upcard)}), kept it and "
                      "has not played it, so it must be in the dealer's hand", rule)


def _may_be_discarded(dealer_discard: str | HiddenHand | None, options: dict) -> bool:
    """Whether the upcard the dealer took may be the card discarded face down."""
    return type(dealer_discard) is HiddenHand and options["dealer_may_discard_upcard"]


def upcard_kept(auction: Auction, dealer: int, dealer_discard: str | HiddenHand | None, upcard: str, play: Play,
                options: dict) -> bool:
    """Whether the dealer's hidden hand is known to hold the upcard: taken, not discarded, not yet played."""
    if type(play.hands[dealer]) is not HiddenHand or not exchange_due(auction, dealer, options):
        return False
    if dealer_discard == upcard or _may_be_discarded(dealer_discard, options):
        return False
    return all(upcard not in trick.cards for trick in play.tricks) and upcard not in play.current.cards


def sight(state: EuchreState, options: dict) -> Sight:
    """What the position shows of the cards outside the hands and tricks, for judging hidden hands.

    The upcard is set aside (out of play, or in a shown hand or trick) unless the dealer took it
    into a hidden hand: then the dealer keeps it, or, when the discard was made face down and may
    be the upcard, it is in the dealer's hand or out of play. Undealt cards are always out of play.
    """
    dealer, upcard, discard, auction = state.dealer, state.upcard, state.dealer_discard, state.auction
    exchange = exchange_due(auction, dealer, options)

    def elsewhere(card: str, seat: int) -> str | None:
        if card == discard:
            return "the dealer's discard, out of play"
        if card == upcard and not exchange:
            return "the upcard, out of play"
        if card == upcard and seat != dealer:
            return f"the upcard, which the dealer (seat {dealer}) took"
        return None

    kept = upcard_kept(auction, dealer, discard, upcard, state.play, options)
    hidden_dealer = type(state.hands[dealer]) is HiddenHand
    played = any(upcard in trick.cards for trick in state.play.tricks) or upcard in state.play.current.cards
    either = exchange and hidden_dealer and not played and not kept and discard != upcard
    shown = {card for card in (discard, upcard) if type(card) is str and not (either and card == upcard)}
    return Sight(DECKS[options["deck"]], elsewhere, frozenset(shown), ((dealer, upcard),) if kept else (),
                 out_of_play=True, either=(upcard, dealer) if either else None)


def _check_upcard_kept(play: Play, upcard: str, dealer: int, kept: bool) -> None:
    """A dealer known to hold the upcard cannot earlier have failed to follow its suit."""
    suit = SUIT[upcard]  # the upcard is taken only when its suit is made trump, so it is a trump
    if kept and suit in play.void[dealer]:
        suits = SUIT_NAMES[suit]
        raise invalid(("state", "hands", dealer), f"the dealer (seat {dealer}) did not follow an earlier "
                      f"{suits[:-1]} lead, which shows it held no {suits}, yet it took the {card_name(upcard)} as "
                      "the upcard and has neither discarded nor played it", IDS.follow_suit)


def _name(card: str) -> str:
    return card_name(card) if card in SUIT else card


# -- writing ---------------------------------------------------------------------------------
def dump_state(state: EuchreState) -> dict:
    """The contract's JSON form of a state."""
    play = dump_play(state.play)
    dumped = {"dealer": state.dealer, "upcard": state.upcard, "hands": play["hands"],
              "bidding": [bid.as_dict() for bid in state.auction.bids]}
    if state.dealer_discard is not None:
        discard = state.dealer_discard
        dumped["dealer_discard"] = discard if type(discard) is str else {"count": 1}
    dumped["tricks"] = play["tricks"]
    dumped["current_trick"] = play["current_trick"]
    if state.score is not None:
        dumped["score"] = list(state.score)
    return dumped


def describe_trump(auction: Auction) -> str:
    """Trump and who made it, in words."""
    alone = " alone" if auction.alone else ""
    return f"{SUIT_NAMES[auction.trump]} (made by seat {auction.maker}{alone})"
