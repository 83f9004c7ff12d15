"""Every file deerbook reads or writes goes through here: one guarded reader, one atomic writer (standard library).

Reading: only a regular file, at most a size limit, opened without blocking (a FIFO or a device is refused unread),
and every failure is the caller's own DeerbookError naming the file. Writing: the whole file goes to a temporary
file in the same folder, is flushed to disk and then renamed over the target, so a write cut short (a full disk, a
file size limit, a kill) leaves the previous file as it was; every failure is one `FileWriteError` line.
"""
from __future__ import annotations

import os
import re
import secrets
import stat
import sys
import sysconfig
import tempfile
import time
import traceback
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Iterator

from .errors import MAX_FILE_BYTES, DeerbookError, parse_json

MAX_SIBLINGS = 10_000  # `free_path` tries stem, stem-2, ... up to this, then a random name


class FileWriteError(DeerbookError):
    """A file that could not be written (the message names it and why); a file already there is unchanged."""


_FILES_ALLOWED: ContextVar[bool] = ContextVar("files_allowed", default=True)


@contextmanager
def no_file_reads() -> Iterator[None]:
    """Within this block `read_bytes` refuses every file a person named (a saved game never opens a file)."""
    token = _FILES_ALLOWED.set(False)
    try:
        yield
    finally:
        _FILES_ALLOWED.reset(token)


