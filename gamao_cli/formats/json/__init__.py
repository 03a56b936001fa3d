"""gamao JSON (``.json``, ``.jsonl``): the lossless form of the match model, written and read."""
