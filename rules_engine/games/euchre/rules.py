"""Euchre's rule book: every rule the engine cites, in the project's own words, and the options."""

from ...rules import CONVENTION, READING, Option, Rule, RuleBook, Section, Source

BOOK = Source("The Ultimate Book of Card Games (Scott McNeely, Chronicle Books): Euchre")
PAGAT = Source("pagat.com: Euchre, the usual North American rules", "https://www.pagat.com/euchre/euchre.html")
WIKIPEDIA = Source("Wikipedia: Euchre", "https://en.wikipedia.org/wiki/Euchre")
BICYCLE = Source("Bicycle: Euchre", "https://bicyclecards.com/how-to-play/euchre")
UPCARD_DISCARD = Source("World of Card Games blog: is discarding the up card legal in Euchre?",
                        "https://blog.worldofcardgames.com/2014/08/euchre-is-discarding-up-card-legal.html")
OHIO = Source("Ohio Euchre forum, where a partner's lone order-up puts the upcard in the dealer's hand",
              "https://ohioeuchre.com/forum/viewtopic.php?t=119")
LAW_1862 = Source("The Law and Practice of the Game of Euchre (1862): the eldest hand leads, and when its "
                  "partner plays alone the lead goes to the dealer's partner", "https://ohioeuchre.com/E_laws3.php")
OPENSPIEL = Source("OpenSpiel: Euchre (parameter allow_lone_defender)",
                   "https://github.com/google-deepmind/open_spiel/blob/master/open_spiel/games/euchre/euchre.cc")

