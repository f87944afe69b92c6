"""Canasta moves: their shapes and how they are read from JSON."""

from __future__ import annotations

from ...errors import invalid
from ...parsing import read_bool, read_card, read_cards, read_int, read_list, read_object, read_str, reject_unknown

MOVE_TYPES = {
    "draw": "Take the top card(s) of the stock; red threes drawn are laid out and replaced. With an empty "
            "stock, ends the hand. When the stock is given as a count, name the cards drawn in `cards`; a seat "
            "whose hand is hidden names only the red threes it lays out, with null for each card nobody else "
            "sees, or leaves `cards` out when it drew no red three.",
    "take_pile": "Take the whole discard pile, melding its top card with `cards` from the hand (or adding it to "
                 "the side's meld of its rank with no cards); `melds` may add further melds (an opening). Where a "
                 "side may hold several melds of a rank, `meld` names the one the top card joins (its index in "
                 "the side's melds); without it the top card starts a new meld with `cards`.",
    "meld": "Put down one or more new melds: {\"melds\": [{\"cards\": [...]}]}.",
    "lay_off": "Add `cards` to the side's meld number `meld` (its index in the side's melds); `owner`, "
               "optional, names the side whose meld it is.",
    "merge": "Put two of the side's melds of one rank together, where the variant allows it: `melds` names "
             "them by index; the merged meld takes the lower index and the melds after the higher one move "
             "down a place.",
    "discard": "Put `card` on the discard pile, ending the turn (or going out with the last card).",
    "ask_go_out": "Ask the partner whether to go out (right after drawing, before melding).",
    "answer_go_out": "The partner's binding answer to the going-out question: {\"yes\": true|false}.",
    "take_back": "Take back into the hand the melds of an initial meld this turn has left short of the "
                 "minimum; the side's minimum rises by 10 (penalties.failed_openings).",
}
# Where the player completing the side's initial meld then takes cards from the stock (Mexicana), the move that
# completes it may name them in `drawn`, as a draw names its cards in `cards`.
DRAWN_FIELD = "drawn"
OPENING_MOVES = ("meld", "take_pile", "lay_off")
# Moves only some variants have, each with the hook that brings it (game.read_move refuses them elsewhere).
HOOK_MOVE_TYPES = {
    "swap_joker": "Where a variant allows it: take a joker from another side's set into the hand, giving a natural "
                  "`card` of the set's rank in its place; `owner` is the side whose meld it is, `meld` its index.",
}
MOVE_HOOKS = {"swap_joker": "joker_swap"}
MOVE_FIELDS = {
    "draw": frozenset({"cards"}), "take_pile": frozenset({"cards", "melds", "meld"}), "meld": frozenset({"melds"}),
    "lay_off": frozenset({"meld", "cards", "owner"}), "merge": frozenset({"melds"}), "discard": frozenset({"card"}),
    "ask_go_out": frozenset(),
    "answer_go_out": frozenset({"yes"}), "take_back": frozenset(), "swap_joker": frozenset({"owner", "meld", "card"}),
}
MELD_FIELDS = frozenset({"cards", "rank", "kind"})
NAMED_MELD_FIELDS = MELD_FIELDS | {"as"}     # where the variant names wild cards
MAX_MELDS_PER_MOVE = 40
CARD_LIMIT = 324


def _read_meld_list(value: object, pointer: tuple, sequences: bool = False, nominated: bool = False) -> list[dict]:
    melds = read_list(value, pointer)
    if len(melds) > MAX_MELDS_PER_MOVE:
        raise invalid(pointer, f"at most {MAX_MELDS_PER_MOVE} melds per move")
    found = []
    for i, meld in enumerate(melds):
        meld = read_object(meld, pointer + (i,))
        reject_unknown(meld, NAMED_MELD_FIELDS if nominated else MELD_FIELDS, pointer + (i,))
        if meld.get("kind", "set") not in ("set", "wild") and not (sequences and meld["kind"] == "sequence"):
            # A meld is told by its cards, which the checks judge; the kind is a reader's aid (and says which
            # kind is meant where the cards could make two).
            if sequences:
                raise invalid(pointer + (i, "kind"), '"kind": "set", "wild" or "sequence", or no kind',
                              "canasta.melds.set")
            raise invalid(pointer + (i, "kind"), 'sets and melds of wild cards alone are played here: "kind": '
                          '"set" or "wild", or no kind', "canasta.melds.set")
        if "cards" not in meld:
            raise invalid(pointer + (i, "cards"), "required: the cards of the meld")
        cards = read_cards(meld["cards"], pointer + (i, "cards"), CARD_LIMIT)
        found.append({"cards": cards, "kind": meld["kind"]} if "kind" in meld else {"cards": cards})
        if nominated and meld.get("as") is not None:
            found[-1]["as"] = read_cards(meld["as"], pointer + (i, "as"), CARD_LIMIT)
    return found


