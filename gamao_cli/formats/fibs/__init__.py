"""The FIBS ``oldmoves`` listing (``.fibs``): reading."""
