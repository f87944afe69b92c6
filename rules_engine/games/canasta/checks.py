"""One check per move type: every Violation a move commits, in plain words with the rule it breaks.

The listing of legal moves builds candidates and keeps those these same checks pass, so /legal-moves
and /validate-move never disagree.
"""

from __future__ import annotations

from collections import Counter

from ...errors import invalid
from ...game import Note, Violation
from ...parsing import HiddenHand
from .config import Config
from .going_out import asks_more, unmet
from .hooks import MERGE_MELDS_OF_A_RANK, QUEEN_OF_SPADES, QUEEN_OF_SPADES_DISCARDED_LAST, has_hook
from .joker_swap import check_swap_joker
from .merging import merged
from .melds import Judged, Meld, judge
from .meld_kinds import (MELD_KINDS, judge_addition, judge_new, judge_onto, names_kept, unnamed_problems,
                         wild_onto_canasta)
from .opening import holds_canasta
from .pile_policy import WILD_PAIR, blocked, gained, onto_meld, taken_below, top_counted
from .position import ASK_PARTNER, Position, hand_less, position_of, taken_melds
from .seating import SEATING_RULES
from .state import FIXED_SEATINGS, CanastaState, shown_counts, where_shown
from .zones import next_kitty
from .sequences import top_card_alone


def check(cfg: Config, state: CanastaState, move: dict) -> list[Violation]:
    """Every rule the move breaks in this position; empty when it is legal."""
    return judge_move(cfg, state, move)[0]


def judge_move(cfg: Config, state: CanastaState, move: dict) -> tuple[list[Violation], list[Note]]:
    """Every rule the move breaks, and notes on how the initial meld's count decided its verdict."""
    return judge_seen(cfg, state, move)[:2]


def judge_seen(cfg: Config, state: CanastaState, move: dict) -> tuple[list[Violation], list[Note], list[str]]:
    """judge_move, and the rules it could not apply because the cards they need are hidden.

    A move that takes from a hidden hand more cards than it holds, or a card every copy of which is
    in sight elsewhere, is no move the seat could make: it is refused as a bad request.
    """
    pos = position_of(cfg, state)
    pos.notes = []
    if pos.hidden and pos.actor == pos.seat:
        _check_hidden_cards(pos, move)
    found: list[Violation] = []
    if move.get("seat") is not None and move["seat"] != pos.actor:
        found.append(Violation("canasta.turn.order", f"It is seat {pos.actor}'s move, not seat {move['seat']}'s."))
    found += CHECKS[move["type"]](pos, move)
    return found, pos.notes, sorted(pos.unverified) if pos.unverified else []


def _from_hand(move: dict) -> list[tuple[tuple, list[str]]]:
    """The cards a move takes from the hand, each list with the pointer to it in the move."""
    kind = move["type"]
    if kind in ("discard", "swap_joker"):
        return [(("move", "card"), [move["card"]])]
    if kind == "lay_off":
        return [(("move", "cards"), move["cards"])]
    if kind == "merge":     # its melds are the table's, named by index
        return []
    named = [(("move", "cards"), move["cards"])] if kind == "take_pile" else []
    return named + [(("move", "melds", i, "cards"), m["cards"]) for i, m in enumerate(move.get("melds", ()))]


def _check_hidden_cards(pos: Position, move: dict) -> None:
    """A hidden hand gives no more cards than its count, and no card whose every copy is in sight elsewhere."""
    named = _from_hand(move)
    total = sum(len(cards) for _, cards in named)
    if total > pos.held:
        raise invalid(named[0][0] if len(named) == 1 else ("move",),
                      f"seat {pos.seat}'s hand holds {pos.held} card{'s' if pos.held != 1 else ''}; this move takes "
                      f"{total} from it", "canasta.melds.from-hand")
    seen = shown_counts(pos.state)
    used: Counter = Counter()
    for pointer, cards in named:
        for i, card in enumerate(cards):
            used[card] += 1
            if seen[card] + used[card] > pos.cfg.copies.get(card, 0):
                raise invalid(pointer if move["type"] in ("discard", "swap_joker") else pointer + (i,),
                              unavailable(pos.state, pos.cfg.copies.get(card, 0), card), "canasta.deal.cards")


def unavailable(state: CanastaState, copies: int, card: str) -> str:
    """Why a hidden hand or stock cannot give this card: where every copy of it is in sight."""
    places = where_shown(state, card)
    where = ", ".join(places[:-1]) + " and " + places[-1] if len(places) > 1 else "".join(places)
    if copies == 1:
        return f"the {card} is already {where}"
    return f"every copy of the {card} ({copies} in the deck) is already in sight: {where}"


def _note(pos: Position, rule: str, message: str) -> None:
    """Record how a rule applied, when the caller asked for notes (listing does not)."""
    if pos.notes is not None:
        pos.notes.append(Note(rule, message))


def _phase(pos: Position, allowed: tuple[str, ...], what: str) -> list[Violation]:
    phase = pos.state.turn.phase
    if phase in allowed:
        return []
    if phase == "answer":
        return [Violation("canasta.going-out.ask-partner",
                          f"Seat {pos.actor} must first answer seat {pos.seat}'s question about going out.")]
    if phase == "draw":
        return [Violation("canasta.turn.draw", f"Seat {pos.seat} must first draw from the stock or take the "
                                               f"discard pile before {what}.")]
    return [Violation("canasta.turn.draw", f"Seat {pos.seat} has already drawn this turn; {what} is not "
                                           "possible now.")]


