"""The terminal game: the REPL, its one steady screen, the views of the Arena and the replay viewer."""
