"""BGBlitz ``.bgf`` match files (Smile-encoded JSON): decoding and reading."""
