"""Russian Civil War's own GM commands, as data the command line turns into click commands
(gm.commands.own): the trading session's and the deployment's (15.33-15.5), and the Purge
the GM may resolve at once in a standard game's Player-Turn (11.0, ruling R54); with the
table's words for its HELP."""

from __future__ import annotations

from gm.games.declared import AtOnce, GmCommand, TableWords

TITLE = "Russian Civil War 1918-1922"  # the game's name wherever the program gives it

COMMANDS = (
    GmCommand("trade", "trade", "Record a trade of the trading session (15.33).",
              "Record a trade of the trading session, agreed by both players (15.33).\n\n"
              "Example: gm trade camp A B --give Trotsky --take 255 (a marker by the name the "
              "order\nlanguage gives it, docs/orders.md)"),
    GmCommand("end-trading", "close-stage",
              "End the trading session; markers to the chart, combat units deploy.",
              "End the trading session: the GIVE and TRADE orders received by mail are "
              "carried out\nfirst; then markers go to the chart (15.34), combat and Imperial "
              "units deploy in their\nprovinces (15.41-15.43, 13.0). Players then choose "
              "leader stacks."),
    GmCommand("deploy", "deploy", "Record a player's stack for deployment (15.5).",
              "Record PLAYER's stack for the Initial Deployment, top to bottom (15.5, 7.21):"
              "\n\n    gm deploy camp A 160 161 120 IN PETR\n\n"
              "Leaders without an order deploy alone in their provinces; asterisk leaders on "
              "a combat\nunit of their colour (15.52)."),
    GmCommand("purge", "resolve-now",
              "Resolve at once the Purges ordered in a standard game's Player-Turn (11.0).",
              "Resolve at once what the game lets the GM resolve in the middle of a phase: "
              "the Purges\nordered so far in the open Player-Turn of a standard campaign "
              "(11.0); otherwise they are\nresolved at its end."),
)

AT_ONCE = AtOnce("purge", "the Purge")

TABLE_WORDS = TableWords(
    example="MOVE 152 111: TVER-RYAZ",
    others="LOSSES, GIVE, PURGE, QUIT",
    others_listed="LOSSES, GIVE, TRADE, PURGE, QUIT",
    note="A PURGE is resolved at the end of the Player-Turn; the GM may resolve it at once "
         "with `gm purge {campaign}` (11.0, ruling R54).",
    as_begun="(judged on the position as the Player-Turn began, not as the Phasing Player's "
             "orders so far have left it: another player's orders take effect before his, "
             "ruling R74)",
    changed=" (the orders of players other than the Phasing Player take effect as his "
            "Player-Turn begins: ruling R74)")
