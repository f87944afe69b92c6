"""The rules behind the entry fields play reads beyond Classic's: scoring, going out and the pile.

Every text names the variants whose entry sets the field and takes its numbers from the entry, so
an entry changed is a rule text changed.
"""

from __future__ import annotations

from ...rules import READING, Rule, Section
from .hooks import (
    JOKER_SWAP, QUEEN_OF_SPADES_DISCARDED_LAST, SUPER_CANASTA, SUPER_CANASTA_BONUS, SUPER_CANASTA_CARDS,
    WILD_CANASTA_BY_COMPOSITION, WILD_CANASTA_COMPOSITIONS,
)
from .variant_rules import (
    BICYCLE_BOLIVIA, BICYCLE_BRAZILIAN, BICYCLE_SAMBA, BOOK, BRIGHT_NET_BOLIVIA, OFFICIAL_LAWS_SAMBA, RUMMY_GAMES_BOLIVIA,
    SOURCES, WHITEKNUCKLE_BRAZILIAN,
)
from .variants import ENTRIES, VariantRules


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _where(test) -> list[tuple[str, VariantRules]]:
    """The entries a field sets, by a test of the entry, in the order the service lists them."""
    return [(slug, entry) for slug, entry in ENTRIES.items() if test(entry)]


def _sources(found: list[tuple[str, VariantRules]], *extra) -> tuple:
    seen: list = list(extra)
    for slug, _ in found:
        seen += [source for source in SOURCES.get(slug, ()) if source not in seen]
    return tuple(seen)


def _rule(rule_id: str, title: str, lead: str, found: list[tuple[str, VariantRules]], said, *extra,
          notes: tuple[str, ...] = (), options: tuple[str, ...] = (), by_option: tuple[str, ...] = ()) -> Rule:
    """A rule whose text is a lead sentence and one sentence per variant setting the field; `by_option` names the
    variants where only an option's choice brings the rule in (the lead and the notes say how)."""
    text = lead + " " + " ".join(f"{entry.title}: {said(entry)}." for _, entry in found)
    variants = tuple(slug for slug, _ in found)
    return Rule(rule_id, title, text.strip(), _sources(found, *extra), options=options, notes=notes,
                variants=variants + tuple(slug for slug in by_option if slug not in variants))


def _kind(entry: VariantRules, kind: str) -> str:
    return dict(entry.canastas.names).get(kind, kind)


def _schedule(entry: VariantRules) -> str:
    totals = entry.threes.schedule[1:]
    apart = "red and black threes are counted apart, each colour" if entry.threes.per_colour else "the threes"
    return (f"{apart} on the schedule {_listed([str(t) for t in totals])} in all for one to "
            f"{len(totals)} of them")


def _minus(entry: VariantRules) -> str:
    unless = entry.threes.red_negative_unless
    if unless == "never":
        return "they never count minus"
    if unless == "melded":
        return "they count minus for a side that has melded nothing"
    wanted = 1 if unless == "canasta" else entry.going_out.canastas
    return f"they count minus for a side holding fewer than {_plural(wanted, 'canasta')} at the end of the hand"


def _by_kind(entry: VariantRules) -> str:
    kinds = _listed([_plural(n, _kind(entry, kind)) for kind, n in entry.going_out.by_kind])
    return f"of the {_plural(entry.going_out.canastas, 'canasta')} going out needs, the side holds {kinds}"


def _black_in_hand(entry: VariantRules) -> str:
    threes, card = entry.threes, entry.values.black_three
    when = ("when a player goes out (when the stock runs out it counts " + str(card) + ", as any card left)"
            if threes.black_hand_when == "anyone_out" else "however the hand ends")
    return (f"a black three still held costs its side {threes.black_hand_value} {when}, against {card} for one "
            "melded in going out")


def _by_place(entry: VariantRules) -> str:
    said = [f"{card} {value} melded" for card, value in entry.values.melded]
    said += [f"{card} {value} left in hand" for card, value in entry.values.in_hand]
    return _listed(said)


