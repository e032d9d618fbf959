"""A directory of turn reports waiting for the store to come back.

Each spooled report is one JSON file holding the ``INSERT DATA`` update(s) that write its graph,
written to a temporary name and renamed into place, so a crash never leaves half a file. Files are
replayed oldest first. A report the store refuses for good (it cannot run the update: KGC404)
is set aside as ``*.rejected`` with an error in the log, instead of blocking the reports behind
it; one the store cannot take now stops the replay until the next time. A replaying process
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

from kgcheck.errors import StoreError

__all__ = ["PERMANENT", "Spool", "SpoolEntry"]

log = logging.getLogger(__name__)

_CLAIM = ".claim"
_REJECTED = ".rejected"
#: Failures no retry will cure: the store cannot run the update at all.
PERMANENT = frozenset({"KGC404"})


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

    def __init__(self, directory: Path) -> None:
        self.directory = directory

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
            StoreError: (KGC408) the spool directory cannot be written.
        """
        payload = {
            "report_id": report_id,
            "session": session,
            "turn": turn,
            "spooled_at": datetime.now(UTC).isoformat(),
            "reason": reason,
            "updates": updates,
        }
        name = f"{time.time_ns():020d}-{report_id}.json" + (_REJECTED if rejected else "")
        path = self.directory / name
        tmp = self.directory / f".{name}.tmp"
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            with tmp.open("w", encoding="utf-8") as out:
                json.dump(payload, out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            raise StoreError(
                f"{self.directory}: cannot spool the report ({exc.strerror or exc})",
                code="KGC408",
            ) from exc
        return path

    def paths(self) -> list[Path]:
        """Spooled files, oldest first (claims of dead processes released first)."""
        if not self.directory.is_dir():
            return []
        self._release_stale_claims()
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
        """Reports the store refused for good, kept for a person to look at."""
        if not self.directory.is_dir():
            return []
        return sorted(self.directory.glob(f"*.json{_REJECTED}"))

    def replay(self, apply: Callable[[str], None]) -> int:
        """Write every spooled report with ``apply`` (a store update), oldest first; stop at the
        first failure that may pass, leaving it and the rest for the next time.

        Returns:
            how many reports were written.

        Raises:
            StoreError: ``apply`` failed; what was written before stays written.
        """
        done = 0
        for path in self.paths():
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
                if exc.code in PERMANENT:
                    kept = path.with_name(path.name + _REJECTED)
                    log.error("%s: the store refused it (%s); kept as %s", path, exc, kept.name)
                    os.replace(claimed, kept)
                    continue
                os.replace(claimed, path)
                raise
            claimed.unlink(missing_ok=True)
            done += 1
        if done:
            log.info("replayed %d spooled report(s) from %s", done, self.directory)
        return done

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
