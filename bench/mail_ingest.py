"""Order messages taken in and answered from a local IMAP server (dovecot, started for the
run): 1,000 and then 5,000 messages, each against a bare imapclient fetch of the same messages
in the same run, so that the cost per message can be compared between the two sizes (it must
not grow: answering is linear). Then the size limits: a 20 MB message and a 5 MB line, each
answered with its refusal.

Run: .venv/bin/python bench/mail_ingest.py   (GM_BENCH_SIZES=1000,5000 to choose the sizes)
"""

from __future__ import annotations

import os
import smtplib
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from click.testing import CliRunner
from imapclient import IMAPClient

from gm.app.campaign import open_campaign
from gm.app.intake import take_in
from gm.app.settings import load_mail_config
from gm.cli import cli
from gm.mail.imap import ImapMailbox
from tests.mailservers import PASSWORD, MailServers, mail_servers

SIZES = [int(n) for n in os.environ.get("GM_BENCH_SIZES", "1000,5000").split(",")]
GM = "gm@example.org"


def _campaign(servers: MailServers, name: str) -> Path:
    folder = Path(tempfile.mkdtemp()) / name
    runner = CliRunner()
    for args in (["new", str(folder), "--seed", "b", "-p", "A:A:a@x.org:pa", "-p",
                  "B:B:b@x.org:pb", "-p", "C:C:c@x.org:pc"], ["end-trading", str(folder)],
                 ["start", str(folder)]):
        assert runner.invoke(cli, args).exit_code == 0
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write(f'\n[mail]\ngm_address = "{GM}"\nimap_host = "127.0.0.1"\n'
                     f'imap_port = {servers.imap_port}\nimap_user = "{GM}"\n'
                     'imap_password_env = "GM_BENCH_PASSWORD"\n'
                     f'processed_folder = "Processed-{name}"\n'
                     "answers_per_hour = 0\n")  # three senders, thousands of messages
    return folder


def _deliver(servers: MailServers, messages: list[bytes]) -> None:
    with smtplib.LMTP("127.0.0.1", servers.lmtp_port) as lmtp:
        for raw in messages:
            lmtp.sendmail("player@x.org", [GM], raw)


def _orders(n: int) -> bytes:
    player = "ABC"[n % 3]
    message = EmailMessage()
    message["From"] = f"{player.lower()}@x.org"
    message["To"] = GM
    message["Subject"] = f"orders {n}"
    message["Message-ID"] = f"<bench{n}@x.org>"
    message.set_content(f"GAME {{name}}\nPLAYER {player}\nPASSWORD p{player.lower()}\n"
                        "TURN 1 PHASE 1\nGIVE 1 POLITBURO TO A\n")
    return message.as_bytes()


def _bare_fetch() -> float:
    start = time.perf_counter()
    with IMAPClient("127.0.0.1", port=servers_port, ssl=False) as client:
        client.login(GM, PASSWORD)
        client.select_folder("INBOX")
        uids = client.search("ALL")
        for at in range(0, len(uids), 100):
            client.fetch(uids[at:at + 100], ["BODY.PEEK[]"])
    return time.perf_counter() - start


def _take_in(folder: Path) -> tuple[float, int, int]:
    campaign = open_campaign(folder)
    config = load_mail_config(folder)
    start = time.perf_counter()
    with ImapMailbox(config) as mailbox:
        kept, answered = take_in(campaign, mailbox, config)
    return time.perf_counter() - start, kept, answered


def main() -> int:
    global servers_port
    os.environ["GM_BENCH_PASSWORD"] = PASSWORD
    with mail_servers() as servers:
        servers.add_user(GM)
        servers_port = servers.imap_port
        per_message = []
        for size in SIZES:
            name = f"bench{size}"
            folder = _campaign(servers, name)
            _deliver(servers, [_orders(n).replace(b"{name}", name.encode())
                               for n in range(size)])
            bare = min(_bare_fetch() for _ in range(3))  # the least disturbed of three
            ours, kept, answered = _take_in(folder)
            assert kept == answered == size, (kept, answered)
            per_message.append(ours / size)
            print(f"{size} messages: bare imapclient fetch {bare:.2f} s ({size / bare:.0f}/s); "
                  f"taken in and answered {ours:.2f} s ({size / ours:.0f}/s, "
                  f"{1000 * ours / size:.2f} ms a message), ratio {ours / bare:.1f}x")
        if len(per_message) > 1:
            print(f"cost per message, {SIZES[-1]} against {SIZES[0]}: "
                  f"{per_message[-1] / per_message[0]:.2f}x (linear: within 1.3x)")
        _size_limits(servers)
    return 0


def _size_limits(servers: MailServers) -> None:
    folder = _campaign(servers, "limits")
    big = EmailMessage()
    big["From"], big["To"], big["Subject"] = "a@x.org", GM, "with a map"
    big.set_content("GAME limits\nPLAYER A\nPASSWORD pa\nQUIT\n")
    big.add_attachment(os.urandom(20_000_000), maintype="image", subtype="png",
                       filename="map.png")
    long_line = EmailMessage()
    long_line["From"], long_line["To"], long_line["Subject"] = "b@x.org", GM, "one line"
    long_line.set_content("GAME limits\nPLAYER B\nPASSWORD pb\nMOVE " + "X" * 5_000_000 + "\n")
    for label, message in (("a 20 MB attachment", big), ("a 5 MB line", long_line)):
        _deliver(servers, [message.as_bytes()])
        took, kept, answered = _take_in(folder)
        assert kept == answered == 1
        print(f"{label}: fetched, kept and answered in {took:.2f} s")


servers_port = 0

if __name__ == "__main__":
    sys.exit(main())