def _held(pos: Position, cards: list[str]) -> list[Violation]:
    if pos.hidden:
        if cards:
            pos.unverified.add("canasta.melds.from-hand")
        return []
    missing = pos.missing(cards)
    if not missing:
        return []
    return [Violation("canasta.melds.from-hand", f"Seat {pos.seat} does not hold {', '.join(missing)}.")]


def _bonus(pos: Position) -> int:
    """How many bonus cards the acting side has laid out."""
    return len(pos.state.red_threes[pos.side])


def _unmet(pos: Position, melds_after, gained_bonus: int = 0) -> list[tuple[str, str]]:
    """What going out lacks beyond the count of canastas, with the side melds `melds_after()` builds (the melds
    alone: a hidden hand's last discard is judged without its cards)."""
    if not asks_more(pos.cfg):
        return pos.zones_unmet
    return pos.zones_unmet + unmet(pos.cfg, melds_after(), _bonus(pos) + gained_bonus)


def _as_is(pos: Position):
    """The hand and side melds as they stand, in the form a move's `after()` gives them."""
    return lambda: (pos.hand, pos.melds)


def _ending(pos: Position, left: int, canastas: int, after, gained_bonus: int = 0) -> list[Violation]:
    """What the cards left after a meld, addition or pile-taking allow: going out needs its conditions.

    `after()` builds the hand and side melds the move leaves; a partner's "yes" and the variants that
    ask more of going out than a count of canastas need them. `gained_bonus` counts the bonus cards
    the move lays out (those in a pile taken).
    """
    question = pos.state.turn.question
    if left > 1 or pos.foot_down:     # not pos.goes_out(left), inlined: every offered move asks it
        if pos.foot_down and left == 0:
            _hidden_zone_taken(pos)
        if question == "yes" and pos.hidden:
            pos.unverified.add("canasta.going-out.ask-partner")
        elif question == "yes" and not pos.can_go_out(*after()):
            return [Violation("canasta.going-out.ask-partner",
                              f"Seat {pos.seat}'s partner said yes, so seat {pos.seat} must go out this turn; "
                              "after this move that would no longer be possible.")]
        return []
    found: list[Violation] = []
    if canastas < pos.needed:
        found.append(Violation(
            "canasta.melds.keep-a-card",
            f"This would leave seat {pos.seat} {left} card{'s' if left != 1 else ''}, and emptying the hand "
            f"is going out, which needs {pos.needed} canasta{'s' if pos.needed > 1 else ''} (side {pos.side} "
            f"would have {canastas}). Keep at least two cards."))
    else:
        found += [Violation(rule, f"This would leave seat {pos.seat} {left} card{'s' if left != 1 else ''}, and "
                                  f"emptying the hand is going out: {words}. Keep at least two cards.")
                  for rule, words in _unmet(pos, lambda: after()[1], gained_bonus)]
    if found and left == 1 and question != "no" and _may_still_go_out(pos, after):
        found = []      # the last card need not be discarded: laid off (after merges), it may take the seat out
    if question is None and _ask_required(pos):
        found.append(_not_asked(pos))
    if question == "no":
        found.append(Violation("canasta.going-out.ask-partner",
                               f"Seat {pos.seat}'s partner said no, so seat {pos.seat} may not go out this "
                               "turn and must keep at least two cards."))
    if found and pos.kitty_left and question != "yes":
        # Not going out, the hand played out takes up a kitty instead: nothing above is needed, and
        # black threes, melded only in going out, stay in the hand.
        if any(pos.cfg.is_stop_rank(meld.rank) for meld in after()[1]):
            return [Violation("canasta.melds.black-threes", f"Black threes are melded only in going out, and seat "
                                                            f"{pos.seat} would take up a kitty instead.")]
        if left == 0:
            _hidden_zone_taken(pos)
        return []
    return found


def _ask_required(pos: Position) -> bool:
    """Whether the seat must have its partner's yes before going out (Brazilian Canasta)."""
    return pos.cfg.table.going_out.ask_partner == "required" and pos.state.partner_of(pos.seat) is not None


def _not_asked(pos: Position) -> Violation:
    return Violation("canasta.going-out.ask-first",
                     f"In this variant a player goes out only after asking the partner, and seat {pos.seat} has not "
                     "asked this turn: it must keep at least two cards.")


def _may_still_go_out(pos: Position, after) -> bool:
    """Whether, with one card left, the seat can still go out this turn: laying that card off or discarding it,
    after merges where melds of a rank merge; a hidden hand is taken on the client's word."""
    if pos.hidden:
        pos.unverified.add("canasta.melds.keep-a-card")
        return True
    return pos.can_go_out(*after(), rule="canasta.melds.keep-a-card")


def _hidden_zone_taken(pos: Position) -> None:
    """A foot or kitty taken up face down: whether it held bonus cards to lay out is not known."""
    if pos.foot_down:
        if type(pos.state.feet[pos.seat]) is HiddenHand:
            pos.unverified.add("canasta.foot.take-up")
    elif type(pos.state.kitties[next_kitty(pos.state)]) is HiddenHand:
        pos.unverified.add("canasta.kitty.take-up")


