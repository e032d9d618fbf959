"""A SPARQL 1.1 Protocol endpoint over an Oxigraph store: ``kgcheck endpoint``, the writer
process behind ``kgcheck serve --workers N`` with an on-disk store, and a SPARQL server that
tests can start in-process.

The endpoint answers at ``/sparql``: a query by GET (``?query=``) or POST (a form, or an
``application/sparql-query`` body), an update by POST (a form with ``update=``, or an
``application/sparql-update`` body). SELECT and ASK answers are SPARQL results (JSON unless the
``Accept`` header asks for XML, CSV or TSV), CONSTRUCT and DESCRIBE answers RDF (N-Triples unless
it asks for Turtle, RDF/XML or JSON-LD). The default graph is the union of all graphs, as the
flag store's queries expect, unless ``default-graph-uri`` or ``named-graph-uri`` name the
dataset. A query or update that cannot be parsed is answered 400 with the parser's message, a
refused update 403, a failure of the store 500. Queries run at once on threads (Oxigraph reads
a snapshot, without the GIL); updates run one at a time. It listens on loopback unless told
otherwise, and has no authentication: anyone who reaches the port may change the store.

A query that carries limits (the ``Kgcheck-Query-Limits`` header, which the service's workers
send with each ``/sparql`` query: :mod:`kgcheck.store.limited`) runs in a process of its own
instead, as a single-worker service runs it: stopped after its time limit (503, KGC415) or past
its memory limit (503, KGC417), its answer cut at its row limit (``Kgcheck-Truncated: true``),
and killed as soon as the caller closes the connection; past ``workers`` such queries at once
(``concurrency`` for one client) it is refused with 429 (KGC416). Such an error names its code
in the ``Kgcheck-Error`` header. No answer names the store's directory.

Usage::

    with SparqlEndpoint(pyoxigraph.Store()) as endpoint:   # a free loopback port, a thread
        store = SparqlFlagStore(endpoint.url)
    SparqlEndpoint(Path("flags"), port=7878).serve()        # blocks; Ctrl-C stops it
    with StoreWriter(Path("flags")) as writer:               # a process of its own
        ...  # several processes read and write the store at writer.url
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

import pyoxigraph as ox

from kgcheck.errors import (
    ConfigError,
    InvalidQuery,
    KgcheckError,
    LocalServerFailed,
    RdfSyntaxError,
    SourceNotFound,
    SourceUnloadable,
    UnknownFormat,
    error_code,
    http_status,
)
from kgcheck.extras import require
from kgcheck.sparql_http import ERROR_HEADER
from kgcheck.store.gate import QueryForm
from kgcheck.store.limited import (
    LIMITS_HEADER,
    QueryJob,
    QueryLimits,
    QuerySlots,
    wait_for_job,
)
from kgcheck.store.oxigraph import answer_media, open_on_disk, serialize

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

__all__ = ["SparqlEndpoint", "StoreWriter", "endpoint_app", "writer_main"]

log = logging.getLogger(__name__)

#: What a request without a preference (no ``Accept`` header, or ``*/*``) gets.
_DEFAULT_ACCEPT = "application/sparql-results+json, application/n-triples"
_FORM = "application/x-www-form-urlencoded"
_QUERY_BODY = "application/sparql-query"
_UPDATE_BODY = "application/sparql-update"
_PR_SET_PDEATHSIG = 1


class _ProtocolError(Exception):
    """A request the endpoint answers with ``status`` and ``message`` as plain text."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class _Operation:
    """One request: a query or an update, and the dataset the protocol names."""

    text: str
    update: bool
    default_graphs: tuple[str, ...] = ()
    named_graphs: tuple[str, ...] = ()
    accept: str = _DEFAULT_ACCEPT


def endpoint_app(
    store: ox.Store,
    *,
    read_only: bool = False,
    max_request_bytes: int = 64 * 2**20,
    directory: Path | None = None,
) -> Starlette:
    """The endpoint as an ASGI application (``/sparql``), for any ASGI server.

    Args:
        store: the store queried and updated.
        read_only: answer updates with 403.
        max_request_bytes: larger request bodies are answered with 413.
        directory: where ``store`` is on disk (``None``: in memory): the query processes of
            queries with limits open it read-only; its name is kept out of every answer.
    """
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    writes = threading.Lock()
    limited = _LimitedQueries(store, directory)
    private = _private_names(directory)

    async def sparql(request: Request) -> Response:
        try:
            operation = await _read(request, max_request_bytes)
            if operation.update and read_only:
                raise _ProtocolError(403, "this endpoint is read-only: updates are refused")
            header = request.headers.get(LIMITS_HEADER)
            if header is not None and not operation.update:
                return await limited.answer(request, operation, header)
            response: Response = await run_in_threadpool(_run, store, operation, writes, private)
        except _ProtocolError as exc:
            response = PlainTextResponse(exc.message, status_code=exc.status)
        return response

    return Starlette(routes=[Route("/sparql", sparql, methods=["GET", "POST"])])


