"""Canasta's rule book and options: every rule the engine cites, in the project's own words."""

from ...rules import Option, Rule, RuleBook, Section

SEED = "seeds/canasta-variants-and-euchre.txt (Canasta, first part)"
FACTS = "rules/classic_canasta_facts.md"
PAGAT = "https://www.pagat.com/rummy/canasta.html"
OPEN_POINTS = "rules/README.md (Classic Canasta)"
VARIANTS = "rules/variant_facts.md"
PAGAT_SOURCE = f"pagat.com, Canasta ({PAGAT}); Wikipedia, Canasta (https://en.wikipedia.org/wiki/Canasta)"
DUMMIES_SOURCE = "Card Games For Dummies (Barry Rigal), Canasta: taking back an insufficient initial meld"


def _facts(section: str, who: str = "pagat") -> str:
    return f"{FACTS} §{section} ({who}: {PAGAT})" if who == "pagat" else f"{FACTS} §{section} ({who})"


RULEBOOK = RuleBook("canasta", (
    Section("Players, cards and the deal", (
        Rule("canasta.players.partnerships", "Two partnerships",
             "Four players form two fixed partnerships, partners sitting opposite each other: side 0 is "
             "seats 0 and 2, side 1 is seats 1 and 3. Melds, red threes and scores belong to the side. "
             "Play goes clockwise, to increasing seat numbers.", _facts("1"), variants=("classic",)),
        Rule("canasta.players.alone", "Every player for themselves",
             "In the two-player game each player is a side of their own: seat s plays side s, with no "
             "partner, so nobody is asked for permission to go out.", f"{VARIANTS} (Two-hand Canasta)",
             variants=("two-hand",)),
        Rule("canasta.deal.cards", "The deck",
             "Two standard 52-card packs and four jokers: 108 cards, so every card code exists twice and "
             "the joker four times. Every position accounts for all 108 cards in the hands (shown or "
             "counted), the stock (listed or counted), the discard pile, the melds and the red threes; a "
             "card seen more often than the deck holds it, or a total other than 108, is no position of "
             "the game.", _facts("1")),
        Rule("canasta.deal.hands", "Dealing",
             "The dealer gives each player 11 cards, one at a time, starting with the player on the "
             "left; the remaining cards form the face-down stock. The deal passes to the left after each "
             "hand. The player on the dealer's left takes the first turn.", _facts("1"), variants=("classic",)),
        Rule("canasta.deal.upcard", "The upcard",
             "The top card of the stock is turned face up to start the discard pile. If it is a wild card "
             "or a red three, another card is turned onto it, and so on until the card on top is neither. "
             "A pile started this way is frozen from the beginning, because it holds a wild card or a red "
             "three.", _facts("1")),
        Rule("canasta.deal.two-hand", "Two-hand deal and draw",
             "Two players get 15 cards each and take two cards from the stock in every turn, discarding "
             "one. If only one card is left in the stock, taking it counts as the whole draw. A red three "
             "among the stock's last two cards brings no replacement, and the hand ends at once only when "
             "a red three was the single card left. Everything else follows Classic Canasta.",
             f"{VARIANTS} (Two-hand Canasta, pagat via Ebbeling)", variants=("two-hand",)),
        Rule("canasta.cards.wild", "Wild cards and naturals",
             "The four jokers and the eight twos are wild: in a meld they stand for the meld's rank. Aces, "
             "kings and every rank down to the fours are natural cards. Threes are neither: red threes "
             "are bonus cards and black threes are stop cards.", _facts("3")),
        Rule("canasta.cards.values", "What each card is worth",
             "Joker 50; two 20; ace 20; king, queen, jack, ten, nine and eight 10 each; seven, six, five "
             "and four 5 each; a black three 5. A red three has no card value: it scores as a bonus. A "
             "wild card in a meld keeps its own value.", _facts("2")),
    )),
    Section("Red and black threes", (
        Rule("canasta.red-threes.lay-out", "Red threes go on the table at once",
             "A red three is never kept in the hand, melded or discarded. A player dealt one, or drawing "
             "one from the stock, puts it face up in front of the side at once and takes a replacement "
             "from the stock (after the deal: each player in turn from the dealer's left, once the upcard "
             "is turned). A red three that comes with the discard pile is laid out the same way but "
             "brings no replacement. So a hand never holds a red three.", _facts("8")),
        Rule("canasta.red-threes.last-card", "A red three as the last stock card",
             "If the card a player takes from the stock (or as a replacement) is a red three and the "
             "stock is then empty, the three is laid out and the hand ends at once: that player neither "
             "melds nor discards.", _facts("12")),
        Rule("canasta.red-threes.score", "What red threes score",
             "Each red three earns its side 100; a side holding all four earns 800 for them. A side that "
             "has melded nothing by the end of the hand loses those amounts instead. How much a side "
             "loses for all four unmelded red threes is the option four_red_threes_unmelded.",
             _facts("8"), options=("four_red_threes_unmelded",),
             notes=("-800 (default): the four count minus their full value, as pagat reads (via Ebbeling) "
                    f"and as Card Games For Dummies says ({FACTS} §8).",
                    "-400: only 100 each is lost, with no doubling, as the OpenSpiel engine tests and the "
                    f"GameDuell FAQ have it ({FACTS} §8).")),
        Rule("canasta.black-threes.stop", "Black threes stop the next player",
             "A black three on top of the discard pile cannot be taken, so the player after the one who "
             "discarded it must draw from the stock. What it does once covered is the option "
             "black_three_on_pile.", _facts("11"), options=("black_three_on_pile",),
             notes=("blocks (default): it only stops the next player; covered by another discard it has "
                    f"no further effect and does not freeze the pile (pagat; Dummies; {FACTS} §11).",
                    "freezes: a black three in the pile freezes it like a wild card until someone takes "
                    f"the pile (Bicycle as quoted by Ebbeling; the ccdale/canasta engine; {FACTS} §11).")),
    )),
    Section("A turn", (
        Rule("canasta.turn.order", "Whose turn",
             "Turns go clockwise. A move is made by the seat whose turn it is (or, for the answer to the "
             "going-out question, by that seat's partner).", _facts("1")),
        Rule("canasta.turn.draw", "Begin by drawing or taking the pile",
             "A turn starts either with the top card of the stock or with the whole discard pile, taken "
             "under the conditions of the pile rules.", _facts("7")),
        Rule("canasta.turn.meld", "Then meld and lay off",
             "After drawing, the player may put down new melds and add cards to the side's melds already "
             "on the table, as often as the cards allow, and never to the opponents' melds.",
             _facts("4")),
        Rule("canasta.turn.discard", "End with one discard",
             "The turn ends with one card from the hand put face up on the discard pile. A player who "
             "gets rid of every card by melding goes out without discarding. A discard that leaves the "
             "hand empty is a way of going out, so it needs what going out needs.", _facts("9")),
        Rule("canasta.turn.hand-known", "The cards a move needs",
             "The engine can only judge a move with the cards it concerns: melding, laying off, taking "
             "the pile and discarding need the acting hand shown, and drawing from a stock given only as "
             "a count needs the drawn cards named in the move.", "cardref convention (API.md, hidden hands)"),
    )),
    Section("The discard pile", (
        Rule("canasta.pile.take", "Taking the pile",
             "Instead of drawing, a player may take the whole discard pile. The top card must be melded at "
             "once: with cards from the hand as a new meld, or added to the side's meld of its rank; the "
             "move names those hand cards. The top card is melded before the rest of the pile reaches the "
             "hand, so a pile taken and a top card not yet melded is never a position. Further melds may "
             "be made at the same time (they count toward an initial meld). A wild card or a three on top "
             "can never be taken.", _facts("7")),
        Rule("canasta.pile.frozen", "When the pile is frozen",
             "The pile is frozen for everybody while it holds a wild card or a red three, and frozen for "
             "a side that has not yet made its initial meld.", _facts("7")),
        Rule("canasta.pile.frozen-take", "Taking a frozen pile",
             "A frozen pile can be taken only with two natural cards from the hand of the top card's "
             "rank, melded with it. Wild cards and a meld of that rank already on the table do not "
             "help.", _facts("7")),
        Rule("canasta.pile.unfrozen-take", "Taking a pile that is not frozen",
             "When the pile is not frozen for the side, the top card may be taken with a natural pair of "
             "its rank, with one natural of its rank and one wild card, or by adding it to the side's "
             "meld of its rank.", _facts("7")),
    )),
    Section("Melds", (
        Rule("canasta.melds.set", "A meld is three or more of one rank",
             "A meld is at least three cards of the same rank, aces down to fours, of which at least two "
             "are natural; wild cards may fill it out. Sequences are not melds in Classic Canasta.",
             _facts("4")),
        Rule("canasta.melds.wild-limit", "How many wild cards a meld may hold",
             "A meld never holds more than three wild cards. Whether it may hold more wild cards than "
             "natural ones is the option wild_limit.", _facts("4"), options=("wild_limit",),
             notes=("at_most_three (default): two naturals are enough, so Q-Q-2-2-joker stands (pagat's "
                    f"wording via Ebbeling and anycard; {FACTS} §4).",
                    "not_more_than_naturals: wild cards never outnumber natural cards, so 5-2-2 and "
                    f"9-9-2-2-2-joker are refused while 9-9-9-2-2-joker stands (Wikipedia; {FACTS} §4).",
                    "fewer_than_naturals: natural cards must outnumber wild cards (pokerwiner; "
                    f"{FACTS} §4).")),
        Rule("canasta.melds.no-wild-melds", "No melds of wild cards alone",
             "Wild cards cannot be melded on their own; they always join natural cards of a rank.",
             _facts("4")),
        Rule("canasta.melds.one-per-rank", "One meld of each rank per side",
             "A side has at most one meld of each rank; more cards of that rank are added to it. Both "
             "sides may meld the same rank.", _facts("4")),
        Rule("canasta.melds.black-threes", "Black threes only in going out",
             "Black threes may be melded only by a player going out in that turn, as three or four black "
             "threes with no wild card.", _facts("4")),
        Rule("canasta.melds.from-hand", "Meld what you hold",
             "Melds and additions are made from the cards in the player's hand.", _facts("4")),
        Rule("canasta.melds.keep-a-card", "Melding down to the last card",
             "Emptying the hand, or keeping a single card that must then be discarded, is going out. A "
             "player who may not go out must therefore keep at least two cards after melding, so that a "
             "card is left after the discard.", _facts("9")),
    )),
    Section("Canastas", (
        Rule("canasta.canastas.size", "A canasta is a meld of seven",
             "A meld of seven or more cards is a canasta. It may keep growing; natural cards can be added "
             "to it without limit.", _facts("5")),
        Rule("canasta.canastas.natural", "Natural canasta: 500",
             "A canasta with no wild card earns its side 500 on top of its cards' values (seven kings: "
             "70 + 500).", _facts("5")),
        Rule("canasta.canastas.mixed", "Mixed canasta: 300",
             "A canasta holding one to three wild cards earns 300 on top of its cards. Adding a wild card "
             "to a natural canasta makes it mixed.", _facts("5")),
    )),
    Section("The initial meld", (
        Rule("canasta.opening.minimum", "Minimum count of the initial meld",
             "A side's first meld must count at least a minimum that depends on the side's game score "
             "before the hand: 50 from 0 to 1495, 90 from 1500 to 2995, 120 from 3000 up, and for a "
             "negative score the option opening_negative_minimum. Only the cards' values count, never "
             "bonuses or red threes.", _facts("6"), options=("opening_negative_minimum",),
             notes=(f"15 (default): pagat, Wikipedia, Bicycle and the OpenSpiel engine ({FACTS} §6).",
                    f"0: any meld will do, as Card Games For Dummies and pokerwiner say ({FACTS} §6).")),
        Rule("canasta.opening.counting", "What counts toward the minimum",
             "Every meld the opening turn puts down counts together, whether in one move or one after "
             "another. When the pile is taken to open, the top card counts with the hand cards melded "
             "with it (and any other melds made from the hand in the same move), but no other card of the "
             "pile ever counts, since those reach the hand only after the minimum is met. So 6-6-6 and "
             "K-K-K-2 count 65, short of the 90 needed at 1600, while 6-6-6 and A-A-A-2 count 95 and open.",
             PAGAT_SOURCE),
        Rule("canasta.opening.in-steps", "An initial meld laid down in steps",
             "A player may lay the initial meld down one meld at a time, since the melds of the turn count "
             "together. A meld or addition that leaves the turn's total short of the minimum is accepted "
             "while the cards left in the hand can still bring the total to the minimum with further melds "
             "and additions, keeping two cards for the rest of the turn, or can still go out at once under "
             "the concealed exception. The turn cannot end with a discard while the total is short: the "
             "player either melds the rest or takes the short melds back into the hand (take_back), and "
             "then the side's minimum rises by 10. An opening made by taking the pile is complete in the "
             "move that takes it.", PAGAT_SOURCE,
             notes=("Whether the cards left can still reach the minimum is decided exactly, over every way "
                    "to meld them; this is cardref's reading of 'the melds of one turn count together' "
                    "(pagat) for a table where a short meld is found only when the turn would end.",
                    "Taking back a short initial meld costs the raise of the next minimum only, as Card Games "
                    "For Dummies has it; the 100-point penalty for cards taken back from the table concerns "
                    "invalid melds and exposed cards, not a correct meld that counts too little.")),
        Rule("canasta.opening.failed-attempt", "A failed attempt raises the minimum",
             "A side that put down an initial meld short of the minimum and took it back needs 10 more on "
             "its next attempt, per failed attempt, even later in the same turn. The state counts these "
             "attempts (penalties, failed_openings): the take_back move adds one, and a table may record "
             "others.", DUMMIES_SOURCE),
        Rule("canasta.opening.concealed-exception", "Going out in one turn needs no minimum",
             "A player who draws from the stock and then, in the same turn, melds the whole hand (or all but "
             "one card, which is then discarded), a canasta included, goes out even though the side had not "
             "reached its minimum; the melds may go down in one move or one after another.", PAGAT_SOURCE),
    )),
    Section("Going out", (
        Rule("canasta.going-out.canasta-needed", "A canasta before going out",
             "A player may go out only when the side has at least one canasta on the table, counting one "
             "completed in the same move.", _facts("9"), variants=("classic",)),
        Rule("canasta.going-out.canastas-two", "Two canastas before going out",
             "In the two-player game a player needs two canastas on the table to go out.",
             f"{VARIANTS} (Two-hand Canasta)", variants=("two-hand",)),
        Rule("canasta.going-out.how", "How to go out",
             "A player goes out by melding every card, or every card but one and discarding the last. "
             "The hand ends at once.", _facts("9")),
        Rule("canasta.going-out.ask-partner", "Asking the partner",
             "A player who is able to go out may first ask the partner whether to do so, and only right "
             "after drawing or taking the pile, before any meld other than the one the top card of the "
             "pile requires. Whatever the partner replies, yes or no, binds the player: after yes the player "
             "must go out in this turn, after no the player may not. Asking is optional.", SEED),
        Rule("canasta.going-out.bonus", "Going out: 100",
             "The side of the player who goes out earns 100.", _facts("9")),
        Rule("canasta.going-out.concealed", "Going out concealed: 200",
             "A player who had put no card on the table before this turn, adds nothing to the partner's "
             "melds and melds the whole hand in this turn, a canasta included, goes out concealed: the "
             "side earns 200 in all for going out (not 300).", _facts("9")),
    )),
    Section("When the stock runs out", (
        Rule("canasta.stock.exhausted", "Play without a stock",
             "Once the stock is empty, play goes on only while each player takes the previous player's "
             "discard and melds it. A player must take it when the pile is not frozen for the side and "
             "the card fits one of the side's melds. The hand ends when a player would have to draw from "
             "the empty stock (the draw move then ends the hand). Nobody earns a going-out bonus.",
             SEED),
    )),
    Section("Scoring", (
        Rule("canasta.scoring.melded-cards", "Melded cards count plus",
             "Each side scores the values of all the cards in its melds.", _facts("10")),
        Rule("canasta.scoring.hand-cards", "Cards left in hand count minus",
             "The values of the cards still held at the end are subtracted from the holder's side, even "
             "when they could have formed melds.", _facts("10")),
        Rule("canasta.scoring.sides", "Scores belong to the side",
             "A hand is scored per side; each seat shows its side's total. A side's total can be "
             "negative, and so can its game score.", _facts("10")),
        Rule("canasta.scoring.game", "Game",
             "Hand scores are added to the sides' game scores; the game ends after the hand in which a "
             "side reaches 5000, and the side with the higher total wins. No source settles an exact tie, "
             "which is answered as no winner.", _facts("13")),
        Rule("canasta.penalties.retracted", "A card taken back: -100",
             "A side loses 100 for every card one of its players has to take back from the table, such "
             "as an invalid card put in a meld or a card exposed by accident while melding. The state "
             "records these (penalties, retracted_cards).", SEED),
        Rule("canasta.penalties.undeclared-red-three", "An undeclared red three: -500",
             "A side loses 500 for every red three one of its players failed to declare when it could "
             "have. The state records these (penalties, undeclared_red_threes).", SEED),
    )),
))

OPTIONS = (
    Option("wild_limit", "at_most_three", "canasta.melds.wild-limit",
           "How many wild cards a meld may hold beside its natural cards.",
           choices=("at_most_three", "not_more_than_naturals", "fewer_than_naturals")),
    Option("black_three_on_pile", "blocks", "canasta.black-threes.stop",
           "Whether a black three in the discard pile only blocks the next player or freezes the pile.",
           choices=("blocks", "freezes")),
    Option("four_red_threes_unmelded", -800, "canasta.red-threes.score",
           "What a side that melded nothing loses for holding all four red threes.",
           choices=(-800, -400)),
    Option("opening_negative_minimum", 15, "canasta.opening.minimum",
           "The initial meld minimum of a side with a negative score.", choices=(15, 0)),
)