def _judge_new(pos: Position, melds: list[list[str]], going_out: bool, ranks_taken: set[str],
               given: list[dict] = ()) -> tuple[list[Judged], list[Violation]]:
    """Judge new melds of one move: each on its own (as the kind its `given` meld object names, if any), then
    one meld per rank per side."""
    found: list[Violation] = []
    judged = []
    one_per_rank = pos.cfg.table.sets.one_per_rank
    runs = pos.cfg.table.sequences is not None
    for i, cards in enumerate(melds):
        if runs:
            verdict = judge_new(pos.cfg, cards, going_out, given[i].get("kind") if given else None,
                                given[i].get("as") if given else None)
            verdict.violations += unnamed_problems(verdict) if pos.cfg.nominated else []
        else:
            verdict = judge(pos.cfg, cards, going_out=going_out)
        label = f"Meld {i + 1} ({', '.join(cards)}): " if len(melds) > 1 else ""
        if verdict.violations:
            found += [Violation(v.rule, label + v.message) for v in verdict.violations]
        if verdict.rank is not None and one_per_rank:
            if verdict.rank in pos.by_rank:
                found.append(Violation("canasta.melds.one-per-rank",
                                       f"{label}side {pos.side} already has a meld of rank {verdict.rank}; add "
                                       f"to it with lay_off (meld {pos.by_rank[verdict.rank]})."))
            elif verdict.rank in ranks_taken:
                found.append(Violation("canasta.melds.one-per-rank",
                                       f"{label}a side has one meld of each rank; put the {verdict.rank}s "
                                       "together."))
            ranks_taken.add(verdict.rank)
        judged.append(verdict)
    return judged, found


def _kinds_named(pos: Position, melds: list[dict], judged: list[Judged]) -> list[Violation]:
    """A meld of a move that names its kind ("set" or "wild") makes that kind."""
    for meld in melds:
        if "kind" in meld:
            break
    else:
        return []                 # the usual move names no kind
    found = []
    for i, (meld, verdict) in enumerate(zip(melds, judged)):
        named = meld.get("kind")
        if named is None or named == verdict.kind or verdict.violations:
            continue
        label = f"Meld {i + 1} ({', '.join(meld['cards'])}): " if len(melds) > 1 else ""
        if named == "wild" and not pos.cfg.table.sets.all_wild:
            found.append(Violation("canasta.melds.no-wild-melds", f"{label}this variant has no melds of wild "
                                                                  "cards alone."))
        else:
            found.append(Violation(MELD_KINDS[named].rule,
                                   f"{label}the cards make a meld of kind \"{verdict.kind}\", not \"{named}\"."))
    return found


def _exempt(pos: Position, left: int, canastas: int, after) -> bool:
    """Whether a move leaving `left` cards goes out under the concealed exception (no minimum);
    `after()` builds the hand and side melds it leaves."""
    return (pos.cfg.table.opening.concealed_exempt and pos.state.turn.drew == "stock" and pos.goes_out(left)
            and canastas >= pos.needed and pos.state.turn.question != "no"
            and not _unmet(pos, lambda: after()[1]))


def _opening(pos: Position, points: int, exempt: bool, after=None, made=None) -> list[Violation]:
    """The initial meld's minimum: met with the turn's earlier melds, or (with `after`, which builds
    the hand and side melds the move leaves) still within reach of the cards left. Where the side's
    tier asks for a canasta, the side melds the move leaves (`made()`, else after()'s) must hold one."""
    total = pos.counted + points
    if pos.opened:
        return []
    kind = pos.opening_canasta
    holds = kind is None or holds_canasta(pos.cfg, (made or (lambda: after()[1]))(), kind)
    so_far = f"With the {pos.counted} already put down this turn, the initial meld counts {total}" if pos.counted \
        else f"The initial meld counts {total}"
    if total >= pos.minimum and holds:
        _note(pos, "canasta.opening.minimum", f"{so_far}, reaching the {pos.minimum} side {pos.side} needs.")
        return []
    if exempt and holds:
        _note(pos, "canasta.opening.concealed-exception",
              f"{total} is under {pos.minimum}, allowed because seat {pos.seat} goes out concealed this turn.")
        return []
    wanted = str(pos.minimum) if kind is None else f"{pos.minimum} points with {_canasta_words(kind)}"
    if after is not None and pos.hidden:
        pos.unverified.add("canasta.opening.in-steps")
        _note(pos, "canasta.opening.in-steps",
              f"{so_far}, short of the {wanted} side {pos.side} needs; accepted as a step, as seat {pos.seat}'s "
              "hand is hidden and whether its cards can still bring the total there this turn is not known.")
        return []
    if after is not None and pos.can_complete_opening(*after()):
        _note(pos, "canasta.opening.in-steps",
              f"{so_far}, short of the {wanted} side {pos.side} needs; accepted as a step, because the "
              f"cards left in the hand can still bring the total to {wanted} this turn.")
        return []
    if kind is not None:
        return _canasta_missing(pos, total, exempt, holds, after is not None)
    score = pos.cfg.opening_basis(pos.state, pos.side)
    failed = pos.state.penalties[pos.side]["failed_openings"]
    raised = f", raised by {failed * pos.cfg.table.opening.failed_attempt_raise} for {failed} failed attempt(s)" \
        if failed else ""
    # When only the raise for failed attempts makes the count short, that is the rule to cite.
    rule = "canasta.opening.failed-attempt" if failed and total >= pos.cfg.minimum(score, 0) else \
        "canasta.opening.minimum"
    basis = f"round {score}" if pos.cfg.table.opening.basis == "round" else f"game score {score}"
    message = f"{so_far}, but side {pos.side} needs {pos.minimum} ({basis}{raised})."
    if after is not None:
        message += (" Melds of one turn count together, but the cards left in the hand could not bring the "
                    "total to the minimum while keeping two cards, nor go out at once.")
    return [Violation(rule, message)]


