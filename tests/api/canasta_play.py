"""Positions of Classic and Two-hand Canasta written by hand from the rule texts, and the requests that judge
moves in them (the play rule tests, tests/api/test_canasta_rules_play_*.py).

Every position accounts for the 108 cards of two packs and four jokers. The acting seat's hand is shown, the
other hands are counts; what the position does not show is the stock, given as a count. Where a test needs
the stock's cards (a draw that must reveal them), the cards nobody sees go to the other hands' counts (wild
cards), the red threes not shown to side 1's red threes, and every other card under the pile."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.api.samba_family import shown_cards

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = Counter({**{rank + suit: 2 for rank in RANKS for suit in "CDHS"}, "JK": 4})
RED_THREES = ("3D", "3H")
WILD = ("JK", "2C", "2D", "2H", "2S")
VARIANTS = ("classic", "two-hand")
PLAYERS = {"classic": 4, "two-hand": 2}
HELD = {"classic": 11, "two-hand": 15}
DRAW = {"classic": 1, "two-hand": 2}


def each_variant() -> list:
    """Both variants as parameters, named after them."""
    return [pytest.param(v, id=v) for v in VARIANTS]


def side_of(variant: str, seat: int) -> int:
    """The side a seat plays for: seat parity in Classic, the seat itself in Two-hand."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The partner in Classic, sitting opposite."""
    return (seat + 2) % 4


def group(*cards: str) -> dict:
    """A meld on the table."""
    return {"cards": list(cards)}


ACES = group("AC", "AD", "AH")  # 60: an initial meld at any score below 1500
OPENED = [[ACES], []]           # side 0 has opened with the aces, side 1 not yet