def _private_names(directory: Path | None) -> list[str]:
    """The ways a message may name the store's directory, longest first."""
    if directory is None:
        return []
    names = {str(directory), str(directory.absolute())}
    with contextlib.suppress(OSError):
        names.add(str(directory.resolve()))
    return sorted(names, key=len, reverse=True)


def _without(text: str, private: list[str]) -> str:
    for name in private:
        text = text.replace(name, "<store>")
    return text


class _LimitedQueries:
    """Queries with limits: each in a process of its own, so many at once."""

    def __init__(self, store: ox.Store, directory: Path | None) -> None:
        self.store = store
        self.directory = directory
        self._slots = QuerySlots()

    async def answer(self, request: Request, operation: _Operation, header: str) -> Response:
        from starlette.concurrency import run_in_threadpool
        from starlette.responses import PlainTextResponse, Response

        try:
            limits, client, form = QueryLimits.from_header(header)
            if operation.default_graphs or operation.named_graphs:
                raise InvalidQuery(
                    "default-graph-uri and named-graph-uri are not taken with query limits"
                )
            slot = self._slots.hold(client, concurrency=limits.concurrency, workers=limits.workers)
            with slot:
                job = await run_in_threadpool(self._job, operation, limits, form)
                result = await wait_for_job(job, limits.timeout, request.is_disconnected)
        except KgcheckError as exc:
            if http_status(exc) >= 500:
                log.warning("query with limits: %s", exc)
            return PlainTextResponse(
                exc.message, status_code=http_status(exc), headers={ERROR_HEADER: exc.code}
            )
        headers = {"Kgcheck-Truncated": "true" if result.truncated else "false"}
        return Response(result.body, media_type=result.media_type, headers=headers)

    def _job(self, operation: _Operation, limits: QueryLimits, form: QueryForm) -> QueryJob:
        """The query's process, started."""
        if self.directory is not None:
            self.store.flush()  # the query's process reads what is on disk
            source: tuple[Path | None, bytes] = (self.directory, b"")
        else:
            data = self.store.dump(format=ox.RdfFormat.N_QUADS)
            source = (None, data if isinstance(data, bytes) else b"")
        media = answer_media(form, operation.accept)
        return QueryJob(source, operation.text, form, media, limits.max_rows, limits.memory_mb)


