"""Answerers that need no person (random, greedy, flat and tree search), the coach, and what
runs them by the thousand: simulate, tournaments, bench."""