def _wild_as(entry: VariantRules) -> str:
    by_value: dict[int, list[str]] = {}
    for rank, points in entry.values.wild_as:
        by_value.setdefault(points, []).append(rank)
    valued = sorted({card[:-1] for card in entry.roles.wild if card != "JK"})
    own = entry.values.table(entry.roles)[next(card for card in entry.roles.wild if card != "JK")] if valued else 0
    said = [f"{points} standing for {'an' if ranks[0] in ('8', 'A') else 'a'} "
            f"{', '.join(ranks[:-1]) + ' or ' + ranks[-1] if len(ranks) > 1 else ranks[0]}"
            for points, ranks in by_value.items()]
    joker = f"; a joker counts its own {entry.values.joker}" if "JK" in entry.roles.wild else ""
    return (f"a melded {_listed(valued)} counts {_listed(said)}, and its own {own} standing for any other rank"
            f"{joker}")


def _composed(entry: VariantRules) -> str:
    said = []
    for (jokers, twos), bonus in WILD_CANASTA_COMPOSITIONS:
        held = [f"{_plural(jokers, 'joker')}"] if jokers else []
        held += [f"{_plural(twos, 'two')}"] if twos else []
        said.append(f"{_listed(held)} earn {bonus}")
    return f"{'; '.join(said)}; any other wild canasta earns {entry.canastas.wild}"


def _incomplete(entry: VariantRules) -> str:
    when = {"other_side_out": "when another side goes out", "hand_end": "whenever the hand ends"}
    return _listed([f"a {kind} meld of fewer than {below} cards costs {points}"
                    for kind, below, points in entry.incomplete_penalty]) + " " + when[entry.incomplete_when]


def _rounds(entry: VariantRules) -> str:
    return (f"a game is {_plural(entry.game_rounds, 'deal')}; a position carries the deal's number (round, 1 to "
            f"{entry.game_rounds}) and the game ends with the hand of round {entry.game_rounds}")


def _by_round(entry: VariantRules) -> str:
    tiers = entry.opening.tiers
    return "the initial meld needs " + _listed([f"{needed} in round {low or 1}" for low, needed in tiers])


def _last_discard(entry: VariantRules) -> str:
    return "the hand ends with the discard of the player who drew the stock's last card"


def _blocked_tops(entry: VariantRules) -> str:
    words = {"wild": "a wild card", "black_three": "a black three", "three": "any three"}
    return "the pile cannot be taken with " + _listed([words.get(top, f"a {top}") for top in entry.pile.blocked_tops]
                                                     or ["any card blocking it"]) + " on top"


def _take_limit(entry: VariantRules) -> str:
    return (f"at most {entry.pile.take_limit} cards come with the pile, the top card among them; the rest stay as "
            "the discard pile")


def _wild_pair(entry: VariantRules) -> str:
    sets = entry.sets
    fewest = max(2, sets.min_cards - 1)
    most = f", the meld holding at most {sets.max_cards} cards" if sets.max_cards is not None else ""
    new = f" ({fewest} or more for a new meld)" if fewest > 2 else ""
    return (f"a wild card on top comes with a pair of wild cards or more from the hand, into a new meld of wild "
            f"cards alone{new} or onto one of the side's{most}")


def _foot(entry: VariantRules) -> str:
    return (f"each player is dealt a foot of {entry.foot} cards besides the hand of {entry.deal}, and going out "
            "plays out both")


def _played_from_foot(entry: VariantRules) -> str:
    return "both partners must have played from their feet before their side goes out"


def _foot_cards(entry: VariantRules) -> str:
    return f"a foot of {entry.foot} cards never taken up counts against its side"


def _opening_draw(entry: VariantRules) -> str:
    return f"whoever makes the side's initial meld then takes {entry.opening_draw} cards from the stock"


def _kitty(entry: VariantRules) -> str:
    number, size = entry.kitties
    return f"{_plural(number, 'kitty')} of {size} cards lie aside face down, taken in the order they were dealt"


def _kitty_stock(entry: VariantRules) -> str:
    return "when the stock runs out a kitty still on the table becomes the stock"


