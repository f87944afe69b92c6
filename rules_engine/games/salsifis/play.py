"""A Salsifis turn: who acts, which placings and reveals are legal and why not, and what they lead to."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import invalid
from ...game import Outcome, Turn, Violation
from ...parsing import HiddenHand, check_seat
from . import laying
from .contests import KIND_RULES, Call, Contest, Settlement, Verdict, classify, distribute, settle, verdict_words
from .moves import calls_of, dump_call
from .scoring import card_points, score
from .state import Placement, SalsifisState, Share, settle_streaks
from .view import whereabouts


# -- who acts ----------------------------------------------------------------------------------
def obliged(options: dict, state: SalsifisState, seat: int) -> bool:
    """Whether a seat has been alone often enough in a row that it must join a fight this turn."""
    limit, streak = options["flee_limit"], state.alone_streak[seat]
    return limit > 0 and streak is not None and streak >= limit


def _open_and_alone(state: SalsifisState) -> bool:
    """Whether a seat the position may show bound to fight (its streak unknown) sits alone, every seat placed."""
    return not state.unplaced() and any(_alone(seat, state.placements) for seat in state.maybe_bound)


def _alone(seat: int, placements: list[Placement]) -> bool:
    mine = next(p.packet for p in placements if p.seat == seat)
    return sum(1 for p in placements if p.packet == mine) == 1


def stuck(options: dict, state: SalsifisState) -> list[int]:
    """Seats bound to fight that sit alone although every seat has placed."""
    if state.unplaced():
        return []
    return [s for s in range(state.players) if obliged(options, state, s) and _alone(s, state.placements)]


def turn(options: dict, state: SalsifisState) -> Turn:
    """The dealer while the packets wait to be laid out; the lowest seat still to place; then any seat bound to
    fight left alone; then the dealer, who reveals."""
    if state.over:
        return Turn(None, "over")
    if state.awaiting_layout:
        return Turn(state.dealer, "lay_out")
    if len(state.placements) < state.players:
        # Seats are unique among placements, so a seat is still to place: the lowest one acts.
        placed = {p.seat for p in state.placements}
        return Turn(next(s for s in range(state.players) if s not in placed), "place")
    waiting = stuck(options, state)
    if waiting:
        return Turn(waiting[0], "place")
    return Turn(state.dealer, "resolve")


# -- checks ------------------------------------------------------------------------------------
def check_move(options: dict, state: SalsifisState, move: dict) -> list[Violation]:
    """Every rule a move breaks here; empty when it is legal."""
    return judge(options, state, move)[0]


def judge(options: dict, state: SalsifisState, move: dict) -> tuple[list[Violation], list[str]]:
    """Every rule a move breaks here, and the rules it could not check because the cards they need are hidden."""
    if move["type"] == "lay_out":
        return laying.judge_lay_out(state, move)
    if state.awaiting_layout:
        return [Violation("salsifis.deal.packets", f"The packets of turn {state.turn} are laid out before anything "
                          "else happens in the turn.")], []
    if move["type"] == "place":
        return judge_place(options, state, move)
    return judge_resolve(options, state, move)


def judge_place(options: dict, state: SalsifisState, move: dict) -> tuple[list[Violation], list[str]]:
    """Check a placing (a real seat, a card it holds or has down, a real change, no more fleeing); the rules left
    unchecked when the seat's hand is hidden."""
    seat = move["seat"] if "seat" in move else turn(options, state).to_act
    card, packet = move.get("card"), move["packet"]
    if "seat" in move:
        check_seat(seat, ("move", "seat"), state.players, "salsifis.players")
    if card is None and type(state.hands[seat]) is not HiddenHand:
        return [Violation("salsifis.turn.card-held", f"Seat {seat}'s hand is shown, so its placing names the card it "
                          "puts down.")], []
    if packet >= len(state.packets):
        return [Violation("salsifis.turn.place", f"There is no packet {packet} this turn.")], []
    return _Placer(options, state, seat).judge(card, packet)


