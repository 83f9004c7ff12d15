"""OpenSpiel's ISMCTS bot against deerbook's agents: python benchmarks/openspiel_duel.py [--challengers A,B,...]
[--field AGENT] [--game GAME] [--players N] [--games N] [--seed S] [--ms MS | --simulations N]

Each challenger plays one seat, rotated from game to game, against the field agent in every other seat, on the same
seeded games (`deerbook.openspiel.compare.duel`): its share of the wins (a shared win splits 1; an equal player's
share is 1/players) and its CPU time per decision, with 95% intervals. A challenger is a deerbook agent name or
`ismcts`, OpenSpiel's information-set MCTS bot with random rollouts. ISMCTS gets `--ms` CPU milliseconds per
decision, or `--simulations` per decision; with neither, the mean time per decision of the deerbook challenger
listed before it, so the two play at equal time per move, e.g. `--challengers search,ismcts`. Needs open-spiel.
"""
import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from deerbook.openspiel.compare import ISMCTS, duel  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--challengers", default=ISMCTS, help="comma-separated: deerbook agent names or ismcts")
    parser.add_argument("--field", default="greedy", help="the deerbook agent in every other seat")
    parser.add_argument("--game", default="deer", help="a deerbook game with hidden information (ISMCTS needs it)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--ms", type=float, help="ISMCTS: CPU milliseconds per decision")
    budget.add_argument("--simulations", type=int, help="ISMCTS: simulations per decision")
    args = parser.parse_args()
    equal_time = None
    for challenger in args.challengers.split(","):
        ms = None if args.simulations is not None else args.ms if args.ms is not None else equal_time
        if challenger == ISMCTS and ms is None and args.simulations is None:
            parser.error("give ISMCTS --ms or --simulations, or list a deerbook agent before it to match its time")
        searching = challenger == ISMCTS
        start = time.perf_counter()
        result = duel(args.game, {"players": args.players}, challenger, args.field, args.games, args.seed,
                      simulations=args.simulations if searching else None, budget_ms=ms if searching else None)
        print(f"{result.summary()}  [{args.game}, {args.players} players, seed {args.seed}, "
              f"{time.perf_counter() - start:.0f} s]", flush=True)
        if challenger != ISMCTS:
            equal_time = result.ms_per_move.mean


if __name__ == "__main__":
    main()
