"""deerbook's entry point (the `deerbook` command, `python -m deerbook`): Ctrl-C is held back while the command line
loads, so that a Ctrl-C at any moment ends the command as one during its work does: one line, status 130.

It imports only the standard library's `signal` before holding Ctrl-C back; what comes before it (Python's own
start-up, and `deerbook/__init__.py`, which imports nothing) is out of its reach.
"""
import signal

CTRL_C = {signal.SIGINT}


def run() -> int:
    """Run the command line (`cli.main.main`) and return its exit status; a Ctrl-C that comes while it loads waits
    until it has loaded, then ends it with one line and status 130 (`cli.usage.INTERRUPTED`)."""
    held = _hold_ctrl_c()
    try:
        from .main import main  # the package's imports, half a second

        held = _let_ctrl_c_through(held)  # a Ctrl-C held back raises KeyboardInterrupt here, within this try
        return main()
    except KeyboardInterrupt:
        from .main import interrupted

        return interrupted()
    finally:
        _let_ctrl_c_through(held)  # the command line failed to load (a bug): Python reports it as usual


def _hold_ctrl_c() -> bool:
    """Block SIGINT (a Ctrl-C then waits, pending); whether it did (not where it cannot, or already is blocked)."""
    if not hasattr(signal, "pthread_sigmask"):  # not POSIX
        return False
    return signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, CTRL_C)


def _let_ctrl_c_through(held: bool) -> bool:
    """Unblock SIGINT if `held` (a pending Ctrl-C raises KeyboardInterrupt here); False: nothing is held now."""
    if held:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, CTRL_C)
    return False
