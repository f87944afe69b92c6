"""Reading the Salsifis moves: placing a card by a packet, the reveal with the formulas said, laying out packets."""

from __future__ import annotations

from ...errors import invalid
from ...parsing import read_bool, read_card, read_cards, read_int, read_list, read_object, read_str, reject_unknown
from .contests import Call
from .formulas import read_formula_text

PLACE_FIELDS = frozenset({"type", "card", "packet", "seat"})
RESOLVE_FIELDS = frozenset({"type", "calls", "revealed"})
REVEALED_FIELDS = frozenset({"seat", "card"})
LAY_OUT_FIELDS = frozenset({"type", "packets"})
CALL_FIELDS = frozenset({"seat", "names", "soup", "text", "simultaneous"})
MAX_CALLS = 50  # formulas recorded for one reveal: far more than any table says
MAX_TEXT = 256  # characters of one formula as said: ten cards named in words fit
MAX_SEATS = 5
PACKET_LIMIT = 52  # the whole pack: the sizes a turn lays out are judged with the state


def read_move(raw: object) -> dict:
    """Parse a move into its canonical form; malformed moves raise InvalidRequest with a pointer."""
    raw = read_object(raw, ("move",))
    kind = read_str(raw.get("type"), ("move", "type"), ("place", "resolve", "lay_out"))
    if kind == "place":
        reject_unknown(raw, PLACE_FIELDS, ("move",))
        if "packet" not in raw:
            raise invalid(("move", "packet"), "required: the packet (0 or 1) to put it by")
        move = {"type": "place", "packet": read_int(raw["packet"], ("move", "packet"), 0, 1)}
        # A seat whose hand is hidden puts its card down unseen; whether it may be left out is judged with the state.
        if raw.get("card") is not None:
            move["card"] = read_card(raw["card"], ("move", "card"))
        if raw.get("seat") is not None:
            # Judged against the table in judge_place, where the number of players is known.
            move["seat"] = read_int(raw["seat"], ("move", "seat"))
        return move
    if kind == "lay_out":
        return _read_lay_out(raw)
    reject_unknown(raw, RESOLVE_FIELDS, ("move",))
    calls = read_list(raw.get("calls", []), ("move", "calls"))
    if len(calls) > MAX_CALLS:
        raise invalid(("move", "calls"), f"at most {MAX_CALLS} formulas can be recorded for one reveal")
    move = {"type": "resolve", "calls": [dump_call(read_call(c, ("move", "calls", i), i)) for i, c in enumerate(calls)]}
    if raw.get("revealed") is not None:
        move["revealed"] = _read_revealed(raw["revealed"])
    return move


def _read_revealed(value: object) -> list[dict]:
    """The face-down cards the reveal shows, for placements the state does not disclose: [{"seat", "card"}]."""
    items = read_list(value, ("move", "revealed"))
    if len(items) > MAX_SEATS:
        raise invalid(("move", "revealed"), f"a table has at most {MAX_SEATS} seats, so at most {MAX_SEATS} cards "
                      "are revealed")
    revealed = []
    for index, item in enumerate(items):
        pointer = ("move", "revealed", index)
        item = read_object(item, pointer)
        reject_unknown(item, REVEALED_FIELDS, pointer)
        if "seat" not in item or item.get("card") is None:
            raise invalid(pointer, 'a revealed card is {"seat": s, "card": c}: the card seat s had face down')
        # Judged against the table in judge_resolve, where the number of players is known.
        revealed.append({"seat": read_int(item["seat"], pointer + ("seat",)),
                         "card": read_card(item["card"], pointer + ("card",))})
    return revealed


def _read_lay_out(raw: dict) -> dict:
    """Laying out a turn's packets: the cards each packet gets from the heap, named when the heap is hidden."""
    reject_unknown(raw, LAY_OUT_FIELDS, ("move",))
    if raw.get("packets") is None:
        return {"type": "lay_out"}
    packets = read_list(raw["packets"], ("move", "packets"))
    if len(packets) != 2:
        raise invalid(("move", "packets"), "a turn lays out two packets: give the cards of each, packet 0 first",
                      "salsifis.deal.packets")
    return {"type": "lay_out", "packets": [read_cards(p, ("move", "packets", i), PACKET_LIMIT)
                                           for i, p in enumerate(packets)]}


def read_call(raw: object, pointer: tuple, index: int) -> Call:
    """Read one formula: {"seat", "names"}, {"seat", "soup": true}, both (names then "salsifis soup"), or {"seat", "text"}."""
    raw = read_object(raw, pointer)
    reject_unknown(raw, CALL_FIELDS, pointer)
    if "seat" not in raw:
        raise invalid(pointer + ("seat",), "required: the seat that said the formula")
    # Judged against the table in judge_resolve, where the number of players is known.
    seat = read_int(raw["seat"], pointer + ("seat",))
    if raw.get("names") is None and raw.get("soup") is None and raw.get("text") is None:
        raise invalid(pointer, 'give "names" (the cards named before "salsifis"), "soup": true (for "salsifis '
                      'soup"), or "text" (the formula as said)')
    simultaneous = read_bool(raw.get("simultaneous", False), pointer + ("simultaneous",))
    if simultaneous and index == 0:
        raise invalid(pointer + ("simultaneous",), "the first formula has no earlier one to be simultaneous with")
    names = () if raw.get("names") is None else tuple(read_cards(raw["names"], pointer + ("names",), 10))
    soup = raw.get("soup") is not None
    if soup and read_bool(raw["soup"], pointer + ("soup",)) is not True:
        raise invalid(pointer + ("soup",), 'must be true when given: "salsifis soup" was said')
    text = None
    if raw.get("text") is not None:
        text = read_str(raw["text"], pointer + ("text",))
        if len(text) > MAX_TEXT:
            raise invalid(pointer + ("text",), f"a formula is at most {MAX_TEXT} characters")
        parsed = read_formula_text(text)
        if parsed is None:
            raise invalid(pointer + ("text",), "not a formula: name cards as \"King of Clubs\" (or KC), then say "
                          "\"salsifis\"; or say \"salsifis soup\"", "salsifis.formula.text")
        if (raw.get("names") is not None or raw.get("soup") is not None) and parsed != (names, soup):
            raise invalid(pointer + ("text",), "the text and the structured form of this formula disagree",
                          "salsifis.formula.text")
        names, soup = parsed
    return Call(seat, names, soup, simultaneous, text)


def dump_call(call: Call) -> dict:
    """The canonical JSON form of a call."""
    dumped: dict = {"seat": call.seat}
    if call.names or not call.soup:
        dumped["names"] = list(call.names)
    if call.soup:
        dumped["soup"] = True
    if call.simultaneous:
        dumped["simultaneous"] = True
    if call.text is not None:
        dumped["text"] = call.text
    return dumped


def calls_of(move: dict) -> list[Call]:
    """The calls of a canonical resolve move."""
    return [Call(c["seat"], tuple(c.get("names", ())), c.get("soup", False), c.get("simultaneous", False),
                 c.get("text")) for c in move["calls"]]