SCORING_FOUND = {
    "schedule": _where(lambda e: bool(e.threes.schedule) or e.threes.per_colour),
    "minus": _where(lambda e: e.threes.red_negative_unless != "melded"),
    "black": _where(lambda e: e.threes.black_hand_value != e.values.black_three),
    "by_kind": _where(lambda e: bool(e.going_out.by_kind)),
    "bonus_cards": _where(lambda e: e.going_out.bonus_cards_per_canasta),
    "by_place": _where(lambda e: bool(e.values.melded or e.values.in_hand)),
    "incomplete": _where(lambda e: bool(e.incomplete_penalty)),
    "wild_as": _where(lambda e: bool(e.values.wild_as)),
    "queen_last": _where(lambda e: QUEEN_OF_SPADES_DISCARDED_LAST in e.hooks),
    "joker_swap": _where(lambda e: JOKER_SWAP in e.hooks),
    "composed": _where(lambda e: WILD_CANASTA_BY_COMPOSITION in e.hooks),
    "super": _where(lambda e: SUPER_CANASTA in e.hooks),
    "rounds": _where(lambda e: e.game_rounds is not None),
    "by_round": _where(lambda e: e.opening.basis == "round"),
    "last_discard": _where(lambda e: e.stock_end == "last_discard"),
    "blocked_tops": _where(lambda e: e.pile.blocked_tops != ("black_three", "wild")),
    "take_limit": _where(lambda e: e.pile.take_limit is not None),
    "unless_canasta": _where(lambda e: e.pile.onto_meld_unless_canasta),
    "wild_pair": _where(lambda e: e.pile.wild_top_with_wild_pair),
    "foot": _where(lambda e: e.foot > 0),
    "opening_draw": _where(lambda e: e.opening_draw > 0),
    "kitty": _where(lambda e: e.kitties[0] > 0),
    "kitty_stock": _where(lambda e: e.stock_end == "kitty"),
    "played_from_foot": _where(lambda e: "played_from_foot" in e.hooks),
}

