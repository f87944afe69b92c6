"""What legal play can reach: checks on a position read field by field, following the play itself.

state.read_state checks each field and how the fields agree with one another; these checks follow
the hand from the deal: the turns taken so far and the cards they moved, what the turn record says
happened, the going-out question, and how a hand ends. Each refusal names the rule it rests on and
points at the field to fix.
"""

from __future__ import annotations

from ...errors import invalid
from ...parsing import hand_size
from .config import Config
from .opening import holds_canasta, needed_canasta, opening_count
from .position import ASK_PARTNER, position_of
from .seating import PARTNER_RENTRAP
from .state import CanastaState, single_card_refusal
from .zones import FOOT_RULE, foot_down, next_kitty


def check_reachable(cfg: Config, state: CanastaState) -> None:
    """Raise InvalidRequest, with the rule and a pointer, when no legal play reaches the position."""
    _check_ending(state)
    _check_turn_record(cfg, state)
    _check_question(cfg, state)
    _check_single_card(cfg, state)
    _check_turns_taken(cfg, state)
    _check_untouched_hands(cfg, state)
    _check_hands_drawn(cfg, state)
    _check_hands_dealt(cfg, state)
    _check_opened_sides(cfg, state)
    _check_pile_opening(cfg, state)
    if state.feet is not None:
        _check_feet_taken_up(cfg, state)
    _check_scores(cfg, state)


def _check_ending(state: CanastaState) -> None:
    """A hand ends with one empty hand at most; one ended by the stock has an empty stock and a pile."""
    turn = state.turn
    if turn.phase != "over":
        return
    for seat, hand in enumerate(state.hands):
        if not hand_size(hand) and not (seat == turn.seat and turn.ending == "went_out"):
            raise invalid(("state", "hands", seat), f"seat {seat} holds no card, but the hand ended "
                          f"{'when seat ' + str(turn.seat) + ' went out' if turn.ending == 'went_out' else 'at a draw'}"
                          ": the first player to empty the hand goes out, which ends it", "canasta.going-out.how")
    if turn.ending != "stock_exhausted":
        return
    left = state.stock_size()
    if left:
        raise invalid(("state", "stock"), f"the hand ends for want of a stock only once the stock is empty; it "
                      f"still holds {left} card{'s' if left != 1 else ''}", "canasta.stock.exhausted")
    if not state.discard:
        raise invalid(("state", "discard"), "the hand ended at a draw, and every turn before it ended with a "
                      "discard, so the pile cannot be empty", "canasta.turn.discard")


def _check_turn_record(cfg: Config, state: CanastaState) -> None:
    """What the turn says happened since the draw agrees with how the turn began."""
    turn = state.turn
    if turn.phase not in ("meld", "answer"):
        return
    pointer = ("state", "turn")
    side = state.side_of(turn.seat)
    if turn.drew == "pile":
        if not state.melds[side]:
            raise invalid(pointer + ("drew",), f"taking the pile melds its top card, and side {side} has no meld "
                          "on the table", "canasta.pile.take")
        if not (turn.started or turn.extended):
            raise invalid(pointer + ("drew",), "taking the pile melds its top card, so the turn either started a "
                          'meld ("started") or added to one already on the table ("extended")', "canasta.pile.take")
        if not turn.melded and (len(turn.started) > 1 or (turn.started and turn.extended)):
            raise invalid(pointer + ("melded",), "taking the pile put down the top card's meld alone, so melding "
                          'more than that is recorded as "melded": true', "canasta.pile.take")
    else:
        if not state.discard:
            raise invalid(("state", "discard"), "the player drew from the stock, and the pile was not empty "
                          "before the draw: every turn ends with a discard", "canasta.turn.discard")
        if turn.melded != bool(turn.started or turn.extended):
            raise invalid(pointer + ("melded",), '"melded" is true exactly when the turn started a meld or added '
                          "to one, after a draw from the stock", "canasta.turn.meld")
    # Where the seating shares melds, the turn may have added to another owner's meld instead.
    if turn.extended and all(i in turn.started for i in range(len(state.melds[side]))) and not any(
            state.melds[owner] for owner in state.others_added_to(turn.seat)):
        raise invalid(pointer + ("extended",), f"side {side} has no meld from before this turn to add to: every "
                      "meld it has was started in this turn", "canasta.turn.meld")
    if len(set(turn.started)) != len(turn.started):
        index = next(i for i, meld in enumerate(turn.started) if meld in turn.started[:i])
        if cfg.table.sets.one_per_rank:
            raise invalid(pointer + ("started", index), f"a side has one meld of each rank, so the turn started "
                          f"one meld of {state.melds[side][turn.started[index]].rank}s at most",
                          "canasta.melds.one-per-rank")
        raise invalid(pointer + ("started", index), f"meld {turn.started[index]} of side {side} is named twice",
                      "canasta.turn.meld")