def position(variant: str, hand: list[str], *, seat: int = 0, phase: str = "meld", drew: str = "stock",
             melds: list | None = None, discard: list[str] | None = None, red_threes: list | None = None,
             score: list[int] | None = None, melded_before: list[bool] | None = None, stock: list | None = None,
             stock_exact: bool = False, took: dict | None = None, melded_now: int = 0, upcards: int = 1,
             exact_hand: bool = False, bottom: tuple = (), **turn_fields) -> dict:
    """A position of `variant` reached in play, with `seat` to act holding `hand`.

    phase "draw" is the start of the turn; "meld" (the default) is after a draw from the stock, nothing else
    done yet unless `turn_fields` say so (`melded_now`: how many of the side's melded cards this turn put
    down). `discard` is the top of the pile (top last) and `stock` the next cards of the stock (next first);
    both are lengthened with unseen cards to the sizes the play so far implies, the stock only when not
    `stock_exact`. `took` maps a seat to the size of the one pile it took in an earlier turn (its top card is
    among its side's melds; None, with `stock_exact`: whatever size leaves the pile given). `upcards` is how many cards the deal turned to start the pile (more than one when
    a wild card or red three came up). The other hands are counts: what each holds after its turns, melds and
    piles. A hand too short for what its side has melded is lengthened with cards that make no meld, unless
    `exact_hand` says the hand must stay as given. `bottom` are the pile's first cards, under the lengthening
    (the upcards of the deal)."""
    players = PLAYERS[variant]
    draw_n = DRAW[variant]
    melds = melds if melds is not None else [[], []]
    discard = list(bottom) + list(discard if discard is not None else ["8C"])
    red_threes = [list(t) for t in (red_threes or [[], []])]
    took = dict(took or {})
    drew_now = draw_n if phase != "draw" else 0
    side_total = [sum(len(m["cards"]) for m in side) for side in melds]
    hand = list(hand)
    exact = stock if stock_exact else None
    if variant == "two-hand" and exact is not None:
        # the stock fixes the turns played, and so how many cards the seat holds beside its side's melds
        turns, single = _turns(variant, seat, hand, side_total, took, drew_now, discard, exact, red_threes, upcards)
        short = _capacity(variant, seat, seat, turns, took, drew_now, single) - side_total[seat] - len(hand)
    else:
        # in Two-hand the hand also gains a card in each turn the pile's length implies
        pile_turns = max(0, len(discard) - upcards + sum(took.values())) // 2 if variant == "two-hand" else 0
        short = HELD[variant] + drew_now - len(hand) - side_total[side_of(variant, seat)] + pile_turns
    # a hand shorter than the seat's side has melded could not be reached: it is lengthened with odd cards
    assert not exact_hand or short <= 0, f"seat {seat}'s side has melded too little for {len(hand)} cards alone"
    table_ranks = {rank_of(c) for c in discard[-1:]} | {rank_of(c) for side in melds for m in side for c in m["cards"]}
    elsewhere = discard + list(stock or []) + [c for t in red_threes for c in t] + [
        c for side in melds for m in side for c in m["cards"]]
    hand += filler(short, hand, elsewhere, table_ranks)
    turns, single = _turns(variant, seat, hand, side_total, took, drew_now, discard, exact, red_threes, upcards)
    for taker, size in list(took.items()):
        if size is None:
            # the pile this seat took was as large as it had to be to leave the pile given
            took[taker] = turns + upcards - len(discard) - sum(v for v in took.values() if v is not None)
    dealer = (seat - 1 - turns) % players

    def capacity(s: int) -> int:
        return _capacity(variant, s, seat, turns, took, drew_now, single)

    melded_by = [0] * players
    melded_by[seat] = capacity(seat) - len(hand)
    hands: list = [None] * players
    hands[seat] = list(hand)
    for s in sorted(range(players), key=lambda o: o not in took):  # a seat that took a pile melded its top card
        if s != seat:
            side = side_of(variant, s)
            left = side_total[side] - sum(melded_by[o] for o in range(players) if side_of(variant, o) == side)
            melded_by[s] = max(0, min(left, capacity(s)))
            hands[s] = {"count": capacity(s) - melded_by[s]}
    for side in (0, 1):
        gap = side_total[side] - sum(melded_by[s] for s in range(players) if side_of(variant, s) == side)
        assert gap == 0, f"side {side}'s melds do not fit its hands ({gap} cards over)"
    assert melded_by[seat] >= melded_now >= 0, f"seat {seat} would have melded {melded_by[seat]} cards"
    if phase == "draw":
        turn = {"phase": "draw", "seat": seat}
    else:
        turn = {"phase": phase, "seat": seat, "drew": drew, "melded": bool(melded_now), "extended": False,
                "question": None, "started": []}
        turn.update(turn_fields)
    before = [melded_by[s] > (melded_now if s == seat else 0) for s in range(players)]
    state = {"players": players, "dealer": dealer, "hands": hands, "discard": discard, "melds": melds,
             "red_threes": red_threes,
             "melded_before": list(melded_before) if melded_before is not None else before,
             "score": list(score or [0, 0]), "stock": list(stock) if stock is not None else [], "turn": turn}
    pile_size = turns + upcards - sum(took.values())
    red = sum(len(t) for t in red_threes)
    stock_size = 108 - players * HELD[variant] - upcards - (turns - len(took)) * draw_n - drew_now - red + single
    _fill(state, pile_size, stock is not None, stock_size, len(bottom))
    return state


def rank_of(card: str) -> str:
    """A card's rank ("JK" for a joker)."""
    return card if card == "JK" else card[:-1]


def filler(count: int, hand: list[str], elsewhere: list[str], avoid: set[str]) -> list[str]:
    """`count` natural cards to lengthen `hand`: of no rank in `avoid`, at most two of a rank with the hand's
    own, and no more copies of a card than the deck holds beside the hand and the cards shown `elsewhere`."""
    seen = Counter(hand + elsewhere)
    held = Counter(rank_of(c) for c in hand)
    cards: list[str] = []
    for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
        for suit in ("C", "D", "H", "S"):
            card = rank + suit
            if len(cards) >= count:
                return cards
            if rank in avoid or held[rank] >= 2 or seen[card] >= DECK[card]:
                continue
            cards.append(card)
            seen[card] += 1
            held[rank] += 1
    assert len(cards) >= count, "not enough cards left to lengthen the hand"
    return cards


