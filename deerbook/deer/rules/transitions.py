"""The transitions: one handler per phase, one per chart effect, and the steps between them.

Every card movement goes through `Table.move`, which ends the round the moment a hand becomes
empty (Ruling 15) by raising `RoundOver`. The number-dice action is looked up in the components'
chart and run by its effect's handler (`EFFECT_HANDLERS`); which numbers' cards it takes out of the
hand is `cards.moved_numbers` (the greedy agent scores a roll by the same function). Every discard
or pass of number cards goes through `move_numbers`, where holders of set-aside cards may block it
(Ruling 19); without set-aside cards it happens at once.
"""
from __future__ import annotations

from typing import Iterable

from ...engine import Action
from ..components import EFFECTS, ChartRow, DeerComponents
from .cards import (BULLSEYE_POINTS, SET_ASIDE_CARDS, RollFacts, available_racks, counts_of_kinds, group_options,
                    hand_value, matching_kinds, moved_numbers, mover, others, predator_decision, set_aside_options,
                    turn_start_phase)
from .history import ANSWERED, EMPTY, NOTHING, PENDING, blocked_since, cards_set_to_pass, open_pending, passing
from .phases import (BLOCK, BULLSEYE_AMOUNT, BULLSEYE_PAWN, CHOOSE_NUMBER, DEAL, DRAW, DRAW_CARD, END, GROUP, HAND_OVER,
                     JOKER, JOKER_FACE, PASS, RACK, RACK_AMOUNT, RACK_PAWN, REROLL, ROLL, SET_ASIDE)
from .table import Table


def deal_fields(s, kinds: Iterable[int]) -> dict:
    """The fields that dealing cards of `kinds`, one at a time, changes while more cards follow them (`on_deal`
    without a Table: a deal is most of a game's steps)."""
    deck, hands, current, n = list(s.deck), list(s.hands), s.current, s.game.num_players
    for kind in kinds:
        hand = hands[current]
        if hand.__class__ is not list:  # the state's own tuple: copied on its first card
            hand = hands[current] = list(hand)
        deck[kind] -= 1
        hand[kind] += 1
        current = (current + 1) % n
    return {"deck": tuple(deck), "hands": tuple(map(tuple, hands)), "current": current}


def on_deal(t: Table, a: Action) -> None:
    """A card from the deck to the next hand; after the last one, the set-asides or the first turn."""
    t.move(a.args[0], "deck", t.current)
    t.current = (t.current + 1) % t.n
    if not any(t.deck):
        next_set_aside(t)


def next_set_aside(t: Table) -> None:
    """After the deal, each player owing set-aside cards (Ruling 19) from the dealer's left; then the
    dealer's first turn."""
    for player in [*others(t.dealer, t.n), t.dealer]:
        if t.set_aside_due[player] and set_aside_options(t.comp, t.hands[player], t.set_aside[player]):
            t.current, t.phase = player, SET_ASIDE
            return
        t.edit("set_aside_due")[player] = 0
    t.current = t.dealer
    t.phase = turn_start_phase(t.game, t.hands[t.current])  # the dealer's first turn


def on_set_aside(t: Table, a: Action) -> None:
    """One number card set aside face down, or no more (Ruling 19)."""
    if a.kind == "no_set_aside":
        t.edit("set_aside_due")[t.current] = 0
        return next_set_aside(t)
    t.edit("set_aside_due")[t.current] -= 1
    t.move(a.args[0], t.current, ("set_aside", t.current), mask=t.comp.number_mask)
    next_set_aside(t)


def on_knock(t: Table, a: Action) -> None:
    """Knock, ending the round (Ruling 18), or go on to the roll."""
    if a.kind == "no_knock":
        t.phase = ROLL
        return
    t.turns += 1
    t.emit("knocked", t.current, {})
    end_round(t, knocker=t.current)


