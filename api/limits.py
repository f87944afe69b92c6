"""Size limits checked in one cheap pass over a request body, before any schema or engine reads it.

A real position holds at most the cards of its deck, so no list in it is longer than the
variant's deal, no move names more cards than that, no string is longer than a spoken formula and
no object has more fields than a few dozen. A body past these bounds is refused at once, with a
pointer to the first field over its limit, so the work done on any request stays proportional to
what a real position can hold, whatever the body holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.replay import MAX_LOG_HANDS, MAX_LOG_MOVES
from rules_engine.cards import CANONICAL
from rules_engine.registry import GAMES

MAX_KEYS = 64          # fields of one object; the largest state shape has a dozen or two
MAX_STRING = 256       # characters of one string; a formula naming ten cards in words is under 250
MAX_DEPTH = 16         # nesting; the deepest state shape is five levels
NODES_PER_CARD = 8     # values per card of the deck a body may hold (moves, tricks and melds wrap cards)
NODES_SPARE = 1024     # values beyond that, for the envelope, options and counters
CARD_HOLDERS = ("move", "meld", "melds")  # parts of a body that hold no more cards than the deck
LOG = "moves"          # a log of moves (or each hand's): MAX_LOG_MOVES in all, each held to a move's limits
                       # (and MAX_LOG_HANDS hands, each given the budget of a move)
NODES_PER_MOVE = 32    # values per move of a log beyond the position's budget
BRACKETS_PER_MOVE = 4  # arrays and objects per move of a log beyond the position's


@dataclass(frozen=True)
class Bounds:
    """The limits for one game and variant."""

    cards: int         # the most cards a deal of the variant shows, hidden hands counted

    @property
    def nodes(self) -> int:
        """How many JSON values a body may hold."""
        return NODES_PER_CARD * self.cards + NODES_SPARE


class TooLarge(Exception):
    """A body over a limit: where, and why."""

    def __init__(self, pointer: tuple, message: str):
        super().__init__(message)
        self.pointer, self.message = pointer, message

    def errors(self) -> dict:
        """Where the body is over a limit, in marshmallow's error shape under "json"."""
        tree: dict = {}
        node = tree
        *path, last = [str(part) for part in self.pointer] or ["_schema"]
        for part in path:
            node = node.setdefault(part, {})
        node[last] = [self.message]
        return {"json": tree}


def _cards_shown(node: object) -> int:
    """Card codes in a dumped state, counting a hidden hand {"count": n} as n cards."""
    count, stack = 0, [node]
    while stack:
        item = stack.pop()
        if type(item) is list:
            stack.extend(item)
        elif type(item) is dict:
            if item.keys() == {"count"} and type(item["count"]) is int:
                count += item["count"]
            else:
                stack.extend(item.values())
        elif type(item) is str and item in CANONICAL:
            count += 1
    return count


def _pointer(root: object, target: object) -> tuple:
    """Where `target` (the very object) first sits inside `root`, in document order."""
    stack: list[tuple[object, tuple]] = [(root, ())]
    while stack:
        node, pointer = stack.pop()
        if node is target:
            return pointer
        if type(node) is list:
            stack.extend((node[i], pointer + (i,)) for i in range(len(node) - 1, -1, -1))
        elif type(node) is dict:
            stack.extend((item, pointer + (key,)) for key, item in reversed(node.items()))
    return ()


def _deal_cards(game, variant) -> int:
    """The most cards a fresh deal of the variant puts in its state, over every player count.

    A variant known only by its static rules deals nothing yet: its pack bounds what a request names.
    """
    if not variant.playable:
        return game.deck_size(variant.slug)
    rs = game.ruleset(variant.slug)
    most = 0
    for players in range(variant.min_players, variant.max_players + 1):
        state = game.deal(rs, players, 0, {})
        most = max(most, _cards_shown(game.dump_state(rs, state)))
    return most


def _logs(body: dict) -> dict[int, tuple[tuple, list]]:
    """The lists of moves a body's log holds, by identity: its `moves`, and each of its `hands`' moves."""
    found = {}
    if type(body.get(LOG)) is list:
        found[id(body[LOG])] = ((LOG,), body[LOG])
    hands = body.get("hands")
    for number, hand in enumerate(hands if type(hands) is list else ()):
        if type(hand) is dict and type(hand.get(LOG)) is list:
            found[id(hand[LOG])] = (("hands", number, LOG), hand[LOG])
    return found