def _capacity(variant: str, s: int, seat: int, turns: int, took: dict, drew_now: int, single: int) -> int:
    """What seat `s` holds and has melded: dealt, plus its stock draws, plus a pile it took (the top card to a meld),
    less a discard a turn (`single`: the last draw before `seat`'s turn found one card in the stock)."""
    players, draw_n = PLAYERS[variant], DRAW[variant]
    dealer = (seat - 1 - turns) % players
    done = sum(1 for t in range(turns) if (dealer + 1 + t) % players == s)
    drawn = (done - (1 if s in took else 0)) * draw_n + took.get(s, 0)
    drawn -= single if s == (seat - 1) % players else 0
    return HELD[variant] + drawn - done + (drew_now if s == seat else 0)


def _turns(variant, seat, hand, side_total, took, drew_now, discard, exact_stock, red_threes, upcards):
    """How many turns the play so far has had, and 1 where the last draw found a single card in the stock."""
    draw_n = DRAW[variant]
    red = sum(len(t) for t in red_threes)
    if exact_stock is not None:
        drawn = 108 - PLAYERS[variant] * HELD[variant] - upcards - red - len(exact_stock) - drew_now
        single = -drawn % draw_n
        assert not single or not exact_stock, "only the stock's last card is ever drawn alone"
        return (drawn + single) // draw_n + len(took), single
    if variant == "classic":
        return len(discard) - upcards + sum(took.values()), 0
    # Two-hand: the hand grows by a card a turn, so the seat's melds fix how many turns it has had.
    gained = took[seat] - draw_n if seat in took else 0
    own_turns = len(hand) + side_total[side_of(variant, seat)] - HELD[variant] - drew_now - gained
    assert own_turns >= 0, f"seat {seat} cannot hold {len(hand)} cards with these melds"
    for turns in (2 * own_turns, 2 * own_turns + 1):
        if turns + upcards - sum(took.values()) >= len(discard):
            return turns, 0
    raise AssertionError("the pile is longer than the turns played allow")


def _fill(state: dict, pile_size: int, listed_stock: bool, stock_size: int, under: int = 0) -> None:
    """Lengthen the pile (under its top) and a listed stock (after its next cards) with cards nobody has seen;
    the hidden hands hold the rest."""
    over = shown_cards(state) - DECK
    assert not over, f"more copies than the deck holds: {dict(over)}"
    unseen = DECK - shown_cards(state)
    padding = pile_size - len(state["discard"])
    assert padding >= 0, f"the pile holds {len(state['discard'])} cards, the play so far leaves {pile_size}"
    naturals = sorted(c for c in unseen.elements() if c not in WILD and c[:-1] != "3")
    assert len(naturals) >= padding, "not enough natural cards to lengthen the pile"
    state["discard"] = state["discard"][:under] + naturals[:padding] + state["discard"][under:]
    hidden = sum(h["count"] for h in state["hands"] if isinstance(h, dict))
    if not listed_stock:
        state["stock"] = {"count": stock_size}
    else:
        unseen = DECK - shown_cards(state)
        extra = stock_size - len(state["stock"])
        assert extra >= 0, f"the stock holds {stock_size} cards, fewer than listed"
        threes = [c for c in RED_THREES for _ in range(unseen[c])]
        others = sorted(c for c in unseen.elements() if c not in RED_THREES)
        assert len(threes) <= extra, "unseen red threes must be in the stock"
        state["stock"] += others[: extra - len(threes)] + threes
    left = sum((DECK - shown_cards(state)).values()) - (0 if listed_stock else stock_size)
    assert left == hidden, f"{left} unseen cards for {hidden} hidden ones"


def post(client, path: str, variant: str, state: dict, move: dict | None = None, options: dict | None = None):
    """A POST of the envelope; the raw response."""
    body = {"game": "canasta", "variant": variant, "options": options or {}, "state": state}
    if move is not None:
        body["move"] = move
    return client.post(path, json=body)


