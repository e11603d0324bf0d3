"""Words in and out: the answer notation, narration, the rules lookup, the one boundary for text from outside."""
