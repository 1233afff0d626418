"""The baseline of `gm adjudicate` in bench/startup.py: what any adjudication of order files
must do, with the program's own parts: read each file as a message, check its player's password
(scrypt, once a player: 17.0's orders are a player's only when they are his), read the open
phase's state and write a state back. Run by bench/startup.py; not a command."""

from __future__ import annotations

import sys
from pathlib import Path

from gm.app.campaign import now, open_campaign
from gm.app.passwords import check_password
from gm.messages.reading import read_message
from orders_grammar.message import read_envelope


def main(folder: str, files: list[str]) -> None:
    campaign = open_campaign(Path(folder))
    hashes = {p.letter: p.password_hash for p in campaign.players()}
    for name in files:
        envelope = read_envelope(read_message(Path(name).read_bytes()).text)
        assert envelope.player and check_password(envelope.password or "",
                                                  hashes[envelope.player])
    latest = campaign.latest()
    campaign.store.append_state(campaign.row, "baseline", {"files": len(files)}, latest.state,
                                [], now(), after=latest.seq)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
