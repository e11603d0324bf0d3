"""The event union (engine/events.AnyEvent) names every event class, so a dispatch that matches
over it and ends in assert_never (text/narration.py) handles every event the engine emits."""

import inspect
from typing import get_args

from momon_cli.engine import events as ev


def test_the_event_union_holds_every_event_class_of_the_module():
    classes = {c for _, c in inspect.getmembers(ev, inspect.isclass)
               if issubclass(c, ev.Event) and c is not ev.Event and c.__module__ == ev.__name__}
    assert len(classes) >= 40
    assert set(get_args(ev.AnyEvent)) == classes


def test_every_event_kind_is_its_own():
    kinds = [c.kind for c in get_args(ev.AnyEvent)]
    assert len(set(kinds)) == len(kinds) and "event" not in kinds
