"""Salsifis's rule book: every rule the engine cites, in the project's own words, with its open points."""

from ...rules import CONVENTION, READING, Option, Rule, RuleBook, Section, Source

# No published copy of this rule sheet is known; it is cited by its title.
SHEET = Source("The Salsifis: rules for two to five players (English translation of a French rule sheet)")

RULEBOOK = RuleBook("salsifis", (
    Section("Players and cards", (
        Rule("salsifis.players", "Two to five players",
             "Two, three, four or five people play, each on their own account. Every player is dealt five "
             "cards and spends one of them in each of the five turns.", SHEET),
        Rule("salsifis.deal.cards", "The pack for each player count",
             "A 52-card pack without jokers is thinned from the bottom so that, once each player has five "
             "cards, exactly 30 are left for the packets. Two players (40 cards) take out all twos, threes and"
             " fours. Three players (45 cards) take out the four twos and three of the four threes: the three "
             "of spades stays by default (option kept_three). Four players (50 cards) take out two twos: the "
             "two of clubs and the two of diamonds by default (option removed_twos). Among cards of equal rank"
             " the weakest are taken to be the lowest suits in bridge order, clubs, diamonds, hearts, spades. "
             "Suits never change a contest, so these choices only decide which cards can appear. Every card of"
             " the pack is in exactly one place at any moment: a hand, a packet, the heap, a placement, a won "
             "pile, a shared stake or the discards.",
             (SHEET, READING), options=("kept_three", "removed_twos"),
             notes=("kept_three S (default): the threes of clubs, diamonds and hearts go, lowest suits first in "
                    "bridge order; cardref's reading, after the rule sheet's 'weakest cards' (which names no "
                    "suit order).",
                    "kept_three C, D or H: the named three stays instead; for tables that rank suits differently.",
                    "removed_twos CD (default): the two lowest suits in bridge order; the same cards Canadian Salad "
                    "removes for five players; cardref's reading.",
                    "removed_twos CH, CS, DH, DS or HS: any other pair of twos, for tables that choose otherwise."),
             api_note=("A position where a card is missing, doubled or foreign to the pack is refused.")),
        Rule("salsifis.deal.five-players", "Five players",
             "Five hands of five use 25 cards and five turns of two three-card packets need 30 more: 55, three "
             "more than the pack holds, and the rule sheet does not say how five fit. Three readings are offered "
             "(option five_players). short-last-turn (the default): nothing is taken out, the heap holds the 27 "
             "cards left after the deal, turns 1 to 4 have two packets of three and turn 5 has a packet of two "
             "and a packet of one. packets-of-two: every packet has two cards, the heap holds 20, and the pack "
             "loses seven cards as with three players (the twos and three threes). four-cards: each player gets "
             "four cards and the game lasts four turns of two three-card packets, so 44 cards are used and the "
             "twos and threes go.", READING, options=("five_players",),
             notes=("short-last-turn (default): keeps the full pack, five cards each and three-card packets for "
                    "as long as the heap allows; only the last turn is smaller; cardref's reading.",
                    "packets-of-two: keeps five even turns and the removal of the weakest cards, at the price of "
                    "smaller stakes every turn; cardref's reading.",
                    "four-cards: keeps the rule sheet's packets and heap arithmetic for four turns, at the price "
                    "of one "
                    "card and one turn fewer; cardref's reading.")),
        Rule("salsifis.deal.hands", "Dealing the hands",
             "The dealer gives every player their cards one at a time, starting on the left, and stays dealer "
             "for the whole game. A hand holds the cards not yet spent: at turn t a seat that has not placed "
             "yet holds 5 - (t - 1) cards (4 - (t - 1) under the four-cards reading), and a seat whose card is"
             " down holds one fewer, because a placed card leaves the hand.", SHEET,
             api_note=("The state's field dealer names the dealer: seat 0 unless the deal's setup names "
                       "another. A hand sent with its seat's placed card still in it (or a hidden count one "
                       "too high), as in the contract's example, is read as the same position with that card "
                       "out of the hand; answers always show the hand without it.")),
        Rule("salsifis.deal.packets", "Laying out the packets",
             "What the deal leaves is the heap, kept face down. At the start of each turn the dealer takes the"
             " packets from the top of the heap and lays them face up: the first three cards are packet 0, the"
             " next three packet 1 (other sizes under the five-player readings).", (SHEET, CONVENTION),
             api_note=("The state keeps the heap, in the order it will be laid out, in the field heap. Where "
                       "it is shown, the reveal that ends a turn lays out the next one at once; where it is "
                       "hidden ({\"count\": n}), the reveal ends the turn and the dealer's lay_out move, naming "
                       "the cards laid, opens the next (salsifis.state.view).")),
        Rule("salsifis.state.view", "A player's view",
             "A player sees their own hand, the packets laid out, the won piles, the shared stakes and the "
             "discards; the other players' hands, the cards they place face down and the heap of later packets"
             " stay hidden until turned over.", CONVENTION,
             api_note=("A client playing one seat sends the table as that seat sees it: the other hands as "
                       "{\"count\": n}, their cards down with card null, and the heap as a count; the packets, "
                       "won piles, shared stakes and discards are in sight of everyone. Moves are judged on "
                       "what can be seen. Another seat's placing may leave its card out; a card named for a "
                       "hidden hand must be one the position shows nowhere else, and it leaves the hand's "
                       "count. The reveal names, in revealed, each card turned over that the state shows face "
                       "down. With the heap hidden the reveal ends the turn and phase lay_out follows: the "
                       "dealer is the seat to act, and its lay_out move names the cards laid by each packet, "
                       "which leave the heap's count and may not be shown anywhere else. Every verdict lists "
                       "in unverified the rules the hidden cards kept from being checked: that a hidden hand "
                       "held the card named, that a placing by the same packet changed the card, that the "
                       "packets came from the heap. An empty list means every rule was checked. /legal-moves "
                       "for a hidden seat lists its placings by each packet it may use, without a card.")),
        Rule("salsifis.state.record", "What the table holds",
             "What the table holds at any moment: each player's hand, the packets laid out, the face-down heap"
             " of the later packets, the cards placed by the packets, each player's won cards, stakes shared "
             "between players, cards set aside that nobody scores, each player's penalties, and how many turns"
             " in a row each player has been alone on a packet.", CONVENTION,
             api_note=("Besides the fields of the contract (players, turn, hands, packets, placements, won, "
                       "penalties) the state carries: dealer; heap (the face-down cards of the later turns); "
                       "shared (stakes whose points were split, each {\"seats\": [...], \"cards\": [...]}); "
                       "discarded (cards set aside that nobody scores); and alone_streak (per seat, how many "
                       "turns in a row up to the last one settled it was alone on its packet, used by the rule"
                       " against fleeing). Omitted, heap is taken as hidden, shared as empty, dealer as 0, "
                       "penalties as zeros, won as empty piles, placements as none, and discarded as unknown: "
                       "whatever cards the other fields do not account for (answered as {\"count\": n}), so a "
                       "referee can score a record of won piles alone. Given explicitly, discarded must make "
                       "the count of the pack exact. Records that no run of settled turns leaves are refused: "
                       "an alone_streak longer than the turns settled or than flee_limit allows, more seats "
                       "alone in one turn than its packets and players allow, a seat alone last turn whose won"
                       " pile lacks that packet, a won pile or a shared stake of a size no run of contests "
                       "gives, and records each possible on its own that no single run of turns leaves "
                       "together (after one turn of three seats, two lone piles of 4 leave the third seat no "
                       "packet); a record without discarded, of won piles alone, may leave shared stakes out, "
                       "and one without alone_streak any lone turns. That last search gives up after a fixed "
                       "amount of work and then refuses nothing, so a record is refused only when every run of"
                       " turns has been ruled out. An alone_streak left out, or a seat's entry given as null, "
                       "is unknown (zeros before any turn is settled). Where every run of turns that leaves "
                       "the other records has a seat alone in the last flee_limit turns, its streak is filled "
                       "in and the rule against fleeing holds it; where some runs do and some do not, that "
                       "rule is listed as unverified for the seat's lone placings and for a reveal while it "
                       "sits alone. An unknown streak is answered as null, stays unknown after a lone turn and"
                       " becomes 0 after any other. A placement's card may be null when it lies face down and "
                       "undisclosed; the reveal then names it in revealed. A heap that still holds this turn's"
                       " cards means the packets wait to be laid out (phase lay_out). After the last turn is "
                       "settled the table is empty: packets is [], turn stays at the last turn, and the game "
                       "is over.")),
    )),
    Section("Card order", (
        Rule("salsifis.order.ranks", "The order of the cards",
             "From strongest to weakest: king, queen, jack, ten, nine and so on down to two. Suits play no part: "
             "two cards of the same rank are equal.", SHEET),
        Rule("salsifis.order.ace", "The ace",
             "The ace stands outside the order: it takes the king, the queen and the jack, but any number card "
             "from two to ten takes it. So three cards can chase each other round, for example an ace over a "
             "queen, the queen over a nine and the nine over the ace.", SHEET),
    )),
    Section("A turn", (
        Rule("salsifis.turn.turns", "Five turns",
             "A game is five turns (four under the four-cards reading for five players). In each, two packets "
             "are laid out, every player puts one card down, and both packets are settled.", SHEET),
        Rule("salsifis.turn.place", "Placing a card",
             "Every player puts one card from their hand face down by one of the two packets. Play is "
             "simultaneous: any player may place at any time before the reveal.", SHEET,
             api_note=("The move is place, with card and packet; as any seat may place at any time, a place "
                       "move may carry the seat that makes it. Because the contract names one seat to act, "
                       "to_act is the lowest seat that has not placed yet; /legal-moves lists that seat's "
                       "placings, while /validate-move and /apply-move accept a place move from any seat named"
                       " in the move.")),
        Rule("salsifis.turn.card-held", "Placing a card you hold",
             "A seat can only put down a card from its own hand, or move the card it already has down.", SHEET),
        Rule("salsifis.turn.change", "Changing your mind",
             "Until the cards are revealed a player may change the card, the packet, or both, as often as they"
             " like; placing again takes the earlier card back into the hand. Putting the same card by the "
             "same packet again changes nothing.", SHEET,
             api_note=("The state keeps only the latest placing, so a seat appears at most once in placements."
                       " Placing the same card by the same packet again is refused, as it changes nothing.")),
        Rule("salsifis.turn.fleeing", "No endless fleeing",
             "A player who keeps avoiding fights must stop. In cardref's reading, a player who was alone on "
             "their packet in the last flee_limit turns running (default 2) must be in a fight this turn. They"
             " may place anywhere while others are still placing, but once every player has a card down they "
             "may not sit alone: they cannot make the last placing alone, the cards are not turned over while "
             "they sit alone, and if the others leave them alone they must move their card to the other "
             "packet. A fight is always possible then, since every other player is on the other packet.", (SHEET, READING), options=("flee_limit",),
             notes=("flee_limit 2 (default): two lone turns in a row count as fleeing systematically; "
                    "cardref's reading of 'systematically'.",
                    "flee_limit 1, 3 or 4: a stricter or looser table; cardref's reading.",
                    "flee_limit 0: the engine enforces nothing and leaves fleeing to the players' judgement, as "
                    "the rule sheet gives no measure; cardref's reading."),
             api_note=("A reveal is refused while such a seat sits alone, and a seat the others leave alone "
                       "becomes the seat to act. State field alone_streak counts the lone turns (null where "
                       "unknown: salsifis.state.record says what is checked then); /apply-move announces the "
                       "seats bound to fight in a must_fight event.")),
        Rule("salsifis.turn.reveal", "The reveal",
             "When every player has a card down, the cards are turned over together and both packets are "
             "settled at once. The dealer runs the table. Players may still change their placings until the "
             "reveal.", SHEET,
             api_note=("The move is resolve, made by the dealer, the seat to act in this phase; it records, in"
                       " calls, every formula the players said, in the order they said them, and in revealed "
                       "the cards turned over that the state shows face down. Placings changed before the "
                       "reveal stay legal but are not listed, as the dealer is the seat to act.")),
    )),
    Section("Contests", (
        Rule("salsifis.contest.alone", "A lone card",
             "A card that is alone by its packet takes the packet and comes back to its owner's won pile with "
             "it.", SHEET),
        Rule("salsifis.contest.fight", "A fight",
             "Two or more cards by one packet make a salsifis fight. If one card takes every other card there, "
             "its owner wins the packet and their own card.", SHEET),
        Rule("salsifis.contest.tie", "A tie",
             "If the strongest rank there is held by two or more cards, the holders are tied; the others have "
             "lost. The tie goes to the first of the tied players to say the right formula.", SHEET),
        Rule("salsifis.contest.cycle", "A cycle: salsifis soup",
             "If no rank there takes all the others, the cards go round in a circle (this needs an ace, a face "
             "card and a number card): every player in the fight may win it by saying \"salsifis soup\" "
             "first.", SHEET),
        Rule("salsifis.contest.mixed", "When ties and cycles mix",
             "Ranks decide (cardref's reading, where the rule sheet does not say how ties and cycles mix). "
             "First look for a rank that takes every other rank present: if there is one, a lone "
             "holder wins the fight and several holders tie, whatever the weaker cards are (ace, ace, king is a "
             "tie between the aces, the king has lost). If there is none, the fight is a cycle, even when some "
             "ranks appear twice (nine, nine, ace, queen is a cycle for all four players, not a tie between the "
             "nines). Only the cards' ranks count, never their suits. A cycle needs an ace, a face card and a "
             "number card together, and then every card in the fight is part of a circle.", READING),
        Rule("salsifis.contest.empty", "A packet nobody bets on",
             "A packet with no card by it is settled as empty. By default it is set aside in the discards and "
             "scores for nobody (option unclaimed_packet). With carried it stays on the table and the cards laid "
             "in its place at the next turn are added to it, making a bigger stake; after the last turn it is "
             "set aside.", READING, options=("unclaimed_packet",),
             notes=("discarded (default): the simplest reading where the rule sheet is silent; the points leave "
                    "the game; "
                    "cardref's reading.",
                    "carried: a common way to keep unclaimed stakes in play; cardref's reading.")),
        Rule("salsifis.contest.losing-cards", "The cards that lose a fight",
             "Every card by a packet other than the winner's is a losing card. By default (option losing_cards) "
             "the winner takes them too, with the packet. With owners each loser keeps their own card in their "
             "won pile; with discarded the losing cards are set aside and score for nobody. When a stake is "
             "shared, losing cards that would go to the winner go into the shared stake instead.", READING,
             options=("losing_cards",),
             notes=("winner (default): whoever wins the fight wins every card played in it; cardref's reading, as "
                    "a fight is usually understood.",
                    "owners: only the packet and the winning card change hands; cardref's reading.",
                    "discarded: played cards that lose are dead; cardref's reading.")),
    )),
    Section("Formulas", (
        Rule("salsifis.formula.tie", "The formula for a tie",
             "A tied player names every other tied card, rank and suit, in any order, and then says "
             "\"salsifis\": with the jack of hearts against the jack of spades, \"Jack of Spades, salsifis\"; in "
             "a three-way tie of queens, the two other queens. Naming one's own card, a losing card, or missing "
             "one is wrong.", SHEET),
        Rule("salsifis.formula.cycle", "The formula for a cycle",
             "In a cycle the formula is just \"salsifis soup\", and any player in the fight may say it.", SHEET),
        Rule("salsifis.formula.text", "Formulas as words",
             "Words are read as card names (\"King of Clubs\", or a code such as KC), joined by \"and\" or by "
             "nothing at all, then the word \"salsifis\", then perhaps \"soup\". A formula is spoken, so letter "
             "case and punctuation are never heard: every character that is not a letter or a digit (comma, "
             "dash, bracket, quote mark, and so on) counts as a space, and the rule sheet's spelling \"Klubs\" "
             "is understood. Any text of that shape is a formula the player said and is judged on its truth, "
             "with the penalty when it is wrong: cards named and then \"salsifis soup\" mixes the two formulas "
             "and is right in no situation. Only text of another shape (a word that names no card, no "
             "\"salsifis\", or anything but \"soup\" after it) is no formula at all. A call belongs to the contest"
             " on the caller's own packet. How spoken words are read is cardref's reading: a formula is heard,"
             " not written, so only its words can count.",
             (SHEET, READING),
             api_note=("A call is {\"seat\": s, \"names\": [cards]} for cards named and then \"salsifis\", {\"seat\": "
                       "s, \"soup\": true} for \"salsifis soup\", both at once for cards named and then \"salsifis "
                       "soup\", or {\"seat\": s, \"text\": \"...\"} with the words as they were said. Text that is no"
                       " formula at all is refused.")),
        Rule("salsifis.formula.first", "The first right formula wins",
             "calls lists the formulas in the order they were said. The first right formula wins the tie or the "
             "cycle. A call marked \"simultaneous\": true was said at the same moment as the one before it; when "
             "several right formulas share the earliest moment, nobody can tell who was first and the stake is "
             "shared between those players.", SHEET),
        Rule("salsifis.formula.late", "A right formula said too late",
             "A right formula said after the contest was already won (by an earlier right formula) wins nothing. "
             "By default it costs nothing either (option late_formula); with penalized it costs 10 points like "
             "a wrong formula.", READING, options=("late_formula",),
             notes=("harmless (default): a player who was right but slower has not said anything out of place; "
                    "cardref's reading.",
                    "penalized: once the contest is won no formula is called for any more, so the rule sheet's penalty "
                    "for a formula said out of place applies; cardref's reading.")),
        Rule("salsifis.formula.shared", "Shared points",
             "When a tie or a cycle is not won by a single formula, its stake is shared equally. The stake is "
             "the packet, the cards of the players it is shared between and, under losing_cards winner, every "
             "other card placed on that packet (otherwise those go as losing_cards says). It is shared between"
             " the players whose right formulas came at the same moment, or, when nobody said a right formula,"
             " between the tied players (for a tie) or everyone in the fight (for a cycle).", (SHEET, READING), options=("shared_points",),
             notes=("whole (default): scores stay whole numbers and nobody gains from the split; cardref's reading.",
                    "remainder-by-seat: nothing is lost, using the table's usual order; cardref's reading.",
                    "exact: the literal equal share; cardref's reading, after the rule sheet's equal sharing."),
             api_note=("The state records shared stakes in shared, and /score splits their points by option "
                       "shared_points: whole (default) gives each the whole points of an equal split and "
                       "scores the remainder for nobody; remainder-by-seat hands the remainder out one point "
                       "each to the sharers nearest the dealer's left; exact gives fractional shares, rounded "
                       "to two decimals in answers.")),
        Rule("salsifis.formula.penalty", "A formula out of place",
             "A formula that the situation does not call for, or a wrong one, costs the player who said it 10 "
             "points: any formula in a contest that has a lone card or a clear winner, any formula from a "
             "player whose card lost outright, the soup in a tie, names in a cycle, or the wrong names. Each "
             "such formula costs 10 again.", SHEET,
             api_note=("The state keeps the total lost per seat in penalties, and each penalty event says in "
                       "words which formula cost the 10 points (as said, or read out from its names) and why: "
                       "the contest on the caller's packet and the formula it called for, if any.")),
    )),
    Section("Scoring", (
        Rule("salsifis.scoring.values", "Card points",
             "After the last turn each player counts the cards they won: ace 11, ten 10, king 4, queen 3, jack"
             " 2, every other card nothing. Their part of every shared stake is added and their penalties are "
             "taken off.", SHEET,
             api_note=("/score counts any record this way, a partial game included.")),
        Rule("salsifis.scoring.winner", "Who wins",
             "The highest total wins. Players level on the highest total win together.", SHEET,
             api_note="winners lists every winner and winner is null on a tie; for a game not yet over the same "
                      "fields name the current leaders."),
    )),
))