def on_roll(t: Table, a: Action) -> None:
    """The dice as rolled (or re-rolled): a frozen or re-rolling player needs a Deer Head (Rulings 7, 10)."""
    t.turns += t.phase == ROLL
    t.roll, t.joker_die = a.args, None  # a re-roll is a new roll (Ruling 14)
    if t.events is not None:  # the hot path (apply) builds no event
        t.emit("rolled", t.current, {"faces": list(a.args), "text": t.comp.roll_text(a.args)})
    frozen = t.frozen[t.current]
    # `loses_turn`, judged on the dice as rolled (read from the roll's facts, worked out once per roll)
    if (frozen or t.phase == REROLL) and not t.facts().deer_head:
        return end_turn(t)
    if frozen:
        t.edit("frozen")[t.current] = False
    joker = t.comp.joker_kind
    if joker is not None and t.hands[t.current][joker]:
        t.phase = JOKER
    else:
        resolve_number_dice(t)


def on_joker(t: Table, a: Action) -> None:
    """A Joker on a die, or none: resolve the roll (Ruling 14)."""
    if a.kind == "no_joker":
        return resolve_number_dice(t)
    t.joker_die = a.args[0]
    t.phase = JOKER_FACE


def on_joker_face(t: Table, a: Action) -> None:
    """The number the Joker's die shows; the Joker goes to the Predator pile (Ruling 14)."""
    die, roll = t.joker_die, t.faces()  # the die is kept until the turn ends: it shows the Joker's choice
    assert die is not None, "a Joker's number is named after the Joker is played on a die"
    t.roll = roll[:die] + a.args + roll[die + 1:]
    t.move(t.comp.joker_kind, t.current, "predator_pile", shown=True)
    resolve_number_dice(t)


def resolve_number_dice(t: Table) -> None:
    """Carry out the chart row of the roll: its effect's handler, handed the roll's facts (its row, the numbers'
    kinds and mask, worked out once per roll)."""
    facts = t.facts()
    row = facts.row
    assert row is not None, "a roll being resolved has a chart row"
    EFFECT_HANDLERS[row.effect](t, row, facts)


def _discard_rolled(t: Table, row: ChartRow, facts: RollFacts) -> None:
    if row.choices:
        t.phase = CHOOSE_NUMBER
    else:
        discard_kinds(t, facts.moved_kinds, facts.moved_mask, row.pull_if_none)


def discard_numbers(t: Table, numbers, pull_if_none: bool = False) -> None:
    """Move the hand's cards matching `numbers`, or with none and `pull_if_none` start a hand-over."""
    kinds, mask = t.comp.number_set(tuple(numbers))
    discard_kinds(t, kinds, mask, pull_if_none)


def discard_kinds(t: Table, kinds, mask: int, pull_if_none: bool = False) -> None:
    """`discard_numbers`, the numbers given as their card `kinds` and `mask`."""
    cards = matching_kinds(t.hands[t.current], kinds)
    if not pull_if_none or any(cards):
        move_numbers(t, cards, mask)
    else:
        t.note(t.current, NOTHING, -1, mask)  # everyone sees the roller holds none
        next_hand_over(t)


def next_hand_over(t: Table) -> None:
    """Ruling 2 (card chart: 'may'): holding none of the rolled numbers, the other players from the
    roller's left hand theirs over, one giver after another; then the predator die."""
    givers = others(t.current, t.n)
    start = 0 if t.giver is None else givers.index(t.giver) + 1
    facts, choice = t.facts(), t.row().pull_is_choice
    for giver in givers[start:]:
        cards = matching_kinds(t.hands[giver], facts.rolled_kinds)
        if any(cards):
            t.giver = giver
            if choice:
                t.phase = HAND_OVER
            else:
                move_numbers(t, cards, facts.rolled_mask)
            return
        if not choice:  # every holder must hand theirs over: a player who hands nothing over holds none
            t.note(giver, NOTHING, -1, facts.rolled_mask)
    t.giver = None
    predator_phase(t)


