"""bgammon.org replays (``.match``): reading."""
