"""What the settled turns of a Salsifis game can have left behind: lone streaks, won piles and shared stakes.

Every check here is a necessary condition: it refuses a record only when no sequence of settled turns gives it,
so a position reached in play always passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING

from ...errors import invalid
from ...parsing import hand_size

if TYPE_CHECKING:
    from .state import SalsifisState

Sizes = tuple[tuple[int, ...], ...]  # the layout's packet sizes, index 0 is turn 1


# -- lone streaks ------------------------------------------------------------------------------
def check_streaks(options: dict, state: SalsifisState) -> None:
    """Lone streaks no longer than the settled turns or the flee limit, and never more lone seats in a turn than
    its packets and players allow."""
    streaks = state.alone_streak
    longest = max(streaks, default=0)
    if not longest:
        return
    resolved, limit = state.resolved_turns, options["flee_limit"]
    for seat, streak in enumerate(streaks):
        if streak > resolved:
            raise invalid(("state", "alone_streak", seat), f"only {resolved} turns have been settled",
                          "salsifis.turn.fleeing")
        if limit and streak > limit:
            raise invalid(("state", "alone_streak", seat), f"seat {seat} cannot have been alone {streak} turns "
                          f"running: after {limit} lone turns in a row (flee_limit {limit}) it was bound to fight, "
                          "and no reveal takes place while a seat bound to fight sits alone", "salsifis.turn.fleeing")
    for back in range(1, longest + 1):
        turn = resolved - back + 1
        _check_lone_seats(state, turn, [seat for seat, streak in enumerate(streaks) if streak >= back])


def _check_lone_seats(state: SalsifisState, turn: int, lone: list[int]) -> None:
    """The seats whose streaks say they were alone at `turn` each had a packet to themselves, and every other seat
    shared its packet with at least one more."""
    packets, players = len(state.layout.packets_of(turn)), state.players
    alone, others = len(lone), [seat for seat in range(players) if seat not in lone]
    named = _seats(lone)
    if alone > packets:
        problem = f"but that turn had {packets} packets, and a packet has at most one lone card"
    elif others and alone == packets:
        problem = f"which leaves no packet for {_seats(others)}, who placed a card too and was not alone"
    elif len(others) == 1:
        problem = (f"so {_seats(others)} placed on the other packet with nobody else and was alone too, "
                   "yet its alone_streak says it was not")
        lone = others
    else:
        return
    were = "was" if alone == 1 else "were"
    raise invalid(("state", "alone_streak", lone[-1]), f"by the alone_streak entries, {named} {were} alone by "
                  f"{'its packet' if alone == 1 else 'their packets'} at turn {turn}, {problem}",
                  "salsifis.turn.fleeing")


def _seats(seats: list[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


# -- won piles ---------------------------------------------------------------------------------
def check_won(options: dict, state: SalsifisState) -> None:
    """Each won pile holds a number of cards that the settled turns can add up to, lone turns included."""
    resolved, layout = state.resolved_turns, state.layout
    carried = options["unclaimed_packet"] == "carried"
    key = (layout.packet_sizes, state.players, options["losing_cards"], carried, resolved)
    allowed = won_sizes(*key, 0)
    for seat, pile in enumerate(state.won):
        size, streak = hand_size(pile), state.alone_streak[seat]
        if size not in allowed:
            raise invalid(("state", "won", seat), f"seat {seat}'s won pile holds {size} cards, but after "
                          f"{_turns(resolved)} a won pile holds {_spans(allowed)} cards: each turn adds "
                          f"{_gains_words(options, state)}", "salsifis.contest.fight")
        if streak and size not in won_sizes(*key, streak):
            raise invalid(("state", "won", seat), f"seat {seat} was alone by its packet in "
                          f"{'the last settled turn' if streak == 1 else f'each of the last {_turns(streak)}'} "
                          f"(alone_streak {streak}), and a lone card takes its packet and comes "
                          f"back to its owner with it, so after {_turns(resolved)} its won pile holds "
                          f"{_spans(won_sizes(*key, streak))} cards, not {size}", "salsifis.contest.alone")


@lru_cache(maxsize=None)
def won_sizes(sizes: Sizes, players: int, losing_cards: str, carried: bool, resolved: int, lone: int) -> frozenset:
    """Every size a seat's won pile can have after `resolved` settled turns, the last `lone` of them alone."""
    totals = {0}
    for turn in range(1, resolved + 1):
        gains = _turn_gains(packet_sizes(sizes, turn, carried), players, losing_cards, turn > resolved - lone)
        totals = {total + gain for total in totals for gain in gains}
    return frozenset(totals)


