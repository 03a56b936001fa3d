"""JavaFIBS internal match files (``.match``): reading."""