def on_hand_over(t: Table, a: Action) -> None:
    """The giver hands the rolled numbers' cards over, or keeps them (card chart)."""
    giver = t.giver
    assert giver is not None, "a hand-over has a giver"
    if a.kind == "keep":
        t.note(giver, ANSWERED, -1, 0)  # seen by the giver alone
        return next_hand_over(t)
    facts = t.facts()
    move_numbers(t, matching_kinds(t.hands[giver], facts.rolled_kinds), facts.rolled_mask)


def move_numbers(t: Table, cards, mask: int) -> None:
    """The mover's number `cards` (every card of the kinds in `mask` but those already set to pass) are about to
    be discarded, passed or handed over: first each holder of a set-aside card of one of those numbers may block
    it (Ruling 19)."""
    actor = mover(t)
    t.note(actor, PENDING, -1, mask)
    t.pending, t.to_pass = tuple(cards), (0,) * len(t.comp.cards)
    if t.game.advanced.headlights_spaces and any(map(any, t.set_aside)):  # set-aside cards need Ruling 19's option
        next_block(t)
    else:  # no set-aside card to block with (always without Ruling 19): every pending card moves
        carry_out(t, actor, mask)


def next_block(t: Table) -> None:
    """Offer the next block after the one just answered (numbers in order, holders from the mover's
    left), or carry the movement out."""
    actor, aside = mover(t), t.set_aside
    answered = (-1, 0) if t.blocking is None else (t.blocking[0], (t.blocking[1] - actor) % t.n)
    offers = [(k, holder) for k, count in enumerate(t.pending) if count for holder in others(actor, t.n)
              if aside[holder][k] and (k, (holder - actor) % t.n) > answered] if any(map(any, aside)) else []
    if offers:
        t.blocking, t.phase = offers[0], BLOCK
    else:
        t.blocking = None
        carry_out(t)


def on_block(t: Table, a: Action) -> None:
    """Reveal the set-aside card (the mover keeps that number's cards), or not (Ruling 19)."""
    assert t.blocking is not None, "a block is offered before it is answered"
    kind, holder = t.blocking
    if a.kind == "reveal":
        t.move(kind, ("set_aside", holder), "discard")
        t.edit("pending")[kind] = 0  # the mover keeps every card of that number for this action
    else:
        t.note(holder, ANSWERED, kind, 0)  # seen by the holder alone
    next_block(t)


def carry_out(t: Table, actor: int | None = None, left: int = 0) -> None:
    """Move the pending cards (handed over, discarded or passed) and go on; the mover then holds none of the
    kinds that moved (the blocked ones aside), as everyone knows. Given the `actor` and the kinds `left` (none could
    be blocked), else read from the round's history (the movement noted, then the blocks since)."""
    cards, t.pending, offered = t.pending, (0,) * len(t.comp.cards), actor is None
    if actor is None:
        start, actor, mask = open_pending(t.history) or (len(t.history), mover(t), 0)
        left = mask & ~blocked_since(t.history, start, t.n)  # the kinds every card of which moved
    if t.giver is not None:
        t.move_all(cards, t.giver, t.current, mask=left)
        t.note(actor, NOTHING, -1, left)
        next_hand_over(t)
    elif t.facts().moves == "discard":
        t.move_all(cards, t.current, "discard")
        t.note(actor, NOTHING, -1, left)
        predator_phase(t)
    else:
        set_to_pass(t, cards, left, offered)
        t.note(actor, NOTHING, -1, left)
        t.to_pass = tuple(cards)
        if any(cards):
            t.phase = PASS
        else:
            predator_phase(t)


def set_to_pass(t: Table, cards, mask: int, offered: bool) -> None:
    """Note the cards set to be passed (they stay in the hand until passed): those not set to pass already (Ruling
    6's, kinds `mask`), and, when blocks were `offered`, those of a blocked kind going back to the hand (Ruling 19:
    everyone counts them)."""
    place = passing(t.current, t.n)
    if not EFFECTS[t.row().effect].groups:  # only Ruling 6 sets cards to pass before they move
        for kind, count in enumerate(cards):
            if count:
                t.note(t.current, place, kind, mask, count)
        return
    if not offered:  # no block offered: every card Ruling 6 set to pass is still to pass, as noted
        return
    set_before = cards_set_to_pass(t.history, place, len(cards))
    for kind, (count, already) in enumerate(zip(cards, set_before)):
        if count > already:
            t.note(t.current, place, kind, mask, count - already)
        elif already > count:
            t.note(place, t.current, kind, 1 << kind, already - count)


