"""The e-mails the GM sends: acknowledgements (threaded replies) and phase reports."""

from __future__ import annotations

import email.utils
from email.message import EmailMessage


def message_id(campaign: str, kind: str, key: str) -> str:
    """Fixed when the message is queued, so a resend is recognisably the same message."""
    return f"<gm.{campaign}.{kind}.{key}@gamesmaster.invalid>"


def acknowledgement(campaign: str, gm_address: str, inbox_id: int, to: str,
                    subject: str | None, reply_to_id: str | None, text: str) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = gm_address
    mail["To"] = to
    mail["Subject"] = f"Re: {subject}" if subject and not subject.lower().startswith(
        "re:") else (subject or f"Your orders for {campaign}")
    mail["Message-ID"] = message_id(campaign, "ack", str(inbox_id))
    mail["Date"] = email.utils.formatdate(localtime=False)
    if reply_to_id:
        mail["In-Reply-To"] = reply_to_id
        mail["References"] = reply_to_id
    mail.set_content(text, cte="quoted-printable")
    return mail


def report_mail(campaign: str, gm_address: str, to: str, key: str, subject: str, text: str,
                html: str) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = gm_address
    mail["To"] = to
    mail["Subject"] = subject
    mail["Message-ID"] = message_id(campaign, "report", key)
    mail["Date"] = email.utils.formatdate(localtime=False)
    mail.set_content(text, cte="quoted-printable")
    mail.add_alternative(html, subtype="html", cte="quoted-printable")
    return mail
