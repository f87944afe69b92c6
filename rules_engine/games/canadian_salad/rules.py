"""Canadian Salad's rule book: every rule the engine cites, in the project's own words."""

from ...rules import READING, Option, Rule, RuleBook, Section, Source

PAGAT = Source("pagat.com: Canadian Salad", "https://www.pagat.com/compendium/canadian_salad.html")

RULEBOOK = RuleBook("canadian-salad", (
    Section("Players and cards", (
        Rule("canadian-salad.players", "Three to six players",
             "The game was made for four but is played by three, four, five or six, each for themselves.",
             PAGAT),
        Rule("canadian-salad.deal.cards", "The pack for each player count",
             "One 52-card pack without jokers, aces high down to twos. So that every player gets the same "
             "number of cards, three players take out the two of clubs and get 17 cards each; four players "
             "keep every card and get 13 each; five players take out the twos of clubs and diamonds and get "
             "10 each; six players take out the twos and threes of clubs and diamonds and get 8 each. "
             "The whole pack is dealt. A card outside that pack, or one card given twice, is not a position "
             "of the game.", PAGAT),
        Rule("canadian-salad.deal.rotation", "Who deals",
             "Dealing and play go clockwise (to increasing seat numbers). The first dealer is found by "
             "cutting; after every hand the deal moves one seat to the left. With seat 0 as the first "
             "dealer, hand n is dealt by seat (n - 1) modulo the number of players.", PAGAT),
        Rule("canadian-salad.game.hands", "Six hands in a fixed order",
             "A game is six hands, always in this order: 1 no tricks, 2 no hearts, 3 no queens, 4 no king of "
             "spades, 5 no last trick, 6 all five penalties together.", PAGAT,
             api_note=("The state's hand_number (1 to 6) says which hand is being played; a log of several "
                       "hands deals each with the next number.")),
    )),
    Section("Play", (
        Rule("canadian-salad.play.lead", "Leading",
             "The seat to the dealer's left leads to the first trick, with any card. Whoever wins a trick "
             "leads to the next one, again with any card.", PAGAT),
        Rule("canadian-salad.play.turn", "Turn order",
             "After the lead, each seat plays one card in clockwise order until every player has played "
             "to the trick.", PAGAT),
        Rule("canadian-salad.play.card-held", "Play a card you hold",
             "A player can only play a card from their own hand.", PAGAT),
        Rule("canadian-salad.play.follow-suit", "Following suit",
             "A player who holds a card of the suit led must play one. Only a player with none of that suit "
             "may play any other card. A player who once failed to follow a suit has none of it left, so "
             "cannot play it later.", PAGAT,
             api_note=("A position that shows such a player holding that suit, or playing it later, is "
                       "refused.")),
        Rule("canadian-salad.play.trick-winner", "Who wins a trick",
             "There are no trumps. The trick goes to whoever played the top card in the suit that "
             "opened it; a card of any other suit never wins, however high.", PAGAT),
        Rule("canadian-salad.play.trick-size", "A trick holds one card per player",
             "A finished trick holds exactly one card from each player; the trick under way holds fewer. "
             "A hand has as many tricks as each player was dealt cards.", PAGAT),
        Rule("canadian-salad.play.hand-size", "Cards held",
             "Each player holds the cards they were dealt less the ones they have played, so the number of "
             "cards in every hand follows from the tricks played so far.", PAGAT),
        Rule("canadian-salad.play.early-end", "Stopping once the penalties are out",
             "By default every hand is played to the last trick. With the option stop_when_penalties_taken, "
             "a common house rule, the no-hearts, no-queens and no-king-of-spades hands stop as soon as "
             "every penalty card of the contract has been taken, since the remaining tricks cannot change "
             "the score. The no-tricks, no-last-trick and final hands are always played out, because every "
             "trick or the last one scores there.", (PAGAT, READING), options=("stop_when_penalties_taken",),
             notes=("false (default): pagat.com's rules describe no early stop; the hand ends when the cards run out.",
                    "true: house rule widely played to save time; cardref's reading is that scores are the same "
                    "either way, as no penalty card is left to take.")),
    )),
    Section("Penalties", (
        Rule("canadian-salad.contract.no-tricks", "Hand 1: no tricks",
             "Each trick a player wins costs 10 points. The hand hands out 10 points per trick in all: 130 "
             "with four players, 170 with three, 100 with five, 80 with six.", PAGAT),
        Rule("canadian-salad.contract.no-hearts", "Hand 2: no hearts",
             "Each heart a player takes in a trick costs 10 points, 130 in all (no heart is ever taken out "
             "of the pack).", PAGAT),
        Rule("canadian-salad.contract.no-queens", "Hand 3: no queens",
             "Each queen a player takes in a trick costs 25 points, 100 in all.", PAGAT),
        Rule("canadian-salad.contract.no-king-of-spades", "Hand 4: no king of spades",
             "The player who wins the trick holding the spade king is charged 100 points.", PAGAT),
        Rule("canadian-salad.contract.no-last-trick", "Hand 5: no last trick",
             "Whoever wins the final trick of the hand is charged 100 points.", PAGAT),
        Rule("canadian-salad.contract.salad", "Hand 6: the salad",
             "All five penalties apply at once: 10 a trick, 10 a heart, 25 a queen, 100 for the king of "
             "spades and 100 for the last trick. One trick can carry several of them: a final trick of four "
             "hearts (8, 9, Q, K) costs its winner 40 + 10 + 25 + 100 = 175.", PAGAT),
    )),
    Section("The game", (
        Rule("canadian-salad.scoring.totals", "What a game hands out",
             "Over the six hands the penalties add up to a fixed total that depends only on the number of "
             "players, because the tricks hand and the salad both charge 10 per trick: 1200 for three players,"
             " 1120 for four, 1060 for five and 1020 for six.",
             (PAGAT, READING),
             notes=("cardref's reading: the published rules give each hand's penalties but not the game scores they "
                    "can add up to before a later hand; cardref takes those to be the totals whole penalties can "
                    "share out between the players.",),
             api_note=("A state may carry the game score so far (score: each player's total from the hands "
                       "before this one); it must be one those hands can hand out. Each earlier hand shares "
                       "out whole penalties, and any player can take any number of them: 10 for every trick "
                       "(hand 1) and every heart (hand 2), 25 for every queen (hand 3), 100 for the king of "
                       "spades (hand 4) and for the last trick (hand 5). So before hand n the totals add up to"
                       " the points of hands 1 to n - 1 for that number of players, every total is a multiple "
                       "of 5 (ending in 5 only for a player who took an odd number of queens), and the queens "
                       "and the 100-point penalties must share out between the players so that what is left of"
                       " each total is whole tens. A score no sharing gives is refused; so is any score but "
                       "zeros before hand 1. The published rules give each hand's penalties but not this "
                       "check: it is cardref's reading of what those penalties allow.")),
        Rule("canadian-salad.scoring.loser", "Who loses",
             "After the sixth hand the player with the most penalty points loses, and the one with the fewest "
             "wins. The rules name no tie-break, so players level on the most points lose together, and "
             "players level on the fewest win together.",
             PAGAT,
             api_note=("Players who lose together are answered as losers, with loser left empty; players who "
                       "win together as winners.")),
    )),
))

OPTIONS = (
    Option("stop_when_penalties_taken", False, "canadian-salad.play.early-end",
           "End hands 2 to 4 as soon as every penalty card of the contract has been taken.",
           choices=(False, True)),
)
