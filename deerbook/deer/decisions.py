"""The decisions the rule texts leave open, as the Deer engine takes them (one sentence or paragraph each;
the book's decisions chapter prints them)."""

DECISIONS = (
    "Cards are identified by kind (all four 7s are alike); every place (undealt deck, each hand, Discard pile, "
    "Predator pile) is a count vector, and each card is always in exactly one place.",
    "The deal is one chance node per card, starting left of the dealer; outcome = card kind with probability "
    "count remaining / cards remaining. Round r (0-based) is dealt by player r mod n, who takes the first turn.",
    "A roll is ONE chance node over (die A, die B, die C, predator die) faces, identical face tuples merged, "
    "with exact Fractions (die C has two Deer Head faces).",
    "The combination chart and every component (cards, dice, board) are data read from a JSON file; the default "
    "is data/board-2014.json (reconstructed, see the book's rulings page, §1).",
    "A frozen player's roll (Ruling 7) and the Three-Deer-Heads re-roll (Ruling 10) are judged on the dice as "
    "rolled: a Joker cannot supply the Deer Head. A roll without one loses the turn at once: no predator die, "
    "rack or draw. Number + two Deer Heads also loses the turn that way.",
    "Joker on a die (Ruling 14): after the roll, before resolving: first 'no Joker' or the die (any die, whatever it "
    "shows), then the number it shows: any of 1–12, even the one it already shows (the Joker is spent all the "
    "same), never a Deer Head or Running Deer, so a Joker cannot make Three Deer Heads. The Joker goes to the "
    "Predator pile. At most one per roll; the Three-Deer-Heads re-roll is a new roll.",
    "Two dice showing the same number after a Joker count as two numbers for the chart row, and the number's "
    "cards are discarded or passed once: (5, 5, 7) discards every 5 and 7 (Ruling 2; holding neither, the "
    "others hand over theirs); (5, 5, Deer Head) passes every 5 (Ruling 3); (5, 5, Running Deer) discards the "
    "5s and one chosen number other than 5 (Ruling 4).",
    "Readings (component data, 'readings'): data/board-2014.json uses the rulings', joker 'any_number' and "
    "set_aside 'optional'. A copy of the file with 'own_faces' (a Joker turns its die to another of its own "
    "faces, symbols included) and/or 'compulsory' (three cards must be set aside) plays the first, narrower "
    "readings; load it with make_game('deer', components='path/to/file.json').",
    "Three numbers (Ruling 2) is automatic. Holding none of them, the other players give theirs from the roller's "
    "left, number by number, each card a separate movement.",
    "Three Deer Heads (Ruling 10): the Discard pile goes into the hand, then all four dice are re-rolled as a new "
    "chance node; a re-roll with a Deer Head is played as this turn (Three Deer Heads again repeats).",
    "Passing (Rulings 3, 6, 12) goes one card at a time; the player chooses the recipient of each card.",
    "Ruling 6: after the cards of the number itself, the player picks groups one at a time among the distinct "
    "multisets of two or more number cards summing to the number still available, or 'no more groups'; then "
    "passes every chosen card.",
    "Ruling 4: the third number is any of 1–12 except the rolled ones. Ruling 8: two different numbers, chosen "
    "one decision each.",
    "Ruling 12, predator face: one decision per card of that predator: pass it to player j, discard it to the "
    "Predator pile, or keep the rest. Discard face: one predator kind held, or none.",
    "Ruling 13, rack: after the predator die, one available rack (three alike or one of each; a Joker stands in "
    "only for a predator the hand lacks) or 'no rack'. Its value is moved as signed moves, each chosen as "
    "(pawn, direction) then size, applied at once and clamped to 0..Finish; the sizes sum exactly to the value. "
    "The rack's cards stay in the hand while its moves are made, then go to the Predator pile, so a rack that "
    "empties the hand still moves pawns before the round ends.",
    "Ruling 1, draw: with a non-empty Predator pile, 'draw' or 'don't draw'; the draw is a chance node over the "
    "card kinds in the pile.",
    "Ruling 9, extra turns: the turn is finished, then the same player takes two more whole turns; extra turns "
    "earned during extra turns add up.",
    "Ruling 15: the round ends the moment any hand becomes empty, checked after every single card movement, "
    "whoever's turn it is; pending extra turns and frozen status are cleared.",
    "Scoring adds each hand value to its pawn, clamped to 0..Finish, and every pawn move is kept in a ledger "
    "(player, reason, requested, applied). Ruling 16: lowest score wins; a tie goes to the fewest points scored "
    "in the final round; then a shared win splits 1.0.",
    "Advanced rules are options (knocking, headlights_spaces, bullseye_spaces), switched on one by one or all "
    "together with advanced=True; an edition offers only the ones its component data lists (the card game: none).",
    "Ruling 18, knock: with knocking on, a turn (extra turns and a frozen player's turn included) whose player "
    "holds four or fewer cards starts with the decision 'knock' or 'roll the dice'. A knock counts as a turn. "
    "'The highest hand value in the round' is the highest among the other players. Round scores may be "
    "negative (pawns move back, clamped at 0) and are the round points of the Ruling 16 tie-break.",
    "Rulings 19–21 are judged once the round's scores are moved, on the spaces the pawns then stand on, before "
    "any Bullseye move; a Bullseye move that lands a pawn on a space grants nothing until the next round end.",
    "Ruling 19, set aside: after the deal, each player owed cards, from the dealer's left, picks one number card "
    "at a time, each of a number not yet set aside, or 'set aside no more' (the text: 'can pick'), until three "
    "(or until no new number is left); so any of 0–3 cards. Declining keeps the hand whole and the round plays "
    "on as usual; the benefit is not kept for later. Then the dealer's first turn. If setting aside empties a "
    "hand, the round ends as by Ruling 15.",
    "Ruling 19, block: before any discard, pass or hand-over of number cards (chart effects only; predator "
    "cards are never numbers), for each number involved in ascending order each holder of a set-aside card "
    "of it other than the mover, from the mover's left, chooses 'reveal' or 'don't block' until one reveals. "
    "The revealed card goes to the Discard pile and the mover keeps every card of that number for this action; "
    "in a sum-groups pass the other cards of a group still go. The roller may block a hand-over to them.",
    "Ruling 20, Bullseye: each player granted one, from the dealer's left, makes signed moves summing to 12 "
    "with the rack's (pawn, direction) then size decisions, logged as 'bullseye'; the game-end check follows.",
    "Ruling 21: a player who ends a round on the same benefit space as at the previous round end, with a round "
    "score of 0, gets no benefit; the space is remembered per player, so repeated zero rounds stay denied.",
    "Card edition (§2): the same engine with data/card-game.json: one 52-card deck for 2–4 players, two for "
    "5–6 (a deck-count map in the data); ranks A–K numbered 1–13 for the dice, worth 1–10 points; no predator "
    "die, predators, Jokers, racks or Predator pile; scores are not clamped and the game ends after a round "
    "with a score of 150 or more. The round winner's empty hand scores 0, as in the board game.",
    "Card chart rows are data: 'one of the two rolled' is discard_rolled with choose_from_rolled=1 (a "
    "'choose' decision among the two rolled ranks); rolls the chart does not list take its chart_default "
    "row 'nothing' (no card play, the turn passes). The book prints the chart with chart_table().",
    "Card chart, three numbers, holding none: each other player from the roller's left decides 'hand over' "
    "(all their cards of the three ranks) or 'keep them'.",
)