class _Placer:
    """What judging the placings of one seat needs, worked out once so listing many placings stays cheap."""

    def __init__(self, options: dict, state: SalsifisState, seat: int):
        self.seat, self.state = seat, state
        self.hand = state.hands[seat]
        self.hidden = type(self.hand) is HiddenHand
        others = []
        self.before = None
        for index, placement in enumerate(state.placements):
            if placement.seat != seat:
                others.append(placement)
            elif placement.card is None and not self.hidden:
                raise invalid(("state", "placements", index, "card"), f"seat {seat}'s placed card is not disclosed; "
                              "changing it needs to know which card goes back to the hand")
            else:
                self.before = placement
        self.obliged = obliged(options, state, seat)
        self.open = seat in state.maybe_bound  # bound or not, the position does not say
        # Placing leaves a lone card only if every other seat has placed, and on none of the packets they chose.
        self.last = len(others) + 1 == state.players
        self.taken = {p.packet for p in others}
        self.streak = state.alone_streak[seat]

    def judge(self, card: str | None, packet: int) -> tuple[list[Violation], list[str]]:
        """The rules placing `card` (None: a card unseen) by `packet` breaks, and those the hidden hand leaves open."""
        found = self._hidden_card(card, packet) if self.hidden else (self._shown_card(card, packet), [])
        if found[0]:
            return found
        if self.last and packet not in self.taken:
            if self.obliged:
                return [Violation("salsifis.turn.fleeing", f"Seat {self.seat} has been alone on its packet "
                                  f"{self.streak} turns running and must join a packet another seat bets on.")], []
            if self.open:
                return [], found[1] + ["salsifis.turn.fleeing"]
        return found

    def _shown_card(self, card: str, packet: int) -> list[Violation]:
        seat, before = self.seat, self.before
        if card not in self.hand and (before is None or before.card != card):
            return [Violation("salsifis.turn.card-held", f"Seat {seat} does not hold {card}.")]
        if before is not None and before.card == card and before.packet == packet:
            return [_unchanged(seat, card, packet)]
        return []

    def _hidden_card(self, card: str | None, packet: int) -> tuple[list[Violation], list[str]]:
        """A hidden hand holds `count` cards the position shows nowhere else, besides any card the seat has down."""
        seat, before, count = self.seat, self.before, self.hand.count
        down = before.card if before is not None else None
        if card is not None and card != down:
            where = whereabouts(self.state, card)
            if where is not None:
                return [Violation("salsifis.turn.card-held", f"Seat {seat} cannot put down {card}: the {card} "
                                  f"{where}.")], []
        # Moving the card already down, for certain: it is named, or the hand has no other card.
        moving = card == down if card is not None and down is not None else before is not None and count == 0
        if not moving and count == 0:
            return [Violation("salsifis.turn.card-held", f"Seat {seat}'s hidden hand holds no card"
                              f"{' besides the one it has down' if before else ''}, so it cannot put down "
                              f"{card or 'another card'}.")], []
        unverified = [] if card is None or card == down else ["salsifis.turn.card-held"]
        if before is not None and before.packet == packet:
            if moving:
                return [_unchanged(seat, card or down or "its card", packet)], []
            # Another card of the hidden hand, or the same one again: the view cannot tell.
            unverified.append("salsifis.turn.change")
        return [], unverified


def _unchanged(seat: int, card: str, packet: int) -> Violation:
    return Violation("salsifis.turn.change", f"Seat {seat} already has {card} down by packet {packet}; placing it "
                     "there again changes nothing.")


def judge_resolve(options: dict, state: SalsifisState, move: dict) -> tuple[list[Violation], list[str]]:
    """Check a reveal (every seat has placed, nobody bound to fight sits alone, calls and revealed cards from real
    seats); the rule left unchecked for the cards it names that the state shows face down."""
    violations = []
    waiting = state.unplaced()
    if waiting:
        violations.append(Violation("salsifis.turn.reveal", "The cards are revealed once every seat has placed; "
                                    f"still to place: seat{'s' if len(waiting) > 1 else ''} "
                                    f"{', '.join(map(str, waiting))}."))
    for seat in stuck(options, state):
        violations.append(Violation("salsifis.turn.fleeing", f"Seat {seat} must stop fleeing: it sits alone again "
                                    f"after {state.alone_streak[seat]} lone turns and must move to a fight first."))
    for index, call in enumerate(move["calls"]):
        check_seat(call["seat"], ("move", "calls", index, "seat"), state.players, "salsifis.players")
    violations += _check_revealed(state, move.get("revealed", []))
    if not violations:
        _require_disclosed(state, move)
    unverified = ["salsifis.turn.card-held"] if _named_hidden(state, move) else []
    if _open_and_alone(state):
        unverified.append("salsifis.turn.fleeing")
    return violations, unverified


