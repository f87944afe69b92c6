"""The position seen from the seat to act, with the facts every check needs computed once."""

from __future__ import annotations

from dataclasses import replace

from ...errors import invalid
from ...parsing import HiddenHand
from ... import work
from ...work import OutOfWork
from .config import Config
from .going_out import Plan, plan_going_out, rank_and_wilds, split_hand
from .going_out_steps import StepsOut
from .melds import Meld, canasta_kind, judge, meld_points
from .meld_kinds import judge_addition, judge_new, judge_onto, named_meld, names_kept
from .merging import plan_with_joined_runs
from .opening import needed_canasta, plan_opening, search_going_out
from .pile_policy import taken_below
from .sequences import top_card_alone
from .state import FIXED_SEATINGS, CanastaState
from .zones import foot_down, foot_unmet, next_kitty


GOING_OUT, ASK_PARTNER = "canasta.going-out.how", "canasta.going-out.ask-partner"
# A going-out question the answer's work could not settle: taken as possible (nothing refused for it), and the
# rule it decides named among the unverified.
UNSETTLED = Plan([], None, -1)


class Position:
    """The acting seat's view of a state, with the facts every check needs computed once."""

    # Built on every request and read by every check: slots make both cheaper than a dict per position.
    __slots__ = ("cfg", "state", "seat", "actor", "side", "melds", "short", "opened", "counted", "by_rank",
                 "_of_rank", "canastas", "others", "counted_owners", "shared", "needed", "_hand", "hidden", "held",
                 "unverified", "unsettled", "_minimum", "_counts", "_split", "_plan", "_any_plan", "_can_go_out",
                 "_no_way", "_steps", "_frozen", "notes", "foot_down", "kitty_left", "keep", "zones_unmet")

    def __init__(self, cfg: Config, state: CanastaState):
        self.cfg, self.state = cfg, state
        turn = state.turn
        seat = self.seat = turn.seat
        self.actor = state.partner_of(seat) if turn.phase == "answer" else seat
        side = self.side = seat % state.sides   # state.side_of(seat), asked of every request: inlined
        melds = self.melds = state.melds[side]
        # (counted, minimum) while the melds on the table are an initial meld this turn has not completed
        short = self.short = turn.opening if melds and turn.phase == "meld" else None
        self.opened = bool(melds) and short is None
        self.counted = short[0] if short else 0
        size = cfg.canasta_size   # cfg.is_canasta, read once: this loop runs on every request
        by_rank: dict[str, int] = {}    # each rank's meld (the last, where a side may hold several)
        canastas = 0
        for i, meld in enumerate(melds):   # one plain pass: cheaper than a comprehension and a sum
            if meld.rank:                   # a meld of wild cards alone has none
                by_rank[meld.rank] = i
            if meld.naturals + meld.wilds >= size:
                canastas += 1
        self.by_rank = by_rank
        self._of_rank: dict[str, list[int]] | None = None
        # The owners besides its own whose melds the seat may add to, and those whose canastas count for it
        # (its partner's, where the seating shares melds): their melds, owner by owner, are `shared`.
        # Fixed sides share nothing: every request of Classic takes this branch, so it asks nothing more.
        if state.seating in FIXED_SEATINGS:
            self.others = self.counted_owners = ()
            self.shared: list[Meld] = []
        else:
            self.others = state.others_added_to(seat)
            self.counted_owners = state.others_counted(seat) if self.others else ()
            self.shared = [m for owner in self.counted_owners for m in state.melds[owner]] if self.others else []
            for meld in self.shared:
                if meld.naturals + meld.wilds >= size:
                    canastas += 1
        self.canastas = canastas
        self.needed = cfg.table.going_out.canastas
        hand = state.hands[seat]
        if type(hand) is HiddenHand:
            self._hand: list[str] | None = None
            self.hidden, self.held = True, hand.count
        else:
            self._hand, self.hidden, self.held = hand, False, len(hand)
        self.unverified: set[str] = set()   # rules the checks could not apply: the hand's cards are hidden
        self.unsettled: set[str] = set()    # those of them a search left open, its answer's steps spent
        self._minimum: int | None = None
        self._counts: dict[str, int] | None = None
        self._split: tuple | None = None
        self._plan: tuple[Plan | None] | None = None        # the best way out of the position as it stands
        self._any_plan: tuple[Plan | None] | None = None    # a way out of it, not always the best
        self._can_go_out: dict[tuple, bool] = {}
        self._no_way: list[tuple[dict, list[Meld]]] = []    # hands and melds known to leave no way out
        self._steps: StepsOut | None = None
        self._frozen: list[str] | None = None
        self.notes: list | None = None    # set to a list by judge_move: how the verdict was reached
        if state.feet is None and state.kitties is None:
            self.foot_down = self.kitty_left = False
            self.keep = 2
            self.zones_unmet: list[tuple[str, str]] = []
            return
        # With the foot still down, emptying the hand takes it up: no going out, and no two cards to keep.
        self.foot_down = state.feet is not None and foot_down(state, seat)
        # With a kitty on the table, a hand played out without going out takes the kitty up instead.
        self.kitty_left = state.kitties is not None and next_kitty(state) is not None
        self.keep = 0 if self.foot_down or self.kitty_left else 2
        # What the zones lack for going out (a player of the side yet to play from the foot), in words.
        self.zones_unmet = foot_unmet(state, side) if state.played_from_foot is not None else []

    def left_open(self, rule: str) -> None:
        """Name a rule whose question a search could not settle within the answer's steps."""
        self.unverified.add(rule)
        self.unsettled.add(rule)

    def goes_out(self, left: int) -> bool:
        """Whether a move leaving the hand this many cards is going out (or its last step before a discard)."""
        return left <= 1 and not self.foot_down

    def melds_of(self, rank: str) -> list[int]:
        """The side's melds of a rank, by index: one at most where a side holds one meld of each rank."""
        if self.cfg.table.sets.one_per_rank:
            index = self.by_rank.get(rank)
            return [] if index is None else [index]
        if self._of_rank is None:
            self._of_rank = {}
            for i, meld in enumerate(self.melds):
                if not meld.suit:                # a sequence is no meld of a rank
                    self._of_rank.setdefault(meld.rank, []).append(i)
        return self._of_rank.get(rank, [])

    def pile_meld(self, rank: str, move: dict) -> int | None:
        """The side's meld a take_pile move lays the top card on, or None when it starts a new meld.

        Where a side holds one meld of each rank, the top card joins the rank's meld whenever there is
        one. Where it may hold several, the move names the meld (`meld`); a move that names none starts a
        new meld with its cards, or, bringing no card, joins the rank's only meld."""
        named = move.get("meld")
        if named is not None:
            return named
        if self.cfg.table.sets.one_per_rank:
            return self.by_rank.get(rank)
        found = self.melds_of(rank)
        return found[0] if not move["cards"] and len(found) == 1 else None

    @property
    def hand(self) -> list[str]:
        """The acting seat's cards; a hidden hand cannot be judged."""
        if self._hand is None:
            raise invalid(("state", "hands", self.seat), f"seat {self.seat}'s cards are needed to judge its "
                          "moves; give them as a list", "canasta.turn.hand-known")
        return self._hand

    @property
    def minimum(self) -> int:
        """The count the side's initial meld must reach (only a side that has not opened asks)."""
        if self._minimum is None:
            state = self.state
            score = self.cfg.opening_basis(state, self.side)
            self._minimum = self.cfg.minimum(score, state.penalties[self.side]["failed_openings"])
        return self._minimum

    @property
    def opening_canasta(self) -> str | None:
        """The canasta kind ("any" for any) the side's initial meld must hold at its tier, or None."""
        if not self.cfg.canasta_tiers:
            return None
        return needed_canasta(self.cfg, self.cfg.opening_basis(self.state, self.side))

    @property
    def needed_rule(self) -> str:
        """The rule that says how many canastas going out needs."""
        return self.cfg.needed_rule

    @property
    def counts(self) -> dict[str, int]:
        """The acting hand as a multiset."""
        if self._counts is None:
            self._counts = _count(self.hand)
        return self._counts

    def split(self) -> tuple[dict[str, list[str]], list[str], list[str]]:
        """split_hand of the acting hand, computed once (callers only read it)."""
        if self._split is None:
            self._split = split_hand(self.cfg, self.hand)
        return self._split

    def rank_and_wilds(self, rank: str) -> tuple[list[str], list[str]]:
        """The acting hand's naturals of one rank and its wild cards, as split() gives them (a draw asks no more)."""
        if self._split is not None:
            naturals, wilds, _ = self._split
            return naturals.get(rank, []), wilds
        return rank_and_wilds(self.cfg, self.hand, rank)

    def missing(self, cards: list[str]) -> list[str]:
        """The cards (with multiplicity) a move names that the hand does not hold."""
        counts = self.counts
        named = set(cards)
        if len(named) == len(cards):
            # Each card named once, as in nearly every move: what is missing is what the hand lacks.
            return [] if counts.keys() >= named else [card for card in cards if card not in counts]
        need = _count(cards)
        return [card for card, n in need.items() for _ in range(n - counts.get(card, 0))]

    def pile_frozen_because(self) -> list[str]:
        """Why the pile is frozen for the acting side (empty when it is not), worked out once (callers only read it)."""
        if self._frozen is None:
            self._frozen = self._frozen_because()
        return self._frozen

    def _frozen_because(self) -> list[str]:
        cfg, pile = self.cfg, self.state.discard
        why = []
        if cfg.table.pile.always_frozen:
            why.append("the pile is always frozen in this variant")
        if cfg.table.pile.frozen_until_opened and not self.opened:
            why.append(f"side {self.side} has not made its initial meld")
        if cfg.table.pile.frozen_by_wild and not cfg.wild.isdisjoint(pile):
            why.append("the pile holds a wild card")
        if cfg.table.pile.frozen_by_red_three and not cfg.bonus_cards.isdisjoint(pile):
            why.append("the pile holds a red three")
        if cfg.black_three_freezes and not cfg.stop_cards.isdisjoint(pile[:-1]):
            why.append("the pile holds a black three")
        return why

    def melds_owned_by(self, owner: int) -> list[Meld]:
        """The melds of an owner the seat may add to (its own side's, or another's it shares)."""
        return self.melds if owner == self.side else self.state.melds[owner]

    def shared_start(self, owner: int) -> int:
        """Where an owner's melds begin in `shared`."""
        start = 0
        for other in self.counted_owners:
            if other == owner:
                return start
            start += len(self.state.melds[other])
        raise KeyError(owner)

    def going_out_plan(self, hand: list[str], melds: list[Meld], shared: list[Meld] | None = None,
                       any_way: bool = False, rule: str | None = GOING_OUT) -> Plan | None:
        """The best way for the acting seat to go out from this hand, these side melds and the melds of other
        owners it shares (`shared`, as they stand when not given), or None; with `any_way`, a way, not always
        the best (asked where only whether one exists matters). Where the answer's work runs out first,
        UNSETTLED (a plan of no moves), with `rule`, the rule the question decides, among the unverified."""
        if self.foot_down or self.zones_unmet:
            return None    # the hand's cards alone cannot go out: the foot, or a partner's, is still to play
        if shared is None:
            shared = self.shared
        current = not shared and hand is self._hand and melds is self.melds
        # The listing and the checks ask about the position as it stands more than once: the best way answers
        # every later question, a way found by `any_way` only those asking whether one exists.
        known = (self._plan or (self._any_plan if any_way else None)) if current else None
        if known is not None:
            plan = known[0]
        else:
            try:
                plan = self._plan_with_shared(hand, melds, shared, any_way) if shared else self._plan_alone(
                    hand, melds, current, any_way)
            except OutOfWork:
                plan = UNSETTLED
            if current:
                if not any_way or plan is None or plan is UNSETTLED:   # no way out: none is best either
                    self._plan = (plan,)
                self._any_plan = (plan,)
        if plan is UNSETTLED and rule is not None:
            self.left_open(rule)
        return plan

    def _plan_alone(self, hand: list[str], melds: list[Meld], current: bool, any_way: bool) -> Plan | None:
        """going_out_plan with no other owner's melds to share."""
        plan = self._search(hand, melds, self.needed, current, any_way)
        if plan is None and self.cfg.table.sequences is not None:   # sequences joined first (Samba's family)
            plan = plan_with_joined_runs(self.cfg, hand, melds, lambda left, after: self._search(
                left, after, self.needed, False, any_way))
        return plan

    def _plan_with_shared(self, hand: list[str], melds: list[Meld], shared: list[Meld],
                          any_way: bool = False) -> Plan | None:
        """going_out_plan beside other owners' melds. A seat that has opened may add to them, so the search
        sees them after its own and its plan names their owner; one that has not may only count their
        canastas, so going out needs that many fewer of its own."""
        size = self.cfg.canasta_size
        if not self.opened:
            counted = sum(1 for m in shared if m.naturals + m.wilds >= size)
            return self._search(hand, melds, max(0, self.needed - counted), current=False, any_way=any_way)
        plan = self._search(hand, list(melds) + list(shared), self.needed, current=False, any_way=any_way)
        if plan is None:
            return None
        own = len(melds)
        return replace(plan, moves=[self._named_owner(move, own) for move in plan.moves])

    def _named_owner(self, move: dict, own: int) -> dict:
        """A planned lay-off onto a shared meld, as the move naming the meld's owner and its index there."""
        if move["type"] != "lay_off" or move["meld"] < own:
            return move
        index = move["meld"] - own
        for owner in self.counted_owners:
            held = len(self.state.melds[owner])
            if index < held:
                return {"type": "lay_off", "owner": owner, "meld": index, "cards": move["cards"]}
            index -= held
        raise IndexError(move["meld"])

    def _search(self, hand: list[str], melds: list[Meld], needed: int, current: bool,
                any_way: bool = False) -> Plan | None:
        """The going-out search over these melds for this many canastas (`any_way`: see going_out_plan)."""
        exempt = not self.opened and self.cfg.table.opening.concealed_exempt and self.state.turn.drew == "stock"
        minimum = None if self.opened or exempt else self.minimum - _points(self.cfg, melds)
        bonus = len(self.state.red_threes[self.side])
        # The canasta an initial meld's tier asks for binds going out concealed too (as /validate-meld says).
        canasta = None if self.opened else self.opening_canasta
        if self.cfg.plain_sets and canasta is None:
            return plan_going_out(self.cfg, hand, melds, canastas_needed=needed, minimum=minimum,
                                  split=self.split() if current else None, bonus=bonus)
        return search_going_out(self.cfg, hand, melds, canastas_needed=needed, minimum=minimum,
                                split=self.split() if current else None, bonus=bonus, canasta=canasta,
                                any_way=any_way)

    def can_complete_opening(self, hand: list[str], melds: list[Meld]) -> bool:
        """Whether, after a step of an initial meld leaving this hand and these side melds (all put down
        this turn), the turn can still bring the melds to the minimum: by melding more while keeping two
        cards, or by going out at once."""
        counted = _points(self.cfg, melds)
        try:
            if plan_opening(self.cfg, hand, self.minimum, keep=self.keep, melds=tuple(melds), counted=counted,
                            canasta=self.opening_canasta).met:
                return True
        except OutOfWork:
            self.left_open("canasta.opening.in-steps")
            return True
        return self.state.turn.question != "no" and self.going_out_plan(
            hand, melds, rule="canasta.opening.in-steps") is not None

    def can_go_out(self, hand: list[str], melds: list[Meld], shared: list[Meld] | None = None,
                   rule: str = ASK_PARTNER) -> bool:
        """Whether the acting seat could go out from this hand and these side melds.

        After a partner's yes every offered move asks this of the position it leaves. Whether a
        way exists depends only on the kind and value of each card held and on the melds'
        ranks and sizes, never on suits (where the variant has no sequences), so the moves that
        differ only in which card of a kind they use share one search: a listing searches once per
        distinct remainder. And a move
        that only melds or adds cards from the hand is a first step of going out from the
        position as it stands: when the hand cannot go out now (the search is exact), no such
        move leaves a hand that can, and no other search is made. When it can, and the variant has
        sequences, a way out of the position that holds the move answers yes without a search
        (going_out_steps); only the moves none of those ways holds are searched. A question the answer's work
        cannot settle answers True, with `rule` among the unverified.
        """
        if self._hand is not None and self._within_hand(hand) and self.going_out_plan(
                self.hand, self.melds, any_way=True, rule=rule) is None:
            return False
        kind_of, values = self.cfg.kind_of, self.cfg.values
        # Where wild cards differ by more than their value (a card both wild and natural, one counted by the
        # rank it stands for) or sequences tell suits apart, the cards themselves decide.
        if self.cfg.dual or self.cfg.wild_as or self.cfg.table.sequences is not None:
            key = (tuple(sorted(hand)), self._melds_key(hand, melds, shared),
                   tuple([(m.rank, m.suit, *m.cards) for m in shared or ()]))
        else:
            key = (tuple(sorted([(kind_of[card], values[card]) for card in hand])),
                   tuple([(m.rank, m.naturals, m.wilds) for m in melds]),
                   tuple([(m.rank, m.naturals, m.wilds) for m in shared or ()]))
        found = self._can_go_out.get(key)
        if found is None:
            found = self._can_go_out[key] = False if self._beyond_no_way(hand, melds, shared) else self._way_out(
                hand, melds, shared)
            if found is False and not shared:
                self._no_way.append((_count(hand), melds))
        if found is UNSETTLED:
            self.left_open(rule)
            return True
        return found

    def _melds_key(self, hand: list[str], melds: list[Meld], shared: list[Meld] | None) -> tuple:
        """The side melds as far as whether this hand can go out beside them depends on them.

        Once the side has opened no minimum counts points, and where the hand holds no wild card a set that is
        its rank's only meld (no merge takes it) enters the search only through the canasta it would be with each
        number of the hand's naturals of its rank added. Two sets alike in that are alike to the search: after the
        last wild card is laid on either of two sets that no card left could make a canasta, the question is the
        same."""
        exact = tuple([(m.rank, m.suit, *m.cards) for m in melds])
        cfg = self.cfg
        if shared or self.shared or not self.opened or cfg.nominated or not cfg.wild.isdisjoint(hand):
            return exact
        rank_of = cfg.rank_of
        have: dict[str, int] = {}
        for card in hand:
            rank = rank_of.get(card)
            have[rank] = have.get(rank, 0) + 1
        ranks: dict[str, int] = {}
        for meld in melds:
            if meld.rank:
                ranks[meld.rank] = ranks.get(meld.rank, 0) + 1
        most = cfg.table.sets.max_cards
        forms = []
        for meld, cards in zip(melds, exact):
            if meld.suit or not meld.rank or ranks[meld.rank] > 1 or cfg.is_stop_rank(meld.rank):
                forms.append(cards)
                continue
            added = have.get(meld.rank, 0)
            if most is not None:
                added = min(added, most - meld.size)
            forms.append(("set", meld.rank, *[canasta_kind(cfg, meld.naturals + a, meld.wilds)
                                              for a in range(added + 1)]))
        return tuple(forms)

    def _way_out(self, hand: list[str], melds: list[Meld], shared: list[Meld] | None) -> bool | Plan:
        """can_go_out's answer before it is kept: True, False, or UNSETTLED."""
        try:
            work.meter().spend(1)      # once the answer's steps are spent, no search begins
            if self._step_held(hand, melds, shared):
                return True
        except OutOfWork:
            return UNSETTLED
        plan = self.going_out_plan(hand, melds, shared, any_way=True, rule=None)
        return UNSETTLED if plan is UNSETTLED else plan is not None

    def _beyond_no_way(self, hand: list[str], melds: list[Meld], shared: list[Meld] | None) -> bool:
        """Whether this hand and these melds are one lay-off beyond a hand and melds known to leave no way out.

        A way out from here would be one from there too (that lay-off first, then the same way), so there is
        none: a step refused after a partner's yes refuses every larger step into the same meld at once."""
        if shared or self.shared or not self._no_way or self.cfg.nominated or self.cfg.dual:
            return False
        counts = _count(hand)
        for before, melds_before in self._no_way:
            if len(melds_before) != len(melds):
                continue
            changed = [i for i, (old, new) in enumerate(zip(melds_before, melds)) if old is not new]
            if len(changed) != 1:
                continue
            old, new = melds_before[changed[0]], melds[changed[0]]
            added = _count(new.cards)
            for card in old.cards:
                added[card] = added.get(card, 0) - 1
            if (old.rank != new.rank or old.suit != new.suit or any(n < 0 for n in added.values())
                    or any(before.get(card, 0) - counts.get(card, 0) != added.get(card, 0)
                           for card in before.keys() | counts.keys())):
                continue
            extra = [card for card, n in added.items() for _ in range(n)]
            if extra and not judge_addition(self.cfg, extra, False, old).violations:
                return True
        return False

    def _step_held(self, hand: list[str], melds: list[Meld], shared: list[Meld] | None) -> bool | None:
        """True where a way out of the position as it stands holds the step leaving this hand and these melds
        (going_out_steps: exact, and no search per step); None where that does not say."""
        if (self.cfg.table.sequences is None or self._hand is None or not self.opened or shared or self.shared
                or self.cfg.dual or self.cfg.wild_as):
            return None
        if self._steps is None:
            self._steps = StepsOut(self.cfg, self._hand, self.melds, self.needed, len(self.state.red_threes[self.side]))
        return self._steps.holds(hand, melds)

    def _within_hand(self, cards: list[str]) -> bool:
        """Whether every card is in the acting hand, each copy once (no card came from the pile)."""
        left = dict(self.counts)
        for card in cards:
            if not left.get(card):
                return False
            left[card] -= 1
        return True