def _canasta_words(kind: str) -> str:
    return "a canasta" if kind == "any" else f"a {kind} canasta"


def _canasta_missing(pos: Position, total: int, exempt: bool, holds: bool, in_steps: bool) -> list[Violation]:
    """Why an initial meld whose tier asks for a canasta falls short: the canasta, the count, or both."""
    score = pos.cfg.opening_basis(pos.state, pos.side)
    who = f"In round {score} side {pos.side}" if pos.cfg.table.opening.basis == "round" else \
        f"Side {pos.side} has {score} and"
    later = (" Melds of one turn count together, but the cards left in the hand could not complete the "
             "initial meld while keeping two cards, nor go out at once.") if in_steps else ""
    found = []
    if not holds:
        these = "the melds of this turn make none" if pos.counted else "these melds make none"
        found.append(Violation("canasta.opening.canasta-needed",
                               f"{who} needs {_canasta_words(pos.opening_canasta)} for its "
                               f"initial meld; {these}.{later}"))
    if total < pos.minimum and not exempt:
        failed = pos.state.penalties[pos.side]["failed_openings"]
        rule = "canasta.opening.failed-attempt" if failed and total >= pos.cfg.minimum(score, 0) else \
            "canasta.opening.minimum"
        found.append(Violation(rule, f"The initial meld counts {total}, but side {pos.side} needs {pos.minimum} "
                                     f"beside the canasta.{'' if holds else later}"))
    return found


def must_take(pos: Position) -> bool | None:
    """With the stock empty, whether the seat must take the pile: its top card fits a side meld (a set of
    its rank, or a sequence it continues) of a pile that is not frozen, and adding it there alone is a
    legal take (check_take decides: Samba's top card onto a sequence, never onto a set). None: only the seat's
    hidden cards could say whether such a take is legal (each take check left rules unverified)."""
    pile = pos.state.discard
    if not pile or pos.state.stock_size() > 0:
        return False
    top = pile[-1]
    rank = pos.cfg.rank_of.get(top)
    if rank is None or pos.cfg.is_stop_rank(rank) or pos.pile_frozen_because():
        return False
    fitting = pos.melds_of(rank) + [i for i, meld in enumerate(pos.melds) if meld.suit and meld.suit == top[-1]]
    unsure = False
    for index in fitting:
        before = set(pos.unverified)
        if not check_take(pos, {"type": "take_pile", "cards": [], "meld": index}):
            if pos.unverified <= before:
                pos.unverified = before
                return True
            unsure = True
        pos.unverified = before     # the take is only asked about, not made: what it left unchecked is not this move's
    return None if unsure else False


def check_draw(pos: Position, move: dict) -> list[Violation]:
    """Drawing: only before anything else in the turn; with an empty stock, only if not bound to take."""
    found = _phase(pos, ("draw",), "drawing")
    if found:
        return found
    bound = must_take(pos) if pos.state.stock_size() == 0 else False
    if bound:
        found.append(Violation("canasta.stock.exhausted",
                               f"The stock is empty and the top discard ({pos.state.discard[-1]}) fits a meld of "
                               f"side {pos.side} on a pile that is not frozen, so seat {pos.seat} must take it."))
    elif bound is None:
        # Whether the seat could take the pile, and so must, depends on its hidden cards.
        pos.unverified.add("canasta.stock.exhausted")
    if type(pos.state.stock) is HiddenHand and pos.state.stock_size():
        # The cards come from a stock the service cannot see: taken on the client's word.
        pos.unverified.add("canasta.turn.draw")
        if pos.hidden and None in move.get("cards", (None,)):
            pos.unverified.add("canasta.red-threes.lay-out")
    return found


