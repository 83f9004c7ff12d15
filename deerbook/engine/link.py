"""A game record as a link: `deerbook:1:<base64url>`, short enough to paste in a chat, checked when opened.

The link's data, before base64url (no padding): the CRC32 of the content (4 bytes, big-endian), then the content
compressed by zlib. The content: the length of the set-up as a varint, the set-up as compact JSON (the game, every
option, so that a later default never changes an old link's game, and the seats), the number of steps as a varint,
then each step's index as a varint (`engine.record`: every step since the start, chance outcomes included; no seed,
no random stream, so a link never tells the coming dice or cards). A whole 4-player Deer game of greedy bots is
about 870 characters, a solo Football game about 220.
The book's play page takes the same link after `#game=` in its address.

Opening a link (`record_from_link`) checks everything and refuses anything wrong with a `LinkError`, one sentence
naming what: a version this deerbook does not read, a character no link holds, a link cut short or changed after
it was made (the CRC), a set-up that makes no game, or a step that is not legal at its position. A varint is 7 bits
a byte, lowest first, the top bit set on every byte but the last. Standard library only.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .errors import MAX_FILE_BYTES, SaveFileError, parse_json
from .record import FORMAT_VERSION, GameRecord
from .validate import is_whole

PREFIX = "deerbook"
PAGE_KEY = "#game="  # a play page's address carries the link after this
MAX_LINK_STEPS = 50_000  # a whole Deer game takes about 650 steps: a link holding more is forged, and refused unread
MAX_VARINT_BYTES = 10  # a step's index or a count fits in far fewer: more is a damaged link
_LINK = re.compile(r"deerbook:([^:]*):(.*)", re.DOTALL)
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(SaveFileError):
    """A link that cannot be opened; its message is one sentence saying what is wrong."""


def link_of(record: GameRecord) -> str:
    """The record as a link, `deerbook:1:<base64url>`."""
    setup = json.dumps({"game": record.game, "options": record.options, "seats": list(record.seats)},
                       separators=(",", ":"), sort_keys=True).encode()
    content = b"".join([_varint(len(setup)), setup, _varint(len(record.steps)), *map(_varint, record.steps)])
    data = zlib.crc32(content).to_bytes(4, "big") + zlib.compress(content, 9)
    return f"{PREFIX}:{FORMAT_VERSION}:{base64.urlsafe_b64encode(data).decode().rstrip('=')}"


def page_link(address: str, record: GameRecord) -> str:
    """The play page at `address` opening the record (`ADDRESS#game=deerbook:1:...`)."""
    return f"{address.split('#')[0]}{PAGE_KEY}{link_of(record)}"


def is_link(text: str) -> bool:
    """Whether `text` reads as a link (or a page's address carrying one), good or not: not a file's name."""
    return text.strip().startswith(f"{PREFIX}:") or PAGE_KEY in text


def record_from_link(text: str) -> GameRecord:
    """The record a link holds (or a page's address with `#game=LINK`), every step checked by replaying it through
    the engine; LinkError, one sentence naming what is wrong, for anything else."""
    record = _decoded(_content(text.strip().split(PAGE_KEY, 1)[-1].split("&", 1)[0]))
    try:
        record.positions()
    except SaveFileError as exc:
        raise LinkError(f"The link's game does not replay: {exc}.") from None
    return record


def _content(link: str) -> bytes:
    """The content a link carries, its version, characters and CRC checked."""
    if len(link) > MAX_FILE_BYTES:
        raise LinkError(f"The link is {len(link):,} characters long, more than the {MAX_FILE_BYTES:,} a link may be.")
    found = _LINK.fullmatch(link)
    if found is None:
        raise LinkError(f"This is not a deerbook link: a link starts with '{PREFIX}:{FORMAT_VERSION}:'.")
    version, body = found.groups()
    if version != str(FORMAT_VERSION):
        raise LinkError(f"The link is of version {version[:12]!r}, and this deerbook opens version {FORMAT_VERSION} "
                        "links only.")
    if not _BASE64URL.fullmatch(body):
        raise LinkError("The link holds a character no link has (only letters, digits, '-' and '_' follow its "
                        "version): it was changed or cut from a longer text.")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        data = b""
    if base64.urlsafe_b64encode(data).decode().rstrip("=") != body:  # a last character's unused bits changed too
        data = b""
    content = _unpacked(data[4:]) if len(data) > 4 else None
    if content is None:
        raise LinkError("The link is cut short or damaged: its data cannot be unpacked.")
    if zlib.crc32(content) != int.from_bytes(data[:4], "big"):
        raise LinkError("The link was changed after it was made: its check (CRC32) does not match its content.")
    return content


def _unpacked(packed: bytes) -> bytes | None:
    """The zlib data decompressed (at most MAX_FILE_BYTES), or None if it is damaged, cut short or too big."""
    unpacker = zlib.decompressobj()
    try:
        content = unpacker.decompress(packed, MAX_FILE_BYTES)
    except zlib.error:
        return None
    return content if unpacker.eof and not unpacker.unconsumed_tail and not unpacker.unused_data else None


def _decoded(content: bytes) -> GameRecord:
    """The record in a link's checked content; LinkError if its layout is wrong (a link made by another program)."""
    reader = _Reader(content)
    setup = _setup(reader.take(reader.varint()))
    count = reader.varint()
    if count > MAX_LINK_STEPS:
        raise LinkError(f"The link holds {count:,} steps, more than the {MAX_LINK_STEPS:,} a link may hold (a game "
                        "takes a few hundred).")
    steps = tuple(reader.varint() for _ in range(count))
    if reader.at < len(content):
        raise LinkError("The link holds more than its steps: it was not made by deerbook.")
    return GameRecord(setup["game"], setup["options"], tuple(setup["seats"]), steps)


class _Reader:
    """Reads a link's content from the start: varints and runs of bytes."""

    def __init__(self, content: bytes):
        self.content, self.at = content, 0

    def take(self, size: int) -> bytes:
        """The next `size` bytes."""
        if self.at + size > len(self.content):
            raise LinkError(CUT_SHORT)
        self.at += size
        return self.content[self.at - size:self.at]

    def varint(self) -> int:
        """The next varint."""
        value = 0
        for shift in range(0, 7 * MAX_VARINT_BYTES, 7):
            byte = self.take(1)[0]
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
        raise LinkError("The link holds a number too long for any step: it was not made by deerbook.")


CUT_SHORT = "The link's content ends before its steps do: it was not made by deerbook."


def _setup(raw: bytes) -> dict[str, Any]:
    """The set-up's JSON, each field checked (the options are checked when the game is made)."""
    setup = parse_json(raw, "the link's set-up", LinkError)
    if not (isinstance(setup, dict) and set(setup) == {"game", "options", "seats"} and isinstance(setup["game"], str)
            and isinstance(setup["options"], dict) and isinstance(setup["seats"], list)
            and all(isinstance(seat, str) for seat in setup["seats"])):
        raise LinkError("The link's set-up is not a game, its options and its seats.")
    return setup


def _varint(number: int) -> bytes:
    """`number` (0 or more) as a varint."""
    if not is_whole(number) or number < 0:
        raise ValueError(f"a varint holds a whole number from 0, got {number!r}")
    out = bytearray()
    while True:
        byte, number = number & 0x7F, number >> 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)
