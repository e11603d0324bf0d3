"""Answerers that need no person (random, greedy, search) and what runs them by the thousand: simulate, tournaments, bench."""
