"""The rules (Rulings 1–17, the advanced Rulings 18–21, the card edition of §2) as legal actions and transitions.

A DeerState is frozen: `apply` copies it into a mutable `Table`, runs its phase's transition and freezes the
result. By concern: `phases` names the phases, `phase_rules` holds one record per phase (rule text, legal
actions, transition, save checks), `cards` the card arithmetic on count vectors and the dice, `legal` the
legal actions and chance outcomes, `table` the working copy, `transitions` the handlers per phase and per
chart effect.
"""
from .cards import (BULLSEYE_POINTS, KNOCK_MAX_CARDS, SET_ASIDE_CARDS, acting_player, available_racks, card_list,
                    choosable_numbers, counts_of_kinds, group_options, group_target, hand_value, joker_faces,
                    loses_turn, matching, moved_numbers, mover, number_points, others, predator_decision,
                    rolled_faces, rolled_numbers, set_aside_options, sum_groups, turn_start_phase)
from .legal import card_outcome, chance_outcomes, chance_table, draw, drawn_card, drawn_kinds
from .phase_rules import (CHANCE_PHASES, DECISION_PHASES, PHASE_RULES, PRIVATE_PHASES, PhaseRule, apply,
                          deals_on_lists, legal_actions, play_chance, rule)
from .phases import Phase
from .table import RoundOver, Table
from .transitions import EFFECT_HANDLERS, deal_fields, end_round, round_scores

__all__ = ["BULLSEYE_POINTS", "CHANCE_PHASES", "DECISION_PHASES", "EFFECT_HANDLERS", "KNOCK_MAX_CARDS",
           "PHASE_RULES", "PRIVATE_PHASES", "Phase", "PhaseRule", "RoundOver", "SET_ASIDE_CARDS",
           "Table", "acting_player", "apply", "available_racks", "card_list", "card_outcome", "chance_outcomes",
           "chance_table",
           "choosable_numbers", "counts_of_kinds", "deal_fields", "deals_on_lists", "draw", "drawn_card", "drawn_kinds",
           "end_round", "group_options", "group_target", "hand_value", "joker_faces", "legal_actions", "loses_turn",
           "matching", "moved_numbers", "mover", "number_points", "others", "play_chance", "predator_decision",
           "rolled_faces", "rolled_numbers", "round_scores", "rule", "set_aside_options", "sum_groups",
           "turn_start_phase"]