def check_take(pos: Position, move: dict) -> list[Violation]:
    """Taking the pile: top card, frozen or not, the cards melded with it, an opening, what is left."""
    found = _phase(pos, ("draw",), "taking the pile")
    if found:
        return found
    cfg, pile = pos.cfg, pos.state.discard
    if not pile:
        return [Violation("canasta.pile.take", "The discard pile is empty.")]
    top = pile[-1]
    cards = move["cards"]
    extra = [m["cards"] for m in move.get("melds", [])]
    found += _held(pos, cards + [c for m in extra for c in m])
    stopped = blocked(cfg, top)
    if stopped is not None:
        return found + [Violation(*stopped)]
    if not cfg.table.opening.pile_may_open and not pos.opened:
        found.append(Violation("canasta.opening.counting",
                               "In this variant a side cannot open by taking the discard pile."))
    wild_top = top in cfg.wild           # taken here only where a pair of wild cards may take it
    rank = "" if wild_top else cfg.rank_of[top]
    named = move.get("meld")
    run = pos.melds[named] if named is not None and named < len(pos.melds) and pos.melds[named].suit else None
    alone = run is not None and top_card_alone(cfg, run)   # the top card alone: the rest of the pile stays
    if wild_top:
        found += _wild_pair_problems(pos, top, cards)
    elif run is None:                    # cards joining a sequence are judged by the sequence's rules below
        strays = [c for c in cards if c not in cfg.wild and cfg.rank_of.get(c) != rank]
        if strays:
            found.append(Violation("canasta.pile.take", f"Only {rank}s and wild cards join the top card ({top}); "
                                                        f"{', '.join(strays)} belong in melds of their own "
                                                        "(`melds`)."))
    naturals = sum(1 for c in cards if cfg.rank_of.get(c) == rank)
    wilds = sum(1 for c in cards if c in cfg.wild)
    frozen = [] if wild_top else pos.pile_frozen_because()   # a wild pair takes it, frozen or not
    index = pos.pile_meld(rank, move)
    if "meld" in move or not cfg.table.sets.one_per_rank:
        misnamed = _pile_meld_problems(pos, rank, move, index)
        if misnamed:
            return found + misnamed     # which meld the move means decides everything below
    # Where the top card joins no canasta (the Samba family), a natural pair does not carry it onto one either.
    onto_canasta = (index is not None and run is None and cfg.table.pile.onto_meld_unless_canasta
                    and index < len(pos.melds) and cfg.is_canasta(pos.melds[index].size))
    if alone:
        _note(pos, "canasta.pile.top-card-onto-sequence", f"The {top} alone joins the sequence; the "
                                                          f"{len(pile) - 1} card(s) below it stay as the pile.")
    elif onto_canasta:
        found.append(Violation("canasta.pile.onto-meld-unless-canasta",
                               f"Meld {index} is a canasta already: the top card ({top}) never joins a canasta, "
                               "not even with cards from the hand; a natural pair takes the pile as a meld of its "
                               "own (name no meld)."))
    elif frozen:
        if naturals < 2:
            found.append(Violation("canasta.pile.frozen-take",
                                   f"The pile is frozen for side {pos.side} ({'; '.join(frozen)}), so it takes two "
                                   f"natural {rank}s from the hand; the move brings {naturals}."))
    elif not wild_top and not (naturals >= 2 or (cfg.table.pile.natural_and_wild and naturals >= 1 and wilds >= 1)
              or (index is not None and onto_meld(cfg, pos.melds[index]))):
        found.append(_unfrozen_take_problem(pos, top, rank, index))
    if found and any(v.rule == "canasta.melds.from-hand" for v in found):
        return found
    # What reaches the hand with the top card, and the bonus cards that come with it (laid out instead).
    below = () if alone else taken_below(cfg, pile)
    gain = 0 if alone else gained(cfg, pile)
    left = pos.held - len(cards) - sum(len(m) for m in extra) + gain
    going_out = left <= 1 and not pos.foot_down   # not pos.goes_out(left), inlined: every listed take asks it
    onto = pos.melds[index] if index is not None else None
    if run is not None:
        verdict = judge_onto(cfg, [top] + cards, going_out, run)
        verdict.violations += unnamed_problems(verdict) if cfg.nominated else []
    else:
        verdict = judge(cfg, [top] + cards, going_out=going_out, onto=onto)
    found += verdict.violations
    if onto is not None:
        found += wild_onto_canasta(cfg, onto, cards)
    judged: list = []
    if extra:                            # melds of their own beside the top card's
        judged, problems = _judge_new(pos, extra, going_out, set() if run else {rank}, move["melds"])
        found += problems + _kinds_named(pos, move["melds"], judged)
    canastas = pos.canastas - (1 if onto is not None and cfg.is_canasta(onto.size) else 0)
    canastas += cfg.is_canasta(verdict.size) + sum(cfg.is_canasta(j.size) for j in judged)
    if not pos.opened:
        points = verdict.points - cfg.values[top] + top_counted(cfg, top)
        _pile_count_note(pos, top, cards, points, [j.points for j in judged])
        found += _opening(pos, points + sum(j.points for j in judged), exempt=False,
                          made=lambda: taken_melds(pos, move)[1])
    if not found:
        found += _ending(pos, left, canastas, lambda: taken_melds(pos, move), len(below) - gain)
    return found


def _unfrozen_take_problem(pos: Position, top: str, rank: str, index: int | None) -> Violation:
    """Why an unfrozen pile does not yield to the move: the ways the variant lets it be taken, in words, or the
    canasta named where the top card never joins one."""
    pile = pos.cfg.table.pile
    if index is not None and pile.onto_meld_unless_canasta and pos.cfg.is_canasta(pos.melds[index].size):
        return Violation("canasta.pile.onto-meld-unless-canasta",
                         f"Meld {index} is a canasta already: the top card ({top}) is never taken to join a canasta; "
                         f"only a natural pair of {rank}s from the hand takes the pile.")
    ways = [f"a natural pair of {rank}s"]
    if pile.natural_and_wild:
        ways.append(f"one natural {rank} and a wild card")
    if pile.onto_meld:
        ways.append(f"a meld of {rank}s of side {pos.side} on the table"
                    + (" that is not yet a canasta" if pile.onto_meld_unless_canasta else ""))
    if pile.top_card_only_onto_sequence and pos.cfg.table.sequences is not None:
        ways.append(f"a sequence of side {pos.side} it lengthens, named by `meld`")
    said = ", ".join(ways[:-1]) + ", or " + ways[-1] if len(ways) > 2 else " or ".join(ways)
    return Violation("canasta.pile.unfrozen-take", f"To take the pile the top card ({top}) needs {said}.")


