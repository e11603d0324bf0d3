"""The operator's log, bounded for what strangers cause: per source, a burst of lines, then a steady rate.

A flood of silent sockets writes a connection, a refusal and a close line for each socket;
unbounded, it would drown every other line and push the useful history out of the rotated
files. So the lines about connections not yet logged in go through a token bucket per source
(an address, an IPv6 address by its /64, since one host owns a whole /64): a burst of lines,
then one a second. A line over the limit is counted, and when that source may write again one
line says how many were left out, at the gravest level among them (it costs the source a line
too). What a logged-in player causes is not bounded here. The table of sources is capped too (a stranger can use many
addresses): the one heard from longest ago is dropped, its count of left-out lines written.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

BURST = 20  # lines a source may write at once
RATE = 1.0  # lines a second it may write after that
SOURCES = 4096  # sources remembered at most (the one heard from longest ago goes first)


def source(address: str) -> str:
    """The source a line from ``address`` counts against: an IPv4 address itself (also when
    written as IPv6), an IPv6 address its /64 network, anything else as written."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv4Address):
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))


@dataclass
class _Bucket:
    """One source's lines: what it may write now, as of when, and what was left out since it last wrote."""

    tokens: float
    at: float
    left_out: int = 0
    gravest: int = logging.NOTSET  # the highest level among the lines left out


class LogLimit:
    """Lines about strangers, to ``log``, at most ``burst`` at once and ``rate`` a second after that per source."""

    def __init__(self, log: logging.Logger, burst: int = BURST, rate: float = RATE, sources: int = SOURCES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log, self.burst, self.rate, self.sources, self.clock = log, burst, rate, sources, clock
        self.buckets: dict[str, _Bucket] = {}  # in the order last heard from, the oldest first

    def line(self, level: int, address: str, message: str, *args: object) -> None:
        """``message % args`` at ``level``, about ``address``: written if its source may write
        now (after the count of what was left out, if any), else counted."""
        key, now = source(address), self.clock()
        bucket = self.buckets.pop(key, None) or _Bucket(float(self.burst), now)
        self.buckets[key] = bucket  # to the end: heard from last
        if len(self.buckets) > self.sources:
            oldest = next(iter(self.buckets))
            self._told(oldest, self.buckets.pop(oldest))
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        cost = 2 if bucket.left_out else 1  # the count of what was left out is a line too
        if bucket.tokens < cost:
            bucket.left_out += 1
            bucket.gravest = max(bucket.gravest, level)
            return
        bucket.tokens -= cost
        self._told(key, bucket)
        self.log.log(level, message, *args)

    def _told(self, key: str, bucket: _Bucket) -> None:
        """The line saying how many of ``key``'s lines were left out, if any were; none now."""
        if bucket.left_out:
            self.log.log(bucket.gravest, "... and %d more %s from %s left out", bucket.left_out,
                         "line" if bucket.left_out == 1 else "lines", key)
            bucket.left_out, bucket.gravest = 0, logging.NOTSET
