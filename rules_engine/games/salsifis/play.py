"""A Salsifis turn: who acts, which placings and reveals are legal and why not, and what they lead to."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import invalid
from ...game import Outcome, Turn, Violation
from ...parsing import HiddenHand, check_seat
from .contests import KIND_RULES, Call, Contest, Settlement, Verdict, classify, distribute, settle, verdict_words
from .moves import calls_of, dump_call
from .scoring import card_points, score
from .state import Placement, SalsifisState, Share


# -- who acts ----------------------------------------------------------------------------------
def obliged(options: dict, state: SalsifisState, seat: int) -> bool:
    """Whether a seat has been alone often enough in a row that it must join a fight this turn."""
    limit = options["flee_limit"]
    return limit > 0 and state.alone_streak[seat] >= limit


def _alone(seat: int, placements: list[Placement]) -> bool:
    mine = next(p.packet for p in placements if p.seat == seat)
    return sum(1 for p in placements if p.packet == mine) == 1


def stuck(options: dict, state: SalsifisState) -> list[int]:
    """Seats bound to fight that sit alone although every seat has placed."""
    if state.unplaced():
        return []
    return [s for s in range(state.players) if obliged(options, state, s) and _alone(s, state.placements)]


def turn(options: dict, state: SalsifisState) -> Turn:
    """The lowest seat still to place; then any seat bound to fight left alone; then the dealer, who reveals."""
    if state.over:
        return Turn(None, "over")
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
    if move["type"] == "place":
        return check_place(options, state, move)
    return check_resolve(options, state, move)


def _hand_of(state: SalsifisState, seat: int) -> list[str]:
    hand = state.hands[seat]
    if type(hand) is HiddenHand:
        raise invalid(("state", "hands", seat), f"seat {seat}'s hand is hidden; judging its placing needs its cards")
    return hand


def check_place(options: dict, state: SalsifisState, move: dict) -> list[Violation]:
    """Check a placing: a real seat, a card it holds (or has down), a real change, and no more fleeing."""
    seat = move["seat"] if "seat" in move else turn(options, state).to_act
    card, packet = move["card"], move["packet"]
    if "seat" in move:
        check_seat(seat, ("move", "seat"), state.players, "salsifis.players")
    if packet >= len(state.packets):
        return [Violation("salsifis.turn.place", f"There is no packet {packet} this turn.")]
    return _Placer(options, state, seat).problems(card, packet)


class _Placer:
    """What judging the placings of one seat needs, worked out once so listing many placings stays cheap."""

    def __init__(self, options: dict, state: SalsifisState, seat: int):
        self.seat = seat
        self.hand = _hand_of(state, seat)
        others = []
        self.before = None
        for index, placement in enumerate(state.placements):
            if placement.seat != seat:
                others.append(placement)
            elif placement.card is None:
                raise invalid(("state", "placements", index, "card"), f"seat {seat}'s placed card is not disclosed; "
                              "changing it needs to know which card goes back to the hand")
            else:
                self.before = placement
        self.obliged = obliged(options, state, seat)
        # Placing leaves a lone card only if every other seat has placed, and on none of the packets they chose.
        self.last = len(others) + 1 == state.players
        self.taken = {p.packet for p in others}
        self.streak = state.alone_streak[seat]

    def problems(self, card: str, packet: int) -> list[Violation]:
        """Every rule placing `card` by `packet` breaks; empty when it is legal."""
        seat, before = self.seat, self.before
        if card not in self.hand and (before is None or before.card != card):
            return [Violation("salsifis.turn.card-held", f"Seat {seat} does not hold {card}.")]
        if before is not None and before.card == card and before.packet == packet:
            return [Violation("salsifis.turn.change", f"Seat {seat} already has {card} down by packet {packet}; "
                              "placing it there again changes nothing.")]
        if self.obliged and self.last and packet not in self.taken:
            return [Violation("salsifis.turn.fleeing", f"Seat {seat} has been alone on its packet "
                              f"{self.streak} turns running and must join a packet another seat bets on.")]
        return []


def check_resolve(options: dict, state: SalsifisState, move: dict) -> list[Violation]:
    """Check a reveal: every seat has placed, nobody bound to fight sits alone, calls come from real seats."""
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
    if not violations:
        _require_disclosed(state)
    return violations


def _require_disclosed(state: SalsifisState) -> None:
    for index, placement in enumerate(state.placements):
        if placement.card is None:
            raise invalid(("state", "placements", index, "card"), "the reveal needs every placed card")
    if type(state.heap) is HiddenHand and state.turn < state.layout.turns:
        raise invalid(("state", "heap"), "the reveal lays out the next turn's packets from the heap, which is hidden")


# -- listing -----------------------------------------------------------------------------------
def contests_of(state: SalsifisState) -> list[Contest]:
    """The contest on each packet, from the placed cards."""
    return [classify(i, {p.seat: p.card for p in state.placements if p.packet == i})
            for i in range(len(state.packets))]


def legal_moves(options: dict, state: SalsifisState) -> list[dict]:
    """The moves of the seat to act: its placings, or the reveal with each formula that could win."""
    acting = turn(options, state)
    if acting.phase == "place":
        return _placings(options, state, acting.to_act)
    _require_disclosed(state)
    moves = [{"type": "resolve", "calls": [], "code": "resolve", "rules": ["salsifis.turn.reveal"]}]
    for contest in contests_of(state):
        for seat in contest.contenders if contest.needs_formula else ():
            call = contest.formula_for(seat)
            said = "soup" if call.soup else "+".join(call.names)
            moves.append({"type": "resolve", "calls": [dump_call(call)], "code": f"resolve:{seat}:{said}",
                          "rules": ["salsifis.turn.reveal", f"salsifis.formula.{contest.kind}",
                                    "salsifis.formula.first"]})
    return moves


def _placings(options: dict, state: SalsifisState, seat: int) -> list[dict]:
    """Every legal placing of a seat: each card it holds or has down, by each packet, judged like a move."""
    before = state.placement_of(seat)
    cards = list(_hand_of(state, seat)) + ([before.card] if before is not None and before.card else [])
    if not cards:
        # Nothing to judge (a bound seat with no card left): no check runs, so an undisclosed card raises nothing.
        return []
    placer = _Placer(options, state, seat)
    rules = ["salsifis.turn.place"] + (["salsifis.turn.change"] if before else [])
    if placer.obliged:
        rules.append("salsifis.turn.fleeing")
    packets = range(len(state.packets))
    return [{"type": "place", "card": card, "packet": packet, "seat": seat, "code": f"place:{card}:{packet}",
             "rules": list(rules)}
            for card in cards for packet in packets if not placer.problems(card, packet)]


# -- applying ----------------------------------------------------------------------------------
def _add(pile: list[str] | HiddenHand, cards: list[str]) -> list[str] | HiddenHand:
    if type(pile) is HiddenHand:
        return HiddenHand(pile.count + len(cards))
    return pile + cards


def apply_place(options: dict, state: SalsifisState, move: dict) -> Outcome:
    """Put a card face down by a packet, taking back the card the seat had down before, if any."""
    seat = move["seat"] if "seat" in move else turn(options, state).to_act
    before = state.placement_of(seat)
    hand = list(state.hands[seat])
    if move["card"] in hand:
        hand.remove(move["card"])
    if before is not None and before.card != move["card"]:
        hand.append(before.card)
    hands = list(state.hands)
    hands[seat] = hand
    placements = [p for p in state.placements if p.seat != seat] + [Placement(seat, move["packet"], move["card"])]
    after = _copy(state, hands=hands, placements=placements)
    event = {"type": "placed", "seat": seat, "packet": move["packet"], "card": move["card"],
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
    """Reveal the placed cards, settle both packets with the formulas said, and lay out the next turn."""
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
    streak = [state.alone_streak[s] + 1 if contests[packet_of[s]].kind == "alone" else 0
              for s in range(state.players)]
    after = _copy(state, won=gains.won, shared=gains.shared, discarded=gains.discarded, penalties=penalties,
                  alone_streak=streak, placements=[])
    if last_turn:
        after = _copy(after, packets=[])
        over = {"type": "game_over", "rules": ["salsifis.scoring.values", "salsifis.scoring.winner"]}
        if not any(type(pile) is HiddenHand for pile in after.won):
            final = score(options, after)
            over.update(scores=final["scores"], winners=final["winners"])
        return Outcome(after, events + [over])
    heap = list(state.heap)
    packets = []
    for index, size in enumerate(state.layout.packets_of(state.turn + 1)):
        packets.append(gains.carried.get(index, []) + heap[:size])
        heap = heap[size:]
    after = _copy(after, turn=state.turn + 1, packets=packets, heap=heap)
    events.append({"type": "packets_laid", "turn": after.turn, "packets": packets, "rules": ["salsifis.deal.packets"]})
    bound = [s for s in range(state.players) if obliged(options, after, s)]
    if bound:
        events.append({"type": "must_fight", "seats": bound, "rules": ["salsifis.turn.fleeing"]})
    return Outcome(after, events)