def _wild_pair_problems(pos: Position, top: str, cards: list[str]) -> list[Violation]:
    """A wild card on top comes only with wild cards from the hand, at least a pair of them."""
    cfg = pos.cfg
    found = []
    strays = [c for c in cards if c not in cfg.wild]
    if strays:
        found.append(Violation("canasta.pile.wild-top-pair",
                               f"Only wild cards join a wild top card ({top}) in a meld of wild cards alone; "
                               f"{', '.join(strays)} belong in melds of their own (`melds`)."))
    wilds = len(cards) - len(strays)
    if wilds < WILD_PAIR:
        found.append(Violation("canasta.pile.wild-top-pair",
                               f"A wild card ({top}) on top is taken only with a pair of wild cards from the hand; "
                               f"the move brings {wilds}."))
    return found


def _pile_meld_problems(pos: Position, rank: str, move: dict, index: int | None) -> list[Violation]:
    """A meld named for the top card must be a meld of its rank; where several could take it, one is named."""
    named = move.get("meld")
    if named is not None:
        if named >= len(pos.melds):
            return [Violation("canasta.pile.take", f"Side {pos.side} has {len(pos.melds)} meld(s) on the table; "
                                                   f"there is no meld {named} for the top card to join.")]
        if pos.melds[named].suit:
            return []                   # a sequence: its own rules judge what joins it
        if pos.melds[named].rank != rank:
            held, wanted = (f"{r}s" if r else "wild cards alone" for r in (pos.melds[named].rank, rank))
            return [Violation("canasta.pile.take", f"Meld {named} of side {pos.side} holds {held}; "
                                                   f"the top card joins a meld of {wanted}.")]
        return []
    several = pos.melds_of(rank) if index is None and not move["cards"] else []
    if len(several) > 1:
        return [Violation("canasta.melds.several-of-a-rank",
                          f"Side {pos.side} has {len(several)} melds of {rank}s; name the one the top card joins "
                          f"(`meld`: one of {', '.join(map(str, several))}).")]
    return []


def _pile_count_note(pos: Position, top: str, cards: list[str], points: int, others: list[int]) -> None:
    """Which cards count toward an opening made by taking the pile, and which never do."""
    below = pos.state.discard[:-1]
    if pos.cfg.table.opening.top_discard_counts:
        text = f"The {top} on top counts with {', '.join(cards) or 'no card from the hand'}: {points}"
    else:
        text = f"The {top} on top does not count in this variant; {', '.join(cards) or 'no card from the hand'} " \
               f"with it: {points}"
    if others:
        text += f"; the other melds of the move add {sum(others)}, {points + sum(others)} in all"
    if below:
        text += f"; the {', '.join(below)} below it never count{'s' if len(below) == 1 else ''}"
    _note(pos, "canasta.opening.counting", text + ".")


def check_meld(pos: Position, move: dict) -> list[Violation]:
    """New melds: each valid, one per rank, the opening minimum, and what is left in the hand."""
    found = _phase(pos, ("meld",), "melding")
    melds = [m["cards"] for m in move["melds"]]
    every = melds[0] if len(melds) == 1 else [c for m in melds for c in m]
    found += _held(pos, every)
    left = pos.held - len(every)
    # not pos.goes_out(left), inlined: every listed meld asks it
    judged, problems = _judge_new(pos, melds, left <= 1 and not pos.foot_down, set(), move["melds"])
    found += problems
    if len(melds) != 1 or "kind" in move["melds"][0]:   # the usual move: one meld, naming no kind
        found += _kinds_named(pos, move["melds"], judged)
    if found:
        return found
    size = pos.cfg.canasta_size   # cfg.is_canasta, read once
    canastas, points = pos.canastas, 0
    for verdict in judged:
        canastas += verdict.naturals + verdict.wilds >= size
        points += verdict.points

    def after() -> tuple[list[str], list[Meld]]:
        return (hand_less(pos, every),
                pos.melds + [Meld(j.rank, cards, j.naturals, j.wilds, j.suit) for j, cards in zip(judged, melds)]
                if not pos.cfg.nominated else pos.melds + [
                    Meld(j.rank, cards, j.naturals, j.wilds, j.suit, names_kept(pos.cfg, j, cards, m.get("as")))
                    for j, cards, m in zip(judged, melds, move["melds"])])

    if not pos.opened:
        found += _opening(pos, points, _exempt(pos, left, canastas, after), after)
    found += _ending(pos, left, canastas, after)
    return found


