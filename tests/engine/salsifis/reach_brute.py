"""Every record a run of settled Salsifis turns can leave, found by trying every turn, read from the rule text alone.

A record counts cards, not identities: per seat the size of its won pile and its alone_streak, the shared stakes
as (seats, size), how many cards were discarded, and how many cards each packet index carries into the next turn
(unclaimed_packet carried). Penalties are left out: any seat may say a formula out of place in any reveal, so
they are free of everything else once a turn is settled.

How a turn settles, by the rule texts:
- salsifis.turn.place: every seat puts one card by one of the turn's packets.
- salsifis.turn.fleeing: a seat alone in the last flee_limit turns running (flee_limit > 0) is not alone at the
  reveal; nothing else limits where a seat places.
- salsifis.contest.alone: a lone card brings its packet and itself back to its owner.
- salsifis.contest.fight / tie / cycle / mixed, salsifis.formula.first / shared: with two cards or more by a packet,
  any one of them can end up the winner (a clear winner or the first right formula), or any two or more of them
  can share the stake (a tie or a cycle with simultaneous right formulas, or nobody's formula). A five-seat share
  needs a cycle, hence an ace; the record counts cards, so that limit on aces is not modelled here.
- salsifis.contest.losing-cards: the winner's stake is the packet and the winning card, plus the losing cards under
  winner; under owners each losing card goes back to its owner's pile, under discarded it is set aside. A shared
  stake holds the packet and the sharers' cards, plus the other cards under winner.
- salsifis.contest.empty: a packet nobody bets on is discarded, or carried into the same packet of the next turn
  (unclaimed_packet carried), except after the last turn, when it is discarded.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations, permutations, product

from rules_engine import answers

GAME = "salsifis"

Record = tuple  # (won, alone_streak, shared, discarded, carried)


@lru_cache(maxsize=None)
def _packet_endings(size: int, seats: tuple[int, ...], winner_takes_losers: bool, owners_keep: bool) -> tuple:
    """Each way one packet with these seats by it can end: (gains by seat, stakes, cards discarded, lone seat)."""
    if not seats:
        return ()  # the caller decides between carrying and discarding
    if len(seats) == 1:
        return (({seats[0]: size + 1}, (), 0, seats[0]),)
    count, endings = len(seats), []
    for winner in seats:
        gains = {winner: size + (count if winner_takes_losers else 1)}
        if owners_keep:
            gains.update({seat: 1 for seat in seats if seat != winner})
        lost = 0 if winner_takes_losers or owners_keep else count - 1
        endings.append((gains, (), lost, None))
    for sharers_count in range(2, count + 1):
        for sharers in combinations(seats, sharers_count):
            others = count - sharers_count
            stake = (sharers, size + sharers_count + (others if winner_takes_losers else 0))
            gains = {seat: 1 for seat in seats if seat not in sharers} if owners_keep else {}
            lost = 0 if winner_takes_losers or owners_keep else others
            endings.append((gains, (stake,), lost, None))
    return tuple(endings)


@lru_cache(maxsize=None)
def turn_effects(packets: tuple[int, ...], players: int, losing_cards: str, carry: bool,
                 obliged: frozenset) -> tuple:
    """Every way one turn with these packet sizes settles: (gains, lone seats, stakes, discarded, carried)."""
    winner_takes_losers, owners_keep = losing_cards == "winner", losing_cards == "owners"
    effects = set()
    for choice in product(range(len(packets)), repeat=players):
        by_packet = [tuple(seat for seat in range(players) if choice[seat] == index) for index in range(len(packets))]
        if any(len(seats) == 1 and seats[0] in obliged for seats in by_packet):
            continue
        options = []
        for index, seats in enumerate(by_packet):
            if seats:
                options.append(_packet_endings(packets[index], seats, winner_takes_losers, owners_keep))
            elif carry:
                options.append((({}, (), 0, None, packets[index]),))
            else:
                options.append((({}, (), packets[index], None),))
        for endings in product(*options):
            gains, lone, stakes, lost = [0] * players, [], [], 0
            carried = [0] * len(packets)
            for index, ending in enumerate(endings):
                for seat, gain in ending[0].items():
                    gains[seat] += gain
                stakes += ending[1]
                lost += ending[2]
                if ending[3] is not None:
                    lone.append(ending[3])
                if len(ending) == 5:
                    carried[index] = ending[4]
            effects.add((tuple(gains), frozenset(lone), tuple(sorted(stakes)), lost, tuple(carried)))
    return tuple(sorted(effects, key=repr))


def first_record(players: int, packets: int) -> Record:
    """The record before any turn is settled."""
    return ((0,) * players, (0,) * players, (), 0, (0,) * packets)


def step(records: set, laid: tuple[int, ...], players: int, losing_cards: str, carried: bool, flee_limit: int,
         last: bool) -> set:
    """Every record one more settled turn, laid out with packets of these sizes, leads to from these records."""
    found = set()
    for won, streak, shared, lost, carry_in in records:
        packets = tuple(size + (carry_in[index] if index < len(carry_in) else 0) for index, size in enumerate(laid))
        obliged = frozenset(seat for seat in range(players) if flee_limit and streak[seat] >= flee_limit)
        for gains, lone, stakes, discarded, carry_out in turn_effects(packets, players, losing_cards,
                                                                       carried and not last, obliged):
            new_won = tuple(total + gain for total, gain in zip(won, gains))
            new_streak = tuple(streak[seat] + 1 if seat in lone else 0 for seat in range(players))
            new_shared = tuple(sorted(shared + stakes))
            found.add((new_won, new_streak, new_shared, lost + discarded, carry_out))
    return found


def reachable(layout_sizes: tuple[tuple[int, ...], ...], players: int, losing_cards: str, carried: bool,
              flee_limit: int, settled: int) -> frozenset:
    """Every record that `settled` turns of this layout can leave."""
    return _reachable(layout_sizes, players, losing_cards, carried, flee_limit, settled)


@lru_cache(maxsize=None)
def _reachable(layout_sizes, players, losing_cards, carried, flee_limit, settled) -> frozenset:
    if settled == 0:
        return frozenset({first_record(players, len(layout_sizes[0]))})
    before = _reachable(layout_sizes, players, losing_cards, carried, flee_limit, settled - 1)
    last = settled == len(layout_sizes)
    return frozenset(step(set(before), layout_sizes[settled - 1], players, losing_cards, carried, flee_limit, last))


def state_of(record: Record, layout, settled: int) -> dict | None:
    """A fully shown position after `settled` turns whose record is `record`; None when the record does not leave
    a whole number of cards for the discards. Each shared stake holds cards a tie or a cycle of its sharers can
    leave (its sharers' ranks alike, or an ace, a king and a nine for five sharers); the rest go in pack order."""
    won, streak, shared, discarded, carried = record
    players, pool = len(won), list(layout.deck)
    over = settled == layout.turns
    stakes = [{"seats": list(seats), "cards": _stake_cards(pool, len(seats), size)} for seats, size in shared]
    if any(stake["cards"] is None for stake in stakes):
        return None

    def take(count: int) -> list[str]:
        taken = pool[:count]
        del pool[:count]
        return taken

    hands = [take(0 if over else layout.hand_size - settled) for _ in range(players)]
    laid = () if over else layout.packets_of(settled + 1)
    packets = [take(size + carried[index]) for index, size in enumerate(laid)]
    heap = take(layout.heap_after(settled + 1) if not over else 0)
    piles = [take(size) for size in won]
    if len(pool) != discarded:
        return None
    return {"players": players, "turn": settled if over else settled + 1, "dealer": 0, "hands": hands,
            "packets": packets, "heap": heap, "placements": [], "won": piles, "shared": stakes,
            "discarded": take(discarded), "penalties": [0] * players, "alone_streak": list(streak)}


def _stake_cards(pool: list[str], sharers: int, size: int) -> list[str] | None:
    """Take from the pool `size` cards that `sharers` tied cards, or a cycle, can leave in a stake."""
    if sharers <= 4:
        ranks = {}
        for card in pool:
            ranks.setdefault(card[:-1], []).append(card)
        kept = next((cards[:sharers] for cards in ranks.values() if len(cards) >= sharers), None)
    else:
        kept = [next((card for card in pool if card[:-1] == rank), None) for rank in ("A", "K", "9")]
    if kept is None or None in kept or size < len(kept):
        return None
    for card in kept:
        pool.remove(card)
    rest = pool[:size - len(kept)]
    del pool[:size - len(kept)]
    return kept + rest if len(rest) == size - len(kept) else None


def record_of(state: dict, layout) -> Record:
    """The card-count record of a fully shown position whose packets are laid out (or whose game is over)."""
    shared = tuple(sorted((tuple(sorted(share["seats"])), len(share["cards"])) for share in state["shared"]))
    if state["packets"]:
        carried = tuple(len(packet) - size for packet, size in zip(state["packets"], layout.packets_of(state["turn"])))
    else:
        carried = (0,) * len(layout.packets_of(layout.turns))
    return (tuple(len(pile) for pile in state["won"]), tuple(state["alone_streak"]), shared, len(state["discarded"]),
            carried)


def neighbours(record: Record, settled: int) -> set:
    """Records near one: piles swapped between seats, cards moved between piles and the discards, other lone
    streaks, stakes added, dropped or given to other seats, cards moved between the discards and a carried
    packet. Most keep every pile, streak and stake possible one at a time."""
    won, streak, shared, discarded, carried = record
    players = len(won)
    found = {(tuple(won[seat] for seat in order), streak, shared, discarded, carried)
             for order in permutations(range(players))}
    found |= {(won, streaks, shared, discarded, carried) for streaks in product(range(settled + 1), repeat=players)}
    for giver in range(players):
        for count in range(1, 6):
            if won[giver] >= count:
                fewer = _plus(won, giver, -count)
                found.add((fewer, streak, shared, discarded + count, carried))
                found |= {(_plus(fewer, taker, count), streak, shared, discarded, carried)
                          for taker in range(players) if taker != giver}
            if discarded >= count:
                found.add((_plus(won, giver, count), streak, shared, discarded - count, carried))
    for index, (seats, size) in enumerate(shared):
        rest = shared[:index] + shared[index + 1:]
        found.add((won, streak, rest, discarded + size, carried))
        found |= {(won, streak, tuple(sorted(rest + ((others, size),))), discarded, carried)
                  for others in combinations(range(players), len(seats))}
    for many in range(2, players + 1):
        for seats in combinations(range(players), many):
            for size in range(3, 4 + players):
                stakes = tuple(sorted(shared + ((seats, size),)))
                if discarded >= size:
                    found.add((won, streak, stakes, discarded - size, carried))
                found |= {(_plus(won, giver, -size), streak, stakes, discarded, carried)
                          for giver in range(players) if won[giver] >= size}
    for index in range(len(carried)):
        for count in range(10):
            change = count - carried[index]
            if discarded >= change:
                found.add((won, streak, shared, discarded - change, _plus(carried, index, change)))
    return found


def _plus(values: tuple, index: int, change: int) -> tuple:
    return values[:index] + (values[index] + change,) + values[index + 1:]


def played_records(players: int, options: dict, seed: int, turns: int):
    """The state after each of the first `turns` reveals of a game played at random through the engine's answers,
    formulas said now and then, some at the same moment (so stakes get shared)."""
    rng = random.Random(seed)
    state = answers.deal({"game": GAME, "players": players, "seed": seed, "options": options})["state"]
    settled = 0
    while settled < turns:
        request = {"game": GAME, "state": state, "options": options}
        moves = answers.legal_moves(request)["moves"]
        if not moves:
            return
        if moves[0]["type"] == "resolve":
            calls = [move["calls"][0] for move in moves if move["calls"]]
            rng.shuffle(calls)
            calls = [dict(call, simultaneous=bool(index) and rng.random() < 0.5)
                     for index, call in enumerate(calls[:rng.randrange(len(calls) + 1)])]
            move = {"type": "resolve", "calls": calls}
        else:
            move = {key: value for key, value in rng.choice(moves).items() if key not in ("code", "rules")}
        state = answers.apply_move({**request, "move": move})["state"]
        if move["type"] == "resolve":
            settled += 1
            yield settled, state
            if not state["packets"]:
                return