def read_bytes(path: Any, what: str, error: type[DeerbookError], *, limit: int = MAX_FILE_BYTES,
               own: bool = False) -> bytes:
    """The bytes of the regular file at `path` (at most `limit` bytes), else `error` naming `what` and the file.

    `own`: a data file of the package itself, read even while a saved game is loaded (`no_file_reads`)."""
    if not isinstance(path, (str, os.PathLike)):
        raise error(f"{what}: a file path must be a string, got {type(path).__name__}")
    if not own and not _FILES_ALLOWED.get():
        raise error(f"{what} {path}: a saved game may not name a file; it embeds the data it needs")
    where = f"{what} {path}"
    try:
        fd = os.open(os.path.expanduser(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not block
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        raise error(f"{where}: cannot read: {_reason(exc)}") from None
    try:
        return _read_regular_file(fd, where, error, limit)
    finally:
        os.close(fd)


def read_json(path: Any, what: str, error: type[DeerbookError], *, own: bool = False) -> Any:
    """The JSON data of the file at `path`, read by `read_bytes` and checked by `errors.parse_json`."""
    return parse_json(read_bytes(path, what, error, own=own), f"{what} {path}", error)


def _read_regular_file(fd: int, where: str, error: type[DeerbookError], limit: int) -> bytes:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{where}: not a regular file")
    if info.st_size > limit:
        raise error(f"{where}: {info.st_size} bytes, more than the {limit} allowed")
    chunks, size = [], 0
    try:
        while chunk := os.read(fd, limit + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise error(f"{where}: grew beyond the {limit} bytes allowed while read")
    except OSError as exc:
        raise error(f"{where}: cannot read: {_reason(exc)}") from None
    return b"".join(chunks)


def write_atomic(path: Any, data: bytes | str, what: str = "file") -> Path:
    """Write `data` (text as UTF-8) to `path` (`~` expanded) all at once and return the path written.

    A temporary file in the same folder is written, flushed to disk and renamed over the target, so the target
    holds either its old bytes or all the new ones. A folder, a device or a FIFO is never replaced. Raises
    FileWriteError, one line naming the file and why."""
    target = _target(path, what)
    content = data.encode() if isinstance(data, str) else bytes(data)
    temporary = target.parent / f".deerbook-{secrets.token_hex(6)}.tmp"
    try:
        with os.fdopen(_create(temporary), "wb") as file:
            _keep_mode(target, file.fileno())
            file.write(content)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException as exc:  # a kill or Ctrl-C too: never leave the temporary file behind
        temporary.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _cannot(what, target, exc) from None
        raise
    return target


def check_writable(path: Any, what: str = "file") -> Path:
    """The path `write_atomic` would write, after checking now that its folder takes a new file (so a long run
    learns before it starts that its results could not be written); raises FileWriteError."""
    target = _target(path, what)
    probe = target.parent / f".deerbook-{secrets.token_hex(6)}.tmp"
    try:
        os.close(_create(probe))
        probe.unlink()
    except OSError as exc:
        raise FileWriteError(f"cannot write the {what} to {target}: its folder {target.parent} takes no new file "
                             f"({_reason(exc)})") from None
    return target


def _create(path: Path) -> int:
    """A new file's descriptor, for writing (never an existing file's; a new file's permissions follow the umask)."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)


def _cannot(what: str, target: Path, exc: OSError) -> FileWriteError:
    return FileWriteError(f"cannot write the {what} to {target}: {_reason(exc)}")


def free_path(folder: "str | os.PathLike[str]", stem: str, suffix: str) -> Path:
    """`folder/stem+suffix`, or `stem-2`, `stem-3`, ... if that name is taken (a new file never replaces one; past
    MAX_SIBLINGS names, a random one)."""
    place = Path(os.path.expanduser(folder))
    names = (f"{stem}{suffix}", *(f"{stem}-{n}{suffix}" for n in range(2, MAX_SIBLINGS)))
    spare = f"{stem}-{secrets.token_hex(6)}{suffix}"
    return next((place / name for name in names if not os.path.lexists(place / name)), place / spare)


def unexpected(error: BaseException, context: str) -> str:
    """An error nobody expected, in one line: what it is, the last place outside Python's own library it was raised
    in, and the log file that holds its traceback (`write_error_log`, after the line `context`)."""
    what = f"something called sys.exit({error.code!r})" if isinstance(error, SystemExit) else (
        f"{type(error).__name__}: {error}" if str(error) else type(error).__name__)
    paths = sysconfig.get_paths()
    frames = [(frame.filename, frame.lineno) for frame in traceback.extract_tb(error.__traceback__)]
    if type(error.__cause__).__name__ == "_RemoteTraceback":  # raised in a worker process: its own traceback
        frames += [(name, int(line)) for name, line in re.findall(r'File "(.+)", line (\d+)', str(error.__cause__))]
    frames = [(name, line) for name, line in frames  # not Python's own library (installed packages are fine)
              if not name.startswith(paths["stdlib"]) or name.startswith((paths["purelib"], paths["platlib"]))]
    where = f", at {Path(frames[-1][0]).name} line {frames[-1][1]}" if frames else ""
    log = write_error_log(error, context)
    kept = f"; its traceback is in {log}" if log else "; no folder took its traceback"
    return f"an unexpected error ({' '.join(what.split())[:300]}{where}){kept}"


def write_error_log(error: BaseException, context: str) -> Path | None:
    """Write `error`'s traceback, after the line `context` (what was running), to a new file
    deerbook-error-DATE-TIME.log in the temporary folder (else the home folder); its path, or None if no folder
    took it (nothing is raised). For an error nobody expected: the person reads one line naming this file, a report
    attaches it."""
    text = "".join([f"{context}\nPython {sys.version.split()[0]} on {sys.platform}\n\n",
                    *traceback.format_exception(error)])
    stem = time.strftime("deerbook-error-%Y%m%d-%H%M%S")
    for folder in filter(None, (temporary_folder(), os.path.expanduser("~"))):
        try:
            return write_atomic(free_path(folder, stem, ".log"), text, "error log")
        except FileWriteError:
            continue
    return None


def temporary_folder() -> str | None:
    """`tempfile.gettempdir()`, or None when no folder takes a file (Python tries TMPDIR, /tmp, /var/tmp, /usr/tmp
    and the current folder, then gives up)."""
    try:
        return tempfile.gettempdir()
    except OSError:
        return None


def _target(path: Any, what: str) -> Path:
    """The file a write to `path` replaces (`~` expanded, a symbolic link followed); FileWriteError if it is a
    folder, a device or a FIFO, or its name cannot be a file name."""
    if not isinstance(path, (str, os.PathLike)):
        raise FileWriteError(f"cannot write the {what}: a file path must be a string, got {type(path).__name__}")
    text = os.fspath(path)
    if not text or "\0" in text:
        raise FileWriteError(f"cannot write the {what} to {text!r}: "
                             + ("a file name may not hold a NUL character" if text else "no file name given"))
    try:
        target = Path(os.path.realpath(os.path.expanduser(text)))
    except OSError as exc:  # a relative path, and the current folder cannot be found (removed, or unreadable)
        why = "the current folder no longer exists" if isinstance(exc, FileNotFoundError) else _reason(exc)
        raise FileWriteError(f"cannot write the {what} to {text}: {why}") from None
    try:
        info = os.stat(target)
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise FileWriteError(f"cannot write the {what} to {target}: no folder {target.parent}") from None
        return target
    except OSError as exc:
        raise _cannot(what, target, exc) from None
    if stat.S_ISDIR(info.st_mode):
        raise FileWriteError(f"cannot write the {what} to {target}: that is a folder; name a file in it")
    if not stat.S_ISREG(info.st_mode):
        raise FileWriteError(f"cannot write the {what} to {target}: not a regular file")
    return target


def _keep_mode(target: Path, fd: int) -> None:
    """Give the new file the permissions of the file it replaces, if there is one."""
    try:
        os.fchmod(fd, stat.S_IMODE(os.stat(target).st_mode))
    except FileNotFoundError:
        pass


def _reason(exc: BaseException) -> str:
    """An OSError's reason in words, without the file name Python repeats ("No space left on device")."""
    return getattr(exc, "strerror", None) or str(exc)
