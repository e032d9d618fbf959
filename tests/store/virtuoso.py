"""A throwaway Virtuoso on loopback, for trying the ``sparql:`` back-end, tests and benchmarks.

It runs Debian's ``virtuoso-opensource`` (``virtuoso-t``, ``isql-vt``) on free ports of
127.0.0.1 with its database in a directory of your choice, lets the anonymous ``SPARQL`` user
update (``GRANT SPARQL_UPDATE``), and stops it again. Never point it at a database you care about.

Usage::

    with LocalVirtuoso(Path("/tmp/vt")) as server:
        store = SparqlFlagStore(server.sparql_url)
"""

from __future__ import annotations

import ctypes
import logging
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import httpx

from kgcheck.errors import LocalServerFailed

__all__ = ["LocalVirtuoso", "virtuoso_installed"]

log = logging.getLogger(__name__)

SERVER = "virtuoso-t"
_PR_SET_PDEATHSIG = 1
ISQL = ("isql-vt", "isql")

_INI = """\
[Database]
DatabaseFile = {dir}/virtuoso.db
ErrorLogFile = {dir}/virtuoso.log
LockFile = {dir}/virtuoso.lck
TransactionFile = {dir}/virtuoso.trx
xa_persistent_file = {dir}/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = {dir}/virtuoso-temp.db
TransactionFile = {dir}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0

[Parameters]
ServerPort = 127.0.0.1:{isql_port}
DisableUnixSocket = 1
DisableTcpSocket = 0
MaxClientConnections = 20
CheckpointInterval = 60
NumberOfBuffers = {buffers}
MaxDirtyBuffers = {dirty}
DirsAllowed = ., {dir}{dirs_allowed}
CaseMode = 2
ThreadsPerQuery = 2
StopCompilerWhenXOverRunTime = 1

[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {dir}
ServerThreads = 20
MaxClientConnections = 20
MaxKeepAlives = 20
KeepAliveTimeout = 10
Charset = UTF-8
EnabledDavVSP = 0

[SPARQL]
ResultSetMaxRows = {max_rows}
MaxQueryExecutionTime = 120
MaxQueryCostEstimationTime = 120
DefaultQuery = ASK {{ }}
"""