def answer(client, path: str, variant: str, state: dict, move: dict | None = None,
           options: dict | None = None) -> dict:
    """A POST that must succeed; its JSON."""
    response = post(client, path, variant, state, move, options)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def judged(client, variant: str, state: dict, move: dict, options: dict | None = None) -> dict:
    """/validate-move's verdict."""
    return answer(client, "/validate-move", variant, state, move, options)


def applied(client, variant: str, state: dict, move: dict, options: dict | None = None) -> dict:
    """/apply-move's answer for a legal move."""
    return answer(client, "/apply-move", variant, state, move, options)


def legal_moves(client, variant: str, state: dict, options: dict | None = None) -> dict:
    """/legal-moves' answer."""
    return answer(client, "/legal-moves", variant, state, None, options)


def assert_allowed(verdict: dict) -> None:
    """The referee accepts the move."""
    assert verdict["legal"] is True, verdict["violations"]
    assert verdict["violations"] == []


def assert_refused(verdict: dict, rules: str | tuple, *words: str) -> None:
    """The referee refuses the move citing one of `rules`, in a message that names each of `words`."""
    wanted = (rules,) if isinstance(rules, str) else rules
    assert verdict["legal"] is False, verdict
    hits = [v for v in verdict["violations"] if v["rule"] in wanted]
    assert hits, f"expected one of {wanted}, got {verdict['violations']}"
    text = " ".join(v["message"] for v in hits).lower()
    for word in words:
        assert word.lower() in text, f"{word!r} not named in {text!r}"


def refused_apply(client, variant: str, state: dict, move: dict, rules: str | tuple,
                  options: dict | None = None) -> None:
    """/apply-move refuses the illegal move with a 422 citing one of `rules`."""
    response = post(client, "/apply-move", variant, state, move, options)
    assert response.status_code == 422, response.get_json()
    wanted = (rules,) if isinstance(rules, str) else rules
    assert any(rule in str(response.get_json()) for rule in wanted), response.get_json()


def same_cards(a: list, b: list) -> bool:
    """Two lists hold the same multiset of cards."""
    return Counter(a) == Counter(b)


def listed(moves: list, move_type: str, **fields) -> list:
    """The moves of `move_type` whose fields match (card lists compared as multisets)."""
    found = []
    for move in moves:
        if move["type"] != move_type:
            continue
        if all(_matches(move.get(k), v) for k, v in fields.items()):
            found.append(move)
    return found


def _matches(got, want) -> bool:
    if isinstance(want, list) and want and isinstance(want[0], dict):
        return (isinstance(got, list) and len(got) == len(want)
                and all(same_cards(g["cards"], w["cards"]) for g, w in zip(got, want)))
    if isinstance(want, list):
        return isinstance(got, list) and same_cards(got, want)
    return got == want


def meld_blocks(answer: dict) -> list[list[str]]:
    """Every meld the answer offers on its own: the meld moves' melds and the opening constraint's blocks."""
    blocks = [m["cards"] for move in answer["moves"] if move["type"] == "meld" for m in move["melds"]]
    for constraint in answer.get("constraints") or []:
        blocks += [b["cards"] for b in constraint.get("blocks", [])]
        blocks += [b["cards"] for b in constraint.get("witness", [])]
    return blocks


def offers_meld(answer: dict, cards: list[str]) -> bool:
    """The answer offers `cards` as a meld, as a move or a building block."""
    return any(same_cards(b, cards) for b in meld_blocks(answer))


def side_melds(state: dict, side: int) -> list[list[str]]:
    """A side's melds as card lists."""
    return [m["cards"] for m in state["melds"][side]]


def meld_of_rank(state: dict, side: int, rank: str) -> list[list[str]]:
    """The side's melds holding a natural card of `rank`."""
    return [cards for cards in side_melds(state, side) if any(c[:-1] == rank for c in cards if c not in WILD)]
