"""Serbia/Galicia's scenarios (26.0) as data: who plays which side, where its markers start,
the Game-Turns it is played over and the stages of its set-up."""

from __future__ import annotations

from gm.games.gwe.rules.game_values import Deployment, Scenario

DECISION_IN_GALICIA = Scenario(
    name="decision-in-galicia", title="Decision in Galicia",
    rule="Serbia/Galicia 26.3",
    players={"C": "central", "E": "allied"},
    turn=7,  # 26.3: the game begins on Game-Turn 7
    last_turn=13,  # 26.3: and ends at the end of Game-Turn 13
    vp=35,  # 26.33: the Allied markers begin at 35
    deployments=(  # 26.31: the Austro-Hungarian Player sets up first
        Deployment("ah-deployment", "central", "AH", "C", "the Austro-Hungarian deployment"),
        Deployment("ru-deployment", "allied", "RU", "E", "the Russian deployment")),
    victory_rule="Serbia/Galicia 25.3, 26.3",
    setup_rule="Serbia/Galicia 26.31", setup_note="the Austro-Hungarian Player sets up first",
    attrition_rule="Serbia/Galicia 26.32",
    start_line="each army sets up in its sector, on the line or beside it on its own side "
               "(Austro-Hungarians south and west, Russians north and east); hexes north-west "
               "to south-east",
    players_help="give -p C:NAME:ADDRESS for the Central Powers (Austria-Hungary) and "
                 "-p E:NAME:ADDRESS for the Allies (Russia)")
