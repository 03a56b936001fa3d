"""Replaying and checking matches, and the statistics built on the replay."""