async def _read(request: Request, max_bytes: int) -> _Operation:
    params = list(request.query_params.multi_items())
    accept = request.headers.get("accept", "").strip()
    if accept in ("", "*/*"):
        accept = _DEFAULT_ACCEPT
    if request.method == "GET":
        if any(name == "update" for name, _ in params):
            raise _ProtocolError(400, "an update must be sent with POST")
        return _operation(params, None, accept)
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media not in (_FORM, _QUERY_BODY, _UPDATE_BODY):
        raise _ProtocolError(
            415, f"expected a body of {_FORM}, {_QUERY_BODY} or {_UPDATE_BODY}, not {media!r}"
        )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise _ProtocolError(413, f"the request is larger than {max_bytes} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise _ProtocolError(413, f"the request is larger than {max_bytes} bytes")
        chunks.append(chunk)
    try:
        body = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _ProtocolError(400, f"the request is not UTF-8 (byte {exc.start})") from exc
    if media == _FORM:
        return _operation(params + parse_qsl(body, keep_blank_values=True), None, accept)
    return _operation(params, (body, media == _UPDATE_BODY), accept)


def _operation(
    params: Sequence[tuple[str, str]], body: tuple[str, bool] | None, accept: str
) -> _Operation:
    """The operation of a request's parameters (and its body, when it is the operation)."""
    texts = [(value, name == "update") for name, value in params if name in ("query", "update")]
    if body is not None:
        texts.append(body)
    if len(texts) != 1:
        raise _ProtocolError(400, "expected exactly one query or update")
    text, update = texts[0]
    if update and any(name in ("using-graph-uri", "using-named-graph-uri") for name, _ in params):
        raise _ProtocolError(400, "using-graph-uri and using-named-graph-uri are not supported")
    return _Operation(
        text,
        update,
        default_graphs=tuple(v for n, v in params if n == "default-graph-uri"),
        named_graphs=tuple(v for n, v in params if n == "named-graph-uri"),
        accept=accept,
    )


def _run(
    store: ox.Store, operation: _Operation, writes: threading.Lock, private: list[str]
) -> Response:
    from starlette.responses import PlainTextResponse, Response

    try:
        if operation.update:
            with writes:
                store.update(operation.text)
            return Response(status_code=204)
        results = store.query(operation.text, **_dataset(operation))
        body, media = serialize(results, operation.accept)
    except SyntaxError as exc:
        return PlainTextResponse(f"SPARQL syntax error: {exc}", status_code=400)
    except ValueError as exc:
        # an IRI of default-graph-uri or named-graph-uri that is not one
        return PlainTextResponse(f"bad request: {_without(str(exc), private)}", status_code=400)
    except (OSError, RuntimeError) as exc:
        log.error("SPARQL %s failed: %s", "update" if operation.update else "query", exc)
        said = _without(str(exc), private)
        return PlainTextResponse(f"the store failed: {said}", status_code=500)
    return Response(body, media_type=media)


def _dataset(operation: _Operation) -> dict[str, Any]:
    """The keyword arguments of ``Store.query`` for the dataset the request names."""
    if not operation.default_graphs and not operation.named_graphs:
        return {"use_default_graph_as_union": True}
    return {
        "default_graph": [ox.NamedNode(iri) for iri in operation.default_graphs],
        "named_graphs": [ox.NamedNode(iri) for iri in operation.named_graphs],
    }


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host.strip("[]"), port))
        # listening at once: a client that connects before the server runs waits in the backlog
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise LocalServerFailed(f"cannot listen on {host}:{port} ({exc.strerror})") from exc
    sock.set_inheritable(True)
    return sock


