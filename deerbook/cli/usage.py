"""The command line's two kinds of error and its exit statuses.

A `UsageError` is bad input, found before the work starts: one line naming the argument and what is allowed, with
a pointer to --help, exit status BAD_INPUT. Any other failure while the command runs (its output or results file
cannot be written, or its output was closed from the start; a bot breaks a rule; an unexpected error) is one line
saying what failed, exit status FAILED;
an unexpected error's traceback goes to a log file the line names. `deerbook play` adds the statuses of a game
(`play.terminal`: finished, stopped and saved, lost).
"""
from ..engine.errors import DeerbookError

DONE, FAILED, BAD_INPUT = 0, 1, 2
INTERRUPTED = 130  # Ctrl-C stopped the command, at any moment from its start (`cli.entry`): 128 + SIGINT
OUTPUT_CLOSED = 141  # the reader of the output went away (`| head`): 128 + SIGPIPE, as shells count


class UsageError(DeerbookError):
    """A bad command-line input found after parsing; `flag` names the argument."""

    def __init__(self, flag: str, message: str):
        super().__init__(f"argument {flag}: {message}")