def _read_drawn(value: object, pointer: tuple) -> list[str | None]:
    """The cards of a draw in order: card codes, with null for a card only the drawer sees."""
    if type(value) is not list or None not in value:
        return read_cards(value, pointer, CARD_LIMIT)
    if len(value) > CARD_LIMIT:
        raise invalid(pointer, f"holds {len(value)} cards; no draw takes more than {CARD_LIMIT}")
    return [None if item is None else read_card(item, pointer + (i,)) for i, item in enumerate(value)]


def read_move(raw: object, players: int, sequences: bool = False, nominated: bool = False,
              opening_draw: bool = False) -> dict:
    """Parse a move into its canonical form; raise InvalidRequest when it is malformed.

    With `sequences` (a variant that has them) a meld may name its kind "sequence"; with `nominated` a meld
    object or a lay-off may name the cards its wild cards stand for ("as"); with `opening_draw` a move that may
    complete the initial meld may name the cards then taken from the stock ("drawn")."""
    raw = read_object(raw, ("move",))
    kind = read_str(raw.get("type"), ("move", "type"), (*MOVE_TYPES, *HOOK_MOVE_TYPES))
    drawn = opening_draw and kind in OPENING_MOVES
    # A move copied from /legal-moves may carry the listing's note on the opening; it is not input.
    reject_unknown(raw, MOVE_FIELDS[kind] | ({"type", "seat", "opening", "as"} if nominated and kind == "lay_off"
                                             else {"type", "seat", "opening"}) | ({DRAWN_FIELD} if drawn else set()),
                   ("move",))
    move: dict = {"type": kind}
    if drawn and raw.get(DRAWN_FIELD) is not None:
        move[DRAWN_FIELD] = _read_drawn(raw[DRAWN_FIELD], ("move", DRAWN_FIELD))
    if kind == "draw" and raw.get("cards") is not None:
        move["cards"] = _read_drawn(raw["cards"], ("move", "cards"))
    elif kind == "take_pile":
        move["cards"] = read_cards(raw.get("cards", []), ("move", "cards"), CARD_LIMIT)
        if raw.get("melds"):
            move["melds"] = _read_meld_list(raw["melds"], ("move", "melds"), sequences, nominated)
        if raw.get("meld") is not None:     # the side's meld the top card joins; optional where only one can
            move["meld"] = read_int(raw["meld"], ("move", "meld"), 0, 1000)
    elif kind == "meld":
        if "melds" not in raw:
            raise invalid(("move", "melds"), 'required: [{"cards": [...]}, ...]')
        melds = _read_meld_list(raw["melds"], ("move", "melds"), sequences, nominated)
        if not melds:
            raise invalid(("move", "melds"), "name at least one meld")
        move["melds"] = melds
    elif kind == "lay_off":
        if "meld" not in raw or "cards" not in raw:
            raise invalid(("move",), 'required: "meld" (the index of the side\'s meld) and "cards"')
        move["meld"] = read_int(raw["meld"], ("move", "meld"), 0, 1000)
        move["cards"] = read_cards(raw["cards"], ("move", "cards"), CARD_LIMIT)
        if nominated and raw.get("as") is not None:     # what the wild cards added stand for, where they are named
            move["as"] = read_cards(raw["as"], ("move", "as"), CARD_LIMIT)
        if raw.get("owner") is not None:    # the side whose meld it is; optional where only one side may be meant
            move["owner"] = read_int(raw["owner"], ("move", "owner"), 0, max(players - 1, 0))
        if not move["cards"]:
            raise invalid(("move", "cards"), "name at least one card to add")
    elif kind == "merge":
        if "melds" not in raw:
            raise invalid(("move", "melds"), "required: the indices of the two melds put together")
        indices = read_list(raw["melds"], ("move", "melds"))
        if len(indices) != 2:
            raise invalid(("move", "melds"), "name two melds, by their indices among the side's melds")
        move["melds"] = [read_int(index, ("move", "melds", i), 0, 1000) for i, index in enumerate(indices)]
        if move["melds"][0] == move["melds"][1]:
            raise invalid(("move", "melds", 1), "name two different melds")
    elif kind == "discard":
        if "card" not in raw:
            raise invalid(("move", "card"), "required: the card to discard")
        move["card"] = read_card(raw["card"], ("move", "card"))
    elif kind == "swap_joker":
        if "owner" not in raw or "meld" not in raw or "card" not in raw:
            raise invalid(("move",), 'required: "owner" (the side whose meld it is), "meld" (its index) and "card" '
                          "(the natural card given for the joker)")
        move["owner"] = read_int(raw["owner"], ("move", "owner"), 0, max(players - 1, 0))
        move["meld"] = read_int(raw["meld"], ("move", "meld"), 0, 1000)
        move["card"] = read_card(raw["card"], ("move", "card"))
    elif kind == "answer_go_out":
        if "yes" not in raw:
            raise invalid(("move", "yes"), "required: true or false")
        move["yes"] = read_bool(raw["yes"], ("move", "yes"))
    if raw.get("seat") is not None:
        move["seat"] = read_int(raw["seat"], ("move", "seat"), 0, players - 1 if players else 0)
    return move
