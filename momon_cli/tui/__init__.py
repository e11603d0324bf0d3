"""The terminal game: the REPL, its one steady screen or its plain lines, the views of the
Arena, the replay viewer, puzzles and the first lesson."""
