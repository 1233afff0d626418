"""Great War in the East's own GM commands, as plain data (gm --help reads them without loading
the game): the GM closes each side's deployment of a scenario whose players set up their own
units with `gm end-deployment`, the last one with `gm start`."""

from __future__ import annotations

from gm.games.declared import GmCommand, TableWords

TITLE = "Great War in the East"

COMMANDS = (
    GmCommand("end-deployment", "close-stage",
              "End the open side's deployment of a Great War in the East scenario.",
              "End the open side's deployment, in a scenario whose players set up their own "
              "units: the\nDEPLOY orders received by mail are carried out first, every unit "
              "not deployed goes to\nits scenario's default hex (deployment.yaml), the set-up "
              "is checked (each start-line hex\ncovered, Stacking) and the side's attrition "
              "rolled. The next side then deploys; `gm start`\nends the last deployment and "
              "opens play."),
)

# `gm play` at the table, a Phase at a time (ruling G77): DONE ends the open Phase
TABLE_WORDS = TableWords(
    example="MOVE RU-4-XIV: g0220-g0320",  # a unit and hexes of the shipped data set
    others="DEFEND, WITHDRAW: they stand until he gives another, ruling G52",
    others_listed="DEFEND and WITHDRAW, standing until he gives another (ruling G52)",
    note="Each DONE ends the open Phase (Movement, Cavalry Withdrawal Before Combat, Combat; "
         "4.0): it is adjudicated and the next opens, its Phasing Player speaking. The other "
         "player gives his DEFEND and WITHDRAW after PLAYER C or PLAYER E, in any Phase.",
    period="Phase",
    show="SHOW [HEX]         the position now (or one hex's units: SHOW g0319)",
    as_begun="(judged as the Phase will judge it: the other player's orders are his "
             "standing DEFEND and WITHDRAW, ruling G50)",
    changed=" (the other player's standing orders are carried out with the Phase: ruling "
            "G50)",
    not_kept="a result shown is the result kept, ruling G78; player {player} may type "
             "another line",
    order_of_play="",  # no draw: the Russian Player-Turn first, always (Serbia/Galicia 4.0)
    standing_first=True)  # a standing WITHDRAW's die, before the FOLLOW it allows (12.16)
