"""Adjudication cases (docs/cases.md): a phase written down, and what must come out."""