def _check_question(cfg: Config, state: CanastaState) -> None:
    """The going-out question is asked only by a player able to go out, and binds what follows."""
    turn = state.turn
    question = turn.question
    if question is None or turn.phase not in ("meld", "answer"):
        return
    rule = "canasta.going-out.ask-partner"
    held = hand_size(state.hands[turn.seat])
    if question == "asked" and turn.melded:
        raise invalid(("state", "turn", "melded"), "the question comes before any meld beyond the pile's top "
                      "card, and nothing is melded while the partner's answer waits", rule)
    # After a no, a hand played out down to its last card takes up a kitty where one is left.
    if question in ("asked", "no") and held < 2 and not (question == "no" and next_kitty(state) is not None):
        what = "asked" if question == "asked" else "was told no"
        raise invalid(("state", "hands", turn.seat), f"seat {turn.seat} {what}, which needs at least two cards in "
                      "hand: with one the only way to end the turn is going out"
                      f"{', which the answer forbids' if question == 'no' else ''}", rule)
    # Only a player able to go out asks; after a yes every move keeps going out possible, and after a no
    # nothing has changed until the player melds.
    unchanged = question != "no" or not turn.melded
    if unchanged and type(state.hands[turn.seat]) is list:
        pos = position_of(cfg, state)
        # After a yes the listing names the best way out, so that one is searched (and kept) here already.
        if pos.going_out_plan(pos.hand, pos.melds, any_way=question != "yes", rule=ASK_PARTNER) is None:
            answered = {"yes": " and answered yes", "no": " and answered no"}.get(question, "")
            raise invalid(("state", "turn", "question"), f"seat {turn.seat} cannot go out from this hand and these "
                          f"melds, so the question was never asked{answered}: only a player able to go out asks"
                          + (", and after a yes every move keeps going out possible" if question == "yes" else ""),
                          rule)


def _check_single_card(cfg: Config, state: CanastaState) -> None:
    """A seat may meld down to one card only while it can still go out this turn: by discarding it, by laying
    it off, or, where melds of a rank merge, after merges. One card that discarding cannot take out is refused
    unless the going-out search finds another way; a hidden hand is taken as the client gives it."""
    turn = state.turn
    if turn.phase != "meld" or turn.question == "no":
        return
    hand = state.hands[turn.seat]
    if hand_size(hand) != 1 or foot_down(state, turn.seat) or next_kitty(state) is not None:
        return
    refusal = single_card_refusal(cfg, state)
    if refusal is None or type(hand) is not list:
        return
    pos = position_of(cfg, state)
    if not pos.can_go_out(pos.hand, pos.melds, pos.shared, rule=refusal.problems[0].rule):
        problem = refusal.problems[0]
        raise invalid(problem.pointer, f"seat {turn.seat} holds a single card after drawing, which only a player "
                      f"able to go out this turn may keep, and neither discarding it nor laying it off takes it out "
                      f"({problem.message})", problem.rule)