def check_lay_off(pos: Position, move: dict) -> list[Violation]:
    """Adding to a side meld: the meld exists, the cards are held, the meld stays valid."""
    found = _phase(pos, ("meld",), "adding to a meld")
    index, cards = move["meld"], move["cards"]
    owner = move.get("owner", pos.side)
    if owner != pos.side:
        found += _other_owner(pos, owner)
        if found:
            return found
    melds = pos.melds if owner == pos.side else pos.melds_owned_by(owner)
    if index >= len(melds):
        found.append(Violation("canasta.turn.meld", f"Side {owner} has {len(melds)} meld(s) on the table; "
                                                    f"there is no meld {index} to add to."))
        return found + _held(pos, cards)
    found += _held(pos, cards)
    if found:
        return found
    onto = melds[index]
    left = pos.held - len(cards)
    cfg = pos.cfg
    verdict = judge_addition(cfg, cards, pos.goes_out(left), onto, move.get("as"))
    found += verdict.violations
    size = cfg.canasta_size   # cfg.is_canasta, read once
    if found:
        return found
    counted = owner == pos.side or owner in pos.counted_owners   # a rentrap's canastas never count
    canastas = pos.canastas - (onto.size >= size) + (verdict.size >= size) if counted else pos.canastas

    def after() -> tuple:
        grown = Meld(onto.rank, onto.cards + cards, verdict.naturals, verdict.wilds, onto.suit,
                     names_kept(cfg, verdict, cards, move.get("as"), onto) if cfg.nominated else None)
        if not counted:
            return hand_less(pos, cards), pos.melds
        if owner != pos.side:   # another owner's meld: the seat's own stay, the shared ones grow
            at = pos.shared_start(owner) + index
            return hand_less(pos, cards), pos.melds, pos.shared[:at] + [grown] + pos.shared[at + 1:]
        return hand_less(pos, cards), pos.melds[:index] + [grown] + pos.melds[index + 1:]

    if not pos.opened:
        added = verdict.points
        found += _opening(pos, added, _exempt(pos, left, canastas, after), after)
    return found + _ending(pos, left, canastas, after)


def check_merge(pos: Position, move: dict) -> list[Violation]:
    """Two of the side's melds of one rank put together: where the variant allows it, neither a canasta yet,
    the joined meld valid, and a partner's yes still kept."""
    if not has_hook(pos.cfg.table.hooks, MERGE_MELDS_OF_A_RANK):
        return [Violation("canasta.melds.merge", "In this variant a side's melds are never put together.")]
    found = _phase(pos, ("meld",), "putting melds together")
    if found:
        return found
    first, second = move["melds"]
    missing = [i for i in (first, second) if i >= len(pos.melds)]
    if missing:
        return [Violation("canasta.melds.merge", f"Side {pos.side} has {len(pos.melds)} meld(s) on the table; "
                                                 f"there is no meld {missing[0]}.")]
    joined, problems = merged(pos.cfg, pos.melds, first, second)
    found += [Violation(rule, words) for rule, words in problems]
    if found:
        return found
    if pos.state.turn.question == "yes":
        if pos.hidden:
            pos.unverified.add("canasta.going-out.ask-partner")
        elif not pos.can_go_out(pos.hand, joined):
            found.append(Violation("canasta.going-out.ask-partner",
                                   f"Seat {pos.seat}'s partner said yes, so seat {pos.seat} must go out this turn; "
                                   "after this move that would no longer be possible."))
    return found


def _other_owner(pos: Position, owner: int) -> list[Violation]:
    """Adding to melds another owns: only to those the seating shares, once the seat has opened itself."""
    seating = pos.state.seating
    if seating in FIXED_SEATINGS:
        return [Violation("canasta.turn.meld", f"Seat {pos.seat} adds only to its own side's melds (side "
                                               f"{pos.side}), not to side {owner}'s.")]
    if owner not in pos.others:
        shared = "".join(f" and seat {other}'s" for other in pos.others)
        why = "" if pos.others else " (it has no partner now)"
        return [Violation(SEATING_RULES[seating], f"Seat {pos.seat} adds to its own melds{shared}{why}, not to "
                                                  f"seat {owner}'s.")]
    if not pos.opened:
        return [Violation(SEATING_RULES[seating], f"Seat {pos.seat} has not made its own initial meld, so it may "
                                                  f"not add to seat {owner}'s melds yet.")]
    return []


def _queen_of_spades(pos: Position, card: str) -> list[Violation]:
    """Where a variant says so (Oklahoma), the queen of spades is discarded only from a hand holding no other
    card to discard."""
    if card != QUEEN_OF_SPADES or not has_hook(pos.cfg.table.hooks, QUEEN_OF_SPADES_DISCARDED_LAST):
        return []
    if pos.hidden:
        pos.unverified.add("canasta.pile.queen-of-spades-last")
        return []
    others = sorted(c for c in pos.counts if c != QUEEN_OF_SPADES)
    if not others:
        return []
    return [Violation("canasta.pile.queen-of-spades-last",
                      f"The queen of spades may be discarded only as the last card: seat {pos.seat} holds "
                      f"{', '.join(others)} to discard instead.")]


