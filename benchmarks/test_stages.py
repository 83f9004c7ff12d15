"""How long each stage of the test command takes: python benchmarks/test_stages.py [--quick]

Runs `python3 dev.py test` stage by stage, exactly as dev.py runs it (`dev.test_stages`), and prints each stage's
wall time and the CPU time of the processes it ran, the machine's load average before and after (other processes
slow every stage: compare figures taken on a quiet machine), and the targets: the unit tests within 4 minutes and the
whole command within 12 on a quiet 2-core machine. The tests themselves assert no time (they must pass on a loaded
machine). A stage that fails stops the run, as it stops the command.
"""
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dev  # noqa: E402  (the set-up script at the repository root)

TARGETS = {"unit tests": 4 * 60, "whole command": 12 * 60}  # seconds, on a quiet 2-core machine


def children_cpu() -> float:
    """CPU seconds used so far by the processes this one ran and waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:04.1f} s"


def main() -> None:
    arguments = sys.argv[1:]
    if arguments not in ([], ["--quick"]):
        sys.exit(__doc__)
    rows, start = [], time.monotonic()
    load_before = os.getloadavg()
    for name, step in dev.test_stages(*arguments):
        began, cpu = time.monotonic(), children_cpu()
        step()
        rows.append((name, time.monotonic() - began, children_cpu() - cpu))
    rows.append(("whole command", time.monotonic() - start, sum(row[2] for row in rows)))
    print(f"\n{'stage':<20} {'wall':>14} {'CPU':>14}  target (quiet 2-core machine)")
    for name, wall, cpu in rows:
        target = TARGETS.get(name)
        verdict = "" if target is None else f"  {minutes(target)}: {'met' if wall <= target else 'MISSED'}"
        print(f"{name:<20} {minutes(wall):>14} {minutes(cpu):>14}{verdict}")
    print(f"load average (1, 5, 15 min) before: {', '.join(f'{x:.2f}' for x in load_before)}; "
          f"after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