def _pass_rolled(t: Table, row: ChartRow, facts: RollFacts) -> None:
    move_numbers(t, matching_kinds(t.hands[t.current], facts.moved_kinds), facts.moved_mask)


def _discard_parity(t: Table, row: ChartRow, facts: RollFacts) -> None:
    discard_kinds(t, facts.moved_kinds, facts.moved_mask)


def _pass_number_and_sums(t: Table, row: ChartRow, facts: RollFacts) -> None:
    mask = facts.moved_mask
    t.to_pass = tuple(matching_kinds(t.hands[t.current], facts.moved_kinds))
    set_to_pass_public(t, t.to_pass)
    t.note(t.current, NOTHING, -1, mask)  # every card of the number is set to pass
    if group_options(t):
        t.phase = GROUP
    else:
        move_numbers(t, t.to_pass, mask)


def set_to_pass_public(t: Table, cards) -> None:
    """Note the cards of the rolled number set to be passed (Ruling 6: everyone sees how many)."""
    for kind, count in enumerate(cards):
        if count:
            t.note(t.current, passing(t.current, t.n), kind, 1 << kind, count)


def _freeze(t: Table, row: ChartRow, facts: RollFacts) -> None:
    t.edit("frozen")[t.current] = True
    t.emit("frozen", t.current, {})
    end_turn(t)


def _extra_turns(t: Table, row: ChartRow, facts: RollFacts) -> None:
    t.extra_turns += row.turns
    predator_phase(t)


def _take_discard_reroll(t: Table, row: ChartRow, facts: RollFacts) -> None:
    t.move_all(t.discard, "discard", t.current)
    t.phase = REROLL


def _nothing(t: Table, row: ChartRow, facts: RollFacts) -> None:
    predator_phase(t)


EFFECT_HANDLERS = {"discard_rolled": _discard_rolled, "pass_rolled": _pass_rolled, "discard_parity": _discard_parity,
                   "pass_number_and_sums": _pass_number_and_sums, "freeze": _freeze, "extra_turns": _extra_turns,
                   "take_discard_reroll": _take_discard_reroll, "nothing": _nothing}


def on_choose(t: Table, a: Action) -> None:
    """One chosen number; with all of them chosen, discard (Rulings 4 and 8)."""
    t.chosen += a.args
    row = t.row()
    if len(t.chosen) == row.choices:
        numbers = moved_numbers(t.comp, row, t.numbers_rolled(), t.chosen)
        t.chosen = ()
        discard_numbers(t, numbers, row.pull_if_none)


def on_group(t: Table, a: Action) -> None:
    """One more group to pass, or no more (Ruling 6)."""
    mask = groupable_mask(t)
    for kind in a.args:
        t.edit("to_pass")[kind] += 1
        t.note(t.current, passing(t.current, t.n), kind, mask)
    if a.kind == "no_more_groups" or not group_options(t):
        row, rolled = t.row(), t.numbers_rolled()
        move_numbers(t, t.to_pass, t.comp.numbers_mask(moved_numbers(t.comp, row, rolled)))


def groupable_mask(t: Table) -> int:
    """The kinds a card of a Ruling 6 group may be: number cards worth less than the rolled number's card."""
    comp, target = t.comp, t.facts().group_target
    return sum(1 << k for k in comp.number_kind.values() if 0 < comp.points[k] < target)


def on_pass(t: Table, a: Action) -> None:
    """One card to the chosen recipient (Rulings 3, 6, 12)."""
    kind, recipient = a.args
    t.edit("to_pass")[kind] -= 1
    t.move(kind, t.current, recipient, mask=t.comp.all_mask, noted_from=passing(t.current, t.n))
    if not any(t.to_pass):
        predator_phase(t)


