"""Turn reports built by hand, and a TCP forwarder standing in for a store coming back."""

from __future__ import annotations

import contextlib
import select
import socket
import socketserver
import threading

from kgcheck.report import TurnReport
from kgcheck.types import Action, ActionKind, Decision, Evidence, Flag, FlagType, Severity, Span

EX = "https://example.org/acme#"


def make_report(
    session: str = "s1",
    turn: int = 1,
    types: tuple[FlagType, ...] = (FlagType.WRONG_ATTRIBUTE,),
    *,
    text: str = "Dr. Patel's extension is 4413.",
) -> TurnReport:
    """A report with one flag per type in ``types``: a wrong extension, with KB evidence."""
    flags = [
        Flag(
            type=flag_type,
            span=Span(25, 29),
            content="4413",
            message="Not 4413: the extension of Dr. Amira Patel is 4412.",
            detector=str(flag_type),
            evidence=[
                Evidence(
                    "kb",
                    "The extension of Dr. Amira Patel is 4412.",
                    ((EX + "amiraPatel", EX + "extension", "4412"),),
                )
            ],
            correction="4412",
            focus=EX + "amiraPatel",
            rule="acme-extension" if n == 0 else None,
            confidence=0.88,
            severity=Severity.HIGH,
        )
        for n, flag_type in enumerate(types)
    ]
    actions = (
        [Action(ActionKind.CORRECT, [0], Span(25, 29), "4412", reason="KB value")] if flags else []
    )
    return TurnReport(
        original=text,
        text=text.replace("4413", "4412"),
        flags=flags,
        actions=actions,
        decision=Decision.REVISE if flags else Decision.ACCEPT,
        answer_confidence=0.41,
        session_id=session,
        turn_index=turn,
        timings={"nlp": 0.002, "total": 0.01},
        counts={"segments": 1, "claims": 1, "entities": 1},
    )


class Forwarder:
    """Forwards TCP connections from a loopback port to ``target`` once started: a store that
    was down (nothing listening on the port) comes back."""

    def __init__(self, port: int, target: tuple[str, int]) -> None:
        self.port = port
        self.target = target
        self._server: socketserver.ThreadingTCPServer | None = None

    def start(self) -> None:
        target = self.target

        class Pump(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                with socket.create_connection(target) as upstream:
                    pair = [self.request, upstream]
                    while True:
                        ready, _, _ = select.select(pair, [], [], 5)
                        if not ready:
                            return
                        for sock in ready:
                            data = sock.recv(65536)
                            if not data:
                                return
                            (upstream if sock is self.request else self.request).sendall(data)

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", self.port), Pump)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            with contextlib.suppress(OSError):
                self._server.shutdown()
                self._server.server_close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
