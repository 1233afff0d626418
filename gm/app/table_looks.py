"""What the players at the table may look at between their orders (`gm play`, issue 26):
SHOW [PROVINCE] (a hex, in a game of hexes), UNITS [PLAYER], STATUS, REPORT, HELP. None of
them is an order: nothing is kept of them. SHOW and UNITS show the position with the
Player-Turn (or Phase) so far carried out, with the code `gm show` and a report's YOUR FORCES
use (UNITS in short: the routes and odds are in the report); REPORT is the last report, as
`gm report` gives it as text. The game's words come from its TableWords."""

from __future__ import annotations

import re
from typing import Protocol

from gm.app.campaign import Campaign
from gm.app.reports import phase_report
from gm.core.errors import GameError
from gm.core.state import GameStateBase
from gm.reporting.render import render, render_report

LOOK = re.compile(r"^(SHOW|UNITS|STATUS|REPORT|HELP)\b\s*(.*)$", re.IGNORECASE)
REPORT_OF = re.compile(r"^TURN\s+(\d+)\s+PHASE\s+(\d+)$", re.IGNORECASE)


class AtTable(Protocol):
    """The table as its looks see it (gm.app.table.Table)."""

    campaign: Campaign
    speaker: str

    def so_far(self) -> GameStateBase: ...

    def waiting(self) -> list[str]: ...

    def kept(self) -> list[str]: ...


def table_help(campaign: Campaign) -> str:
    words = campaign.system.table_words()
    state = campaign.latest().state
    phasing = campaign.system.phasing(state)
    who = next((p for p in state.players_in_game() if p != phasing), "B")  # a real letter
    return "\n".join([
        "At the table each line is one order, in the language of the order mails, of the "
        "player who speaks (the Phasing Player unless PLAYER names another); it is carried out "
        "at once and its result kept as shown. The table's own words:",
        f"  DONE (or END)      end the {words.period}: it is adjudicated, the next one opens",
        f"  {'PLAYER ' + who:<19}player {who} speaks: his {words.others_listed or 'orders'}",
        f"  {words.show}",
        "  UNITS [PLAYER]     a player's forces where they stand (default: the Phasing "
        "Player)",
        f"  STATUS             the Game-Turn, the {words.period} open, who is phasing, what is "
        "pending",
        "  REPORT             the last report, as text (REPORT TURN n PHASE p: an earlier one)",
        "  HELP               this list",
        "  EXIT               leave; the orders so far are kept (gm play resumes), not a "
        "line waiting for an answer",
        "Lines are numbered as in the message kept for each player and in the reports: GAME "
        "and PLAYER are lines 1 and 2, so the first line typed is line 3; after a message "
        "that came by mail, the lines typed follow its orders, which keep their numbers.",
        *([words.note.format(campaign=campaign.folder)] if words.note else []),
    ])


def look(table: AtTable, text: str) -> str | None:
    """The answer to a look, or None when the line is not one (an order, then)."""
    match = LOOK.match(text.strip())
    if match is None:
        return None
    word, rest = match.group(1).upper(), " ".join(match.group(2).split())
    campaign = table.campaign
    if word in ("STATUS", "HELP") and rest:
        raise GameError(f"{word} takes nothing after it")
    if word == "HELP":
        return table_help(campaign)
    if word == "STATUS":
        return _status(table)
    if word in ("SHOW", "UNITS"):  # saying what the position so far holds beyond the lines
        note = campaign.system.so_far_note(campaign.latest().state)
        shown = campaign.system.position_text(campaign.name, table.so_far(), campaign.data,
                                              rest or None).rstrip("\n") if word == "SHOW" \
            else _units(table, rest.upper())
        return "\n".join([shown, *([note] if note else [])])
    of = REPORT_OF.match(rest)
    if rest and of is None:
        raise GameError("write REPORT alone (the last report) or REPORT TURN <n> PHASE <p>")
    turn, phase = (int(of.group(1)), int(of.group(2))) if of else (None, None)
    return render_report(phase_report(campaign, turn, phase, table.speaker, drawn=False),
                         "text").rstrip("\n")


def _units(table: AtTable, player: str) -> str:
    campaign, state = table.campaign, table.so_far()
    player = player or campaign.system.phasing(state) or table.speaker
    if player not in state.players:
        raise GameError(f"no player {player} in this campaign")
    report = campaign.system.report(campaign.name, None, state, campaign.data, [], player,
                                    names=campaign.player_names(), drawn=False)
    return render("table-units.txt.j2", report=report, player=player  # the game's own
                  ).rstrip("\n")


def _status(table: AtTable) -> str:
    campaign = table.campaign
    state = campaign.latest().state
    phasing, period = campaign.system.phasing(state), campaign.system.table_words().period
    order = f"Player-Turn order: {', '.join(state.sequence)}; " if state.sequence else ""
    said = [f"STATUS of game {campaign.name}: {campaign.system.phase_title(state)}.",
            f"{order}phasing: player {phasing}; speaking: player {table.speaker}; DONE ends "
            f"the {period}."]
    kept = table.kept()
    said.append(f"Kept this {period}: " + ("; ".join(kept) if kept else "nothing yet") + ".")
    waiting = table.waiting()
    said += [f"Its result comes with the {period}'s adjudication:",
             *(f"  {line}" for line in waiting)] if waiting else []
    pending = campaign.system.pending(state)  # from earlier Player-Turns, as gm show says
    said += ["Pending:", *(f"  {note}" for note in pending)] if pending else []
    return "\n".join(said)