def _check_revealed(state: SalsifisState, revealed: list[dict]) -> list[Violation]:
    """Each revealed card belongs to a seat with a card down, matches what the state shows, and is nowhere else."""
    violations = []
    named: dict[str, int] = {}
    for index, item in enumerate(revealed):
        seat, card = item["seat"], item["card"]
        check_seat(seat, ("move", "revealed", index, "seat"), state.players, "salsifis.players")
        placement = state.placement_of(seat)
        if any(other["seat"] == seat for other in revealed[:index]):
            violations.append(Violation("salsifis.turn.reveal", f"Seat {seat}'s card is revealed twice; a seat has "
                                        "one card down."))
        elif placement is None:
            violations.append(Violation("salsifis.turn.reveal", f"Seat {seat} has no card down to reveal."))
        elif placement.card is not None and placement.card != card:
            violations.append(Violation("salsifis.turn.reveal", f"Seat {seat}'s card down is {placement.card}, "
                                        f"not {card}."))
        elif placement.card is None:
            where = whereabouts(state, card)
            if where is None and card in named and named[card] != seat:
                where = f"is already revealed for seat {named[card]}"
            if where is not None:
                violations.append(Violation("salsifis.turn.card-held", f"Seat {seat} cannot have put down {card}: "
                                            f"the {card} {where}."))
        named.setdefault(card, seat)
    return violations


def _named_hidden(state: SalsifisState, move: dict) -> bool:
    """Whether the reveal names a card the state did not show."""
    return any(state.placement_of(item["seat"]) is not None and state.placement_of(item["seat"]).card is None
               for item in move.get("revealed", []))


def _require_disclosed(state: SalsifisState, move: dict) -> None:
    revealed = {item["seat"] for item in move.get("revealed", [])}
    for index, placement in enumerate(state.placements):
        if placement.card is None and placement.seat not in revealed:
            raise invalid(("move", "revealed"), f"seat {placement.seat}'s card is face down and not disclosed "
                          f"(state.placements[{index}]): name the card it shows in revealed, as "
                          f'{{"seat": {placement.seat}, "card": ...}}', "salsifis.turn.reveal")


def _undisclosed(state: SalsifisState) -> bool:
    return any(p.card is None for p in state.placements)


# -- listing -----------------------------------------------------------------------------------
def contests_of(state: SalsifisState) -> list[Contest]:
    """The contest on each packet, from the placed cards."""
    return [classify(i, {p.seat: p.card for p in state.placements if p.packet == i})
            for i in range(len(state.packets))]


def legal_moves(options: dict, state: SalsifisState) -> list[dict]:
    """The moves of the seat to act: laying out, its placings, or the reveal with each formula that could win."""
    acting = turn(options, state)
    if acting.phase == "lay_out":
        return laying.listing(state)
    if acting.phase == "place":
        return _placings(options, state, acting.to_act)
    moves = [{"type": "resolve", "calls": [], "code": "resolve", "rules": ["salsifis.turn.reveal"]}]
    open_and_alone = _open_and_alone(state)
    if _undisclosed(state):
        # Which formulas could win depends on the cards face down, which the reveal names in revealed.
        moves[0]["unverified"] = ["salsifis.formula.tie", "salsifis.formula.cycle"]
        if open_and_alone:
            moves[0]["unverified"].append("salsifis.turn.fleeing")
        return moves
    for contest in contests_of(state):
        for seat in contest.contenders if contest.needs_formula else ():
            call = contest.formula_for(seat)
            said = "soup" if call.soup else "+".join(call.names)
            moves.append({"type": "resolve", "calls": [dump_call(call)], "code": f"resolve:{seat}:{said}",
                          "rules": ["salsifis.turn.reveal", f"salsifis.formula.{contest.kind}",
                                    "salsifis.formula.first"]})
    if open_and_alone:
        for move in moves:
            move["unverified"] = ["salsifis.turn.fleeing"]
    return moves


