#!/usr/bin/env python3
"""A TCP proxy for fault injection: forwards 127.0.0.1:LISTEN to HOST:PORT.

SIGKILL it and every connection through it is reset; SIGSTOP it and they become a black hole
(the kernel still accepts, nothing answers) until SIGCONT. Prints `listening PORT` once ready.
"""

import argparse
import contextlib
import socket
import sys
import threading


def forward(source, target):
    try:
        while data := source.recv(65536):
            target.sendall(data)
    except OSError:
        pass
    finally:
        for end in (source, target):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)


def serve(client, upstream):
    try:
        server = socket.create_connection(upstream, timeout=10)
        server.settimeout(None)
    except OSError:
        client.close()
        return
    threading.Thread(target=forward, args=(client, server), daemon=True).start()
    threading.Thread(target=forward, args=(server, client), daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--to", required=True, help="HOST:PORT")
    options = parser.parse_args()
    host, port = options.to.rsplit(":", 1)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", options.listen))
    listener.listen(128)
    print(f"listening {options.listen}", flush=True)
    while True:
        client, _ = listener.accept()
        serve(client, (host, int(port)))


if __name__ == "__main__":
    sys.exit(main())