RULEBOOK = RuleBook("euchre", (
    Section("Players and cards", (
        Rule("euchre.players", "Four players, two partnerships",
             "Four people play as two fixed teams of two, partners facing each other: seats 0 and 2 are "
             "team 0, seats 1 and 3 are team 1. Dealing, bidding and play all move clockwise, which here "
             "means to the next higher seat number (seat 3 is followed by seat 0).", (BOOK, PAGAT, CONVENTION)),
        Rule("euchre.deal.deck", "The pack",
             "The Ultimate Book of Card Games starts from a 52-card pack and strips every two, three, four, "
             "five and six, leaving 32 cards from sevens to aces. Most present-day play, tournaments included,"
             " strips the sevens and eights as well, leaving 24 cards from nines to aces; the option deck "
             "chooses. Each card exists once. That book's Euchre heading asks for two decks: cardref's reading"
             " is that it means the habit of keeping a second pack to shuffle while the first is dealt, since "
             "its own recipe builds one 32-card pack and a hand uses only that one.", (BOOK, PAGAT, READING),
             options=("deck",),
             notes=("32 (default): the pack of The Ultimate Book of Card Games, sevens up; each hand still deals "
                    "20 cards and leaves 12 "
                    "undealt.",
                    "24: the usual North American and tournament pack, nines up, with 4 cards left undealt "
                    f"({PAGAT})."),
             api_note=("A card outside the chosen pack, or one card found in two places, is refused as no "
                       "position of the game.")),
        Rule("euchre.deal.cards", "Dealing five each and turning up a card",
             "The dealer gives out cards clockwise, beginning with the player on the dealer's left and ending "
             "with the dealer: first a round of three cards to each player, then a round of two, so that "
             "everyone holds five. The dealer then turns one undealt card face up; this upcard proposes the "
             "trump suit. The Ultimate Book of Card Games takes it from the bottom of the pack, which is as "
             "random as the top of the stock in a shuffled pack. The remaining undealt cards stay face down "
             "and never come into play.", BOOK,
             api_note=("/deal turns the upcard from the bottom of the pack too, and accepts the setup key "
                       "batches: \"3-2\" (default, as that book deals) or \"2-3\", a two-then-three deal that many"
                       " tables use; either way each player gets five cards.")),
        Rule("euchre.deal.rotation", "The next dealer",
             "When a hand ends, whether played out or thrown in because nobody made trump, the turn to "
             "deal moves one seat to the left.", PAGAT),
    )),
    Section("Making trump", (
        Rule("euchre.bidding.turn", "Speaking in turn",
             "Bidding starts with the player on the dealer's left and goes clockwise, so the dealer "
             "speaks last. Each player speaks at most once in each of the two rounds, and the bidding "
             "stops the moment one player makes trump.", PAGAT),
        Rule("euchre.bidding.first-round", "Round one: pass or order up",
             "In the first round each player in turn either passes or orders up: accepts the suit of the "
             "upcard as trump, which makes that player's side the makers. When the dealer accepts it, "
             "usually called picking it up, it is the same bid. Naming any other suit has to wait for the "
             "second round.", PAGAT),
        Rule("euchre.bidding.order-up", "The dealer takes the upcard",
             "Once the upcard has been ordered up, whoever ordered it, its suit is trump and the dealer "
             "adds the upcard to their hand, holding six cards until they put one away (for the one "
             "exception, the dealer's partner going alone, see euchre.alone.dealer-exchange). Until then the "
             "upcard lies face up on the pack and nobody else can hold it.", PAGAT),
        Rule("euchre.bidding.dealer-discard", "The dealer's discard",
             "After taking the upcard the dealer puts one card face down out of play, leaving five in "
             "hand, and play begins. The discarded card never comes back. Whether it may be the upcard "
             "itself is the option dealer_may_discard_upcard.", (PAGAT, UPCARD_DISCARD),
             options=("dealer_may_discard_upcard",),
             notes=(f"true (default): any of the six cards may go, the upcard included ({PAGAT}; most rule "
                    "books are silent, and silence allows it).",
                    f"false: the card just taken up must be kept and one of the other five discarded, as some "
                    f"online rooms enforce ({UPCARD_DISCARD}).")),
        Rule("euchre.bidding.second-round", "Round two: pass or name a suit",
             "When all four players pass in the first round, the upcard is turned face down and takes no "
             "further part. Starting again on the dealer's left, each player in turn either passes or "
             "names a suit as trump, which makes their side the makers. No card changes hands in this "
             "round and the dealer does not discard.", PAGAT),
        Rule("euchre.bidding.turned-down-suit", "The turned-down suit is out",
             "In the second round the suit of the card that was turned down cannot be named as trump; "
             "only the other three suits can.", PAGAT),
        Rule("euchre.bidding.void-hand", "Nobody makes trump",
             "When all four players pass in the second round as well, the hand is dead: nobody scores, the "
             "cards are gathered and the next player to the left deals a new hand. The option "
             "stick_the_dealer removes this case.", PAGAT, options=("stick_the_dealer",),
             notes=(f"stick_the_dealer false (default): a hand with eight passes is thrown in ({PAGAT}).",
                    "stick_the_dealer true: the dealer cannot pass last, so no hand is thrown in "
                    "(see euchre.bidding.stick-the-dealer).")),
        Rule("euchre.bidding.stick-the-dealer", "Stick the dealer",
             "With the option stick_the_dealer, once the other three have passed in the second round the "
             "dealer is not allowed to pass and must name one of the three suits still available. Without "
             "it the dealer may pass like anyone else.", (PAGAT, WIKIPEDIA), options=("stick_the_dealer",),
             notes=(f"false (default): the dealer may pass in round two, and the hand may be thrown in ({PAGAT}).",
                    "true: a widely played house rule, common in tournaments and online; every hand is "
                    f"played ({PAGAT}; {WIKIPEDIA}).")),
    )),
    Section("Going alone", (
        Rule("euchre.alone.going-alone", "Going alone",
             "The player who makes trump, by ordering up or by naming a suit, may declare at that moment "
             "that they will play without their partner: the alone flag of that bid. The partner lays "
             "their cards face down and sits the hand out; the turn passes over their seat, so each trick "
             "has one card fewer, and if they would have led first the lead goes to the next player on "
             "their left (who leads the first trick against a lone maker is the option lone_first_lead, "
             "see euchre.play.lead). A lone maker who wins all five tricks scores more (euchre.scoring.lone-march).",
             PAGAT),
        Rule("euchre.alone.dealer-exchange", "The dealer's exchange when the dealer's partner goes alone",
             "When the dealer's partner orders up the upcard and goes alone, the dealer sits the hand out. "
             "By default the dealer then makes no exchange: the upcard is left on the pack, its suit is "
             "trump, it takes no part in play, and the dealer's five cards stay as dealt. With the option "
             "dealer_exchange_when_partner_alone set to exchange, the dealer still takes the upcard and "
             "discards one card before laying the hand down; the dealer then acts once, to discard, and "
             "never plays a card.", PAGAT, options=("dealer_exchange_when_partner_alone",),
             notes=(f"none (default): as pagat's account is read for this project, the dealer of a partner's "
                    f"lone hand takes no part at all, so no card is exchanged ({PAGAT}).",
                    "exchange: many tables and online rooms have the dealer pick up and discard as after any "
                    "order-up, then sit out; the dead hand holds the upcard, so nobody can play it either way "
                    f"and the play is the same ({OHIO}).")),
        Rule("euchre.alone.lone-defender", "Defending alone",
             "With the option lone_defender, when the maker goes alone each defender in turn may declare to "
             "defend alone or pass. By default the defender on the maker's left answers first; with the option"
             " lone_defender_order set to dealer_left, the defender who comes first clockwise from the "
             "dealer's left answers first. The first who declares it plays alone against the maker and their "
             "partner sits out as well, leaving two players; once one has declared, the other is not asked. "
             "This is decided after any exchange by the dealer and before the first lead. A lone defender who "
             "euchres the maker scores 4 (euchre.scoring.lone-defender-euchre). With lone_defender_against set"
             " to any_maker the defenders are asked after every bid that makes trump, and a lone defender may "
             "face a maker and partner, three playing: the makers score as usual when they take three tricks "
             "or more.",
             PAGAT, options=("lone_defender", "lone_defender_order", "lone_defender_against"),
             notes=(f"false (default): the defenders always play together ({PAGAT}).",
                    f"true: a known variant in which one defender may face a lone maker alone, for a 4-point "
                    f"euchre ({PAGAT}; {WIKIPEDIA}).",
                    "lone_defender_order maker_left (default): the question goes round clockwise from the "
                    "maker, as every call of the bidding passes to the next player on the left "
                    "(euchre.bidding.turn); the rule books that allow defending alone do not say who answers "
                    "first, so this is cardref's reading, and it was this engine's behaviour before the option "
                    "existed.",
                    "lone_defender_order dealer_left: the defenders answer in turn starting from the dealer's "
                    f"left, skipping the maker's side, as {OPENSPIEL} asks them. The two orders differ whenever "
                    "the maker sits on the dealer's right or is the dealer's partner. To replay OpenSpiel's hands "
                    "also set deck \"24\", stick_the_dealer true, dealer_may_discard_upcard false, "
                    "dealer_exchange_when_partner_alone exchange, lone_first_lead dealer_left and "
                    "lone_defender_against any_maker.",
                    "lone_defender_against lone_maker (default): the sources that allow defending alone speak of it "
                    f"as an answer to a lone maker ({PAGAT}; {WIKIPEDIA}).",
                    f"lone_defender_against any_maker: {OPENSPIEL} asks the defenders after the maker has chosen "
                    "to play alone or with the partner, so one may defend alone against a maker and partner; the "
                    "defender's partner sits out, three play, and a euchre scores 4 for the lone defender."),
             api_note=("The declaration is the move {\"type\": \"defend_alone\"}; a defender who does not declare "
                       "passes.")),
    )),
    Section("Play", (
        Rule("euchre.play.trump-order", "Rank of the cards",
             "In the trump suit the jack is the highest card (the right bower), next comes the other jack "
             "of the same colour (the left bower), then ace, king, queen, ten, nine, and in the 32-card "
             "pack eight and seven. The other suits rank ace, king, queen, jack, ten, nine (eight, seven), "
             "except that the suit of the same colour as trump has lost its jack.", PAGAT),
        Rule("euchre.play.left-bower", "The left bower is a trump",
             "For the whole hand the left bower belongs to the trump suit and not to the suit printed on "
             "it. It follows a trump lead, so a player whose only trump is the left bower must play it "
             "when trump is led. It does not follow its printed suit: when that suit is led, a player whose "
             "only card marked with that suit is the left bower has none of it and may play anything. Led "
             "itself, it is a trump lead, and it beats every trump except the right bower.", PAGAT),
        Rule("euchre.play.lead", "Leading",
             "The player on the dealer's left leads to the first trick; if that player sits out because "
             "their partner is alone, the next player in play to the left leads. With the option "
             "lone_first_lead set to maker_left, the first lead against a lone maker goes instead to the "
             "player on the maker's left (or, when that player sits out for a partner defending alone, to "
             "the lone defender). The winner of each trick leads to the next. Any card may be led.", PAGAT,
             options=("lone_first_lead",),
             notes=("lone_first_lead dealer_left (default): the first lead stays with the player on the "
                    "dealer's left, passing clockwise only past a seat that sits out, as in every hand "
                    f"without a lone player ({LAW_1862}; {PAGAT}; and {OPENSPIEL}, which starts the play on the "
                    "dealer's left and skips a seat out of play). It is the default because it changes the "
                    "general rule only as far as a seat cannot play.",
                    "lone_first_lead maker_left: the defender on the lone maker's left always leads, so the "
                    "maker plays last to the first trick wherever the deal fell; many tables and Euchre "
                    "programs play a lone hand this way (a \"left of the loner\" lead), though none of the rule "
                    "books cited here prints it, so cardref offers it as a house rule. The two give different "
                    "leaders unless the lone maker is the dealer.")),
        Rule("euchre.play.turn", "Turn order",
             "After the lead, each player taking part plays one card, clockwise, skipping a seat that sits "
             "the hand out.", PAGAT),
        Rule("euchre.play.card-held", "Play a card you hold",
             "A player can only play a card from their own hand.", PAGAT),
        Rule("euchre.play.follow-suit", "Following suit",
             "A player who holds a card of the suit led must play one; only a player who has none may play any"
             " card, a trump or not. Suits are counted as in play, with the left bower in the trump suit. "
             "Someone who once failed to follow a suit has none of it left, so cannot play it later.", PAGAT,
             api_note=("A position that shows such a player holding that suit, or playing it later, is "
                       "refused.")),
        Rule("euchre.play.trick-winner", "Who wins a trick",
             "The highest trump in the trick wins it. When no trump was played, the highest card of the "
             "suit led wins; cards of other suits never win.", PAGAT),
        Rule("euchre.play.trick-size", "A trick holds one card per player in play",
             "A finished trick holds one card from each player taking part: four, three when someone is "
             "alone, two when a lone maker meets a lone defender. A hand has five tricks. No trick is "
             "played before trump has been made and the dealer has discarded.", PAGAT),
        Rule("euchre.play.hand-size", "Cards held",
             "Each player holds five cards during play, less the cards they have played; the dealer holds "
             "six between taking the upcard and discarding. A player who sits out keeps five cards and "
             "plays none.", (BOOK, PAGAT)),
    )),
    Section("Scoring", (
        Rule("euchre.scoring.makers-point", "Makers take three or four tricks",
             "When the makers take three or four of the five tricks they score 1 point; that holds for a "
             "lone maker too.", (PAGAT, BICYCLE)),
        Rule("euchre.scoring.march", "A march",
             "When the makers, playing together, take all five tricks (a march) they score 2 points.",
             (PAGAT, BICYCLE)),
        Rule("euchre.scoring.lone-march", "A lone march",
             "A maker who went alone and took all five tricks scores 4 points for their side.",
             (PAGAT, BICYCLE)),
        Rule("euchre.scoring.euchred", "Euchred",
             "When the makers take fewer than three tricks they are euchred and the defenders score 2 "
             "points; the makers score nothing.", (PAGAT, BICYCLE)),
        Rule("euchre.scoring.lone-defender-euchre", "Euchred by a lone defender",
             "With the option lone_defender, a defender who played alone and held the makers to fewer "
             "than three tricks scores 4 points for their side instead of 2.", (PAGAT, BICYCLE),
             options=("lone_defender",),
             notes=(f"false (default): nobody defends alone, so this score never arises ({PAGAT}).",
                    f"true: the lone defender's euchre is worth 4 ({WIKIPEDIA}).")),
        Rule("euchre.scoring.report", "Who scores in a hand",
             "Only one side scores in a hand, and both partners share their side's points; a hand thrown in "
             "scores nothing.", CONVENTION,
             api_note=("Only one side scores in a hand. teams gives the points each team gains from it. "
                       "scores, by seat, credits each seat with its team's points, so both partners show the "
                       "same figure (scores[s] equals teams[s % 2]); the lines are per team and add up to "
                       "teams. A hand thrown in scores nothing and answers void: true.")),
        Rule("euchre.game.target", "Game",
             "Points carry over from hand to hand; the first team to reach the target, 10 by default "
             "(option target), wins the game. Only one team scores in a hand, so there is never a tie. A "
             "game score at or above the target cannot start a new hand.", (PAGAT, BICYCLE),
             options=("target",),
             notes=(f"10 (default): the usual game ({PAGAT}).",
                    "Other targets from 5 to 25: shorter games to 5 or 7 and longer ones such as 11 are "
                    f"common house rules ({WIKIPEDIA}).")),
    )),
))

