"""The engine's decisions where the Football Highlights rule text is silent or ambiguous, one sentence each."""

DECISIONS = (
    "Sheet: the publisher's play sheet is not public; deerbook's default is the calibrated sheet v2 "
    "(data/sheet.json): every box an example of the rule text fixes, the others made by two stated rules "
    "(deerbook.football.calibration) so that they hold what the revealed boxes hold: a third of them empty, about "
    "4 yards of plays a box. The first reconstruction stays available as the built-in sheet \"reconstructed-v1\".",
    "Sheet examples: Doug's breakaway run, Gina's first turn, Gina's wild chain and the solo example are read "
    "as fresh sheets; Gina's incomplete pass (on the 5-yard line), Doug's non-active picks ('his first box' = "
    "the first of his two picks) and Doug's field goal as sheets already in play.",
    "Sheet shape: each box holds one action; 24 boxes per Play track, one Breakaway or YAC box per B or Y mark "
    "(12 and 11 on the calibrated sheet, 22 and 22 on reconstructed-v1), 6 Kick Range boxes (15 to 40), 6 Power "
    "Dice boxes.",
    "Defense die: No Effect 1/2 (faces 1-3), -5 yards on a Run 1/3, -10 yards on a Pass 1/6. It applies once "
    "per player per turn (per round in solo), to that player's first run (for -5) or first COMPLETE pass "
    "(for -10), after Breakaway/YAC bonuses; yardage never goes below 0.",
    "Incomplete pass: decided on the box's base yardage before YAC and defense: incomplete if it would move "
    "the marker beyond End Zone 2. A Y box still checks its YAC box, whose yards are void.",
    "Field: 45, 40, ..., 5, End Zone 1, End Zone 2; one space per full 5 yards; entering the End Zone scores "
    "a touchdown (7), excess yards are ignored, and the marker goes back to 45.",
    "Field goals (3 points, marker back to 45, allowed when the marker's yard number is at most the Kick "
    "Range) are offered to a player only at the moments between their OWN dice (before the first, between "
    "two, after the last) and once more at the very end of the game, never inside a chain. A field goal "
    "changes only the kicker's own score and marker, so offering it at every other moment adds no choice.",
    "Kick Range starts at 10 and the built-in sheets' track tops out at 40 (a sheet may not exceed 40: a range "
    "of 45 would allow endless kicks from the 45-yard reset spot).",
    "Power Dice: at most 6 unlocked; a 7th Power Dice box is an empty box. A box aimed at a full track "
    "(Play, Breakaway, YAC, Kick Range) does nothing.",
    "Wild chain: the player names any other Play track that still has an open box; if none has, it does nothing.",
    "Play dice and power dice are each rolled as ONE chance node whose outcome is the count of dice per area "
    "(multinomial probabilities).",
    "Each turn the Defense Die, the passed play dice and the active player's power dice are rolled as three "
    "chance nodes in that order (they are independent); a node with no dice is skipped.",
    "The active player takes all dice (play and power) of one area and checks them one by one on that track, "
    "each box with all its chained actions before the next die; then (multiplayer) power dice return to the "
    "supply. A field goal 'before the first die' is offered after the area is chosen (equivalent: it changes "
    "nothing the choice depends on).",
    "Non-active players pick one after another in seat order from the active player's left; their picks cannot "
    "interact (no dice are removed, a field goal only changes the kicker's sheet), so the order is immaterial. "
    "Each picks two different tracks by rules A-D, the first resolved fully (with chains) before the second.",
    "Non-active picks: if 2+ areas have play dice, both picks are such areas; if exactly one has, it must be "
    "one of the picks; if none has, any two tracks. In solo, areas with play OR power dice count.",
    "Non-active picks are optional (the text: non-active players 'may' check off a box, where the active player "
    "'must'): a player may decline both picks, or the second after the first, except that with exactly one area "
    "left with dice a player who picks must pick that area. Solo play follows the same rule ('as per the normal "
    "rules'). A saved game records a declined pick as 0.",
    "Rounds: 1-2 players 6, 3 players 4, 4 players 3; the game ends after the last player's turn of the "
    "final round, after the end-of-game field-goal offers in seat order.",
    "Overtime: the tied players, in seat order, each roll as many play dice as they have unlocked power dice "
    "(no defense die) and check them in the order they choose, one die (with chains) at a time; later players "
    "see earlier results (harmless: only the drive-or-kick choice could depend on it). "
    "At most 10 overtime rounds, then the still-tied players share the win.",
    "Scores are never capped by the number of Touchdown/Field Goal boxes on the sheet.",
    "Solo: each round the Defense die and one power die (the Defense Marker's area) are rolled, then the play "
    "dice removed last round plus the unlocked power dice. Blitz Bach's power-dice roll removes every area "
    "showing one of the rolled faces; he scores by the chart on the fullest remaining area outside the Defense "
    "Marker's area (0-1: 0, 2: 3, 3: 7, 4: 10, 5: 14, 6+: 21). Normal difficulty starts with one power die "
    "unlocked, hard with none. Blitz Bach wins ties; there is no overtime in solo. The end-of-game field-goal "
    "offer comes after Blitz Bach's sixth score. In the engine a lost solo game returns 0 to the player.",
)
