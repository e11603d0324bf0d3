"""The bound on the log lines strangers cause (serve/log_limit.py): a burst, then a steady
rate per source, the count of what was left out, an IPv6 /64 as one source, a capped table.
On a clock the test moves; the club's wiring is in tests/test_club_hardening.py."""

from __future__ import annotations

import logging

import pytest

from momon_cli.serve.log_limit import LogLimit, source

LOGGER = "test.log_limit"


class Clock:
    """Seconds that pass only when the test says."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def limited(caplog):
    """A limit of 20 lines at once and one a second, on a clock the test moves, its lines captured."""
    caplog.set_level(logging.INFO, logger=LOGGER)
    clock = Clock()
    return LogLimit(logging.getLogger(LOGGER), burst=20, rate=1.0, clock=clock), clock


def _flood(limit: LogLimit, address: str, lines: int, level: int = logging.INFO) -> None:
    for n in range(lines):
        limit.line(level, address, "connection from %s (%d)", address, n)


def test_a_source_writes_a_burst_then_one_line_a_second_and_never_more_than_the_burst(limited, caplog):
    limit, clock = limited
    _flood(limit, "203.0.113.9", 50)
    assert caplog.messages == [f"connection from 203.0.113.9 ({n})" for n in range(20)]
    caplog.clear()
    clock.now += 0.5
    _flood(limit, "203.0.113.9", 5)
    assert not caplog.messages  # half a line's worth of time: nothing
    clock.now += 0.5
    _flood(limit, "203.0.113.9", 3)
    assert not caplog.messages  # one line's worth, but the count of those left out is a line too
    clock.now += 1
    _flood(limit, "203.0.113.9", 3)
    assert caplog.messages == ["... and 38 more lines from 203.0.113.9 left out", "connection from 203.0.113.9 (0)"]
    caplog.clear()
    clock.now += 3
    _flood(limit, "203.0.113.9", 4)  # three seconds: the count and two lines, the last two left out
    assert caplog.messages == ["... and 2 more lines from 203.0.113.9 left out", "connection from 203.0.113.9 (0)",
                               "connection from 203.0.113.9 (1)"]
    caplog.clear()
    clock.now += 3600  # an hour quiet fills the bucket only to its burst
    _flood(limit, "203.0.113.9", 30)
    assert caplog.messages[0] == "... and 2 more lines from 203.0.113.9 left out"
    assert len(caplog.messages) == 20


def test_the_left_out_line_has_the_gravest_level_of_the_lines_it_counts(limited, caplog):
    limit, clock = limited
    _flood(limit, "198.51.100.7", 20)
    limit.line(logging.WARNING, "198.51.100.7", "refused %s: too many connections not yet logged in", "198.51.100.7")
    limit.line(logging.INFO, "198.51.100.7", "connection from %s closed", "198.51.100.7")
    caplog.clear()
    clock.now += 2  # the count and the line
    limit.line(logging.INFO, "198.51.100.7", "connection from %s", "198.51.100.7")
    told, line = caplog.records
    assert (told.levelno, told.getMessage()) == (logging.WARNING, "... and 2 more lines from 198.51.100.7 left out")
    assert (line.levelno, line.getMessage()) == (logging.INFO, "connection from 198.51.100.7")


def test_addresses_of_one_ipv6_64_share_a_source_and_other_sources_keep_their_own(limited, caplog):
    limit, clock = limited
    for n in range(30):  # thirty addresses of one host's /64
        limit.line(logging.INFO, f"2001:db8:5:6::{n:x}", "connection from %s", f"2001:db8:5:6::{n:x}")
    assert len(caplog.messages) == 20
    caplog.clear()
    _flood(limit, "2001:db8:5:7::1", 1)  # the next /64, and an IPv4 address: each its own burst
    _flood(limit, "192.0.2.1", 1)
    assert len(caplog.messages) == 2
    clock.now += 2
    _flood(limit, "2001:db8:5:6:ffff:ffff:ffff:ffff", 1)
    assert caplog.messages[2] == "... and 10 more lines from 2001:db8:5:6::/64 left out"
    assert source("::ffff:192.0.2.1") == source("192.0.2.1") == "192.0.2.1"  # IPv4 written as IPv6
    assert source("fe80::1%eth0") == "fe80::/64"
    assert source("?") == "?"  # (a peer asyncssh could not name)


def test_the_table_of_sources_stays_capped_and_a_dropped_source_says_what_it_left_out(caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    clock = Clock()
    limit = LogLimit(logging.getLogger(LOGGER), burst=2, rate=1.0, sources=8, clock=clock)
    _flood(limit, "198.51.100.1", 3)  # one left out
    for n in range(2, 1000):  # a stranger with many addresses
        _flood(limit, f"10.{n // 65536}.{n // 256 % 256}.{n % 256}", 1)
        _flood(limit, "198.51.100.200", 1)  # heard from all along: never the oldest
    assert len(limit.buckets) == 8
    assert "198.51.100.200" in limit.buckets and "198.51.100.1" not in limit.buckets
    assert caplog.messages.count("... and 1 more line from 198.51.100.1 left out") == 1


def test_all_sources_together_are_bounded_and_what_dropped_sources_left_out_is_counted_once(caplog):
    """A host with many /64s: each source keeps its own burst, but all of them together write
    at most OVERALL times one source's; a source dropped from the table with lines left out,
    when nothing more may be written, goes into one count that is written once there is room."""
    from momon_cli.serve.log_limit import DROPPED, OVERALL

    caplog.set_level(logging.INFO, logger=LOGGER)
    clock = Clock()
    limit = LogLimit(logging.getLogger(LOGGER), burst=2, rate=1.0, sources=8, clock=clock)
    for n in range(100):
        limit.line(logging.INFO, f"2001:db8:{n:x}::1", "connection from %s", f"2001:db8:{n:x}::1")
    assert len(caplog.messages) == 2 * OVERALL
    kept = sum(bucket.left_out for bucket in limit.buckets.values())
    assert limit.overall.left_out == 100 - 2 * OVERALL - kept
    caplog.clear()
    clock.now += 1  # room for OVERALL lines in all; the new source drops the oldest (n = 92), now told
    limit.line(logging.INFO, "192.0.2.1", "connection from %s", "192.0.2.1")
    assert caplog.messages == ["... and 1 more line from 2001:db8:5c::/64 left out",
                               f"... and {100 - 2 * OVERALL - kept} more lines from {DROPPED} left out",
                               "connection from 192.0.2.1"]