def _die_with_parent() -> None:
    """In the child, before exec: have Linux stop the server when whoever started it dies,
    so a killed test run leaves no server behind."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return


def virtuoso_installed() -> bool:
    """Whether ``virtuoso-t`` and its ``isql`` client are on the PATH."""
    return shutil.which(SERVER) is not None and any(shutil.which(i) for i in ISQL)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalVirtuoso:
    """A Virtuoso server of our own, on 127.0.0.1 only.

    Args:
        directory: where the database goes (created; better empty).
        memory_mb: buffer memory (about 8.5 KB per buffer; three quarters of it may be dirty).
            Virtuoso's guide asks for about 2.5 GB per 10M triples loaded.
        startup_timeout: seconds to wait for the server to answer.
        dirs_allowed: more directories the server may read files from (``DirsAllowed``), such
            as one :meth:`bulk_load` loads from.
        max_rows: the most rows the endpoint answers a SELECT with (``ResultSetMaxRows``;
            a longer result is cut, the cut named in an ``X-SPARQL-MaxRows`` header).
    """

    def __init__(
        self,
        directory: Path,
        *,
        memory_mb: int = 200,
        startup_timeout: float = 60.0,
        dirs_allowed: Sequence[Path] = (),
        max_rows: int = 1_000_000,
    ) -> None:
        self.directory = directory
        self.memory_mb = memory_mb
        self.startup_timeout = startup_timeout
        self.dirs_allowed = tuple(dirs_allowed)
        self.max_rows = max_rows
        self.http_port = 0
        self.isql_port = 0
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def sparql_url(self) -> str:
        """The SPARQL 1.1 endpoint (queries and, once granted, updates)."""
        return f"http://127.0.0.1:{self.http_port}/sparql"

    def start(self) -> LocalVirtuoso:
        """Start the server (on the database in ``directory``, new or left by an earlier
        run), wait until it answers, and grant updates to the SPARQL user.

        Raises:
            LocalServerFailed: Virtuoso is not installed, or does not come up in time.
        """
        if not virtuoso_installed():
            raise LocalServerFailed(
                "virtuoso-t is not installed (apt-get install virtuoso-opensource)"
            )
        self.directory.mkdir(parents=True, exist_ok=True)
        if not self.http_port:  # a restart keeps the ports: the endpoint's URL stays the same
            self.http_port, self.isql_port = _free_port(), _free_port()
        buffers = max(2000, self.memory_mb * 1024 // 9)
        ini = self.directory / "virtuoso.ini"
        ini.write_text(
            _INI.format(
                dir=self.directory.resolve(),
                isql_port=self.isql_port,
                http_port=self.http_port,
                buffers=buffers,
                dirty=buffers * 3 // 4,
                dirs_allowed="".join(f", {d.resolve()}" for d in self.dirs_allowed),
                max_rows=self.max_rows,
            ),
            encoding="utf-8",
        )
        log_file = (self.directory / "server.out").open("wb")
        self._process = subprocess.Popen(
            [SERVER, "+foreground", "+configfile", str(ini)],
            cwd=self.directory,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        log_file.close()
        try:
            self._wait()
            self._grant_updates()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        assert self._process is not None
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise LocalServerFailed(
                    f"virtuoso-t exited with {self._process.returncode}; see "
                    f"{self.directory / 'server.out'}"
                )
            try:
                answer = httpx.post(
                    self.sparql_url,
                    data={"query": "ASK { }"},
                    headers={"Accept": "application/sparql-results+json"},
                    timeout=2.0,
                )
                if answer.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise LocalServerFailed(f"virtuoso-t did not answer within {self.startup_timeout}s")

    def _grant_updates(self) -> None:
        try:
            self._isql('GRANT SPARQL_UPDATE TO "SPARQL";')
        except LocalServerFailed as exc:
            if "already have role" not in exc.message:  # restarted on the same database
                raise

    def _isql(self, statement: str, *, timeout: float = 60.0) -> str:
        client = next(shutil.which(i) for i in ISQL if shutil.which(i))
        assert client is not None
        done = subprocess.run(
            [client, f"127.0.0.1:{self.isql_port}", "dba", "dba", f"exec={statement}"],
            capture_output=True,
            timeout=timeout,
            check=False,
        )
        output = (done.stdout + done.stderr).decode(errors="replace")
        if done.returncode != 0 or "Error" in output:
            raise LocalServerFailed(f"isql {statement!r} failed: {output}")
        return output

    def load_nquads(self, path: Path) -> None:
        """Bulk-load an N-Quads file with Virtuoso's own loader (much faster than SPARQL
        updates, for filling a store in benchmarks).

        Raises:
            LocalServerFailed: the loader failed.
        """
        inbox = self.directory / "load"
        inbox.mkdir(exist_ok=True)
        for old in inbox.glob("*.nq"):
            old.unlink()
        shutil.copy(path, inbox / "data.nq")
        self._load(inbox.resolve(), "*.nq", "urn:kgcheck:bulk", timeout=60.0)

    def bulk_load(self, path: Path, graph: str, *, timeout: float = 3600.0) -> None:
        """Bulk-load an RDF file (N-Triples, Turtle, ...) into the named graph ``graph``, in
        place: its directory must be one of ``dirs_allowed``.

        Raises:
            LocalServerFailed: the directory is not allowed, or the loader failed.
        """
        folder = path.resolve().parent
        if folder not in {d.resolve() for d in self.dirs_allowed}:
            raise LocalServerFailed(f"{folder} is not in dirs_allowed")
        self._load(folder, path.name, graph, timeout=timeout)

    def _load(self, folder: Path, pattern: str, graph: str, *, timeout: float) -> None:
        self._isql(f"ld_dir('{folder}', '{pattern}', '{graph}');")
        self._isql("rdf_loader_run();", timeout=timeout)
        self._isql("checkpoint;", timeout=timeout)
        # the loader notes a file it could not parse in its list and goes on
        failed = self._isql(
            "select ll_file, ll_error from DB.DBA.LOAD_LIST where ll_error is not null;"
        )
        if "0 Rows." not in failed:
            raise LocalServerFailed(f"the bulk loader failed: {failed}")

    def running(self) -> bool:
        """Whether the server process is alive."""
        return self._process is not None and self._process.poll() is None

    def ensure_running(self) -> LocalVirtuoso:
        """Start the server again, on the same ports and database, if it has died (Virtuoso
        7.2 has been seen to abort under concurrent updates; its log says why); the data
        written before the crash comes back from its transaction log."""
        if self._process is not None and not self.running():
            log.warning(
                "virtuoso-t exited with %s; starting it again (see %s)",
                self._process.returncode,
                self.directory / "server.out",
            )
            self._process = None
            self.start()
        return self

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 20 s)."""
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)

    def __enter__(self) -> LocalVirtuoso:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
