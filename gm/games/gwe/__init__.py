"""Great War in the East (SPI's quadrigame): the Standard Rules 2-14 as data and pure rules."""
