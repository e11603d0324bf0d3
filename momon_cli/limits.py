"""Bounds and defaults shared by the command line and the records and bots, in a module light
enough for the command line to read while it starts (it loads neither the engine nor the
records)."""

SEED_DIGITS = 100  # a seed's most digits: a bot seat's seed and a record's file name are made from it
BOT_SECONDS = (0.05, 30)  # a bot seat's most thinking time per Summon: momon play and tournament --bot-time
NAME_LIMIT = 24  # columns of a player's name as drawn (a Thai name holds more characters), on the command line and in a record
#: The bots a seat, a tournament and a record may name (bots.roster): four bots and three levels.
BOT_NAMES = ("random", "greedy", "flat", "search", "easy", "medium", "hard")
ANALYSIS_PLAYOUTS = 200  # the coach's search iterations per decision in `momon analyse`, by default
GAME_FILE_LIMIT = 2**20  # bytes of a game file (MSN), refused before it is read; a real one is a few kilobytes