class SparqlEndpoint:
    """The endpoint over one store, served by uvicorn on a socket bound when it is made.

    Args:
        store: an Oxigraph store, the directory of an on-disk one (opened here, and held
            until :meth:`stop`), or ``None`` for a new in-memory store.
        host: the address to listen on.
        port: the port; 0 for a free one (see :attr:`url`).
        read_only: answer updates with 403.
        max_request_bytes: larger request bodies are answered with 413.
        sock: a listening socket to serve on instead of binding one (``host`` and ``port``
            are then ignored).

    Raises:
        StoreError: the on-disk store cannot be opened (StoreLocked: another process holds it).
        LocalServerFailed: the address cannot be bound.
        ConfigError: uvicorn or starlette is not installed (the [server] extra).
    """

    def __init__(
        self,
        store: ox.Store | Path | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        read_only: bool = False,
        max_request_bytes: int = 64 * 2**20,
        sock: socket.socket | None = None,
    ) -> None:
        require("server", "the SPARQL endpoint", ConfigError)
        self.directory = store if isinstance(store, Path) else None
        if store is None:
            store = ox.Store()
        elif isinstance(store, Path):
            store = open_on_disk(store)
        self.store = store
        self.read_only = read_only
        self.max_request_bytes = max_request_bytes
        self._sock = sock if sock is not None else _bind(host, port)
        address = self._sock.getsockname()
        self.host, self.port = str(address[0]), int(address[1])
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The endpoint's URL, for queries and updates alike."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/sparql"

    def load(self, path: Path, *, graph: str | None = None) -> int:
        """Load an RDF file (its format by its extension) into ``graph`` (default: the default
        graph; quads keep their own graphs), in one transaction; returns the quads added.

        Raises:
            KnowledgeBaseError: the file is missing, of an unknown format or malformed.
        """
        if not path.is_file():
            raise SourceNotFound(f"{path}: no such file")
        extension = path.suffix.removeprefix(".").lower()
        # .owl files are RDF/XML by custom, which Oxigraph does not know
        rdf_format = ox.RdfFormat.from_extension("rdf" if extension == "owl" else extension)
        if rdf_format is None:
            raise UnknownFormat(f"{path}: unknown RDF format {path.suffix!r}")
        before = len(self.store)
        try:
            self.store.load(
                path=str(path),
                format=rdf_format,
                to_graph=None if graph is None else ox.NamedNode(graph),
            )
        except SyntaxError as exc:
            line = f" line {exc.lineno}" if exc.lineno else ""
            raise RdfSyntaxError(f"{path}:{line}: RDF syntax error: {exc.msg}") from exc
        except (OSError, ValueError) as exc:
            raise SourceUnloadable(f"{path}: cannot load ({exc})") from exc
        return len(self.store) - before

    def _make_server(self) -> uvicorn.Server:
        import uvicorn

        app = endpoint_app(
            self.store,
            read_only=self.read_only,
            max_request_bytes=self.max_request_bytes,
            directory=self.directory,
        )
        config = uvicorn.Config(
            app,
            lifespan="off",
            log_config=None,
            access_log=False,
            # past this many open connections and requests, 503: the flag store retries those
            limit_concurrency=256,
            timeout_graceful_shutdown=5,
        )
        return uvicorn.Server(config)

    def serve(self) -> None:
        """Serve until SIGINT or SIGTERM (from the main thread), then close the store."""
        server = self._make_server()
        try:
            server.run(sockets=[self._sock])
        finally:
            self._close()

    def start(self, timeout: float = 10.0) -> SparqlEndpoint:
        """Serve on a thread of this process, returning once it answers.

        Raises:
            LocalServerFailed: it did not start within ``timeout`` seconds.
        """
        if self._thread is not None:
            return self
        self._server = server = self._make_server()
        self._thread = threading.Thread(
            target=server.run, kwargs={"sockets": [self._sock]}, name="sparql-endpoint", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise LocalServerFailed(f"the SPARQL endpoint at {self.url} did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        """Stop serving (waiting a few seconds for requests under way) and let the store go."""
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
        self._server, self._thread = None, None
        self._close()

    def _close(self) -> None:
        self._sock.close()
        # an on-disk store is unlocked when the last reference goes
        self.store = ox.Store()
        self.directory = None

    def __enter__(self) -> SparqlEndpoint:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


class StoreWriter:
    """A process that owns an on-disk Oxigraph store and serves it with :class:`SparqlEndpoint`
    on a loopback port, so that several processes share the store as ``sparql:<url>``: the one
    way to write to an on-disk store from more than one process.

    The socket is bound here, before the process starts, and stays open here: :attr:`url` is
    known at once, and a client that connects while the process (re)starts waits for it. A
    process that dies is started again, after a second; past ``restarts_per_minute`` restarts
    in a minute the socket is closed instead, so that clients are refused at once (and the
    flag store spools their reports) rather than waiting out their time-outs. The process runs
    in a session of its own, so Ctrl-C stops the service in front of it first and the writes
    under way still land; it stops with :meth:`stop`, or when the process that started it dies.

    Usage::

        with StoreWriter(Path(".kgcheck/flags")) as writer:
            store = SparqlFlagStore(writer.url)

    Args:
        directory: the on-disk store (created if absent).
        startup_timeout: seconds to wait for the process to open the store.
        restarts_per_minute: how often a process that died is started again.
    """

    def __init__(
        self, directory: Path, *, startup_timeout: float = 60.0, restarts_per_minute: int = 5
    ) -> None:
        self.directory = directory
        self.startup_timeout = startup_timeout
        self.restarts_per_minute = restarts_per_minute
        self.url = ""
        self._sock: socket.socket | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._stopping = False

    @property
    def pid(self) -> int | None:
        """The process's id, while one runs."""
        process = self._process
        return None if process is None or process.poll() is not None else process.pid

    def start(self) -> StoreWriter:
        """Start the process and wait until it holds the store.

        Raises:
            StoreError: the store cannot be opened (StoreLocked: another process holds it).
            LocalServerFailed: the process died or did not open the store in time.
            ConfigError: uvicorn or starlette is not installed (the [server] extra).
        """
        require("server", "the store's writer process", ConfigError)
        self._stopping = False
        self._sock = _bind("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self._sock.getsockname()[1]}/sparql"
        try:
            self._process = self._spawn(self._sock)
        except KgcheckError:
            self.stop()
            raise
        threading.Thread(target=self._watch, name="store-writer-watch", daemon=True).start()
        return self

    def _spawn(self, sock: socket.socket) -> subprocess.Popen[bytes]:
        """A process serving the store on ``sock``, once it holds the store."""
        ready_read, ready_write = os.pipe()
        # the kgcheck this process runs, whatever sys.path found it by
        package_root = str(Path(__file__).resolve().parent.parent)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
        argv = [str(self.directory), str(sock.fileno()), str(ready_write), str(os.getpid())]
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", _WRITER_MAIN, *argv],
                pass_fds=(sock.fileno(), ready_write),
                env=env,
                start_new_session=True,
            )
        except OSError as exc:
            os.close(ready_read)
            raise LocalServerFailed(f"cannot start the store's writer process ({exc})") from exc
        finally:
            os.close(ready_write)
        try:
            message = _read_line(ready_read, self.startup_timeout)
        finally:
            os.close(ready_read)
        if message != "ready":
            _end(process)
            raise _writer_error(message, self.directory, self.startup_timeout)
        return process

    def _watch(self) -> None:
        """Start the process again whenever it dies, until :meth:`stop` or too many deaths."""
        deaths: list[float] = []
        process = self._process
        while True:
            code = None if process is None else process.wait()
            if self._stopping:
                return
            now = time.monotonic()
            deaths = [t for t in deaths if now - t < 60.0] + [now]
            if len(deaths) > self.restarts_per_minute:
                log.error(
                    "the writer of oxigraph:%s died (code %s), %d times within a minute: not "
                    "started again; reports are spooled until the service is restarted",
                    self.directory,
                    code,
                    len(deaths),
                )
                with self._lock:
                    self._close_socket()
                return
            log.error(
                "the writer of oxigraph:%s died (code %s): starting it again", self.directory, code
            )
            time.sleep(1.0)
            with self._lock:
                if self._stopping or self._sock is None:
                    return
                try:
                    process = self._process = self._spawn(self._sock)
                except KgcheckError as exc:
                    log.error("the writer of oxigraph:%s did not start: %s", self.directory, exc)
                    process = self._process = None

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the process (SIGTERM, then SIGKILL after ``timeout`` seconds)."""
        self._stopping = True
        with self._lock:
            process, self._process = self._process, None
            if process is not None:
                _end(process, timeout)
            self._close_socket()

    def _close_socket(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def __enter__(self) -> StoreWriter:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def _end(process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Stop ``process``: SIGTERM, then SIGKILL after ``timeout`` seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
    process.wait()


_WRITER_MAIN = "import sys; from kgcheck.endpoint import writer_main; writer_main(sys.argv[1:])"


def _read_line(fd: int, timeout: float) -> str:
    """The first line written to ``fd`` within ``timeout`` seconds ("" at EOF or time-out)."""
    data = b""
    deadline = time.monotonic() + timeout
    while b"\n" not in data:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        data += chunk
    return data.split(b"\n", 1)[0].decode("utf-8", "replace")


def _writer_error(message: str, directory: Path, timeout: float) -> KgcheckError:
    """The error the writer process sent (``{"code", "message"}``), or why it sent none."""
    if not message:
        return LocalServerFailed(
            f"the writer of oxigraph:{directory} died or did not open it within {timeout}s"
        )
    try:
        sent = json.loads(message)
        kind = error_code(sent["code"]).error
    except (ValueError, KeyError, TypeError):
        return LocalServerFailed(f"the writer of oxigraph:{directory} said {message[:200]!r}")
    return (kind or LocalServerFailed)(str(sent.get("message", "")))


def writer_main(argv: list[str]) -> None:
    """The writer process (started by :class:`StoreWriter`): open the store, say so on the
    ready pipe (or send the error), serve on the inherited socket until SIGTERM.

    Args:
        argv: the store's directory, the socket's descriptor, the ready pipe's descriptor
            and the parent's pid.
    """
    directory, sock_fd, ready_fd, parent = Path(argv[0]), int(argv[1]), int(argv[2]), int(argv[3])
    _die_with_parent()
    if os.getppid() != parent:
        return  # the parent died before it could be told
    sock = socket.socket(fileno=sock_fd)
    with os.fdopen(ready_fd, "w", encoding="utf-8") as ready:
        try:
            endpoint = SparqlEndpoint(directory, sock=sock)
        except KgcheckError as exc:
            ready.write(json.dumps({"code": exc.code, "message": exc.message}) + "\n")
            return
        ready.write("ready\n")
    endpoint.serve()


def _die_with_parent() -> None:
    """Have Linux send SIGTERM when the parent dies, so no writer outlives its service."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
