"""Canasta's rule book and options: every rule the engine cites, in the project's own words."""

from dataclasses import replace

from ...rules import CONVENTION, READING, Option, Rule, RuleBook, Section, Source
from .classic_figures import in_every_variant
from .play_rules import PLAY_SECTION
from .seating_rules import SEATING_SECTION
from .variant_rules import BICYCLE_SAMBA, MELD_SHAPES, VARIANTS

PAGAT = Source("pagat.com: Canasta", "https://www.pagat.com/rummy/canasta.html")
BOOK = Source("The Ultimate Book of Card Games (Scott McNeely, Chronicle Books): Canasta")
BICYCLE_TWO_HAND = Source("Bicycle: Two-Hand Canasta",
                          "http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php?page_id=32")
RUMMY_GAMES_TWO = Source("rummy-games.com: Canasta for Two", "http://www.rummy-games.com/rules/canasta-for-two.html")
WIKIPEDIA = Source("Wikipedia: Canasta", "https://en.wikipedia.org/wiki/Canasta")
BICYCLE = Source("Bicycle: Canasta", "https://bicyclecards.com/how-to-play/canasta")
DUMMIES_THREES = Source("Card Games For Dummies (Barry Rigal): the special rules regarding 3s",
                        "https://www.dummies.com/article/home-auto-hobbies/games/card-games/general-card-games/"
                        "playing-canasta-the-special-rules-regarding-3s-193772/")
DUMMIES_FIRST_MELD = Source("Card Games For Dummies (Barry Rigal): making the first meld",
                            "http://www.dummies.com/games/card-games/canasta/"
                            "playing-canasta-making-the-first-meld-for-your-partnership/")
POKERWINER = Source("pokerwiner.com: Canasta", "http://www.pokerwiner.com/games-of-playing-cards/canasta-1.html")
GAMEDUELL = Source("GameDuell FAQ: Canasta scoring",
                   "https://gameduell.helpshift.com/hc/en/23-canasta/faq/1458-scoring/?p=android")
OPENSPIEL = Source("canasta-openspiel, a Canasta engine following pagat.com",
                   "https://github.com/jhtschultz/canasta-openspiel")
BRITANNICA = Source("Encyclopaedia Britannica: Canasta", "https://www.britannica.com/topic/canasta")
DUMMIES_TAKE_BACK = Source("Card Games For Dummies (Barry Rigal): Canasta, taking back an insufficient initial meld")