def _turn_gains(packets: frozenset, players: int, losing_cards: str, alone: bool) -> set[int]:
    """What one turn can add to a seat's won pile: a lone card brings back its packet; otherwise nothing (lost or
    shared), its own losing card under owners, or the packet won with the winning card and, under winner, the
    cards it beat."""
    if alone:
        return {packet + 1 for packet in packets}
    in_fight = players if losing_cards == "winner" else 1
    gains = {0, 1} if losing_cards == "owners" else {0}
    return gains | {packet + cards for packet in packets for cards in range(1, in_fight + 1)}


@lru_cache(maxsize=None)
def packet_sizes(sizes: Sizes, turn: int, carried: bool) -> frozenset:
    """How many cards a packet of `turn` can hold: as laid out or, when unclaimed packets are carried, with the
    cards of the earlier turns it stayed unclaimed in."""
    found = set()
    for index in range(len(sizes[turn - 1])):
        total, earlier = 0, turn
        while True:
            total += sizes[earlier - 1][index]
            found.add(total)
            earlier -= 1
            if not carried or earlier < 1 or index >= len(sizes[earlier - 1]):
                break
    return frozenset(found)


def _gains_words(options: dict, state: SalsifisState) -> str:
    laid = sorted({size for turn in range(1, state.resolved_turns + 1) for size in state.layout.packets_of(turn)})
    packet = f"a packet of {_spans(laid)} cards"
    if options["unclaimed_packet"] == "carried":
        packet += " (more when unclaimed packets were carried into it)"
    if options["losing_cards"] == "winner":
        return (f"nothing to a seat that lost or shared its contest, or {packet} with the winning card and the "
                f"cards it beat (up to {state.players - 1}) to the seat that won it")
    kept = ", its own card when it lost (losing_cards owners)" if options["losing_cards"] == "owners" else ""
    return f"nothing to a seat that lost or shared its contest{kept}, or {packet} with the winning card to the winner"


