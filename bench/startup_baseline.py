"""The baseline of `gm adjudicate` in bench/startup.py: what any adjudication must do, with the
program's own store and state model: read the order files, read the open phase's state and
write a state back. Run by bench/startup.py; not a command."""

from __future__ import annotations

import sys
from pathlib import Path

from gm.app.campaign import now, open_campaign


def main(folder: str, files: list[str]) -> None:
    campaign = open_campaign(Path(folder))
    texts = [Path(name).read_bytes() for name in files]
    latest = campaign.latest()
    campaign.store.append_state(campaign.row, "baseline", {"files": len(texts)}, latest.state,
                                [], now())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