OPTIONS = (
    Option("deck", "32", "euchre.deal.deck",
           "The pack: \"32\" (sevens up, as in The Ultimate Book of Card Games) or \"24\" (nines up, the usual "
           "tournament pack).",
           choices=("32", "24")),
    Option("dealer_may_discard_upcard", True, "euchre.bidding.dealer-discard",
           "Whether the dealer, after taking the upcard, may discard that very card.", choices=(True, False)),
    Option("stick_the_dealer", False, "euchre.bidding.stick-the-dealer",
           "The dealer may not pass in the second round, so no hand is thrown in.", choices=(False, True)),
    Option("lone_defender", False, "euchre.alone.lone-defender",
           "Against a lone maker one defender may defend alone, scoring 4 for a euchre.", choices=(False, True)),
    Option("lone_first_lead", "dealer_left", "euchre.play.lead",
           "Who leads the first trick against a lone maker: \"dealer_left\" (the player on the dealer's left, "
           "or the next in play if that seat sits out) or \"maker_left\" (the player on the maker's left).",
           choices=("dealer_left", "maker_left")),
    Option("lone_defender_order", "maker_left", "euchre.alone.lone-defender",
           "With lone_defender, which defender is asked first: \"maker_left\" (the one on the maker's left) "
           "or \"dealer_left\" (the first clockwise from the dealer's left, as OpenSpiel asks).",
           choices=("maker_left", "dealer_left")),
    Option("lone_defender_against", "lone_maker", "euchre.alone.lone-defender",
           "With lone_defender, whom a defender may defend alone against: \"lone_maker\" (only a maker playing "
           "alone) or \"any_maker\" (also a maker playing with a partner, three playing, as OpenSpiel allows).",
           choices=("lone_maker", "any_maker")),
    Option("dealer_exchange_when_partner_alone", "none", "euchre.alone.dealer-exchange",
           "When the dealer's partner orders up alone: \"none\" (the dealer sits out without taking the "
           "upcard) or \"exchange\" (the dealer still takes it and discards, then sits out).",
           choices=("none", "exchange")),
    Option("target", 10, "euchre.game.target", "The points a team needs to win the game.", minimum=5, maximum=25),
)