CLASSIC_SECTIONS = (
    Section("Players, cards and the deal", (
        Rule("canasta.players.partnerships", "Two partnerships",
             "Four players form two fixed partnerships, partners sitting opposite each other: side 0 is "
             "seats 0 and 2, side 1 is seats 1 and 3. Melds, red threes and scores belong to the side. "
             "Play goes clockwise, to increasing seat numbers.", PAGAT, variants=("classic",)),
        Rule("canasta.players.alone", "Every player for themselves",
             "In the two-player game each player is a side of their own: seat s plays side s, with no "
             "partner, so nobody is asked for permission to go out.", (PAGAT, BICYCLE_TWO_HAND, RUMMY_GAMES_TWO),
             variants=("two-hand",)),
        Rule("canasta.deal.cards", "The deck",
             "Two standard 52-card packs and four jokers: 108 cards, so every card code exists twice and the "
             "joker four times.", PAGAT,
             api_note=("Every position accounts for all 108 cards in the hands (shown or counted), the stock "
                       "(listed or counted), the discard pile, the melds and the red threes; a card seen more "
                       "often than the deck holds it, or a total other than 108, is refused as no position of "
                       "the game.")),
        Rule("canasta.deal.hands", "Dealing",
             "The dealer gives each player 11 cards, one at a time, starting with the player on the "
             "left; the remaining cards form the face-down stock. The deal passes to the left after each "
             "hand. The player on the dealer's left takes the first turn.", PAGAT, variants=("classic",)),
        Rule("canasta.deal.upcard", "The upcard",
             "The top card of the stock is turned face up to start the discard pile. If it is a wild card "
             "or a red three, another card is turned onto it, and so on until the card on top is neither. "
             "A pile started this way is frozen from the beginning, because it holds a wild card or a red "
             "three.", PAGAT),
        Rule("canasta.deal.two-hand", "Two-hand deal and draw",
             "Two players get 15 cards each and take two cards from the stock in every turn, discarding "
             "one. If only one card is left in the stock, taking it counts as the whole draw. A red three "
             "among the stock's last two cards brings no replacement, and the hand ends at once only when "
             "a red three was the single card left. Everything else follows Classic Canasta.",
             (PAGAT, BICYCLE_TWO_HAND, RUMMY_GAMES_TWO), variants=("two-hand",)),
        Rule("canasta.cards.wild", "Wild cards and naturals",
             "The four jokers and the eight twos are wild: in a meld they stand for the meld's rank. Aces, "
             "kings and every rank down to the fours are natural cards. Threes are neither: red threes "
             "are bonus cards and black threes are stop cards.", PAGAT),
        Rule("canasta.cards.values", "What each card is worth",
             "Joker 50; two 20; ace 20; king, queen, jack, ten, nine and eight 10 each; seven, six, five "
             "and four 5 each; a black three 5. A red three has no card value: it scores as a bonus. A "
             "wild card in a meld keeps its own value.", PAGAT),
    )),
    Section("Red and black threes", (
        Rule("canasta.red-threes.lay-out", "Red threes go on the table at once",
             "A red three is never kept in the hand, melded or discarded. A player dealt one, or drawing "
             "one from the stock, puts it face up in front of the side at once and takes a replacement "
             "from the stock (after the deal: each player in turn from the dealer's left, once the upcard "
             "is turned). A red three that comes with the discard pile is laid out the same way but "
             "brings no replacement. So a hand never holds a red three.", PAGAT),
        Rule("canasta.red-threes.last-card", "A red three as the last stock card",
             "If the card a player takes from the stock (or as a replacement) is a red three and the "
             "stock is then empty, the three is laid out and the hand ends at once: that player neither "
             "melds nor discards. In Two-hand, where a draw takes two cards, this holds whenever the stock's "
             "last card is a red three, whether it comes alone or as the second of the last two; a red three "
             "that comes first of the last two is laid out without a replacement and the turn goes on. Under "
             "the option two_hand_last_red_three only_card, a red three drawn second of the last two after a "
             "card that is not one is laid out without a replacement and the turn goes on with that card; the "
             "hand then ends at the next draw, the stock being empty.",
             (PAGAT, BOOK, READING), options=("two_hand_last_red_three",),
             notes=("two_hand_last_red_three ends_hand (the default): The Ultimate Book of Card Games plays "
                    "Two-hand by the basic game's rules, under which a red three that empties the stock ends the "
                    "hand; cardref's reading applies it as written to a red three drawn second of the last two.",
                    "two_hand_last_red_three only_card: Two-hand Canasta as pagat gives it ends the hand on a red "
                    "three drawn as the only card left and gives no replacement for a red three among the last "
                    "two, so a red three drawn after another card leaves the turn to go on with that card. Where "
                    "the draw brought no other card (two red threes), the hand ends all the same: the player "
                    "would face a turn that no legal move could finish.")),
        Rule("canasta.red-threes.score", "What red threes score",
             "Each red three earns its side 100; a side holding all four earns 800 for them. A side that "
             "has melded nothing by the end of the hand loses those amounts instead. How much a side "
             "loses for all four unmelded red threes is the option four_red_threes_unmelded.",
             (PAGAT, DUMMIES_THREES, OPENSPIEL, GAMEDUELL), options=("four_red_threes_unmelded",),
             notes=("-800 (default): the four count minus their full value, as pagat reads (via Ebbeling) "
                    "and as Card Games For Dummies says.",
                    "-400: only 100 each is lost, with no doubling, as the OpenSpiel engine tests and the "
                    "GameDuell FAQ have it.")),
        Rule("canasta.black-threes.stop", "Black threes stop the next player",
             "A black three on top of the discard pile cannot be taken, so the player after the one who "
             "discarded it must draw from the stock. What it does once covered is the option "
             "black_three_on_pile.", (PAGAT, DUMMIES_THREES, BICYCLE), options=("black_three_on_pile",),
             notes=("blocks (default): it only stops the next player; covered by another discard it has "
                    "no further effect and does not freeze the pile (pagat; Card Games For Dummies).",
                    "freezes: a black three in the pile freezes it like a wild card until someone takes "
                    "the pile (Bicycle as quoted by Ebbeling; the ccdale/canasta engine).")),
    )),
    Section("A turn", (
        Rule("canasta.turn.order", "Whose turn",
             "Turns go clockwise. A move is made by the seat whose turn it is (or, for the answer to the "
             "going-out question, by that seat's partner).", PAGAT),
        Rule("canasta.turn.draw", "Begin by drawing or taking the pile",
             "A turn starts either with the top card of the stock or with the discard pile, taken under the conditions of the pile rules: the whole pile, or in "
             "Samba, Bolivia and Brazilian its top card alone, laid onto a sequence of the side that it "
             "continues.", (PAGAT, BICYCLE_SAMBA, BOOK)),
        Rule("canasta.turn.meld", "Then meld and lay off",
             "After drawing, the player may put down new melds and add cards to the side's melds already "
             "on the table, as often as the cards allow, and never to the opponents' melds.",
             PAGAT),
        Rule("canasta.turn.discard", "End with one discard",
             "The turn ends with one card from the hand put face up on the discard pile. A player who "
             "gets rid of every card by melding goes out without discarding. A discard that leaves the "
             "hand empty is a way of going out, so it needs what going out needs.", PAGAT),
        Rule("canasta.turn.hand-known", "The cards a player sees",
             "A player sees only their own hand: the other hands and the stock lie face down, and what they "
             "hold comes to light only as cards are melded, laid off, discarded or laid out as red threes.", CONVENTION,
             api_note=("A player sees only the own hand, so the other hands and the stock may be given as "
                       "counts. A move of a seat whose hand is a count names what the table sees: the cards it"
                       " melds, lays off or discards leave the count and the pile it takes joins it; its draw "
                       "from a counted stock names only the red threes it lays out, with null for each card "
                       "nobody else sees, or nothing when no red three came. Such a move cannot name more "
                       "cards than the count holds, nor a card whose every copy is in sight elsewhere. What "
                       "only the hidden cards could settle (holding the cards named, going out after a "
                       "partner's yes, completing an initial meld begun this turn) is reported as unverified "
                       "instead of judged. A seat whose hand is shown names every card it draws from a counted"
                       " stock.")),
    )),
    Section("The discard pile", (
        Rule("canasta.pile.take", "Taking the pile",
             "Instead of drawing, a player may take the whole discard pile. The top card must be melded at "
             "once: with cards from the hand as a new meld, or added to the side's meld of its rank; the "
             "move names those hand cards. The top card is melded before the rest of the pile reaches the "
             "hand, so a pile taken and a top card not yet melded is never a position. Further melds may "
             "be made at the same time (they count toward an initial meld). A wild card or a three on top "
             "can never be taken. In Samba, Bolivia and Brazilian the top card may also be laid alone onto a "
             "sequence of the side with fewer than seven cards that it continues: then that card alone is "
             "taken, and the rest of the pile stays where it is.", (PAGAT, BICYCLE_SAMBA, BOOK)),
        Rule("canasta.pile.frozen", "When the pile is frozen",
             "The pile is frozen for everybody while it holds a wild card or a red three, and frozen for "
             "a side that has not yet made its initial meld.", PAGAT),
        Rule("canasta.pile.frozen-take", "Taking a frozen pile",
             "A frozen pile can be taken only with two natural cards from the hand of the top card's "
             "rank, melded with it. Wild cards and a meld of that rank already on the table do not "
             "help. Once the pair is there, more cards of the rank or wild cards may join that meld in the "
             "same move, as they could be laid off onto it right after.", PAGAT),
        Rule("canasta.pile.unfrozen-take", "Taking a pile that is not frozen",
             "When the pile is not frozen for the side, the top card may be taken with a natural pair of "
             "its rank, with one natural of its rank and one wild card, or by adding it to the side's "
             "meld of its rank.", PAGAT),
    )),
    Section("Melds", (
        Rule("canasta.melds.set", "A meld is three or more of one rank",
             "A meld is at least three cards of the same rank, aces down to fours, of which at least two "
             "are natural; wild cards may fill it out. Sequences are not melds in Classic Canasta.",
             PAGAT),
        Rule("canasta.melds.wild-limit", "How many wild cards a meld may hold",
             "A meld never holds more than three wild cards. Whether it may hold more wild cards than "
             "natural ones is the option wild_limit.", (PAGAT, WIKIPEDIA, POKERWINER), options=("wild_limit",),
             notes=("at_most_three (default): two naturals are enough, so Q-Q-2-2-joker stands (pagat's "
                    "wording via Ebbeling and anycard).",
                    "not_more_than_naturals: wild cards never outnumber natural cards, so 5-2-2 and "
                    "9-9-2-2-2-joker are refused while 9-9-9-2-2-joker stands (Wikipedia).",
                    "fewer_than_naturals: natural cards must outnumber wild cards (pokerwiner).")),
        Rule("canasta.melds.no-wild-melds", "No melds of wild cards alone",
             "Wild cards cannot be melded on their own; they always join natural cards of a rank.",
             PAGAT),
        Rule("canasta.melds.one-per-rank", "One meld of each rank per side",
             "A side has at most one meld of each rank; more cards of that rank are added to it. Both "
             "sides may meld the same rank.", PAGAT),
        Rule("canasta.melds.black-threes", "Black threes only in going out",
             "Black threes may be melded only by a player going out in that turn, as three or four black "
             "threes with no wild card.", PAGAT),
        Rule("canasta.melds.from-hand", "Meld what you hold",
             "Melds and additions are made from the cards in the player's hand.", PAGAT),
        Rule("canasta.melds.keep-a-card", "Melding down to the last card",
             "Emptying the hand, or keeping a single card that must then be discarded, is going out. A "
             "player who may not go out must therefore keep at least two cards after melding, so that a "
             "card is left after the discard. A player may meld down to one card while going out is still "
             "possible this turn: by discarding it, or by laying it off where that brings what going out "
             "needs.", (PAGAT, READING),
             notes=(f"{READING}: the melds of a turn may be put down in any order, so a step that leaves one card is "
                    "judged by whether the turn can still end in going out, not by what the table holds at that "
                    "step; melding three queens before laying off the king that makes the canasta is the same turn "
                    "as laying the king off first.",)),
    )),
    Section("Canastas", (
        Rule("canasta.canastas.size", "A canasta is a meld of seven",
             "A meld of seven or more cards is a canasta. It may keep growing; natural cards can be added "
             "to it without limit.", PAGAT),
        Rule("canasta.canastas.natural", "Natural canasta: 500",
             "A canasta with no wild card earns its side 500 on top of its cards' values (seven kings: "
             "70 + 500).", PAGAT),
        Rule("canasta.canastas.mixed", "Mixed canasta: 300",
             "A canasta holding one to three wild cards earns 300 on top of its cards. Adding a wild card "
             "to a natural canasta makes it mixed.", PAGAT),
    )),
    Section("The initial meld", (
        Rule("canasta.opening.minimum", "Minimum count of the initial meld",
             "A side's first meld must count at least a minimum that depends on the side's game score before "
             "the hand: 50 from 0 to 1495, 90 from 1500 to 2995, 120 from 3000 up, and for a negative score "
             "the option opening_negative_minimum. Only the cards' values count, never bonuses or red threes. "
             "Melds on the table only grow, so a side that opened in an earlier turn shows at least its "
             "minimum, whatever it has added since.",
             (PAGAT, WIKIPEDIA, BICYCLE, DUMMIES_FIRST_MELD, POKERWINER),
             options=("opening_negative_minimum",),
             notes=("15 (default): pagat, Wikipedia, Bicycle and the OpenSpiel engine.",
                    "0: any meld will do, as Card Games For Dummies and pokerwiner say."),
             api_note=("A position whose side opened in an earlier turn with melds counting less than its "
                       "minimum is refused (where the state leaves the score out, it is held to the lowest "
                       "minimum any score asks).")),
        Rule("canasta.opening.counting", "What counts toward the minimum",
             "Every meld the opening turn puts down counts together, whether in one move or one after "
             "another. When the pile is taken to open, the top card counts with the hand cards melded "
             "with it (and any other melds made from the hand in the same move), but no other card of the "
             "pile ever counts, since those reach the hand only after the minimum is met. So 6-6-6 and "
             "K-K-K-2 count 65, short of the 90 needed at 1600, while 6-6-6 and A-A-A-2 count 95 and open.",
             (PAGAT, WIKIPEDIA)),
        Rule("canasta.opening.in-steps", "An initial meld laid down in steps",
             "A player may lay the initial meld down one meld at a time, since the melds of the turn count "
             "together. A meld or addition that leaves the turn's total short of the minimum may be made while"
             " the cards left in the hand can still bring the total to the minimum with further melds and "
             "additions, keeping two cards for the rest of the turn, or can still go out at once under the "
             "concealed exception. The turn cannot end with a discard while the total is short: the player "
             "either melds the rest or takes the short melds back into the hand (take_back), and then the "
             "side's minimum rises by 10. An opening made by taking the pile is complete in the move that "
             "takes it.", (PAGAT, WIKIPEDIA, READING),
             notes=("Whether the cards left can still reach the minimum is decided exactly, over every way "
                    "to meld them; this is cardref's reading of 'the melds of one turn count together' "
                    "(pagat) for a table where a short meld is found only when the turn would end.",
                    "Taking back a short initial meld costs the raise of the next minimum only, as Card Games "
                    "For Dummies has it; the 100-point penalty for cards taken back from the table concerns "
                    "invalid melds and exposed cards, not a correct meld that counts too little.")),
        Rule("canasta.opening.failed-attempt", "A failed attempt raises the minimum",
             "A side that put down an initial meld short of the minimum and took it back needs 10 more on its "
             "next attempt, per failed attempt, even later in the same turn. In Two-hand Canasta the option "
             "two_hand_penalties decides whether this penalty applies.",
             (BOOK, DUMMIES_TAKE_BACK), options=("two_hand_penalties",),
             notes=("two_hand_penalties none: the sources that drop the penalties with two players name the one "
                    "for insufficient melds beside the one for exposed cards, so a failed attempt raises nothing "
                    "there.",),
             api_note=("The state counts these attempts (penalties, failed_openings): the take_back move adds "
                       "one, and a table may record others.")),
        Rule("canasta.opening.concealed-exception", "Going out in one turn needs no minimum",
             "A player who draws from the stock and then, in the same turn, melds the whole hand (or all but "
             "one card, which is then discarded), a canasta included, goes out even though the side had not "
             "reached its minimum; the melds may go down in one move or one after another.", (PAGAT, WIKIPEDIA)),
    )),
    Section("Going out", (
        Rule("canasta.going-out.canasta-needed", "A canasta before going out",
             "A player may go out only when the side has at least one canasta on the table, counting one "
             "completed in the same move.", PAGAT, variants=("classic",)),
        Rule("canasta.going-out.canastas-two", "Two canastas before going out",
             "In the two-player game a player needs two canastas on the table to go out.",
             (PAGAT, BICYCLE_TWO_HAND, RUMMY_GAMES_TWO), variants=("two-hand",)),
        Rule("canasta.going-out.how", "How to go out",
             "A player goes out by melding every card, or every card but one and discarding the last. "
             "The hand ends at once.", PAGAT),
        Rule("canasta.going-out.ask-partner", "Asking the partner",
             "A player who is able to go out may first ask the partner whether to do so, and only right "
             "after drawing or taking the pile, before any meld other than the one the top card of the "
             "pile requires. Whatever the partner replies, yes or no, binds the player: after yes the player "
             "must go out in this turn, after no the player may not. Asking is optional.", BOOK),
        Rule("canasta.going-out.bonus", "Going out: 100",
             "The side of the player who goes out earns 100.", PAGAT),
        Rule("canasta.going-out.concealed", "Going out concealed: 200",
             "A player who had put no card on the table before this turn, adds nothing to the partner's "
             "melds and melds the whole hand in this turn, a canasta included, goes out concealed: the "
             "side earns 200 in all for going out (not 300).", PAGAT),
    )),
    Section("When the stock runs out", (
        Rule("canasta.stock.exhausted", "Play without a stock",
             "Once the stock is empty, play goes on only while each player takes the previous player's "
             "discard and melds it. A player must take it when the pile is not frozen for the side and "
             "the card fits one of the side's melds: where the variant lets the top card join a meld alone "
             "(a set of its rank in Classic; in Samba, Bolivia and Brazilian a sequence of fewer than seven "
             "cards it continues, whose take leaves the rest of the pile). The hand ends when a player would have to draw from "
             "the empty stock (the draw move then ends the hand): nobody has gone out, so no side earns "
             "the going-out bonus. A player who goes out while play goes on without a stock goes out as at "
             "any other time, and the side earns the going-out bonus (100, or 200 in all when concealed).",
             (BOOK, PAGAT, BRITANNICA),
             notes=("The sources agree, so there is no option. Britannica's account has play without a stock "
                    "go on until a player goes out or cannot use the previous discard, and counts the bonus "
                    f"for going out with no exception ({BRITANNICA}). pagat ends the hand when a player would "
                    f"draw from the empty stock ({PAGAT}), and the OpenSpiel Canasta engine that follows it "
                    f"({OPENSPIEL}) gives no going-out bonus for a hand ended that way, since nobody went "
                    "out; neither takes the bonus from a player who does go out.",)),
    )),
    Section("Scoring", (
        Rule("canasta.scoring.melded-cards", "Melded cards count plus",
             "Each side scores the values of all the cards in its melds.", PAGAT),
        Rule("canasta.scoring.hand-cards", "Cards left in hand count minus",
             "The values of the cards still held at the end are subtracted from the holder's side, even "
             "when they could have formed melds.", PAGAT),
        Rule("canasta.scoring.sides", "Scores belong to the side",
             "A hand is scored per side; each seat shows its side's total. A side's total can be "
             "negative, and so can its game score.", PAGAT),
        Rule("canasta.scoring.game", "Game",
             "Hand scores are added to the sides' game scores; the game ends after the hand in which a side "
             "reaches 5000, and the side with the higher total wins. No source settles an exact tie; cardref "
             "reads it as a game nobody wins.", PAGAT,
             api_note=("An exact tie is answered with no winner (winner null).")),
        Rule("canasta.penalties.retracted", "A card taken back: -100",
             "A side loses 100 for every card one of its players has to take back from the table, such as an "
             "invalid card put in a meld or a card exposed by accident while melding. In Two-hand Canasta, "
             "whether they cost anything is the option two_hand_penalties.", BOOK, options=("two_hand_penalties",),
             notes=("two_hand_penalties apply (the default): The Ultimate Book of Card Games plays Two-hand "
                    "Canasta by the rules of the basic game, penalties included.",
                    "two_hand_penalties none: Bicycle's Two-Hand Canasta "
                    "(http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php?page_id=32) and rummy-games.com's "
                    "Canasta for two (http://www.rummy-games.com/rules/canasta-for-two.html) say the penalties for "
                    "exposed cards and insufficient melds do not apply with two players, so a card taken back costs "
                    "nothing there."),
             api_note=("The state records these (penalties, retracted_cards).")),
        Rule("canasta.penalties.undeclared-red-three", "An undeclared red three: -500",
             "A side loses 500 for every red three one of its players failed to declare when it could have.", BOOK,
             api_note=("The state records these (penalties, undeclared_red_threes).")),
    )),
)

