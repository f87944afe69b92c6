"""Can a hand go out this turn? An exact answer, with one way to do it (a plan of moves).

Melds of one rank do not interact except through the wild cards they share and the single card
that may be left for the discard, so the search tries each kind of leftover card and then checks
the wild cards against what every meld needs and can hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import BLACK, WILD, Config, card_sort_key, wild_sort_key


@dataclass
class Group:
    """One meld the plan ends with: naturals added from the hand, and its wild-card room."""

    rank: str
    naturals: list[str]
    base_naturals: int                # naturals in the final meld (table + hand)
    base_size: int                    # cards in the final meld before wild cards from the hand
    onto: int | None                  # index of the side's meld it extends, or None for a new meld
    need: int                         # wild cards it must receive to be a meld at all
    room: int                         # wild cards it may receive
    wilds: list[str] | None = None


@dataclass
class Plan:
    """A way to go out: the moves in order and the card left to discard (if any)."""

    moves: list[dict]
    leftover: str | None
    points: int                       # value of the cards it melds


def split_hand(cfg: Config, hand: list[str]) -> tuple[dict[str, list[str]], list[str], list[str]]:
    """Naturals by rank, wild cards and black threes of a hand, each in canonical order."""
    naturals: dict[str, list[str]] = {}
    wilds: list[str] = []
    blacks: list[str] = []
    kind_of = cfg.kind_of
    for card in hand:
        kind = kind_of[card]
        if kind is WILD:
            wilds.append(card)
        elif kind is BLACK:
            blacks.append(card)
        elif kind in naturals:
            naturals[kind].append(card)
        else:
            naturals[kind] = [card]
    for cards in naturals.values():
        if len(cards) > 1:
            cards.sort(key=card_sort_key)
    wilds.sort(key=wild_sort_key)
    blacks.sort(key=card_sort_key)
    return naturals, wilds, blacks


def plan_going_out(cfg: Config, hand: list[str], melds: list, *, canastas_needed: int,
                   minimum: int | None, split: tuple | None = None) -> Plan | None:
    """One way to meld the whole hand (or all but one card, then discard it), or None.

    `melds` are the side's melds on the table (objects with rank, naturals, wilds); `minimum` is the
    count the melds must reach when the side has not opened and no exemption applies; `split` is
    split_hand(cfg, hand) when the caller has it already.
    """
    naturals, wilds, blacks = split or split_hand(cfg, hand)
    black_meld: list[str] = []
    forced: str | None = None
    if blacks:
        if len(blacks) >= 3 and cfg.table.threes.black_meld_going_out:
            black_meld = blacks
        elif len(blacks) == 1:
            forced = blacks[0]
        else:
            return None
    if forced is not None:
        leftovers: list[str | None] = [forced]
    else:
        on_table = {m.rank for m in melds}
        singles = [cards[-1] for rank, cards in naturals.items()
                   if len(cards) < cfg.table.sets.min_naturals and rank not in on_table]
        if len(singles) > 1:
            return None  # two cards that can neither meld nor be the one discard
        leftovers = [None]
        if wilds:
            # One wild card of each value: another of the same value leaves the same melds, worth
            # the same, and the first of equal plans is the one kept.
            by_value = {}
            for card in sorted(set(wilds), key=lambda c: (cfg.values[c], wild_sort_key(c))):
                by_value.setdefault(cfg.values[card], card)
            leftovers += by_value.values()
        leftovers += singles or [cards[-1] for cards in naturals.values()]
    best: Plan | None = None
    for leftover in leftovers:
        plan = _attempt(cfg, naturals, wilds, black_meld, melds, leftover, canastas_needed, minimum)
        if plan is not None and (best is None or plan.points > best.points):
            best = plan
            if minimum is None:
                break
    return best


def _attempt(cfg: Config, naturals: dict[str, list[str]], wilds: list[str], black_meld: list[str], melds: list,
             leftover: str | None, canastas_needed: int, minimum: int | None) -> Plan | None:
    by_rank = {m.rank: i for i, m in enumerate(melds)}
    groups: list[Group] = []
    wilds_left = list(wilds)
    if leftover is not None and leftover in cfg.wild:
        wilds_left.remove(leftover)
    size = cfg.canasta_size
    max_cards = cfg.table.sets.max_cards
    min_naturals, min_cards = cfg.table.sets.min_naturals, cfg.table.sets.min_cards
    leftover_rank = cfg.rank_of.get(leftover) if leftover is not None else None
    needed = 0
    for rank, cards in naturals.items():
        if leftover_rank == rank and cards[-1] == leftover:
            cards = cards[:-1]
        if not cards:
            continue
        index = by_rank.get(rank)
        if index is not None:
            meld = melds[index]
            base_n, base_size = meld.naturals + len(cards), meld.naturals + meld.wilds + len(cards)
            room = cfg.wild_cap(base_n) - meld.wilds
            need = 0
        else:
            if len(cards) < min_naturals:
                return None
            base_n = base_size = len(cards)
            room = cfg.wild_cap(base_n)
            need = max(0, min_cards - base_size)
            needed += need
            if needed > len(wilds_left):
                return None  # the wild cards cannot make every new meld legal (checked below anyway)
        if max_cards is not None:
            if base_size > max_cards:
                return None
            room = min(room, max_cards - base_size)
        if room < need:
            return None
        groups.append(Group(rank, cards, base_n, base_size, index, need, max(room, 0)))
    for rank, index in by_rank.items():
        if rank not in naturals or all(g.rank != rank for g in groups):
            meld = melds[index]
            if rank == "3":
                continue
            room = cfg.wild_cap(meld.naturals) - meld.wilds
            if max_cards is not None:
                room = min(room, max_cards - meld.naturals - meld.wilds)
            groups.append(Group(rank, [], meld.naturals, meld.naturals + meld.wilds, index, 0, max(room, 0)))
    total_need = sum(g.need for g in groups)
    total_room = sum(g.room for g in groups)
    if not total_need <= len(wilds_left) <= total_room:
        return None
    # Wild cards first make every new meld legal, then complete as many canastas as they can.
    slack = len(wilds_left) - total_need
    canastas = 0
    extra: dict[int, int] = {}
    deficits = []
    for i, g in enumerate(groups):
        reach = g.base_size + g.need
        if cfg.is_canasta(reach):
            canastas += 1
        elif size - reach <= g.room - g.need:
            deficits.append((size - reach, i))
    for deficit, i in sorted(deficits):
        if canastas >= canastas_needed or deficit > slack:
            break
        extra[i] = deficit
        slack -= deficit
        canastas += 1
    if canastas < canastas_needed:
        return None
    pool = sorted(wilds_left, key=lambda c: -cfg.values[c])
    for i, g in enumerate(groups):
        take = g.need + extra.get(i, 0)
        g.wilds, pool = pool[:take], pool[take:]
    for g in groups:
        room = g.room - len(g.wilds)
        if pool and room > 0:
            g.wilds += pool[:room]
            pool = pool[room:]
    points = sum(cfg.values[c] for g in groups for c in g.naturals + g.wilds) + sum(cfg.values[c] for c in black_meld)
    if minimum is not None and points < minimum:
        return None
    return Plan(_moves(cfg, groups, black_meld, opened=bool(melds)), leftover, points)


def _moves(cfg: Config, groups: list[Group], black_meld: list[str], opened: bool) -> list[dict]:
    """The plan as moves: canasta-making moves first, black threes last (they must end the turn)."""
    steps: list[tuple[int, dict]] = []
    new_melds: list[list[str]] = []
    for g in groups:
        cards = g.naturals + (g.wilds or [])
        if not cards:
            continue
        completes = cfg.is_canasta(g.base_size + len(g.wilds or []))
        if g.onto is None:
            new_melds.append(cards)
            if opened:
                steps.append((0 if completes else 1, {"type": "meld", "melds": [{"cards": cards}]}))
        else:
            steps.append((0 if completes else 1, {"type": "lay_off", "meld": g.onto, "cards": cards}))
    if not opened:
        # An opening is one move: every new meld goes down together.
        melds = [{"cards": c} for c in new_melds] + ([{"cards": black_meld}] if black_meld else [])
        return [{"type": "meld", "melds": melds}] if melds else []
    steps.sort(key=lambda step: step[0])
    moves = [step for _, step in steps]
    if black_meld:
        moves.append({"type": "meld", "melds": [{"cards": black_meld}]})
    return moves