def position_of(cfg: Config, state: CanastaState) -> Position:
    """The state's Position under this configuration, built once: a request reads the state, judges a move
    and lists the moves of one position, and every fact a Position works out depends on the state alone.
    What one use records (notes, rules left unverified) starts afresh each time."""
    found = _LATEST[0]
    if found is None or found.state is not state or found.cfg is not cfg:
        found = _LATEST[0] = Position(cfg, state)
    else:
        found.notes = None
        found.unverified = set()
        found.unsettled = set()
    return found


# The Position of the state last asked about. It is kept here rather than on the state, which would tie the
# two into a reference cycle: every request's position would then wait for the cycle collector to be freed.
# A request answered between two uses of another's state only costs a rebuild.
_LATEST: list[Position | None] = [None]


def _points(cfg: Config, melds: list[Meld]) -> int:
    """What the cards of these melds count."""
    if cfg.wild_as:
        return sum(meld_points(cfg, meld.rank, meld.cards) for meld in melds)
    values = cfg.values
    return sum(values[card] for meld in melds for card in meld.cards)


def _count(cards: list[str]) -> dict[str, int]:
    """Each card and how many times it comes (a plain dict: for a hand's few cards, cheaper than a Counter)."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def without(hand: list[str], cards: list[str]) -> list[str]:
    """The hand less the given cards (each copy once)."""
    left = _count(cards)
    kept = []
    for card in hand:
        if left.get(card):
            left[card] -= 1
        else:
            kept.append(card)
    return kept


def hand_less(pos: Position, cards: list[str]) -> list[str] | HiddenHand:
    """The acting hand less the cards a move puts down; a hidden hand only counts them."""
    return HiddenHand(pos.held - len(cards)) if pos.hidden else without(pos.hand, cards)


def taken_melds(pos: "Position", move: dict) -> tuple[list[str] | HiddenHand, list[Meld]]:
    """The hand and side melds after taking the pile with this move."""
    cfg, pile = pos.cfg, pos.state.discard
    top, cards = pile[-1], move["cards"]
    extra = [m["cards"] for m in move.get("melds", [])]
    rank = cfg.rank_of.get(top, "")     # a wild top card makes or joins a meld of wild cards alone
    melds = list(pos.melds)
    index = pos.pile_meld(rank, move)
    alone = False
    if index is not None:
        old = melds[index]
        verdict = judge_onto(cfg, [top] + cards, True, old)
        melds[index] = Meld(old.rank, old.cards + [top] + cards, verdict.naturals, verdict.wilds, old.suit,
                            names_kept(cfg, verdict, [top] + cards, None, old) if cfg.nominated else None)
        alone = top_card_alone(cfg, old)
    else:
        verdict = judge(cfg, [top] + cards, going_out=True)
        melds.append(Meld(rank, [top] + cards, verdict.naturals, verdict.wilds))
    for m in move.get("melds", ()):
        if cfg.nominated:
            melds.append(named_meld(cfg, m))
            continue
        verdict = judge_new(cfg, m["cards"], True, m.get("kind"))
        melds.append(Meld(verdict.rank or "", list(m["cards"]), verdict.naturals, verdict.wilds, verdict.suit))
    gained = [] if alone else [c for c in taken_below(cfg, pile) if c not in cfg.bonus_cards]
    if pos.hidden:
        return HiddenHand(pos.held - len(cards) - sum(map(len, extra)) + len(gained)), melds
    return without(pos.hand, cards + [c for m in extra for c in m]) + gained, melds