# The rules and options above were written with the Classic rules' numbers; the other variants state
# theirs in their own rules (variant_rules.py), so a rule above that names no variant holds in these two,
# but for the rules classic_figures gives every variant's own figure, or finds true as they stand elsewhere.
PLAYED_AS_CLASSIC = ("classic", "two-hand")


def _for_variants(rule: Rule) -> Rule:
    text, variants = in_every_variant(rule.id, rule.text, rule.variants or PLAYED_AS_CLASSIC)
    return replace(rule, text=text, variants=variants)


RULEBOOK = RuleBook("canasta", tuple(
    Section(section.title, tuple(_for_variants(rule) for rule in section.rules)) for section in CLASSIC_SECTIONS)
    + (MELD_SHAPES, PLAY_SECTION, SEATING_SECTION, VARIANTS))

OPTIONS = (
    Option("wild_limit", "at_most_three", "canasta.melds.wild-limit",
           "How many wild cards a meld may hold beside its natural cards.",
           choices=("at_most_three", "not_more_than_naturals", "fewer_than_naturals"), variants=PLAYED_AS_CLASSIC),
    Option("black_three_on_pile", "blocks", "canasta.black-threes.stop",
           "Whether a black three in the discard pile only blocks the next player or freezes the pile.",
           choices=("blocks", "freezes"), variants=PLAYED_AS_CLASSIC),
    Option("four_red_threes_unmelded", -800, "canasta.red-threes.score",
           "What a side that melded nothing loses for holding all four red threes.",
           choices=(-800, -400), variants=PLAYED_AS_CLASSIC),
    Option("top_tier_minimum", 150, "canasta.variant.samba",
           "Samba's initial meld minimum from a game score of 7000.", choices=(150, 160), variants=("samba",)),
    Option("samba_red_threes_minus", "unmelded", "canasta.variant.samba",
           "When Samba's red threes count against their side: when it has melded nothing, as in Classic, or when it "
           "has fewer than the two canastas going out needs.", choices=("unmelded", "short_of_two_canastas"),
           variants=("samba",)),
    Option("bolivia_red_threes_minus", "unmelded", "canasta.threes.minus",
           "When Bolivia's red threes count against their side: as in Samba, when it has melded nothing, or when it "
           "has fewer than the two canastas going out needs.", choices=("unmelded", "short_of_two_canastas"),
           variants=("bolivia",)),
    Option("brazilian_red_threes", "as_samba", "canasta.threes.schedule",
           "How Brazilian Canasta scores red threes: as Samba and Bolivia (100 each, 1000 for all six, minus only "
           "for a side that has melded nothing), or on a schedule (100 each up to four, 1000 for five, 1200 for "
           "six, minus for a side without a canasta).", choices=("as_samba", "schedule"), variants=("brazilian",)),
    Option("brazilian_ask_partner", "optional", "canasta.going-out.ask-first",
           "Whether a Brazilian Canasta player may go out without asking the partner (asking stays allowed, the "
           "answer binding), or goes out only after asking and hearing yes.", choices=("optional", "required"),
           variants=("brazilian",)),
    Option("top_card_onto_set", "never", "canasta.pile.onto-meld-unless-canasta",
           "Whether the top discard alone may join a set of the side that is not yet a canasta, when the pile is not "
           "frozen (the Samba family: otherwise only a natural pair takes it, or a sequence its top card).",
           choices=("never", "unless_canasta"), variants=("samba", "bolivia", "brazilian")),
    Option("bolivia_opening", "150_always", "canasta.variant.bolivia",
           "How Bolivia's initial meld minimum goes with the side's game score: 150 at every score, or Samba's "
           "tiers up to 150 from 7000.", choices=("150_always", "tiers"), variants=("bolivia",)),
    Option("brazilian_going_out", "canasta_and_samba", "canasta.variant.brazilian",
           "What Brazilian Canasta's two canastas for going out must be: one of them a samba, as in Bolivia, or "
           "any two.", choices=("canasta_and_samba", "any_two"), variants=("brazilian",)),
    Option("incomplete_melds", "short_of_seven", "canasta.scoring.incomplete",
           "Which unfinished melds cost Brazilian Canasta's 1000, and when: sequences and melds of wild cards alone "
           "under seven cards when the other side goes out, or sequences under five cards whenever the hand ends.",
           choices=("short_of_seven", "sequences_under_five"), variants=("brazilian",)),
    Option("black_threes_in_hand", "card_value", "canasta.black-threes.in-hand",
           "What a black three left in a hand costs in Bolivia and Brazilian Canasta: 5, as any card and as in the "
           "basic game; 100 when a player goes out (when the stock runs out it counts 5, as any card); or 100 "
           "however the hand ends.", choices=("card_value", "anyone_out", "hand_end"), variants=("bolivia", "brazilian")),
    Option("brazilian_opening", "150_below_7000", "canasta.variant.brazilian",
           "Brazilian Canasta's initial meld minimum below a game score of 7000: 150 at every such score, or Samba's "
           "minimums by score (15, 50, 90, 120).", choices=("150_below_7000", "samba_tiers"), variants=("brazilian",)),
    Option("wild_canasta", 2000, "canasta.variant.brazilian",
           "What a canasta of wild cards alone earns in Brazilian Canasta.", choices=(2000, 2500),
           variants=("brazilian",)),
    Option("joker_threes", "adding_up", "canasta.variant.joker",
           "How Joker Canasta's figures for the threes of one colour (100, 300, 500, 1000) add up: each three worth "
           "its figure, so four make 1900, or each figure the total for that many threes, so four make 1000.",
           choices=("adding_up", "totals"), variants=("joker",)),
    Option("all_red_threes", 1000, "canasta.variant.mexicana",
           "What a side holding all six red threes scores in Mexicana.", choices=(1000, 600), variants=("mexicana",)),
    Option("sevens_canasta", "any", "canasta.variant.mexicana",
           "Which canastas of sevens earn Mexicana's 1000: every one, or natural ones only.",
           choices=("any", "natural"), variants=("mexicana",)),
    Option("pile_take_limit", "seven_in_all", "canasta.pile.take-limit",
           "How many cards come with Hand and Foot's discard pile: seven in all, the top card among them, or the top "
           "card and seven more.", choices=("seven_in_all", "top_plus_seven"), variants=("hand-and-foot",)),
    Option("hand_and_foot_piles", "clean_dirty_wild", "canasta.variant.hand-and-foot",
           "The piles Hand and Foot's side needs to go out: two clean, two dirty and one wild; two clean and two "
           "dirty; or one clean and one dirty.",
           choices=("clean_dirty_wild", "two_clean_two_dirty", "one_clean_one_dirty"),
           variants=("hand-and-foot",)),
    Option("hand_and_foot_wild_limit", 2, "canasta.variant.hand-and-foot",
           "How many wild cards a dirty meld of Hand and Foot may hold: two, or three while fewer than its natural "
           "cards.", choices=(2, 3), variants=("hand-and-foot",)),
    Option("hand_and_foot_low_cards", "four_to_seven", "canasta.variant.hand-and-foot",
           "Which natural cards of Hand and Foot count 5 (the others from eight or ten up count 10): fours to "
           "sevens, as in the basic game, or fours to nines.", choices=("four_to_seven", "four_to_nine"),
           variants=("hand-and-foot",)),
    Option("rentrap_adds", "to_partner", "canasta.seating.partner-rentrap",
           "Whether a player adds to its partner's melds only, or to its rentrap's as well.",
           choices=("to_partner", "both_ways"), variants=("five-person",)),
    Option("two_hand_penalties", "apply", "canasta.penalties.retracted",
           "Whether the basic game's penalties apply in Two-hand Canasta (a card taken back from the table costs "
           "100, and an initial meld taken back short of the minimum raises it by 10), or neither does.",
           choices=("apply", "none"), variants=("two-hand",)),
    Option("two_hand_last_red_three", "ends_hand", "canasta.red-threes.last-card",
           "In Two-hand Canasta, when the stock's last card is a red three drawn second of the last two: the hand "
           "ends at once, as for any red three that empties the stock, or the red three is laid out and the turn "
           "goes on with the other card drawn.", choices=("ends_hand", "only_card"), variants=("two-hand",)),
    Option("opening_negative_minimum", 15, "canasta.opening.minimum",
           "The initial meld minimum of a side with a negative score.", choices=(15, 0), variants=PLAYED_AS_CLASSIC),
)
