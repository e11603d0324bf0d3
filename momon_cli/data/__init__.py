"""Card sets, decks, positions and card text: TOML read and checked, engine values out (and back to TOML)."""
