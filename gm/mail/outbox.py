"""Mail out: every queued message is sent once, then marked sent. The queue is written in the
same transaction as what caused it, so a crash before sending sends it after restart."""

from __future__ import annotations

import smtplib

from gm.campaign import Campaign, now
from gm.errors import GameError
from gm.mail.config import MailConfig
from gm.mail.crash import crash_point


def send_all(campaign: Campaign, config: MailConfig) -> int:
    pending = campaign.store.unsent(campaign.row)
    if not pending:
        return 0
    try:
        smtp: smtplib.SMTP
        if config.smtp_tls == "ssl":
            smtp = smtplib.SMTP_SSL(config.smtp_host, config.smtp_port, timeout=30,
                                    context=config.ssl_context())
        else:
            smtp = smtplib.SMTP(config.smtp_host, config.smtp_port, timeout=30)
        with smtp:
            if config.smtp_tls == "starttls":
                smtp.starttls(context=config.ssl_context())
            if config.smtp_user:
                smtp.login(config.smtp_user, config.secret(config.smtp_password_env))
            for row in pending:
                data = row.raw.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")
                smtp.sendmail(config.gm_address, [row.recipient], data)
                crash_point("after-send")
                campaign.store.mark_sent(row, now())
    except (smtplib.SMTPException, OSError) as exc:
        raise GameError(f"SMTP {config.smtp_host}:{config.smtp_port}: {exc}") from None
    return len(pending)
