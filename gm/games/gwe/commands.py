"""Great War in the East's own GM commands and scenarios, as plain data (gm --help reads them
without loading the game): the GM closes the Austro-Hungarian deployment of Decision in
Galicia (Serbia/Galicia 26.31) with `gm end-deployment`, the Russian one with `gm start`."""

from __future__ import annotations

from gm.games.declared import GmCommand

TITLE = "Great War in the East"
SCENARIOS = ("decision-in-galicia",)  # Serbia/Galicia 26.3; the first is the default

COMMANDS = (
    GmCommand("end-deployment", "close-stage",
              "End the Austro-Hungarian deployment of Great War in the East (26.31).",
              "End the Austro-Hungarian deployment (Serbia/Galicia 26.31): the DEPLOY orders "
              "received by\nmail are carried out first, every unit not deployed goes to its "
              "scenario's default hex\n(deployment.yaml), the set-up is checked (each "
              "start-line hex covered, Stacking) and the\nAustro-Hungarian attrition rolled "
              "(26.32). The Russian Player then deploys; `gm start`\nends his deployment and "
              "opens play."),
)
