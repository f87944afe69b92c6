"""Can a hand go out this turn? An exact answer, with one way to do it (a plan of moves).

Melds of one rank do not interact except through the wild cards they share and the single card
that may be left for the discard, so the search tries each kind of leftover card and then checks
the wild cards against what every meld needs and can hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import BLACK, WILD, Config, card_sort_key, wild_sort_key
from .melds import canasta_kind, meld_canasta
from ...records import record


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


@record
class Needs:
    """What a side's melds must hold when a player goes out: canastas in all, of each kind, and at most."""

    canastas: int
    by_kind: tuple[tuple[str, int], ...] = ()
    most: int | None = None           # no more canastas than this (bonus cards laid out, Mexicana)

    @property
    def plain(self) -> bool:
        """Whether a count of canastas alone decides (Classic's rule)."""
        return not self.by_kind and self.most is None


def needs_of(cfg: Config, bonus: int, canastas: int | None = None) -> Needs:
    """What going out needs of a side that has laid out `bonus` bonus cards (`canastas` in all, when given)."""
    rules = cfg.table.going_out
    key = (rules.canastas if canastas is None else canastas, bonus if rules.bonus_cards_per_canasta else None)
    found = cfg.needs_by.get(key)
    if found is None:
        found = Needs(key[0], rules.by_kind, key[1])
        if len(cfg.needs_by) < 256:    # a few counts per variant: the bound only guards against odd input
            cfg.needs_by[key] = found
    return found


def asks_more(cfg: Config) -> bool:
    """Whether going out needs more than a count of canastas in this variant."""
    rules = cfg.table.going_out
    return bool(rules.by_kind) or rules.bonus_cards_per_canasta


def kind_word(cfg: Config, kind: str) -> str:
    """A canasta kind as the variant names it."""
    return dict(cfg.table.canastas.names).get(kind, kind)


def unmet(cfg: Config, melds: list, bonus: int) -> list[tuple[str, str]]:
    """What these side melds and `bonus` bonus cards laid out lack for going out: (rule, words) each.

    The count of canastas is the caller's to say (its rule and words differ by move); this names
    the canastas of a kind the variant asks for and the bonus cards going out needs beside them.
    """
    needs = needs_of(cfg, bonus)
    if needs.plain:
        return []
    kinds = [kind for kind in (meld_canasta(cfg, m) for m in melds) if kind]
    found = []
    for kind, wanted in needs.by_kind:
        have = kinds.count(kind)
        if have < wanted:
            word = kind_word(cfg, kind)
            found.append(("canasta.going-out.by-kind",
                          f"going out needs {wanted} {word} canasta{'s' if wanted != 1 else ''} and the side's "
                          f"melds would hold {have}"))
    if needs.most is not None and len(kinds) > needs.most:
        found.append(("canasta.going-out.bonus-cards",
                      f"going out needs as many bonus cards laid out as canastas, and the side would have "
                      f"{len(kinds)} canasta{'s' if len(kinds) != 1 else ''} with {bonus} bonus "
                      f"card{'s' if bonus != 1 else ''}"))
    return found


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


def rank_and_wilds(cfg: Config, hand: list[str], rank: str) -> tuple[list[str], list[str]]:
    """split_hand's naturals of one rank and its wild cards, without splitting the rest of the hand."""
    kind_of = cfg.kind_of
    mine = [card for card in hand if kind_of[card] == rank]
    wilds = [card for card in hand if kind_of[card] is WILD]
    mine.sort(key=card_sort_key)
    wilds.sort(key=wild_sort_key)
    return mine, wilds


def plan_going_out(cfg: Config, hand: list[str], melds: list, *, canastas_needed: int,
                   minimum: int | None, split: tuple | None = None, bonus: int = 0) -> Plan | None:
    """One way to meld the whole hand (or all but one card, then discard it), or None.

    `melds` are the side's melds on the table (objects with rank, naturals, wilds); `minimum` is the
    count the melds must reach when the side has not opened and no exemption applies; `split` is
    split_hand(cfg, hand) when the caller has it already; `bonus` counts the side's bonus cards laid out.
    """
    needs = needs_of(cfg, bonus, canastas_needed)
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
        plan = _attempt(cfg, naturals, wilds, black_meld, melds, leftover, needs, minimum)
        if plan is not None and (best is None or plan.points > best.points):
            best = plan
            if minimum is None:
                break
    return best


