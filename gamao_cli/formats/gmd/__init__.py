"""Gibbon Match Dumps (``.gmd``): reading."""
