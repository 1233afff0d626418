"""Adjudication cases (shared/spec/cases.md): a phase written down, and what must come out."""