def predator_phase(t: Table) -> None:
    """Resolve the predator die (an edition may have none), then go on to racks."""
    phase = predator_decision(t.comp, t.hands[t.current], t.facts().predator) if t.comp.predator_die else None
    if phase:
        t.phase = phase
    else:
        rack_phase(t)


def on_predator(t: Table, a: Action) -> None:
    """Pass or discard a card of the rolled predator, or keep the rest (Ruling 12)."""
    if a.kind == "keep":
        return rack_phase(t)
    kind = a.args[0]  # the die's predator: everyone knows the card
    t.move(kind, t.current, a.args[1] if a.kind == "pass" else "predator_pile", mask=1 << kind)
    if not t.hands[t.current][kind]:
        rack_phase(t)


def on_predator_discard(t: Table, a: Action) -> None:
    """Discard one predator card face down, or nothing (Ruling 12)."""
    if a.kind == "discard":
        t.move(a.args[0], t.current, "predator_pile", mask=t.comp.predator_mask)
    rack_phase(t)


def rack_phase(t: Table) -> None:
    """Offer a rack if the hand holds one (an edition without predators has none), else go on to drawing."""
    if t.comp.predator_kinds and available_racks(t.comp, t.hands[t.current]):
        t.phase = RACK
    else:
        draw_phase(t)


def on_rack(t: Table, a: Action) -> None:
    """Play a rack, its value to move as signed moves, or none (Ruling 13)."""
    if a.kind == "no_rack":
        return draw_phase(t)
    t.rack = tuple(counts_of_kinds(t.comp, a.args))
    t.moves_left = hand_value(t.comp, t.rack)
    t.phase = RACK_PAWN


AMOUNT_PHASES = {RACK_PAWN: RACK_AMOUNT, BULLSEYE_PAWN: BULLSEYE_AMOUNT}
PAWN_PHASES = {amount: pawn for pawn, amount in AMOUNT_PHASES.items()}


def on_move_pawn(t: Table, a: Action) -> None:
    """The pawn and direction of the next rack or Bullseye move (Rulings 13, 20)."""
    t.move_target = a.args
    t.phase = AMOUNT_PHASES[t.phase]


def on_move_amount(t: Table, a: Action) -> None:
    """One signed move of a rack (Ruling 13) or a Bullseye (Ruling 20)."""
    assert t.move_target is not None, "a pawn and direction are chosen before the amount"
    player, sign = t.move_target
    amount = a.args[0]
    bullseye = t.phase == BULLSEYE_AMOUNT
    t.move_pawn(player, sign * amount, "bullseye" if bullseye else "rack")
    t.moves_left -= amount
    t.move_target = None
    if t.moves_left:
        t.phase = PAWN_PHASES[t.phase]
    elif bullseye:
        t.edit("bullseye_due")[t.current] = False
        next_bullseye(t)
    else:
        finish_rack(t)


def finish_rack(t: Table) -> None:
    """Put the played rack on the predator pile and go on to drawing."""
    rack, t.rack = t.rack, (0,) * len(t.rack)  # the rack's cards leave the hand after its moves
    t.edit("racks_played")[t.current] += 1
    t.move_all(rack, t.current, "predator_pile", shown=True)
    draw_phase(t)


def draw_phase(t: Table) -> None:
    """Offer a draw from the predator pile if it has cards, else end the turn."""
    if any(t.predator_pile):
        t.phase = DRAW
    else:
        end_turn(t)


def on_draw(t: Table, a: Action) -> None:
    """Draw from the Predator pile, or end the turn (Ruling 1)."""
    if a.kind == "draw":
        t.phase = DRAW_CARD
    else:
        end_turn(t)


def on_draw_card(t: Table, a: Action) -> None:
    """The card drawn from the Predator pile; the turn ends (Ruling 1)."""
    t.move(a.args[0], "predator_pile", t.current, mask=t.comp.all_mask)
    end_turn(t)