def _check_opened_sides(cfg: Config, state: CanastaState) -> None:
    """A side that opened in an earlier turn shows at least its minimum: the initial meld reached it, and melds
    on the table only grow. (The side opening in this turn is held to it by the opening's own checks.)"""
    if state.seating == PARTNER_RENTRAP:
        return  # seats add to their partners' melds there, before and after the owner opens
    turn = state.turn
    opening_now = state.side_of(turn.seat)
    # Going out concealed, the side put all its melds down in the last turn, with no minimum to meet.
    concealed = turn.phase == "over" and turn.ending == "went_out" and turn.concealed
    for side, melds in enumerate(state.melds):
        if not melds or (side == opening_now and (concealed or not any(state.melded_before[side::state.sides]))):
            continue
        failed = state.penalties[side]["failed_openings"]
        required = (cfg.minimum(cfg.opening_basis(state, side), failed) if _basis_known(cfg, state)
                    else cfg.lowest_minimum(failed))
        counted = opening_count(cfg, melds, enough=required)
        if counted < required:
            raised = f", raised by {failed} failed attempt{'s' if failed != 1 else ''}" if failed else ""
            raise invalid(("state", "melds", side), f"side {side}'s melds count {counted}, but it opened in an earlier "
                          f"turn with an initial meld of at least {required} (its minimum for this hand{raised}), "
                          "and melds on the table only grow", "canasta.opening.minimum")
        kind = needed_canasta(cfg, cfg.opening_basis(state, side)) if cfg.canasta_tiers and _basis_known(
            cfg, state) else None
        if kind == "natural" and cfg.table.sets.wild_onto_canasta:
            kind = "any"          # a wild card joining it since may have made the natural canasta mixed
        if not holds_canasta(cfg, melds, kind):
            what = "a canasta" if kind == "any" else f"a {kind} canasta"
            raise invalid(("state", "melds", side), f"side {side} opened in an earlier turn, when its initial meld "
                          f"had to hold {what} (its tier at this game score), and a canasta stays one, but its "
                          "melds hold none", "canasta.opening.canasta-needed")


def _check_pile_opening(cfg: Config, state: CanastaState) -> None:
    """Where a side may not open by taking the pile (Brazilian), a turn that took it belongs to a side that
    opened in an earlier turn."""
    turn = state.turn
    if cfg.table.opening.pile_may_open or turn.phase not in ("meld", "answer") or turn.drew != "pile":
        return
    side = state.side_of(turn.seat)
    if not any(state.melded_before[side::state.sides]):
        raise invalid(("state", "turn", "drew"), f"seat {turn.seat} took the pile this turn, but side {side} had not "
                      f"opened before it (melded_before), and in {cfg.table.title} a side cannot open by taking "
                      "the pile", "canasta.opening.counting")


def _basis_known(cfg: Config, state: CanastaState) -> bool:
    """Whether the position says what the side's minimum was read by: its game score, or the deal's number."""
    return state.round is not None if cfg.table.opening.basis == "round" else state.score is not None


def _put_down(state: CanastaState) -> list[bool]:
    """Per seat: whether it has put cards on the table this hand, in an earlier turn or in this one."""
    turn = state.turn
    put_down = list(state.melded_before)
    if turn.phase in ("meld", "answer") and (turn.melded or turn.started or turn.extended):
        put_down[turn.seat] = True
    return put_down


def _check_untouched_hands(cfg: Config, state: CanastaState) -> None:
    """A seat that has put nothing on the table never took the pile: drawing one card and discarding one
    a turn, it holds what it was dealt (one card more between its draw and its discard)."""
    table, turn = cfg.table, state.turn
    if table.draw != 1:
        return  # with more cards drawn than discarded, the hand grows with the turns taken
    for seat, put_down in enumerate(_put_down(state)):
        if put_down:
            continue
        most = table.deal + (1 if seat == turn.seat and turn.phase in ("meld", "answer") else 0)
        held = hand_size(state.hands[seat])
        if held > most:
            raise invalid(("state", "hands", seat), f"seat {seat} holds {held} cards but has put none on the table "
                          "(melded_before), so it never took the pile: it holds at most the "
                          f"{table.deal} dealt{', and the card just drawn' if most > table.deal else ''}",
                          cfg.deal_rule)


