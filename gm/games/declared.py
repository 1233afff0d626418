"""What a game declares of itself as plain data, read without its rules or the game-system
facade: its own GM commands (`gm --help` lists them, so this module stays as light as click
itself), what the GM may resolve at once, and the table's words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GmCommand:
    """A command of the game's own that `gm` offers the GM, described as data: the command
    line makes it a click command running the application's operation `does` (one of
    gm.commands.own.OPERATIONS), with the game's words for its help."""

    name: str  # as the GM types it: `gm <name> CAMPAIGN ...`
    does: str  # "resolve-now", "trade", "close-stage" (the stage it names), "deploy"
    summary: str  # its line in `gm --help`
    help: str  # `gm <name> --help`


@dataclass(frozen=True)
class AtOnce:
    """What the game lets the GM resolve at once in the middle of a phase (resolve_now):
    `gm <command>`, which names its history entries (`<command> T.P`) and salts its dice,
    and the words for what it resolves."""

    command: str
    what: str  # in a refusal: "resolved now, <what> would change ..."


@dataclass(frozen=True)
class MailWords:
    """The game's words in the answer to HELP by mail: how a message names its phase, and
    what UNITS gives."""

    phase: str = ("TURN <n> PHASE <1|2>        (optional: refused as stale if that phase is "
                  "not open)")
    units: str = "your forces and the markers you hold now"


@dataclass(frozen=True)
class TableWords:
    """The game's words in the table's HELP (`gm play`)."""

    example: str = ""  # an order as the table takes it, in the order mails' language
    others: str = ""  # the orders another player than the phasing one may give: their words
    others_listed: str = ""  # the same, in HELP's list of the table's words
    note: str = ""  # HELP's last line, if any; {campaign}: the campaign's folder
    period: str = "Player-Turn"  # what DONE ends and is adjudicated: the table's unit of play
    show: str = "SHOW [PROVINCE]    the position now (or one province's stacks)"  # in HELP
    as_begun: str = ""  # why another player's order is judged as the period began
    changed: str = ""  # why a line is not kept that would change a result shown
    not_kept: str = "player {player} may give it in a later Player-Turn"  # after `changed`
    standing_first: bool = False  # standing orders carried out as a period opens are shown
    order_of_play: str = "Player-Turn order of Game-Turn {turn} (4.2 B): {order}."  # a new draw