# -- shared stakes -----------------------------------------------------------------------------
def check_shared(options: dict, state: SalsifisState) -> None:
    """Each shared stake holds a packet and the sharers' cards (and, under winner, the cards they beat); a seat
    shares at most one stake in each settled turn it was not alone, and a turn has room for only so many."""
    if not state.shared:
        return
    resolved, layout = state.resolved_turns, state.layout
    carried = options["unclaimed_packet"] == "carried"
    room = sum(min(len(layout.packets_of(turn)), state.players // 2) for turn in range(1, resolved + 1))
    if len(state.shared) > room:
        raise invalid(("state", "shared", room), f"{len(state.shared)} stakes are shared, but a stake is shared by "
                      f"two seats or more and each seat places one card a turn, so in {_turns(resolved)} "
                      f"{state.players} players share at most {room}", "salsifis.formula.shared")
    counts = [0] * state.players
    for index, share in enumerate(state.shared):
        sizes = stake_sizes(layout.packet_sizes, state.players, options["losing_cards"], carried, resolved,
                            len(share.seats))
        if len(share.cards) not in sizes:
            raise invalid(("state", "shared", index, "cards"), f"shared stake {index} holds {len(share.cards)} cards, "
                          f"but a stake shared by {len(share.seats)} seats holds its packet and the sharers' cards"
                          f"{' with the cards they beat' if options['losing_cards'] == 'winner' else ''}: "
                          f"{_spans(sizes)} cards after {_turns(resolved)}", "salsifis.formula.shared")
        for seat in share.seats:
            counts[seat] += 1
            free = resolved - state.alone_streak[seat]
            if counts[seat] > free:
                raise invalid(("state", "shared", index, "seats"), f"seat {seat} shares {counts[seat]} "
                              f"stake{'' if counts[seat] == 1 else 's'}, but a seat shares at most one stake a turn "
                              f"and none in a turn it was alone, and by its alone_streak it was not alone in only "
                              f"{free} of the {_turns(resolved)}", "salsifis.formula.shared")


@lru_cache(maxsize=None)
def stake_sizes(sizes: Sizes, players: int, losing_cards: str, carried: bool, resolved: int,
                sharers: int) -> frozenset:
    """Every size a stake shared by `sharers` seats can have: a packet of a settled turn, the sharers' cards and,
    under winner, the cards they beat."""
    most = players if losing_cards == "winner" else sharers
    return frozenset(packet + cards for turn in range(1, resolved + 1) for packet in packet_sizes(sizes, turn, carried)
                     for cards in range(sharers, most + 1))


# -- words -------------------------------------------------------------------------------------
def _turns(count: int) -> str:
    return f"{count} settled turn{'' if count == 1 else 's'}"


def _spans(numbers) -> str:
    """Numbers in words as runs: "0, 4 to 6 or 8"; "none" when there are none."""
    ordered = sorted(numbers)
    if not ordered:
        return "no"
    runs: list[list[int]] = []
    for number in ordered:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    words = [str(low) if low == high else f"{low} or {high}" if high == low + 1 else f"{low} to {high}"
             for low, high in runs]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# -- the records together ----------------------------------------------------------------------
# The checks above look at one seat or one stake at a time. The walk below looks for one run of settled turns
# that leaves every record at once: it goes back from the last settled turn, tries each way every seat can have
# placed and each packet can have ended, and takes off what that turn added. A seat's state in the walk is
# (cards still to account for, lone turns it still must have had, lone turns in a row just after), FREE standing
# for a won pile left out of the question while a refusal is being worded.
FREE = -1
Seat = tuple[int, int, int]  # (cards left, lone turns owed (0: not alone at this turn, FREE: either), lone run)


@dataclass(frozen=True)
class Table:
    """What stays fixed while the walk goes back through the turns: layout, player count and options."""

    sizes: Sizes
    players: int
    losing_cards: str
    carried: bool
    flee_limit: int


def check_joint(options: dict, state: SalsifisState) -> None:
    """One run of settled turns gives every seat its won pile and lone streak, every shared stake and every
    carried packet together."""
    resolved = state.resolved_turns
    if not resolved:
        return
    table = Table(state.layout.packet_sizes, state.players, options["losing_cards"],
                  options["unclaimed_packet"] == "carried", options["flee_limit"])
    won = tuple(hand_size(pile) for pile in state.won)
    stakes = tuple(sorted((share.seats, len(share.cards)) for share in state.shared))
    carried = carried_out(state)
    if records_fit(table, resolved, won, tuple(state.alone_streak), stakes, carried):
        return
    _word_misfit(table, state, resolved, won, stakes, carried)


def carried_out(state: SalsifisState) -> tuple[int, ...]:
    """How many cards the last settled turn carried into each packet on the table."""
    if state.over:
        return (0,) * len(state.layout.packets_of(state.turn))
    if state.awaiting_layout:
        return tuple(len(packet) for packet in state.packets)
    return tuple(len(packet) - size for packet, size in zip(state.packets, state.layout.packets_of(state.turn)))


@lru_cache(maxsize=4096)
def records_fit(table: Table, resolved: int, won: tuple, streaks: tuple, stakes: tuple | None,
                carried: tuple | None) -> bool:
    """Whether `resolved` settled turns can leave these won pile sizes (FREE: any), lone streaks, shared stakes
    (None: any) and cards carried into the table's packets (None: any)."""
    seats = tuple((pile, streak, 0) for pile, streak in zip(won, streaks))
    return _fits(table, resolved, _canonical(seats, stakes), stakes, carried)


def _canonical(seats: tuple, stakes: tuple | None) -> tuple:
    """Seats in a fixed order when no stake names them, so that the same records in another seat order are
    worked out once."""
    return tuple(sorted(seats)) if not stakes else seats


@lru_cache(maxsize=1 << 16)
def _fits(table: Table, turn: int, seats: tuple, stakes: tuple | None, carried: tuple | None) -> bool:
    """Whether turns 1 to `turn` can leave the seats' records and the stakes, and carry `carried` into the next
    turn's packets."""
    if turn == 0:
        return (all(left in (0, FREE) and owed <= 0 for left, owed, _ in seats) and not stakes
                and (carried is None or not any(carried)))
    if not _may_fit(table, turn, seats):
        return False
    for before, earlier_stakes, carried_in in _turns_back(table, turn, seats, stakes, carried):
        if _fits(table, turn - 1, _canonical(before, earlier_stakes), earlier_stakes, carried_in):
            return True
    return False


def _may_fit(table: Table, turn: int, seats: tuple) -> bool:
    """A quick test first: every seat's cards left are a total its own turns 1 to `turn` can give it."""
    for left, owed, _ in seats:
        if left != FREE and left not in won_sizes(table.sizes, table.players, table.losing_cards, table.carried,
                                                  turn, max(owed, 0)):
            return False
    return True


def _turns_back(table: Table, turn: int, seats: tuple, stakes: tuple | None, carried: tuple | None):
    """Each way turn `turn` can have been played and settled, as what was left before it: (seats, stakes, cards
    carried into it)."""
    laid = table.sizes[turn - 1]
    last = turn == len(table.sizes)
    for choice in _placings(table, turn, tuple(owed for _, owed, _ in seats), tuple(run for *_, run in seats)):
        groups = tuple(tuple(seat for seat, packet in enumerate(choice) if packet == index)
                       for index in range(len(laid)))
        for carried_in in _carried_in(table, turn, groups, carried, last):
            packets = tuple(size + extra for size, extra in zip(laid, carried_in))
            for gains, used in _endings(table, packets, groups, stakes):
                before = _take_off(table, seats, groups, gains)
                if before is not None:
                    yield before, _without(stakes, used), carried_in


@lru_cache(maxsize=4096)
def _placings(table: Table, turn: int, owed: tuple, runs: tuple) -> tuple:
    """Every choice of packet per seat that keeps the lone turns each seat owes and the flee limit."""
    found = []
    packets = len(table.sizes[turn - 1])
    for choice in product(range(packets), repeat=table.players):
        counts = [choice.count(index) for index in range(packets)]
        if all(_may_be(owed[seat], runs[seat], counts[choice[seat]] == 1, table.flee_limit)
               for seat in range(table.players)):
            found.append(choice)
    return tuple(found)


def _may_be(owed: int, run: int, alone: bool, limit: int) -> bool:
    """Whether a seat may be alone (or not) at a turn, given the lone turns it owes and the run after it."""
    if owed > 0:
        return alone
    if owed == 0:
        return not alone
    return not alone or not limit or run < limit


def _carried_in(table: Table, turn: int, groups: tuple, carried: tuple | None, last: bool):
    """The cards each packet of `turn` may have held from earlier unclaimed packets, agreeing with what the turn
    carried on: an unclaimed packet carries all it holds, a claimed one nothing."""
    choices = []
    for index, seats in enumerate(groups):
        laid = table.sizes[turn - 1][index]
        earlier = _earlier_carries(table.sizes, turn, index) if table.carried else (0,)
        if table.carried and not last and not seats:
            if carried is None:
                choices.append(earlier)
            else:
                choices.append(tuple(extra for extra in earlier if laid + extra == carried[index]))
        elif carried is not None and carried[index]:
            return  # a packet carried on was unclaimed, and nobody placed by it
        else:
            choices.append(earlier)
    yield from product(*choices)


@lru_cache(maxsize=256)
def _earlier_carries(sizes: Sizes, turn: int, index: int) -> tuple:
    """The cards a packet of `turn` can hold from earlier turns: none, or the packets of the turns just before."""
    found, total, earlier = [0], 0, turn - 1
    while earlier >= 1 and index < len(sizes[earlier - 1]):
        total += sizes[earlier - 1][index]
        found.append(total)
        earlier -= 1
    return tuple(found)


def _endings(table: Table, packets: tuple, groups: tuple, stakes: tuple | None):
    """Each way the packets can end together: what each seat gains, and the stakes they leave."""
    per_packet = [_packet_endings(table, size, seats, stakes) for size, seats in zip(packets, groups)]
    for picked in product(*per_packet):
        gains: dict[int, int] = {}
        used: list = []
        for packet_gains, stake in picked:
            for seat, gain in packet_gains:
                gains[seat] = gains.get(seat, 0) + gain
            if stake is not None:
                used.append(stake)
        if stakes is not None and used and not _available(stakes, used):
            continue
        yield gains, used


def _packet_endings(table: Table, size: int, seats: tuple, stakes: tuple | None) -> list:
    """How one packet can end: ((seat, gain), ...) and the stake it leaves, if any."""
    if len(seats) < 2:
        return [(((seats[0], size + 1),), None)] if seats else [((), None)]
    count, winner_takes = len(seats), table.losing_cards == "winner"
    owners = table.losing_cards == "owners"
    endings = []
    for winner in seats:
        gains = ((winner, size + (count if winner_takes else 1)),)
        if owners:
            gains += tuple((seat, 1) for seat in seats if seat != winner)
        endings.append((gains, None))
    for stake in _stakes_for(table, size, seats, stakes):
        gains = tuple((seat, 1) for seat in seats if seat not in stake[0]) if owners else ()
        endings.append((gains, stake))
    return endings


def _stakes_for(table: Table, size: int, seats: tuple, stakes: tuple | None):
    """The shared stakes a packet with these seats by it can leave: any, or those of the record that fit."""
    count = len(seats)
    if stakes is None:
        # Any split will do. Only under owners does it matter who shared: the others get their cards back.
        if table.losing_cards != "owners":
            return [(seats, 0)]
        return [(sharers, 0) for many in range(2, count + 1) for sharers in combinations(seats, many)]
    found = []
    for sharers, cards in dict.fromkeys(stakes):
        if len(sharers) >= 2 and set(sharers) <= set(seats):
            expected = size + len(sharers) + (count - len(sharers) if table.losing_cards == "winner" else 0)
            if cards == expected:
                found.append((sharers, cards))
    return found


def _available(stakes: tuple, used: list) -> bool:
    left = list(stakes)
    for stake in used:
        if stake not in left:
            return False
        left.remove(stake)
    return True


def _without(stakes: tuple | None, used: list) -> tuple | None:
    if stakes is None or not used:
        return stakes
    left = list(stakes)
    for stake in used:
        left.remove(stake)
    return tuple(left)


def _take_off(table: Table, seats: tuple, groups: tuple, gains: dict) -> tuple | None:
    """The seats' records before a turn: its gains taken off, lone turns owed counted down, lone runs updated;
    None when a pile holds less than the turn gave it."""
    limit = table.flee_limit
    before = []
    alone = {group[0] for group in groups if len(group) == 1}
    for seat, (left, owed, run) in enumerate(seats):
        gain = gains.get(seat, 0)
        if left != FREE:
            left -= gain
            if left < 0:
                return None
        if owed > 0:
            owed, run = owed - 1, 0
        elif owed == 0:
            owed, run = FREE, 0
        elif seat in alone:
            run = run + 1 if limit else 0
        else:
            run = 0
        before.append((left, owed, run))
    return tuple(before)


# -- wording a misfit --------------------------------------------------------------------------
# Records that do not fit together are put back one at a time, in field order, to find the first that breaks the
# fit: the carried packets with the lone streaks, then each won pile, then each shared stake.
def _word_misfit(table: Table, state: SalsifisState, resolved: int, won: tuple, stakes: tuple,
                 carried: tuple) -> None:
    streaks = tuple(state.alone_streak)
    free = (FREE,) * table.players
    if not records_fit(table, resolved, free, streaks, None, carried):
        raise _carried_misfit(table, state, resolved, carried)
    for seat in range(table.players):
        piles = won[:seat + 1] + free[seat + 1:]
        if not records_fit(table, resolved, piles, streaks, None, carried):
            raise _won_misfit(table, state, resolved, won, seat)
    for index in range(len(state.shared)):
        some = tuple(sorted((share.seats, len(share.cards)) for share in state.shared[:index + 1]))
        if not records_fit(table, resolved, won, streaks, some, carried):
            raise _shared_misfit(state, resolved, index)
    raise invalid(("state", "won"), f"no run of {_turns(resolved)} leaves these won piles, lone streaks and shared "
                  "stakes together", "salsifis.contest.fight")


def _carried_misfit(table: Table, state: SalsifisState, resolved: int, carried: tuple):
    held = [index for index, extra in enumerate(carried) if extra]
    if not held:
        return invalid(("state", "packets"), f"no packet holds cards carried on, and under unclaimed_packet carried a "
                       f"packet nobody bets on stays on the table, so at turn {resolved} each packet had a card by it; "
                       f"{state.players} seats cannot do that with the alone_streak entries "
                       f"{list(state.alone_streak)} (a seat not alone shares its packet)", "salsifis.contest.empty")
    if len(held) > 1:
        return invalid(("state", "packets", held[-1]), f"every packet holds cards carried from turn {resolved}, but "
                       f"every seat placed a card at that turn, so at most one of its packets was left unclaimed",
                       "salsifis.contest.empty")
    index = held[0]
    possible = _earlier_carries(table.sizes, resolved + 1, index)
    if carried[index] not in possible:
        return invalid(("state", "packets", index), f"packet {index} holds {carried[index]} cards more than turn "
                       f"{resolved + 1} lays out by it, but an unclaimed packet is carried on whole, so the cards "
                       f"carried into it number {_spans(possible)}", "salsifis.contest.empty")
    lone = [seat for seat, streak in enumerate(state.alone_streak) if streak]
    return invalid(("state", "packets", index), f"packet {index} holds {carried[index]} cards carried on from "
                   f"unclaimed packets, so at turn {resolved} nobody placed by it and every seat shared the other "
                   f"packet with company; yet by the alone_streak entries {_seats(lone)} "
                   f"{'was' if len(lone) == 1 else 'were'} alone then", "salsifis.contest.empty")


def _won_misfit(table: Table, state: SalsifisState, resolved: int, won: tuple, seat: int):
    others = [f"seat {other}'s {won[other]}" for other in range(seat)]
    together = f" with {_listed(others)}" if others else ""
    streaks = "" if not any(state.alone_streak) else f" and lone streaks {list(state.alone_streak)}"
    packets = sorted({len(table.sizes[turn - 1]) for turn in range(1, resolved + 1)})
    rule = "salsifis.contest.alone" if state.alone_streak[seat] or any(state.alone_streak[:seat]) \
        else "salsifis.contest.fight"
    return invalid(("state", "won", seat), f"seat {seat}'s won pile of {won[seat]} cards cannot go{together}"
                   f"{streaks}: each seat placed one card in each of the {_turns(resolved)}, by one of "
                   f"{_spans(packets)} packets, so what the seats won depends on where the others placed (a lone "
                   "card needs a packet no other seat chose, and a packet with several cards goes to one of them or "
                   "is shared), and no run of placings and contests gives these piles together, although each is "
                   "possible on its own", rule)


def _shared_misfit(state: SalsifisState, resolved: int, index: int):
    share = state.shared[index]
    earlier = " and the stakes listed before it" if index else ""
    return invalid(("state", "shared", index), f"shared stake {index} ({len(share.cards)} cards split between "
                   f"{_seats(list(share.seats))}) cannot go with the won piles, lone streaks{earlier}: such a "
                   f"stake comes from a packet all its sharers placed by, holding their cards and its packet, and no "
                   f"run of {_turns(resolved)} leaves it beside the other records", "salsifis.formula.shared")


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