def _check_hands_dealt(cfg: Config, state: CanastaState) -> None:
    """A seat whose side has no meld on the table never put a card down, so it gave cards only to the pile, one a
    turn: it holds at least its deal (one card more between its draw and its discard), and, drawing more than one
    card a turn, what the turns the stock shows drew beyond their discards besides (fewest_draws)."""
    table, turn = cfg.table, state.turn
    if state.feet is not None or state.kitties is not None or table.opening_draw:
        return  # feet, kitties and cards drawn to open bring a hand cards no turn of its own drew
    # Near the end of the stock a draw may bring fewer cards than the rule (the last card, a red three unreplaced).
    short = (table.draw - 1) * 2 if table.draw > 1 and not state.stock_size() else 0
    draws = None
    for seat, hand in enumerate(state.hands):
        if state.melds[state.side_of(seat)]:
            continue
        acting = seat == turn.seat and turn.phase in ("meld", "answer")
        if draws is None:
            draws = fewest_draws(cfg, state) if table.draw > 1 else 0     # read once, for the first such seat
        own = _turns_of(seat, (state.dealer + 1) % state.players, state.players, draws)
        least = table.deal + (table.draw - 1) * own + (1 if acting else 0) - short
        held = hand_size(hand)
        if held < least:
            grown = (f", and each of the {own} turn{'s' if own != 1 else ''} of its own that the stock shows at "
                     f"least drew {table.draw} cards and discarded one" if own else "")
            raise invalid(("state", "hands", seat), f"seat {seat} holds {held} card{'s' if held != 1 else ''} but "
                          f"its side has no meld on the table, so it never took the pile and gave cards only to the "
                          f"pile: dealt {table.deal}{grown}{', and it has just drawn' if acting else ''}, "
                          f"it holds at least {least}", cfg.deal_rule)


def fewest_draws(cfg: Config, state: CanastaState) -> int:
    """The fewest turns that drew from the stock, read from the cards the stock has lost: beyond the upcard and the
    red threes' replacements, every card left it in a turn's draw."""
    table = cfg.table
    lost = table.deck.size - state.players * table.deal - state.stock_size()
    replaced = sum(len(threes) for threes in state.red_threes)
    # The upcard was turned again past wild cards and red threes, which lie in the pile or on the table since.
    turned_past = sum(1 for cards in _shown_cards(state) for card in cards
                      if card in cfg.wild or card in cfg.bonus_cards)
    upcard = 1 + min(cfg.upcard_most - 1, turned_past)
    return max(0, lost - upcard - replaced) // table.draw


def turns_bound(cfg: Config, state: CanastaState) -> int:
    """The most turns the hand can have begun, read from the stock and the table: each turn draws from the stock
    (`draw` cards, two fewer at most where the stock ran short) or takes the pile, and each pile taken puts at
    least its top card on the table, where melds only grow."""
    table = cfg.table
    left_after_deal = table.deck.size - state.players * table.deal - 1    # the upcard is at least one card
    stock_turns = max(0, left_after_deal - state.stock_size()) // table.draw + 2
    pile_turns = sum(len(meld.cards) for melds in state.melds for meld in melds)
    return stock_turns + pile_turns


def _shown_cards(state: CanastaState) -> list[list[str]]:
    """The cards the table shows: the pile, every meld and the red threes laid out."""
    return [state.discard, *(meld.cards for melds in state.melds for meld in melds), *state.red_threes]


def _check_hands_drawn(cfg: Config, state: CanastaState) -> None:
    """Where a turn draws several cards and discards one, a hand grows with the turns taken, and the stock and
    the table bound those (turns_bound): a seat holds at most its deal, what its turns drew beyond their discards,
    and what the pile can ever have held (every discard and the upcard's cards, less the pile as it lies); a seat
    that has put nothing on the table never took the pile. This bounds every hand a search is asked about."""
    table = cfg.table
    if table.draw == 1 or state.feet is not None or state.kitties is not None or table.opening_draw:
        return  # one card a turn is held by _check_untouched_hands and _check_turns_taken
    turns = turns_bound(cfg, state)
    first = (state.dealer + 1) % state.players
    pile_most = max(0, turns + cfg.upcard_most - len(state.discard))
    for seat, put_down in enumerate(_put_down(state)):
        own = _turns_of(seat, first, state.players, turns)
        most = table.deal + (table.draw - 1) * own + 1 + (pile_most if put_down else 0)
        held = hand_size(state.hands[seat])
        if held > most:
            taken = (f", and the {pile_most} cards at most the pile can have brought it" if put_down else
                     ", and having put no card on the table it never took the pile")
            raise invalid(("state", "hands", seat), f"seat {seat} holds {held} cards, but the stock "
                          f"({state.stock_size()} left) and the melds on the table allow {turns} turns at most since "
                          f"the deal, {own} of them seat {seat}'s: dealt {table.deal}, each turn draws {table.draw} and "
                          f"discards one{taken}, so it holds at most {most}", cfg.deal_rule)


