"""The operator's log, bounded for what strangers cause: per source, a burst of lines, then a steady rate.

A flood of silent sockets writes a connection, a refusal and a close line for each socket;
unbounded, it would drown every other line and push the useful history out of the rotated
files. So the lines about connections not yet logged in go through a token bucket per source
(an address, an IPv6 address by its /64, since one host owns a whole /64): a burst of lines,
then one a second. A line over the limit is counted, and when that source may write again one
line says how many were left out, at the gravest level among them (it costs the source a line
too). What a logged-in player causes is not bounded here.

A host may hold many sources (a /48 is 65,536 /64s), so all sources together have a bucket
too, OVERALL times one source's; and the table of sources is capped: the one heard from
longest ago is dropped, its count written if the overall bucket allows, else kept in one
count for the sources no longer in the table, written when it does.
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
OVERALL = 10  # all sources together may write this many times one source's burst and rate
DROPPED = "sources no longer tracked"  # where the counts of dropped sources go, when they cannot be written


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
    """Lines about strangers, to ``log``, at most ``burst`` at once and ``rate`` a second after
    that per source, and OVERALL times that for all of them."""

    def __init__(self, log: logging.Logger, burst: int = BURST, rate: float = RATE, sources: int = SOURCES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log, self.burst, self.rate, self.sources, self.clock = log, burst, rate, sources, clock
        self.buckets: dict[str, _Bucket] = {}  # in the order last heard from, the oldest first
        self.overall = _Bucket(float(burst * OVERALL), clock())  # its counts: those of dropped sources

    def line(self, level: int, address: str, message: str, *args: object) -> None:
        """``message % args`` at ``level``, about ``address``: written if its source and all
        sources together may write now (after the counts of what was left out, if any), else
        counted."""
        key, now = source(address), self.clock()
        bucket = self.buckets.pop(key, None) or _Bucket(float(self.burst), now)
        self.buckets[key] = bucket  # to the end: heard from last
        _fill(self.overall, now, self.burst * OVERALL, self.rate * OVERALL)
        if len(self.buckets) > self.sources:
            oldest = next(iter(self.buckets))
            self._dropped(self.buckets.pop(oldest), oldest)
        _fill(bucket, now, self.burst, self.rate)
        if self.overall.left_out and self._afford(self.overall, 1):
            self._told(DROPPED, self.overall)
        cost = 2 if bucket.left_out else 1  # the count of what was left out is a line too
        if bucket.tokens < cost or not self._afford(self.overall, cost):
            _count(bucket, 1, level)
            return
        bucket.tokens -= cost
        self._told(key, bucket)
        self.log.log(level, message, *args)

    def _afford(self, overall: _Bucket, cost: int) -> bool:
        """Whether all sources together may write ``cost`` lines now; if so they are spent."""
        if overall.tokens < cost:
            return False
        overall.tokens -= cost
        return True

    def _dropped(self, bucket: _Bucket, key: str) -> None:
        """A source leaves the table: its count written if all sources may write a line, else
        kept with the other dropped sources' counts."""
        if not bucket.left_out:
            return
        if self._afford(self.overall, 1):
            self._told(key, bucket)
        else:
            _count(self.overall, bucket.left_out, bucket.gravest)

    def _told(self, key: str, bucket: _Bucket) -> None:
        """The line saying how many of ``key``'s lines were left out, if any were; none now."""
        if bucket.left_out:
            self.log.log(bucket.gravest, "... and %d more %s from %s left out", bucket.left_out,
                         "line" if bucket.left_out == 1 else "lines", key)
            bucket.left_out, bucket.gravest = 0, logging.NOTSET


def _fill(bucket: _Bucket, now: float, burst: int, rate: float) -> None:
    """``bucket``'s tokens as of ``now``: ``rate`` a second since it was last filled, at most ``burst``."""
    bucket.tokens = min(float(burst), bucket.tokens + (now - bucket.at) * rate)
    bucket.at = now


def _count(bucket: _Bucket, lines: int, level: int) -> None:
    """``lines`` more left out of ``bucket``'s, the gravest at ``level``."""
    bucket.left_out += lines
    bucket.gravest = max(bucket.gravest, level)
