"""Bounds shared by the command line and the records, in a module light enough for the
command line to read while it starts (it loads neither the engine nor the records)."""

BOT_SECONDS = (0.05, 30)  # a bot seat's most thinking time per Summon: momon play and tournament --bot-time