def _foot_in_hand(cfg: Config, state: CanastaState, seat: int) -> int:
    """The cards a seat's foot brought into its hand: all of them once taken up."""
    return cfg.table.foot if state.feet is not None and not foot_down(state, seat) else 0


def _check_feet_taken_up(cfg: Config, state: CanastaState) -> None:
    """A foot is taken up only by a seat that played its hand out, which puts cards on the table."""
    for seat, put_down in enumerate(_put_down(state)):
        if not put_down and not foot_down(state, seat):
            raise invalid(("state", "feet", seat), f"seat {seat}'s foot is taken up, which happens once its hand "
                          "is played out, but it has put no card on the table (melded_before)", FOOT_RULE)


def _drew_to_open(cfg: Config, state: CanastaState, side: int) -> int:
    """The cards the side's first player to meld drew from the stock for it, where the variant says so."""
    opened = bool(state.melds[side]) and not (state.side_of(state.turn.seat) == side and state.turn.opening)
    return cfg.table.opening_draw if opened else 0


def _upcard_length(cfg: Config, pile: list[str]) -> int | None:
    """How many cards the deal turned to start the pile, or None when the pile shows no complete upcard."""
    for index, card in enumerate(pile):
        if card not in cfg.wild and card not in cfg.bonus_cards:
            return index + 1
    return None


def _turns_of(seat: int, first: int, players: int, turns: int) -> int:
    """How many of the first `turns` turns (the first one by seat `first`) are the seat's."""
    return turns // players + (1 if (seat - first) % players < turns % players else 0)


def _check_turns_taken(cfg: Config, state: CanastaState) -> None:
    """While the pile was never taken, it counts the turns played, and they fix whose turn it is and how many
    cards each hand and each side's melds hold between them."""
    pile = state.discard
    if any(state.melds) and cfg.bonus_cards.isdisjoint(pile):
        return  # taking the pile melds, and a red three leaves the pile only when it is taken
    if cfg.table.pile.top_card_only_onto_sequence and any(meld.suit for melds in state.melds for meld in melds):
        return  # the top card may have been taken alone onto a sequence, leaving the rest of the pile
    if cfg.table.pile.take_limit is not None and any(state.melds):
        return  # a pile taken in part leaves the rest, red threes among it
    if state.kitties is not None and next_kitty(state) != 0:
        return  # a kitty has come into play: whose hand or stock it joined is not recorded
    turned = _upcard_length(cfg, pile)
    if turned is None:
        raise invalid(("state", "discard"), "the pile has never been taken, so it starts with the upcard, turned "
                      "until a card that is neither wild nor a red three shows", "canasta.deal.upcard")
    discards = len(pile) - turned
    players, turn = state.players, state.turn
    if state.lone is not None and not (turn.phase == "over" and turn.ending == "went_out" and turn.seat == state.lone):
        raise invalid(("state", "lone"), "the pile has never been taken and nobody has gone out, so nobody plays "
                      "alone yet: lone is null", "canasta.seating.lone-hand")
    first = (state.dealer + 1) % players
    due = (first + discards) % players
    drawn = discards                        # turns that drew cards: every finished one, and the current one
    if turn.phase in ("meld", "answer"):
        drawn += 1
    elif turn.phase == "over" and turn.ending == "went_out":
        if turn.seat == due:
            drawn += 1                      # went out by melding, without a final discard
        elif discards:
            due = (due - 1) % players       # the final discard went on the pile
    # A hand ended by the stock ends at a draw that brought no card into the hand, or, drawing several, up to
    # one card fewer than the draw: a red three as the stock's last card ends the hand at once, and the cards
    # drawn before it stay in the hand.
    final = cfg.table.draw - 1 if turn.phase == "over" and turn.ending == "stock_exhausted" else 0
    if turn.seat != due:
        raise invalid(("state", "turn", "seat"), f"the pile was never taken and shows {discards} discard"
                      f"{'s' if discards != 1 else ''} on the upcard, so it is seat {due}'s turn (the first turn "
                      f"is seat {first}'s, on the dealer's left)", "canasta.turn.order")
    table = cfg.table
    # Near the end of a Two-hand stock a draw may bring fewer cards (a single last card is the whole draw;
    # a red three among the last two is not replaced): at most one card short for each of those two cards, and
    # only in the draws that reached them: the last one, and the one before it when that left a single card.
    reached = max(0, 2 - state.stock_size()) if drawn else 0
    slack = (table.draw - 1) * reached
    short_by = {(first + drawn - 1) % players: slack}
    if reached == 2 and drawn > 1:
        short_by.setdefault((first + drawn - 2) % players, table.draw - 1)
    put_down = _put_down(state)
    # Cards drawn to open and feet taken up, asked only where the variant has them (Classic has neither).
    drew_to_open = [_drew_to_open(cfg, state, side) for side in range(state.sides)] if table.opening_draw else None
    feet = state.feet is not None
    short = []
    for seat, hand in enumerate(state.hands):
        draws, own_discards = _turns_of(seat, first, players, drawn), _turns_of(seat, first, players, discards)
        expected = table.deal + table.draw * draws - own_discards
        if feet:
            expected += _foot_in_hand(cfg, state, seat)
        held = hand_size(hand)
        most = expected + drew_to_open[state.side_of(seat)] if drew_to_open else expected
        if seat == turn.seat:
            most += final
        if held > most:
            raise invalid(("state", "hands", seat), f"seat {seat} holds {held} cards; "
                          f"{_story(table.deal, seat, draws, own_discards)}, so it holds at most {most}", cfg.deal_rule)
        if held < expected - short_by.get(seat, 0) and not put_down[seat]:
            raise invalid(("state", "hands", seat), f"seat {seat} holds {held} cards; "
                          f"{_story(table.deal, seat, draws, own_discards)} and has put no card on the table, so it "
                          f"holds {expected}", cfg.deal_rule)
        short.append(expected - held)
    spare = slack + final
    for group, seats, melds in _giving_groups(state):
        given = sum(short[s] for s in seats) + (final if turn.seat in seats else 0)
        if drew_to_open:
            given += sum(drew_to_open[side] for side in {state.side_of(s) for s in seats})
        melded = sum(len(m.cards) for m in melds)
        if melded > given:
            (whose, its), pointer = _group_words(group)
            raise invalid(pointer, f"{whose} melds hold {melded} cards, but {its} hands have given {given} to the "
                          "table since the deal, and the pile was never taken", cfg.deal_rule)
        spare -= given - melded
        if spare < 0:
            seat = next((s for s in seats if put_down[s]), seats[0])
            missing = given - melded
            whose = _group_words(group)[0][0]
            raise invalid(("state", "hands", seat), f"{whose} hands hold {missing} card"
                          f"{'s' if missing != 1 else ''} fewer than the deal and the turns taken leave them besides "
                          f"the {melded} they melded", cfg.deal_rule)


