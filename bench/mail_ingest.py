"""1,000 order messages ingested and acknowledged from a local IMAP server (dovecot, started
for the run), against a bare imapclient fetch of the same messages in the same run.
Run: .venv/bin/python bench/mail_ingest.py
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

from gm.campaign import open_campaign
from gm.cli import cli
from gm.mail.config import load_mail_config
from gm.mail.inbox import answer_all, fetch
from tests.mailservers import PASSWORD, mail_servers

MESSAGES = int(os.environ.get("GM_BENCH_MESSAGES", "1000"))
GM = "gm@example.org"


def main() -> int:
    with mail_servers() as servers:
        servers.add_user(GM)
        folder = Path(tempfile.mkdtemp()) / "bench"
        runner = CliRunner()
        runner.invoke(cli, ["new", str(folder), "--seed", "b", "-p", "A:A:a@x.org:pa",
                            "-p", "B:B:b@x.org:pb", "-p", "C:C:c@x.org:pc"])
        runner.invoke(cli, ["end-trading", str(folder)])
        runner.invoke(cli, ["start", str(folder)])
        with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
            config.write(f'\n[mail]\ngm_address = "{GM}"\nimap_host = "127.0.0.1"\n'
                         f'imap_port = {servers.imap_port}\nimap_user = "{GM}"\n'
                         'imap_password_env = "GM_BENCH_PASSWORD"\n')
        os.environ["GM_BENCH_PASSWORD"] = PASSWORD
        with smtplib.LMTP("127.0.0.1", servers.lmtp_port) as lmtp:
            for n in range(MESSAGES):
                player = "ABC"[n % 3]
                message = EmailMessage()
                message["From"] = f"{player.lower()}@x.org"
                message["To"] = GM
                message["Subject"] = f"orders {n}"
                message["Message-ID"] = f"<bench{n}@x.org>"
                message.set_content(f"GAME bench\nPLAYER {player}\nPASSWORD p{player.lower()}\n"
                                    "TURN 1 PHASE 1\nGIVE 1 POLITBURO TO A\n")
                lmtp.sendmail(message["From"], [GM], message.as_bytes())
        start = time.perf_counter()
        with IMAPClient("127.0.0.1", port=servers.imap_port, ssl=False) as client:
            client.login(GM, PASSWORD)
            client.select_folder("INBOX")
            uids = client.search("ALL")
            for at in range(0, len(uids), 100):
                client.fetch(uids[at:at + 100], ["BODY.PEEK[]"])
        bare = time.perf_counter() - start
        campaign = open_campaign(folder)
        config = load_mail_config(folder)
        start = time.perf_counter()
        stored = fetch(campaign, config)
        answered = answer_all(campaign, config)
        ours = time.perf_counter() - start
        assert stored == answered == MESSAGES, (stored, answered)
        print(f"{MESSAGES} messages: bare imapclient fetch {bare:.2f} s "
              f"({MESSAGES / bare:.0f}/s)")
        print(f"gm fetch (store, move, judge, queue the answers) {ours:.2f} s "
              f"({MESSAGES / ours:.0f}/s), ratio {ours / bare:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
