"""The GM's outgoing server over SMTP (smtplib): one delivery per message, each answered by
what the server said. A refusal is permanent (5xx) or temporary (4xx); a dropped connection is
temporary and the next delivery connects again; a server that cannot be reached at all stops
the sending without marking anything."""

from __future__ import annotations

import contextlib
import smtplib

from gm.app.outbox import Delivery, TransportDown
from gm.app.settings import MailConfig


def _said(code: int, message: bytes | str) -> Delivery:
    text = message.decode("utf-8", errors="replace") if isinstance(message, bytes) else message
    error = f"{code} {' '.join(text.split())}"
    return Delivery("permanent" if 500 <= code < 600 else "temporary", error)


class SmtpTransport:
    def __init__(self, config: MailConfig, timeout: float = 30) -> None:
        self.config = config
        self.timeout = timeout
        self._smtp: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        config = self.config
        where = f"SMTP {config.smtp_host}:{config.smtp_port}"
        try:
            smtp: smtplib.SMTP
            if config.smtp_tls == "ssl":
                smtp = smtplib.SMTP_SSL(config.smtp_host, config.smtp_port, timeout=self.timeout,
                                        context=config.ssl_context())
            else:
                smtp = smtplib.SMTP(config.smtp_host, config.smtp_port, timeout=self.timeout)
            if config.smtp_tls == "starttls":
                smtp.starttls(context=config.ssl_context())
            if config.smtp_user:
                smtp.login(config.smtp_user, config.secret(config.smtp_password_env))
        except (smtplib.SMTPException, OSError) as exc:
            raise TransportDown(f"{where}: {exc}; nothing more was sent") from None
        return smtp

    def deliver(self, sender: str, recipient: str, data: bytes) -> Delivery:
        if self._smtp is None:
            self._smtp = self._connect()
        try:
            self._smtp.sendmail(sender, [recipient], data)
        except smtplib.SMTPRecipientsRefused as exc:
            code, message = exc.recipients.get(recipient, (550, b"refused"))
            return _said(code, message)
        except smtplib.SMTPServerDisconnected as exc:
            self._drop()
            return Delivery("temporary", f"connection lost: {exc or 'closed by the server'}")
        except smtplib.SMTPResponseException as exc:  # sender refused, data refused, 421 ...
            if exc.smtp_code == 421:
                self._drop()
            return _said(exc.smtp_code, exc.smtp_error)
        except (smtplib.SMTPException, OSError) as exc:
            self._drop()
            return Delivery("temporary", f"connection lost: {exc}")
        return Delivery("sent")

    def _drop(self) -> None:
        if self._smtp is not None:
            try:
                self._smtp.close()
            finally:
                self._smtp = None

    def close(self) -> None:
        if self._smtp is not None:
            with contextlib.suppress(smtplib.SMTPException, OSError):
                self._smtp.quit()
            self._drop()