PLAY_RULES = (
    _rule("canasta.threes.schedule", "Threes scored on a schedule",
          "Where a variant scores its bonus threes on a schedule, a side earns a total set by how many of them "
          "it has laid out rather than a figure for each. In Brazilian Canasta the option brazilian_red_threes "
          "schedule scores one to four red threes 100 each, five 1000 and six 1200.", SCORING_FOUND["schedule"],
          _schedule, BICYCLE_BRAZILIAN, BOOK, options=("brazilian_red_threes",), by_option=("brazilian",),
          notes=(f"brazilian_red_threes as_samba (the default): {BOOK} gives Brazilian Canasta as Bolivia with its "
                 "own bonuses and penalties, and Bolivia as Samba, whose red threes score 100 each and 1000 for all "
                 "six, counting minus only for a side that has melded nothing.",
                 f"brazilian_red_threes schedule: {BICYCLE_BRAZILIAN} scores one to four red threes 100 each, five "
                 "1000 and six 1200, counting them for the side once it holds a canasta and against it before.")),
    _rule("canasta.threes.minus", "When bonus threes count minus",
          "Whether a side's bonus threes count for it or against it depends on what it has melded by the end "
          "of the hand. In Samba, Bolivia and Brazilian Canasta they count minus, as in the basic game, for a side "
          "that has melded nothing, unless an option reads another source (the notes).", SCORING_FOUND["minus"],
          _minus, BRIGHT_NET_BOLIVIA, BICYCLE_BRAZILIAN, BOOK,
          options=("samba_red_threes_minus", "bolivia_red_threes_minus", "brazilian_red_threes"),
          by_option=("samba", "bolivia", "brazilian"),
          notes=("Joker Canasta asks for one canasta, as its source says; Brazilian Canasta does under "
                 "brazilian_red_threes schedule.",
                 f"bolivia_red_threes_minus unmelded (the default): {BOOK} describes Bolivia as Samba with changes "
                 f"that leave the red threes alone, as do {BICYCLE_BOLIVIA} and {RUMMY_GAMES_BOLIVIA}, so they count "
                 "minus, as in Samba, only for a side that has melded nothing.",
                 f"bolivia_red_threes_minus short_of_two_canastas: {BRIGHT_NET_BOLIVIA} counts Bolivia's red threes "
                 "for the side only once it has melded two canastas.")),
    _rule("canasta.black-threes.in-hand", "A black three left in the hand",
          "A black three left in a hand when the hand ends counts against the holder's side, as any card left "
          "there: 5, in Bolivia and Brazilian Canasta as in the basic game. The option black_threes_in_hand gives "
          "it 100 there instead: when any player goes out, the holder's partner included (anyone_out; when the "
          "stock runs out it counts 5, as any card), or however the hand ends (hand_end).", SCORING_FOUND["black"],
          _black_in_hand, BOOK, BICYCLE_BOLIVIA, RUMMY_GAMES_BOLIVIA, BRIGHT_NET_BOLIVIA,
          options=("black_threes_in_hand",), by_option=("bolivia", "brazilian"),
          notes=(f"black_threes_in_hand card_value (the default): {BOOK} plays Bolivia as Samba, and Samba as the "
                 "basic game for all scoring it does not name, and Brazilian as Bolivia: a black three left in a hand "
                 "counts 5, as any card.",
                 f"black_threes_in_hand anyone_out: {BICYCLE_BOLIVIA} and {RUMMY_GAMES_BOLIVIA} charge 100 for a "
                 "black three held when a player goes out, the holder's partner included. Neither says what it costs "
                 "when the stock runs out and nobody goes out, so there it counts as any card left in the hand.",
                 f"black_threes_in_hand hand_end: {BRIGHT_NET_BOLIVIA} charges 100 for a black three left in the "
                 "hand without naming how the hand ended, so it costs 100 when the stock runs out too. Brazilian "
                 "Canasta is played as Bolivia on this point.")),
    _rule("canasta.going-out.by-kind", "Canastas of a kind before going out",
          "Where a variant asks for canastas of a kind, a player goes out only when the side's melds, counting "
          "those completed in the same move, hold that many of each kind besides the count.",
          SCORING_FOUND["by_kind"], _by_kind),
    _rule("canasta.going-out.bonus-cards", "As many red threes as canastas",
          "A player goes out only when the side has laid out at least as many bonus threes as it holds "
          "canastas, counting the canastas completed in the same move.", SCORING_FOUND["bonus_cards"],
          lambda entry: f"going out needs {_plural(entry.going_out.canastas, 'canasta')} and a red three laid out "
                        "for each canasta the side holds", READING,
          notes=(f"{READING}: a side holding more canastas than red threes laid out does not go out, reading "
                 "'as many red threes as canastas' as a floor on the threes.",)),
    _rule("canasta.scoring.values-by-place", "Cards worth more melded or left in hand",
          "Where a variant gives a card a worth of its own in a meld or in a hand, that worth replaces the "
          "card's value there: a melded card counts it wherever melds are counted, the initial meld "
          "included, and a card still held when the hand ends costs it. Each such card is a score line of "
          "its own.", SCORING_FOUND["by_place"], _by_place),
    _rule("canasta.scoring.wild-as", "Wild cards counted as the card they stand for",
          "Where a variant says so, a wild card other than a joker counts in a meld by the rank it stands for (in a "
          "set, the set's rank), wherever melds are counted, the initial meld included; left in a hand it keeps "
          "its own value.", SCORING_FOUND["wild_as"], _wild_as),
    _rule("canasta.canastas.wild-by-composition", "Wild canastas valued by what they hold",
          "Where a variant says so, the bonus of a canasta of wild cards alone depends on how many jokers and twos "
          "it holds, and such canastas make a score line of their own.", SCORING_FOUND["composed"], _composed),
    _rule("canasta.canastas.super", "A run of a whole suit",
          "Where a variant says so, a sequence holding every rank of its suit is a super canasta: it earns a bonus "
          "of its own in place of a canasta's, smaller when wild cards stand in it, on a score line of its own.",
          SCORING_FOUND["super"],
          lambda entry: f"a run of all {SUPER_CANASTA_CARDS} cards of a suit earns {SUPER_CANASTA_BONUS['natural']} "
                        f"with no wild card in it and {SUPER_CANASTA_BONUS['mixed']} with one, where a shorter "
                        f"sequence of {entry.canastas.size} or more earns {entry.canastas.natural} or "
                        f"{entry.canastas.mixed} as a canasta"),
    _rule("canasta.melds.joker-swap", "Taking a joker from the table",
          "Where a variant says so, a player who has drawn may take a joker from a set of another side into the "
          "hand by putting in its place a natural card of the set's rank from the hand (a move of its own, "
          "swap_joker); the set keeps its size, and twos and other wild cards are never taken.",
          SCORING_FOUND["joker_swap"], lambda entry: "the joker alone may be taken, the twos stay",
          notes=(f"The joker is named as a card of a suit when it is melded, and the sources ask for that very card "
                 f"in exchange; {READING}: a set's joker stands for its rank, and any natural card of that rank "
                 "takes it, as table melds name no suit for their jokers. The sources let 'other players' take it, "
                 "so a side never takes a joker back from its own melds.",)),
    _rule("canasta.pile.queen-of-spades-last", "The queen of spades discarded last",
          "Where a variant says so, a player may discard the queen of spades only while holding no other card to "
          "discard: as the last card of the hand, going out, or from a hand of queens of spades alone.",
          SCORING_FOUND["queen_last"], lambda entry: "a player holding any other card discards that card instead",
          notes=("The rule books say the queen of spades is discarded only on the last turn, as long as any other "
                 f"card can be discarded; {READING} lets a hand holding nothing but queens of spades discard one, "
                 "since it has no other card to discard.",)),
    _rule("canasta.scoring.incomplete", "Unfinished melds cost points",
          "Where a variant penalises unfinished melds, each meld of the kind named left below the size "
          "named costs its side the points named, one score line per meld, at the moment the variant names.",
          SCORING_FOUND["incomplete"], _incomplete, BICYCLE_BRAZILIAN, WHITEKNUCKLE_BRAZILIAN,
          options=("incomplete_melds",),
          notes=("incomplete_melds short_of_seven (the default): The Ultimate Book of Card Games charges 1000 "
                 "for each meld on the table that falls short of a samba or a bolivia (a sequence or a meld of "
                 "wild cards alone under seven cards), and only when the other side goes out.",
                 "incomplete_melds sequences_under_five: Bicycle's and whiteknucklecards.com's Brazilian Canasta "
                 "charge 1000 for each sequence of fewer than five cards, whenever the hand ends and whichever "
                 "side went out; melds of wild cards alone cost nothing.")),
    _rule("canasta.game.rounds", "A game of a fixed number of deals",
          "Where a variant plays a fixed number of deals, the game ends after the last of them whatever the "
          "scores, and the side with the higher total wins; an exact tie has no winner.",
          SCORING_FOUND["rounds"], _rounds),
    _rule("canasta.opening.by-round", "The initial meld by the deal's number",
          "Where a variant sets the initial meld's minimum by the deal rather than by the side's game score, the "
          "deal's number (the position's round, 1 when left out) chooses the tier; failed attempts raise it as "
          "they do elsewhere.", SCORING_FOUND["by_round"], _by_round),
    _rule("canasta.stock.last-discard", "The hand ends with the last card drawn",
          "Where a variant says so, play does not go on without a stock: the player who draws its last card "
          "plays the turn out, and the hand ends with that player's discard unless the player goes out first. "
          "Nobody going out, no side earns the going-out bonus.", SCORING_FOUND["last_discard"], _last_discard),
    _rule("canasta.pile.blocked-tops", "Top cards that block the pile",
          "Each variant names the top cards with which the discard pile can never be taken; a red three on top "
          "never can.", SCORING_FOUND["blocked_tops"], _blocked_tops),
    _rule("canasta.pile.take-limit", "Taking part of the pile",
          "Where a variant limits what comes with the pile, the player takes the top card and the cards nearest "
          "to it, up to the limit, and the cards below stay on the table as the discard pile.",
          SCORING_FOUND["take_limit"], _take_limit, options=("pile_take_limit",), notes=(
              "pile_take_limit seven_in_all (the default): The Ultimate Book of Card Games lets a player take up to "
              "seven cards of Hand and Foot's pile; cardref reads the seven as every card taken, the top one "
              "included, as the words say.",
              "pile_take_limit top_plus_seven: cardref's reading of the same words as the seven cards that reach "
              "the hand, besides the top card, which goes into a meld at once; none of the other published rule "
              "sets limits the take at all.")),
    _rule("canasta.pile.onto-meld-unless-canasta", "The top card onto a meld not yet a canasta",
          "Where a variant says so, a pile that is not frozen may be taken by adding its top card to one of the "
          "side's melds only while that meld is not yet a canasta; a natural pair still takes it, as a meld of its "
          "own. A canasta never takes the top card, alone or with cards from the hand, while natural cards from "
          "the hand may still be added to it.",
          SCORING_FOUND["unless_canasta"],
          lambda entry: "a completed canasta takes no top card alone" if entry.pile.onto_meld else
          "only with the option top_card_onto_set=unless_canasta; by default a set takes the top card only with a "
          "natural pair from the hand, and a sequence takes it alone",
          notes=(f"{BOOK.title} lets the Samba family take the pile only with a natural pair, or lay its top "
                 f"card alone on a sequence (the default); {BICYCLE_SAMBA.title} and {OFFICIAL_LAWS_SAMBA.title} also let the "
                 "top card of a pile that is not frozen join a set that is not yet a canasta (the option).",),
          options=("top_card_onto_set",)),
    _rule("canasta.pile.wild-top-pair", "A wild card on top taken with a wild pair",
          "Where a variant says so, a wild card on top of the discard pile does not block it: the player takes "
          "it with a pair of wild cards from the hand (or more), and those cards with the top one make a meld of "
          "wild cards alone or join one the side has. Frozen or not, nothing else takes such a pile; the cards "
          "below come with it as they do with any top card, and a side that has not opened may take it to open, "
          "the meld counting as any meld made with the top card does.", SCORING_FOUND["wild_pair"], _wild_pair),
    _rule("canasta.foot.take-up", "The foot, a second hand",
          "Where a variant deals a foot, each player's foot lies face down, unseen even by its owner, until "
          "the player's hand is empty. A player who empties the hand by melding or adding to melds turns the foot "
          "over at once and plays on with it in the same turn; a player whose last card of the hand goes to the "
          "discard pile turns it over then and plays from it in the following turn. Emptying the hand while the "
          "foot is still down is therefore never going out: it needs no canasta, and two cards need not be kept "
          "back. Going out means playing out the hand and then the foot.", SCORING_FOUND["foot"], _foot, READING,
          notes=(f"{READING}: the sources say nothing of red threes found in a foot; they are laid out when the "
                 "foot is turned over and replaced from the stock, as those in a hand are at the deal.",)),
    _rule("canasta.going-out.played-from-foot", "Every partner plays from the foot first",
          "Where a variant says so, a side goes out only once every player of the side has played a turn from "
          "the foot: a turn begun with the foot in hand, or one in which the foot was turned over and play went "
          "on from it.", SCORING_FOUND["played_from_foot"], _played_from_foot, READING,
          notes=(f"{READING}: a foot turned over by the hand's last discard is first played from in its owner's "
                 "next turn, so that turn is the first one played from it.",)),
    _rule("canasta.scoring.foot-cards", "Cards left in a foot",
          "A foot still face down when the hand ends counts against its owner's side, each card at its value as "
          "if left in the hand, on a score line of its own.", SCORING_FOUND["foot"], _foot_cards),
    _rule("canasta.opening.draw", "Cards drawn for the initial meld",
          "Where a variant says so, the player whose melds complete the side's initial meld adds the stock's "
          "next cards to the hand at once, as many as the variant names (all the stock holds, when it holds "
          "fewer), and plays on; red threes among them are laid out and replaced as with any draw. Only the "
          "side's first player to meld does so: the partner melding later draws nothing extra.",
          SCORING_FOUND["opening_draw"], _opening_draw, READING,
          notes=(f"{READING}: the cards come once the turn's melds reach the minimum, whether they were melded "
                 "from the hand or made with the discard pile's top card; a player whose initial meld goes out "
                 "has ended the hand and draws nothing.",)),
    _rule("canasta.kitty.take-up", "A kitty for a hand played out",
          "Where a variant sets kitties aside, a player who plays out the hand while a kitty is still on the table "
          "and cannot go out (the side lacks what going out needs) takes the kitty up as a new hand instead. "
          "Emptied by melding or adding to melds, the hand is replaced at once and the turn goes on; emptied "
          "by the discard, the kitty is played from the player's next turn. Either way playing out the hand is "
          "then allowed without a canasta.", SCORING_FOUND["kitty"], _kitty, READING,
          notes=(f"{READING}: the source lets a player who empties the hand ask for a kitty, and lets a player "
                 "whose side has a canasta finish; a player able to finish finishes, and which kitty comes is "
                 "left to the house there, so the first still on the table is taken.",)),
    _rule("canasta.stock.kitty", "The stock runs out into a kitty",
          "Where a variant says so, the moment the stock is empty a kitty still on the table is turned into the "
          "stock and play goes on; once no kitty is left, an empty stock ends play as in the classic game.",
          SCORING_FOUND["kitty_stock"], _kitty_stock),
)

PLAY_SECTION = Section("Scoring, going out and the pile in other variants", PLAY_RULES)
