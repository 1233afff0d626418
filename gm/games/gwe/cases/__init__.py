"""Great War in the East's rule coverage (its adjudication cases to come)."""