def check_discard(pos: Position, move: dict) -> list[Violation]:
    """Discarding: a held card; the last card goes out, which needs its conditions."""
    found = _phase(pos, ("meld",), "discarding")
    card = move["card"]
    if pos.hidden:
        if card in pos.cfg.bonus_cards:
            found.append(Violation("canasta.red-threes.lay-out",
                                   f"A {pos.cfg.bonus_words(1)} is laid out as soon as it is drawn, so seat {pos.seat} "
                                   f"does not hold {card}."))
        pos.unverified.add("canasta.turn.discard")
    elif pos.counts.get(card, 0) < 1:
        found.append(Violation("canasta.turn.discard", f"Seat {pos.seat} does not hold {card}."))
    if found:
        return found
    if card == QUEEN_OF_SPADES:
        found += _queen_of_spades(pos, card)
    left = pos.held - 1
    question = pos.state.turn.question
    if pos.short is not None and not (left == 0 and _exempt(pos, left, pos.canastas, _as_is(pos))):
        counted, required = pos.short
        found.append(Violation("canasta.opening.in-steps",
                               f"The melds seat {pos.seat} put down this turn count {counted}, short of the "
                               f"{required} side {pos.side} needs for its initial meld, so the turn cannot end "
                               f"with a discard: meld more to reach {required}, or take the melds back "
                               "(take_back)."))
    if left == 0 and pos.foot_down:
        _hidden_zone_taken(pos)
    elif left == 0:
        ending = []
        if pos.canastas < pos.needed:
            ending.append(Violation(pos.needed_rule,
                                    f"Discarding the last card is going out, which needs {pos.needed} canasta"
                                    f"{'s' if pos.needed > 1 else ''}; side {pos.side} has {pos.canastas}."))
        else:
            ending += [Violation(rule, f"Discarding the last card is going out: {words}.")
                       for rule, words in _unmet(pos, lambda: pos.melds)]
        if question == "no":
            ending.append(Violation("canasta.going-out.ask-partner",
                                    f"Seat {pos.seat}'s partner said no, so seat {pos.seat} may not go out this turn."))
        if ending and pos.kitty_left and question != "yes":
            _hidden_zone_taken(pos)   # not going out: the last discard takes up a kitty
        else:
            found += ending
    elif question == "yes":
        found.append(Violation("canasta.going-out.ask-partner",
                               f"Seat {pos.seat}'s partner said yes, so seat {pos.seat} must go out this turn; "
                               f"discarding now would keep {left} card{'s' if left != 1 else ''}."))
    return found


def check_ask(pos: Position, move: dict) -> list[Violation]:
    """The going-out question: a partner to ask, right after drawing, once, by a player able to go out."""
    found = _phase(pos, ("meld",), "asking to go out")
    if found:
        return found
    turn = pos.state.turn
    if pos.state.partner_of(pos.seat) is None or pos.cfg.table.going_out.ask_partner == "never":
        return [Violation("canasta.players.alone", "There is no partner to ask in this game.")]
    if turn.question is not None:
        found.append(Violation("canasta.going-out.ask-partner", "The question has already been asked this turn."))
    if turn.melded:
        found.append(Violation("canasta.going-out.ask-partner",
                               "The question comes right after drawing, before any meld beyond the pile's top "
                               f"card; seat {pos.seat} has already melded this turn."))
    if pos.held < 2:
        found.append(Violation("canasta.going-out.ask-partner",
                               f"Seat {pos.seat} holds a single card, so going out is the only way to end the "
                               "turn; there is nothing to ask."))
    if not found and pos.hidden:
        pos.unverified.add("canasta.going-out.ask-partner")
    elif not found and pos.going_out_plan(pos.hand, pos.melds, any_way=True, rule=ASK_PARTNER) is None:
        found.append(Violation("canasta.going-out.ask-partner",
                               f"Seat {pos.seat} cannot go out this turn, so there is nothing to ask."))
    return found


def check_answer(pos: Position, move: dict) -> list[Violation]:
    """The partner's answer: only while the question waits."""
    if pos.state.turn.phase != "answer":
        return [Violation("canasta.going-out.ask-partner", "No going-out question is waiting for an answer.")]
    return []


def check_take_back(pos: Position, move: dict) -> list[Violation]:
    """Taking back an initial meld that the turn has left short of the minimum."""
    found = _phase(pos, ("meld",), "taking melds back")
    if found:
        return found
    if pos.short is None:
        why = "has opened" if pos.opened else "has put no meld down"
        return [Violation("canasta.opening.in-steps",
                          f"Only an initial meld still short of the minimum can be taken back; side {pos.side} "
                          f"{why}.")]
    if pos.state.turn.question == "yes" and pos.hidden:
        pos.unverified.add("canasta.going-out.ask-partner")
    elif pos.state.turn.question == "yes" and pos.going_out_plan(
            pos.hand + [c for m in pos.melds for c in m.cards], [], rule=ASK_PARTNER) is None:
        found.append(Violation("canasta.going-out.ask-partner",
                               f"Seat {pos.seat}'s partner said yes, so seat {pos.seat} must go out this turn; "
                               "with the melds taken back that would no longer be possible."))
    return found


CHECKS = {"draw": check_draw, "take_pile": check_take, "meld": check_meld, "lay_off": check_lay_off,
          "merge": check_merge,
          "discard": check_discard, "ask_go_out": check_ask, "answer_go_out": check_answer, "take_back": check_take_back,
          "swap_joker": check_swap_joker}
