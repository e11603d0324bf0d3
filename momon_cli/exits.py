"""The exit statuses of ``momon`` commands: one list, shared by the command line and the REPL
(the README gives them where it shows scripted play and verify)."""

DONE = 0  # the game ended, or the command did what it was asked
FAILED = 1  # an error, said in one line; verify: a record that does not match
BAD_SCRIPT = 2  # a scripted answer the game cannot take (usage errors are 2 as well)
SCRIPT_ENDED = 3  # the script ran out before the game ended; the record resumes
UNFINISHED = 3  # momon verify: what the record holds matches, but the game goes on
INTERRUPTED = 130  # Ctrl-C
