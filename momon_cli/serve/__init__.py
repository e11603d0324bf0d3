"""Two machines: ``momon serve`` hosts one game over SSH, each player on their own terminal.

The server alone holds the game and its write-ahead record (host.py); each connection is
the same full-screen game as ``play``, drawn only from its seat's observation (seat.py),
and joins by a seat code given as the SSH user name (ssh.py).
"""

import warnings

# asyncssh names the DSA key types as it loads, and cryptography warns that DSA is deprecated:
# a dozen lines on every host's terminal about a key type its host key (ed25519) is not.
warnings.filterwarnings("ignore", message="DSA is deprecated", module="asyncssh")