def _placings(options: dict, state: SalsifisState, seat: int) -> list[dict]:
    """Every legal placing of a seat: each card it holds or has down (one unseen card when its hand is hidden), by
    each packet, judged like a move."""
    before = state.placement_of(seat)
    hand = state.hands[seat]
    cards: list = ([None] if type(hand) is HiddenHand else
                   list(hand) + ([before.card] if before is not None and before.card else []))
    if not cards:
        # Nothing to judge (a bound seat with no card left): no check runs, so an undisclosed card raises nothing.
        return []
    placer = _Placer(options, state, seat)
    rules = ["salsifis.turn.place"] + (["salsifis.turn.change"] if before else [])
    if cards == [None]:
        rules.append("salsifis.state.view")
    if placer.obliged or placer.open:
        rules.append("salsifis.turn.fleeing")
    placings = []
    for card in cards:
        for packet in range(len(state.packets)):
            violations, unverified = placer.judge(card, packet)
            if violations:
                continue
            placing = {"type": "place", **({} if card is None else {"card": card}), "packet": packet, "seat": seat,
                       "code": f"place:{card or 'hidden'}:{packet}", "rules": list(rules)}
            if unverified:
                placing["unverified"] = unverified
            placings.append(placing)
    return placings


# -- applying ----------------------------------------------------------------------------------
def _add(pile: list[str] | HiddenHand, cards: list[str]) -> list[str] | HiddenHand:
    if type(pile) is HiddenHand:
        return HiddenHand(pile.count + len(cards))
    return pile + cards


def apply_place(options: dict, state: SalsifisState, move: dict) -> Outcome:
    """Put a card face down by a packet, taking back the card the seat had down before, if any."""
    seat = move["seat"] if "seat" in move else turn(options, state).to_act
    before = state.placement_of(seat)
    card = move.get("card")
    hand = state.hands[seat]
    if type(hand) is HiddenHand:
        if card is None and before is not None and hand.count == 0:
            card = before.card  # no other card to put down: the one already down moves
        # A change takes one card back and puts one down, whichever they are.
        hand = HiddenHand(hand.count - (before is None))
    else:
        hand = list(hand)
        if card in hand:
            hand.remove(card)
        if before is not None and before.card != card:
            hand.append(before.card)
    hands = list(state.hands)
    hands[seat] = hand
    placements = [p for p in state.placements if p.seat != seat] + [Placement(seat, move["packet"], card)]
    after = _copy(state, hands=hands, placements=placements)
    event = {"type": "placed", "seat": seat, "packet": move["packet"], "card": card,
             "rules": ["salsifis.turn.place"]}
    if before is not None:
        event["replaced"] = {"card": before.card, "packet": before.packet}
        event["rules"].append("salsifis.turn.change")
    return Outcome(after, [event])


def _copy(state: SalsifisState, **changes) -> SalsifisState:
    fields = dict(state.__dict__)
    fields.update(changes)
    return SalsifisState(**fields)


@dataclass
class _Gains:
    """Where the cards of the settled packets went during one reveal."""

    won: list
    shared: list[Share]
    discarded: list[str] | HiddenHand
    carried: dict[int, list[str]] = field(default_factory=dict)


def _settle_packet(options: dict, settlement: Settlement, packet: list[str], last_turn: bool, gains: _Gains) -> dict:
    """Send one packet's cards where the contest sends them; the event that reports it."""
    contest = settlement.contest
    event = {"type": "packet_settled", "packet": contest.packet, "kind": contest.kind, "packet_cards": list(packet),
             "placed": [{"seat": s, "card": c} for s, c in contest.cards.items()], "rules": [KIND_RULES[contest.kind]]}
    if contest.kind == "empty":
        if options["unclaimed_packet"] == "carried" and not last_turn:
            gains.carried[contest.packet] = list(packet)
            event["outcome"] = "carried"
        else:
            gains.discarded = _add(gains.discarded, list(packet))
            event["outcome"] = "discarded"
        return event
    taking = distribute(settlement, packet, options["losing_cards"])
    for seat, cards in taking.piles.items():
        gains.won[seat] = _add(gains.won[seat], cards)
    gains.discarded = _add(gains.discarded, taking.discarded)
    if len(contest.cards) > 1:
        event["rules"].append("salsifis.contest.losing-cards")
    if contest.needs_formula:
        event["rules"] += ["salsifis.contest.mixed", "salsifis.formula.first"]
    event["by_formula"] = settlement.by_formula
    if taking.share is None:
        taken = taking.piles[settlement.winner]
        event.update(outcome="taken", winner=settlement.winner, cards=taken, points=card_points(taken))
    else:
        seats, cards = taking.share
        gains.shared.append(Share(seats, tuple(cards)))
        event["rules"].append("salsifis.formula.shared")
        event.update(outcome="shared", winner=None, shared_by=list(seats), cards=cards, points=card_points(cards))
    if taking.discarded:
        event["discarded"] = taking.discarded
    return event