def _giving_groups(state: CanastaState) -> list[tuple[int | None, range, list]]:
    """The seats whose hands fill each owner's melds: (side, or None for every seat, seats, melds). A side's own
    seats, or, where seats add to partners' melds before the pile is ever taken (Five-person), every seat toward
    all the melds together."""
    if state.seating == PARTNER_RENTRAP:
        return [(None, range(state.players), [m for melds in state.melds for m in melds])]
    return [(side, range(side, state.players, state.sides), melds) for side, melds in enumerate(state.melds)]


def _group_words(side: int | None) -> tuple[tuple[str, str], tuple]:
    """How a refusal names a group of _giving_groups, and where it points."""
    if side is None:
        return ("the players'", "their"), ("state", "melds")
    return (f"side {side}'s", "its"), ("state", "melds", side)


def _story(dealt: int, seat: int, draws: int, discards: int) -> str:
    """How many cards a seat's turns have brought into its hand, in words."""
    return (f"dealt {dealt}, seat {seat} has drawn {draws} time{'s' if draws != 1 else ''} "
            f"and discarded {discards} time{'s' if discards != 1 else ''}")


def _check_scores(cfg: Config, state: CanastaState) -> None:
    for side, score in enumerate(state.score or ()):
        check_game_score(score, ("state", "score", side))


def check_game_score(score: int, pointer: tuple) -> None:
    """Refuse a game score no hands add up to: every card value, bonus and penalty is a multiple of five."""
    if score % 5:
        raise invalid(pointer, f"{score} is no game score: every card value, bonus and penalty is a multiple of "
                      "5, and so is every sum of them", "canasta.scoring.game")
