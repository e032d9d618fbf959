"""A directory of turn reports waiting for the store to come back.

Each spooled report is one JSON file holding the ``INSERT DATA`` update(s) that write its graph,
written to a temporary name and renamed into place, so a crash never leaves half a file. Files are
replayed oldest first, in batches. A report the store refuses for good (it cannot run the update:
:class:`~kgcheck.errors.InvalidQuery`) is moved to the dead-letter folder ``dead/`` with an error
in the log, instead of blocking the reports behind it; one the store cannot take now stops the
replay until the next time. An HTTP 400 (``StoreBadRequest``: a proxy's, or a malformed update,
which cannot be told apart) counts as "not now" ``dead_after`` times, then the report goes to
``dead/`` too. Nothing is ever deleted unwritten: ``revive()`` puts dead letters back in the queue.

A report can also be *staged* (``stage``) before the service saves the session it belongs to:
a file in ``pending/`` named after the staging process, deleted once the report is stored,
moved into the queue when it is not, and moved into the queue by the next replay when its
process died in between; so a crash between the session save and the report loses nothing.

A replaying process
first renames a file to a name carrying its pid (a claim), so two processes sharing the spool
never replay the same file at once; a claim whose process has died is released at the next
replay. Replaying twice is harmless anyway: every node of a report graph has a fixed IRI.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from kgcheck.errors import InvalidQuery, SpoolUnwritable, StoreBadRequest, StoreError

__all__ = ["AMBIGUOUS", "PERMANENT", "Spool", "SpoolEntry"]

log = logging.getLogger(__name__)

_CLAIM = ".claim"
_REJECTED = ".rejected"
_DEAD = "dead"
_PENDING = "pending"
#: Failures no retry will cure: the store cannot run the update at all.
PERMANENT: tuple[type[StoreError], ...] = (InvalidQuery,)
#: Failures that may pass or may not (HTTP 400: a proxy, or a malformed update).
AMBIGUOUS: tuple[type[StoreError], ...] = (StoreBadRequest,)


@dataclass(frozen=True, slots=True)
class SpoolEntry:
    """A report waiting in the spool."""

    path: Path
    report_id: str
    session: str
    turn: int
    spooled_at: str
    reason: str


class Spool:
    """Reports waiting on disk for the store.

    Usage::

        spool = Spool(Path(".kgcheck/spool"))
        spool.put([update], report_id="3f2a...", session="s1", turn=4, reason="timed out")
        spool.replay(store_update)   # -> number of reports written
    """

    def __init__(self, directory: Path, *, dead_after: int = 5) -> None:
        self.directory = directory
        #: Replays an ambiguous failure (StoreBadRequest) may stop before the report is a dead
        #: letter.
        self.dead_after = dead_after

    @property
    def dead_letters(self) -> Path:
        """Where reports the store refused for good are kept."""
        return self.directory / _DEAD

    def put(
        self,
        updates: list[str],
        *,
        report_id: str,
        session: str,
        turn: int,
        reason: str,
        rejected: bool = False,
    ) -> Path:
        """Write one report's update(s) to the spool (``rejected``: set aside at once).

        Raises:
            SpoolUnwritable: the spool directory cannot be written.
        """
        payload = _payload(updates, report_id, session, turn, reason)
        name = f"{time.time_ns():020d}-{report_id}.json"
        path = (self.dead_letters if rejected else self.directory) / name
        self._write(path, payload)
        return path

    def stage(self, updates: list[str], *, report_id: str, session: str, turn: int) -> Path:
        """Keep a report on disk before the session it belongs to is saved; see
        :meth:`unstage` and :meth:`promote`.

        Raises:
            SpoolUnwritable: the spool directory cannot be written.
        """
        payload = _payload(updates, report_id, session, turn, "staged before the session was saved")
        name = f"{time.time_ns():020d}-{report_id}.json.{os.getpid()}"
        path = self.directory / _PENDING / name
        self._write(path, payload)
        return path

    def unstage(self, staged: Path) -> None:
        """Forget a staged report (it was stored, or its check is done again)."""
        staged.unlink(missing_ok=True)

    def promote(self, staged: Path, reason: str | None = None) -> Path:
        """Move a staged report into the queue, to be written by the next replay."""
        target = self.directory / staged.name.rsplit(".", 1)[0]
        try:
            if reason is not None:
                data = json.loads(staged.read_text(encoding="utf-8"))
                data["reason"] = reason
                self._write(staged, data)
            os.replace(staged, target)
        except FileNotFoundError:
            pass  # stored or promoted already
        except (OSError, ValueError) as exc:
            raise SpoolUnwritable(
                f"{self.directory}: cannot spool the staged report ({exc})"
            ) from exc
        return target

    def revive(self) -> int:
        """Put every dead letter back in the queue (after fixing what the store refused);
        returns how many."""
        moved = 0
        for path in self.rejected():
            os.replace(path, self.directory / path.name.removesuffix(_REJECTED))
            moved += 1
        return moved

    def _write(self, path: Path, payload: dict[str, object]) -> None:
        tmp = path.with_name(f".{path.name}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tmp.open("w", encoding="utf-8") as out:
                json.dump(payload, out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            raise SpoolUnwritable(
                f"{self.directory}: cannot spool the report ({exc.strerror or exc})"
            ) from exc

    def paths(self) -> list[Path]:
        """Spooled files, oldest first (claims of dead processes released first)."""
        if not self.directory.is_dir():
            return []
        self._release_stale_claims()
        self._promote_orphans()
        return sorted(self.directory.glob("*.json"))

    def __len__(self) -> int:
        return len(self.paths())

    def entries(self) -> list[SpoolEntry]:
        """What is waiting, for display."""
        out = []
        for path in self.paths():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                out.append(
                    SpoolEntry(
                        path,
                        str(data["report_id"]),
                        str(data["session"]),
                        int(data["turn"]),
                        str(data["spooled_at"]),
                        str(data.get("reason", "")),
                    )
                )
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return out

    def rejected(self) -> list[Path]:
        """Dead letters: reports the store refused for good, kept for a person to look at (and
        those set aside as ``*.rejected`` by earlier versions)."""
        if not self.directory.is_dir():
            return []
        old = self.directory.glob(f"*.json{_REJECTED}")
        return sorted([*old, *self.dead_letters.glob("*.json")], key=lambda p: p.name)

    def replay(self, apply: Callable[[str], None], *, limit: int | None = None) -> int:
        """Write the spooled reports with ``apply`` (a store update), oldest first, at most
        ``limit`` of them; stop at the first failure that may pass, leaving it and the rest for
        the next time.

        Returns:
            how many reports were written.

        Raises:
            StoreError: ``apply`` failed; what was written before stays written.
        """
        done = 0
        for path in self.paths()[:limit]:
            claimed = path.with_name(f"{path.name}.{os.getpid()}{_CLAIM}")
            try:
                os.rename(path, claimed)
            except FileNotFoundError:
                continue  # another process took it
            try:
                updates = json.loads(claimed.read_text(encoding="utf-8"))["updates"]
                assert isinstance(updates, list)
            except (OSError, ValueError, KeyError, TypeError, AssertionError) as exc:
                bad = path.with_name(path.name + ".bad")
                log.error("%s: unreadable spool file, kept as %s (%s)", path, bad.name, exc)
                os.replace(claimed, bad)
                continue
            try:
                for update in updates:
                    apply(str(update))
            except StoreError as exc:
                if isinstance(exc, PERMANENT) or self._bounced(claimed, exc):
                    self._bury(claimed, path, exc)
                    continue
                os.replace(claimed, path)
                raise
            claimed.unlink(missing_ok=True)
            done += 1
        if done:
            log.info("replayed %d spooled report(s) from %s", done, self.directory)
        return done

    def _bounced(self, claimed: Path, exc: StoreError) -> bool:
        """Count an ambiguous failure against the file; ``True`` once it has had enough."""
        if not isinstance(exc, AMBIGUOUS):
            return False
        try:
            data = json.loads(claimed.read_text(encoding="utf-8"))
            data["bounced"] = int(data.get("bounced", 0)) + 1
            data["reason"] = exc.message
            self._write(claimed, data)
        except (OSError, ValueError, StoreError):
            return False
        return int(data["bounced"]) >= self.dead_after

    def _bury(self, claimed: Path, path: Path, exc: StoreError) -> None:
        kept = self.dead_letters / path.name
        log.error("%s: the store refused it (%s); kept as %s", path, exc, kept)
        kept.parent.mkdir(parents=True, exist_ok=True)
        os.replace(claimed, kept)

    def _promote_orphans(self) -> None:
        """Staged reports whose process died before storing them join the queue."""
        pending = self.directory / _PENDING
        if not pending.is_dir():
            return
        for staged in pending.glob("*.json.*"):
            pid_text = staged.name.rsplit(".", 1)[-1]
            if pid_text.isdigit() and not _alive(int(pid_text)):
                log.warning("%s: staged by a process that ended; spooling it", staged.name)
                self.promote(staged)

    def _release_stale_claims(self) -> None:
        for claimed in self.directory.glob(f"*.json.*{_CLAIM}"):
            pid_text = claimed.name.removesuffix(_CLAIM).rsplit(".", 1)[-1]
            if pid_text.isdigit() and _alive(int(pid_text)):
                continue
            original = claimed.with_name(claimed.name.removesuffix(_CLAIM).rsplit(".", 1)[0])
            try:
                os.rename(claimed, original)
            except FileNotFoundError:
                continue


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _payload(
    updates: list[str], report_id: str, session: str, turn: int, reason: str
) -> dict[str, object]:
    """What a spool file holds for one report."""
    return {
        "report_id": report_id,
        "session": session,
        "turn": turn,
        "spooled_at": datetime.now(UTC).isoformat(),
        "reason": reason,
        "updates": updates,
    }
