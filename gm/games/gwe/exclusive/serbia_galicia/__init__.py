"""Serbia/Galicia's Exclusive Rules (15.0-26.0) that the Decision in Galicia scenario (26.3)
uses, as pure functions. Cited `gwe-serbia-galicia:17.11` in tests (ruling G7)."""
