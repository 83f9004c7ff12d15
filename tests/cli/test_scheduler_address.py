"""A Dask scheduler's address is read before any connection (scheme, host, port from 1 to 65535), and a scheduler
that cannot be used is one sentence naming the address and what is wrong, never Dask's own words. Every address
here is on 127.0.0.1, every wait bounded."""
import socket

import pytest

from deerbook.cli.main import main
from deerbook.cli.running import scheduler_address

SIMULATE = ["simulate", "football", "--seed", "1", "--games", "2", "--scheduler"]


@pytest.mark.parametrize("address, scheme, host, port", [
    ("tcp://127.0.0.1:8786", "tcp", "127.0.0.1", 8786), ("127.0.0.1:1", "tcp", "127.0.0.1", 1),
    ("tls://127.0.0.1:65535", "tls", "127.0.0.1", 65535), ("tcp://[::1]:8786", "tcp", "::1", 8786)])
def test_an_address_is_read_as_scheme_host_and_port(address, scheme, host, port):
    assert scheduler_address(address) == (scheme, host, port)


@pytest.mark.parametrize("address, words", [
    ("tcp://127.0.0.1:99999", "the port '99999' is not a port number (a whole number from 1 to 65535)"),
    ("tcp://127.0.0.1:0", "the port '0' is not a port number"),
    ("127.0.0.1:abc", "the port 'abc' is not a port number"),
    ("tcp://127.0.0.1:-1", "the port '-1' is not a port number"),
    ("foo://127.0.0.1:8786", "an address starts with tcp:// or tls://, not foo://"),
    ("tcp://:8786", "no host before the port: write tcp://HOST:8786"),
    ("tcp://[::1]", "missing port number after [::1]"),
])
def test_a_bad_address_is_refused_before_connecting_naming_what_is_wrong(address, words, capsys, monkeypatch):
    """`tcp://127.0.0.1:99999` used to say "Connection refused" (the port wrapped round to another)."""
    monkeypatch.setattr(socket, "create_connection", lambda *args, **kwargs: pytest.fail("it connected"))
    with pytest.raises(SystemExit) as stop:
        main([*SIMULATE, address])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1, err
    assert f"deerbook simulate: error: cannot use the Dask scheduler at {address}: {words}" in err


def test_a_closed_port_says_nothing_listens_there(capsys):
    pytest.importorskip("distributed")
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    with pytest.raises(SystemExit):
        main([*SIMULATE, f"tcp://127.0.0.1:{port}"])
    err = capsys.readouterr().err
    assert f"at tcp://127.0.0.1:{port}: Connection refused: nothing listens at 127.0.0.1 port {port} (see" in err