def _charge_formulas(options: dict, penalties: list[int], verdicts: list[Verdict], contests: list[Contest],
                     calls: list[Call]) -> list[dict]:
    """Charge 10 points for each formula out of place or wrong (and late ones, by option); their events."""
    events = []
    for verdict in verdicts:
        penalized = verdict.verdict in ("wrong", "uncalled") or (
            verdict.verdict == "late" and options["late_formula"] == "penalized")
        rules = ["salsifis.formula.penalty"] if penalized else ["salsifis.formula.first"]
        if verdict.verdict == "late":
            rules.append("salsifis.formula.late")
        if penalized:
            penalties[verdict.seat] += 10
        events.append({"type": "penalty" if penalized else "formula", "seat": verdict.seat, "call": verdict.index,
                       "packet": verdict.packet, "verdict": verdict.verdict, "points": -10 if penalized else 0,
                       "rules": rules, "text": verdict_words(contests[verdict.packet], calls[verdict.index],
                                                             verdict.verdict, penalized)})
    return events


def apply_resolve(options: dict, state: SalsifisState, move: dict) -> Outcome:
    """Reveal the placed cards, settle both packets with the formulas said, and lay out the next turn (from a hidden
    heap, the lay_out move that follows does)."""
    revealed = {item["seat"]: item["card"] for item in move.get("revealed", [])}
    if revealed:
        state = _copy(state, placements=[Placement(p.seat, p.packet, p.card or revealed[p.seat])
                                         for p in state.placements])
    contests = contests_of(state)
    packet_of = {p.seat: p.packet for p in state.placements}
    calls = calls_of(move)
    settlements, verdicts = settle(contests, calls, packet_of)
    events: list[dict] = [{"type": "reveal", "rules": ["salsifis.turn.reveal"],
                           "placements": [{"seat": p.seat, "packet": p.packet, "card": p.card}
                                          for p in sorted(state.placements, key=lambda p: p.seat)]}]
    last_turn = state.turn == state.layout.turns
    gains = _Gains(list(state.won), list(state.shared), state.discarded)
    events += [_settle_packet(options, s, packet, last_turn, gains) for s, packet in zip(settlements, state.packets)]
    penalties = list(state.penalties)
    events += _charge_formulas(options, penalties, verdicts, contests, calls)
    # An unknown streak stays unknown after a lone turn; any other turn ends it.
    streak = [0 if contests[packet_of[s]].kind != "alone" else None if state.alone_streak[s] is None
              else state.alone_streak[s] + 1 for s in range(state.players)]
    after = _copy(state, won=gains.won, shared=gains.shared, discarded=gains.discarded, penalties=penalties,
                  alone_streak=streak, placements=[])
    if last_turn:
        after = _copy(after, packets=[])
        over = {"type": "game_over", "rules": ["salsifis.scoring.values", "salsifis.scoring.winner"]}
        if not any(type(pile) is HiddenHand for pile in after.won):
            final = score(options, after)
            over.update(scores=final["scores"], winners=final["winners"])
        return Outcome(after, events + [over])
    after = _copy(after, turn=state.turn + 1,
                  packets=[gains.carried.get(index, []) for index in range(len(state.layout.packets_of(state.turn + 1)))])
    if type(state.heap) is HiddenHand:
        events.append({"type": "lay_out_awaited", "turn": after.turn, "seat": after.dealer,
                       "rules": ["salsifis.deal.packets"]})
    else:
        laid = laying.apply_lay_out(after, {"type": "lay_out"})
        after = laid.state
        events += laid.events
    settle_streaks(options, after)
    bound = [s for s in range(state.players) if obliged(options, after, s)]
    if bound:
        events.append({"type": "must_fight", "seats": bound, "rules": ["salsifis.turn.fleeing"]})
    return Outcome(after, events)
