"""Words in and out: the answer notation, narration, the glossary and the rules lookup, the one boundary for text from outside."""