OPTIONS = (
    Option("kept_three", "S", "salsifis.deal.cards",
           "Three players (and packets-of-two five): the suit of the one three kept in the pack.",
           choices=("C", "D", "H", "S")),
    Option("removed_twos", "CD", "salsifis.deal.cards",
           "Four players: the suits of the two twos taken out of the pack.",
           choices=("CD", "CH", "CS", "DH", "DS", "HS")),
    Option("five_players", "short-last-turn", "salsifis.deal.five-players",
           "How five players fit in 52 cards: a smaller last turn, two-card packets, or four cards and turns.",
           choices=("short-last-turn", "packets-of-two", "four-cards")),
    Option("losing_cards", "winner", "salsifis.contest.losing-cards",
           "Who gets the cards that lose a fight: the winner, their owners, or nobody.",
           choices=("winner", "owners", "discarded")),
    Option("unclaimed_packet", "discarded", "salsifis.contest.empty",
           "A packet nobody bets on: set aside, or carried into the next turn's packet.",
           choices=("discarded", "carried")),
    Option("flee_limit", 2, "salsifis.turn.fleeing",
           "Lone turns in a row after which a seat must fight; 0 leaves fleeing to the table.",
           minimum=0, maximum=4),
    Option("late_formula", "harmless", "salsifis.formula.late",
           "A right formula said after the contest was won: harmless, or a 10-point penalty.",
           choices=("harmless", "penalized")),
    Option("shared_points", "whole", "salsifis.formula.shared",
           "How a shared stake's points split when they do not divide evenly.",
           choices=("whole", "remainder-by-seat", "exact")),
)