class Limits:
    """The bounds of every game and variant, worked out once from their own deals."""

    def __init__(self) -> None:
        self._bounds: dict[tuple[str, str | None], Bounds] = {}
        for slug, game in GAMES.items():
            for variant in game.variants:
                self._bounds[(slug, variant.slug)] = Bounds(_deal_cards(game, variant))
            self._bounds[(slug, None)] = self._bounds[(slug, game.default_variant)]
        # A body naming no known game or variant is held to the largest deck: the engine refuses it anyway.
        self._widest = Bounds(max(b.cards for b in self._bounds.values()))

    def check_text(self, data: bytes, bodies: int = 1, log: bool = False) -> None:
        """Raise TooLarge when the JSON text opens far more arrays and objects than any body may, before it is parsed.

        Each array or object starts with a bracket, so counting brackets bounds them (a string
        may hold a few; the margin is twice the largest budget of values). Counting costs a
        tenth of parsing, and building tens of thousands of empty lists and objects is the
        dearest thing a body can ask of the parser; numbers and strings are cheap to parse,
        and the one pass after parsing points at the field that holds too many of them. A batch
        of `bodies` requests may open as many as that many bodies, and a body with a `log` of moves
        a few more per move.
        """
        most = 2 * self._widest.nodes * bodies + (BRACKETS_PER_MOVE * MAX_LOG_MOVES if log else 0)
        # A text no longer than the bound cannot open more brackets than it has bytes: nothing to count.
        if len(data) > most and data.count(b"[") + data.count(b"{") > most:
            raise TooLarge((), f"the body opens more than {most} arrays and objects; no request needs that many")

    def bounds_for(self, body: dict) -> Bounds:
        """The bounds of the game and variant a body names."""
        game, variant = body.get("game"), body.get("variant")
        if type(game) is not str or (variant is not None and type(variant) is not str):
            return self._widest
        return self._bounds.get((game, variant)) or self._bounds.get((game, None)) or self._widest

    def check(self, body: dict, fields: int, log: bool = False) -> None:
        """Raise TooLarge at the first part of the body over its limit; `fields`: the envelope's field count;
        `log`: whether the body may carry a log of moves.

        The body is walked a level at a time, each level's values gathered by list operations
        that run in C; where a part is over its limit is worked out only once one is found.
        """
        if len(body) > fields:
            raise TooLarge((), f"the body has {len(body)} fields; a request has at most {fields}")
        bounds = self.bounds_for(body)
        cards, budget = bounds.cards, bounds.nodes
        logs: dict[int, tuple[tuple, list]] = {}
        exempt: set[int] = set()  # the lists of a log, held to the log's own limits
        if log:
            logs = _logs(body)
            moves = [move for _, found in logs.values() for move in found]
            if len(moves) > MAX_LOG_MOVES:
                raise TooLarge(next(iter(logs.values()))[0], f"holds {len(moves)} moves in all; a log holds at "
                                                             f"most {MAX_LOG_MOVES}")
            hands = body.get("hands") if type(body.get("hands")) is list else []
            if len(hands) > MAX_LOG_HANDS:
                raise TooLarge(("hands",), f"holds {len(hands)} hands; a log holds at most {MAX_LOG_HANDS}")
            exempt = set(logs) | {id(hands)}
            budget += NODES_PER_MOVE * (len(moves) + len(hands))
        level: list = [body]
        leaves = 0  # strings of the next level already known to be short: counted, not listed
        depth = 0
        while level or leaves:
            budget -= len(level) + leaves
            if budget < 0:
                raise TooLarge((), f"the body holds more than {bounds.nodes} values; no position of this variant "
                                   f"needs that many" + (f", with {NODES_PER_MOVE} more per move of a log" if logs else ""))
            if depth >= MAX_DEPTH:
                nested = next((node for node in level if type(node) is list or type(node) is dict), None)
                if nested is not None:
                    raise TooLarge(_pointer(body, nested), f"nested more than {MAX_DEPTH} levels deep")
            deeper: list = []
            leaves = 0
            for node in level:
                kind = type(node)
                if kind is list:
                    if len(node) > cards and id(node) not in exempt:
                        raise TooLarge(_pointer(body, node), f"holds {len(node)} items; no list in a position "
                                                             f"of this variant holds more than {cards}")
                    if node and type(node[0]) is str:
                        # Card codes, most of any body: the join in C refuses anything but strings, and
                        # when all of them together are short, none of them breaks a limit.
                        try:
                            if len("".join(node)) <= MAX_STRING:
                                leaves += len(node)
                                continue
                        except TypeError:
                            pass
                    deeper += node
                elif kind is dict:
                    if len(node) > MAX_KEYS:
                        raise TooLarge(_pointer(body, node), f"{len(node)} fields; an object here has at most "
                                                             f"{MAX_KEYS}")
                    deeper += node.values()
                elif kind is str and len(node) > MAX_STRING:
                    raise TooLarge(_pointer(body, node), f"{len(node)} characters; a string here is at most "
                                                         f"{MAX_STRING}")
            level = deeper
            depth += 1
        holders = [((name,), body[name]) for name in CARD_HOLDERS if name in body and body[name] is not None]
        if logs:
            holders += [((*at, index), move) for at, found in logs.values() for index, move in enumerate(found)]
        for pointer, holder in holders:
            cards = _cards_shown(holder)
            if cards > bounds.cards:
                raise TooLarge(pointer, f"names {cards} cards; a deal of this variant has {bounds.cards}")


LIMITS = Limits()
MAX_BATCH_ITEMS = 256  # requests in one batch; each is held to the limits of a single call
