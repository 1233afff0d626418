"""The GM's mailbox over IMAP (imapclient): messages fetched in batches without being marked
read (BODY.PEEK), at most `limit` bytes of each (a partial fetch, so that a 20 MB message costs
its first megabyte), moved to the processed folder (or, processed = "delete", deleted) only once
kept; IDLE to wait for mail."""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterator
from types import TracebackType

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError

from gm.app.intake import Fetched
from gm.app.settings import MailConfig
from gm.core.errors import GameError


class ImapMailbox:
    def __init__(self, config: MailConfig, timeout: float = 30) -> None:
        self.config = config
        self.timeout = timeout
        self._client: IMAPClient | None = None

    def _error(self, exc: Exception) -> GameError:
        return GameError(f"IMAP {self.config.imap_host}:{self.config.imap_port}: {exc}")

    def __enter__(self) -> ImapMailbox:
        config = self.config
        try:
            client = IMAPClient(config.imap_host, port=config.imap_port, ssl=config.imap_ssl,
                                ssl_context=config.ssl_context() if config.imap_ssl else None,
                                timeout=self.timeout)
            client.login(config.imap_user, config.secret(config.imap_password_env))
            if not client.folder_exists(config.processed_folder):
                client.create_folder(config.processed_folder)
            client.select_folder(config.inbox_folder)
        except (IMAPClientError, OSError) as exc:
            raise self._error(exc) from None
        self._client = client
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._client is not None:
            with contextlib.suppress(IMAPClientError, OSError):
                self._client.logout()
            self._client = None

    @property
    def client(self) -> IMAPClient:
        if self._client is None:
            raise GameError("the mailbox is not open")
        return self._client

    def batches(self, size: int, limit: int) -> Iterator[list[Fetched]]:
        try:
            uids = self.client.search("ALL")
            for start in range(0, len(uids), size):
                chunk = uids[start:start + size]
                data = self.client.fetch(chunk, ["RFC822.SIZE", f"BODY.PEEK[]<0.{limit}>"])
                yield [Fetched(uid, _body(data[uid]), int(data[uid].get(b"RFC822.SIZE", 0)))
                       for uid in chunk if uid in data]
        except (IMAPClientError, OSError) as exc:
            raise self._error(exc) from None

    def done(self, batch: list[Fetched], spared: Collection[int] = ()) -> None:
        """The batch is kept: each message moved to the processed folder or, with processed =
        "delete", deleted from the mailbox (expunged by UID, so no other message marked
        deleted goes with it). `spared`: the uids of messages kept by their headers alone
        (this program failed to read them), moved to the processed folder even so."""
        if not batch:
            return
        uids = [fetched.uid for fetched in batch]
        delete = self.config.processed == "delete"
        moved = [uid for uid in uids if uid in spared] if delete else uids
        gone = [uid for uid in uids if uid not in moved]
        try:
            if moved:
                self.client.move(moved, self.config.processed_folder)
            if gone:
                self.client.delete_messages(gone)
                if self.client.has_capability("UIDPLUS"):
                    self.client.uid_expunge(gone)
                else:  # every message marked deleted: this program reads all of them
                    self.client.expunge()
        except (IMAPClientError, OSError) as exc:
            raise self._error(exc) from None

    def wait(self, seconds: int) -> None:
        """IDLE until something arrives or `seconds` pass (at once when mail is waiting)."""
        try:
            if self.client.search("ALL"):
                return
            try:
                self.client.idle()
            except IMAPClientError as exc:  # news came as IDLE began: mail, most likely
                if "Unexpected IDLE response" not in str(exc):
                    raise
                self.client.idle_done()
                return
            try:
                self.client.idle_check(timeout=seconds)
            finally:
                self.client.idle_done()
        except (IMAPClientError, OSError) as exc:
            raise self._error(exc) from None


def _body(item: dict[bytes, object]) -> bytes:
    for key, value in item.items():
        if key.startswith(b"BODY[]") and isinstance(value, bytes):
            return value
    return b""
