"""Card sets, decks, positions, puzzles and their goals, and card text: TOML read and checked, engine
values out (and back to TOML)."""