def _attempt(cfg: Config, naturals: dict[str, list[str]], wilds: list[str], black_meld: list[str], melds: list,
             leftover: str | None, needs: Needs, minimum: int | None) -> Plan | None:
    by_rank = {m.rank: i for i, m in enumerate(melds)}
    groups: list[Group] = []
    wilds_left = list(wilds)
    if leftover is not None and leftover in cfg.wild:
        wilds_left.remove(leftover)
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
            if cfg.is_stop_rank(rank):
                continue
            room = cfg.wild_cap(meld.naturals) - meld.wilds
            if max_cards is not None:
                room = min(room, max_cards - meld.naturals - meld.wilds)
            groups.append(Group(rank, [], meld.naturals, meld.naturals + meld.wilds, index, 0, max(room, 0)))
    total_need = sum(g.need for g in groups)
    total_room = sum(g.room for g in groups)
    if not total_need <= len(wilds_left) <= total_room:
        return None
    pool = sorted(wilds_left, key=lambda c: -cfg.values[c])
    if needs.plain:
        counts = _count_canastas(cfg, groups, len(wilds_left) - total_need, needs.canastas)
    else:
        counts = _count_by_kind(cfg, groups, len(wilds_left), needs)
    if counts is None:
        return None
    for g, take in zip(groups, counts):
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


def _count_canastas(cfg: Config, groups: list[Group], slack: int, needed: int) -> list[int] | None:
    """Wild cards per group: first what makes every new meld legal, then the fewest that complete
    `needed` canastas; None when they cannot. Cards left over go wherever there is room."""
    size = cfg.canasta_size
    canastas = 0
    extra: dict[int, int] = {}
    deficits = []
    for i, g in enumerate(groups):
        reach = g.base_size + g.need
        if reach >= size:
            canastas += 1
        elif size - reach <= g.room - g.need:
            deficits.append((size - reach, i))
    for deficit, i in sorted(deficits):
        if canastas >= needed or deficit > slack:
            break
        extra[i] = deficit
        slack -= deficit
        canastas += 1
    if canastas < needed:
        return None
    return [g.need + extra.get(i, 0) for i, g in enumerate(groups)]


def _count_by_kind(cfg: Config, groups: list[Group], wilds: int, needs: Needs) -> list[int] | None:
    """Wild cards per group, every one placed, so that the melds hold the canastas `needs` asks for
    (a count, counts by kind, at most a number); None when no placing does.

    Exact: a search over (canastas, canastas of each kind asked for), each capped where more cannot matter,
    that keeps for each such key the set of wild-card counts placed so far as the bits of one integer. A
    group's canasta depends on its own wild cards only, so each key's move to the next group is one shift per
    number of wild cards the group takes: with k keys (at most the capped canasta count plus one, times the
    product of each kind's count plus one) and r + 1 choices per group, g groups cost g * k * (r + 1) shifts of
    integers of w + 1 bits, and finding the placing back costs as much again."""
    kinds = [kind for kind, _ in needs.by_kind]
    wanted = tuple(n for _, n in needs.by_kind)
    cap = needs.canastas if needs.most is None else max(needs.canastas, needs.most + 1)
    full = (1 << (wilds + 1)) - 1

    moves: dict[tuple, tuple] = {}

    def after(key: tuple, kind: str | None) -> tuple:
        found = moves.get((key, kind))
        if found is None:
            total, have = key
            found = moves[key, kind] = (min(total + (kind is not None), cap), tuple(
                min(n + (k == kind), most) for n, k, most in zip(have, kinds, wanted)))
        return found

    choices = [[(w, canasta_kind(cfg, g.base_naturals, g.base_size - g.base_naturals + w))
                for w in range(g.need, min(g.room, wilds) + 1)] for g in groups]
    layers: list[dict[tuple, int]] = [{(0, tuple(0 for _ in kinds)): 1}]
    for options in choices:
        reached: dict[tuple, int] = {}
        for key, placed in layers[-1].items():
            for w, kind in options:
                shifted = (placed << w) & full
                if not shifted:
                    break
                nxt = after(key, kind)
                reached[nxt] = reached.get(nxt, 0) | shifted
        layers.append(reached)
    goal = next((key for key, placed in layers[-1].items() if placed >> wilds & 1 and key[0] >= needs.canastas
                 and (needs.most is None or key[0] <= needs.most) and key[1] == wanted), None)
    if goal is None:
        return None
    counts, used = [], wilds
    for index in range(len(groups) - 1, -1, -1):
        key, w = next((key, w) for key, placed in layers[index].items() for w, kind in choices[index]
                      if w <= used and placed >> (used - w) & 1 and after(key, kind) == goal)
        counts.append(w)
        goal, used = key, used - w
    return counts[::-1]


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
