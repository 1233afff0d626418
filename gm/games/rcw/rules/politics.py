"""The numbers of the political rules more than one layer needs: the Politburo markers a
Central Committee holds (11.1), and those the players ordering the Czar's execution hold
(13.52)."""

from __future__ import annotations

CENTRAL_COMMITTEE = 8  # 11.1
EXECUTION_QUORUM = 10  # 13.52