def end_turn(t: Table) -> None:
    """The next turn: the same player's if extra turns are pending (Ruling 9), else the left neighbour's; it starts
    with the knock decision when that applies (Ruling 18: `turn_start_phase`)."""
    t.roll = t.joker_die = None
    if t.extra_turns:
        t.extra_turns -= 1
    else:
        t.current = (t.current + 1) % t.n
    t.phase = turn_start_phase(t.game, t.hands[t.current])


def round_scores(comp: DeerComponents, hands, knocker: int | None) -> tuple[int, ...]:
    """Ruling 15: each hand's value (set-aside cards are not in the hand). Ruling 18, after a knock
    with hand value K: the others score their value − K; the knocker 0, or K plus the highest other
    value if anyone holds less than K."""
    values = [hand_value(comp, h) for h in hands]
    if knocker is None:
        return tuple(values)
    knocked = values[knocker]
    scores = [v - knocked for v in values]
    rest = values[:knocker] + values[knocker + 1:]
    scores[knocker] = knocked + max(rest) if min(rest) < knocked else 0
    return tuple(scores)


def end_round(t: Table, knocker: int | None = None) -> None:
    """Score every hand (Rulings 15, 18), grant the space benefits (19–21), then the Bullseye moves."""
    comp = t.comp
    t.round_points = round_scores(comp, t.hands, knocker)
    if t.events is not None:  # the hot path (apply) builds no event
        t.emit("round_ended", None, {"round": t.round, "points": list(t.round_points), "knocker": knocker,
                                     "emptied": [p for p, hand in enumerate(t.hands) if not any(hand)]})
    for player, points in enumerate(t.round_points):
        t.move_pawn(player, points, f"round {t.round + 1} score")
    t.roll, t.joker_die, t.chosen, t.move_target, t.giver, t.blocking = None, None, (), None, None, None
    t.to_pass = t.rack = t.pending = (0,) * len(comp.cards)
    t.moves_left, t.extra_turns, t.frozen, t.set_aside_due = 0, 0, (False,) * t.n, (0,) * t.n
    grant_space_benefits(t)
    next_bullseye(t)


def grant_space_benefits(t: Table) -> None:
    """Rulings 19–21: a pawn ending the round on an enabled space gets its benefit, unless the player
    scored 0 and stayed on the space whose benefit they already had."""
    options, comp = t.game.advanced, t.comp
    headlights = comp.headlights_spaces if options.headlights_spaces else ()
    bullseyes = comp.bullseye_spaces if options.bullseye_spaces else ()
    for player, pawn in enumerate(t.pawns):
        stayed = t.benefit_spaces[player] == pawn and t.round_points[player] == 0
        t.edit("benefit_spaces")[player] = pawn if pawn in headlights or pawn in bullseyes else None
        if stayed:
            continue
        if pawn in headlights:
            t.edit("set_aside_due")[player] = SET_ASIDE_CARDS
        t.edit("bullseye_due")[player] = pawn in bullseyes


def next_bullseye(t: Table) -> None:
    """Ruling 20: each player granted a Bullseye, from the dealer's left, splits 12 points; then the round closes."""
    due = [p for p in [*others(t.dealer, t.n), t.dealer] if t.bullseye_due[p]]
    if due:
        t.current, t.moves_left, t.phase = due[0], BULLSEYE_POINTS, BULLSEYE_PAWN
    else:
        close_round(t)


def close_round(t: Table) -> None:
    """Ruling 16: end the game with a score at (or past) Finish, else gather the cards for the next deal."""
    comp, kinds = t.comp, len(t.comp.cards)
    if max(t.pawns) >= comp.finish:
        t.phase, t.set_aside_due = END, (0,) * t.n
        t.emit("game_over", None, {"pawns": list(t.pawns)})
        return
    t.emit("cards_gathered", None, {"round": t.round + 1})
    t.round += 1
    t.hands = t.set_aside = ((0,) * kinds,) * t.n
    t.deck, t.discard, t.predator_pile = t.game.full_deck, (0,) * kinds, (0,) * kinds
    t.history = EMPTY
    t.current = (t.dealer + 1) % t.n
    t.phase = DEAL


