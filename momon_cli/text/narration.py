"""Every event in plain words, with the rule it follows. A listener: it never changes a game.

Two levels: the full line cites its rule (``rules <citation>`` opens it); the terse line,
the default on screen, leaves out the citations and the steps a player need not follow.
A step of a keyword ability names its keyword as the glossary writes it (Incite, Swap,
Multi-Move, Effect-Based Summon ...), so ``rules <keyword>`` explains the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..engine import events as ev
from .glossary import BY_KIND
from .safe import clean

LINE_LIMIT = 1000  # characters in one narrated line

TIMING_WORDS = {
    "on_summon": "On Summon", "on_snatch": "On Snatch", "snatched_back": "Snatched Back",
    "turn_start": "Turn Start", "end_of_turn": "End of Turn", "leaves_arena": "Leaves Arena",
}
ZONES = {"arena": "Arena", "hand": "Hand", "void": "Void"}  # zone names as the rules write them
# A card's "your next turn" is the ability's controller's turn, not that of the Momon's controller.
NEXT_TURN = "the start of the next turn of the ability's controller"
UNTIL_WORDS = {"end_of_turn": "until end of turn", "your_next_turn": f"until {NEXT_TURN}",
               "leaves_arena": "while it stays on the Arena"}
EFFECT_WORDS = {"power": "Power", "set_power": "set Power", "element": "Element", "ward": "Ward"}
OUTCOME_WORDS = {
    "resolved": "resolves.", "declined": "is declined by its controller.",
    "no_legal_targets": "does nothing: its targets are gone (CR 17.3).",
    "condition_false": "does nothing: its condition does not hold.",
    "once_used": "does nothing: its once-only right is already used (TH 17.5).",
    "no_eligible_card": "does nothing: there is no card it could Summon (TH 17.3).",
}
FAIL_WORDS = {"no_legal_space": "no legal Space, so nothing Moves or is Summoned there",
              "no_eligible_card": "no card fits, so nothing is Summoned",
              "no_mover": "no Momon can Move", "target_gone": "its Momons are gone"}
#: A kind whose failure says more than FAIL_WORDS, once the line names the kind.
KIND_FAIL_WORDS = {("move", "no_legal_space"): "no legal Space, so that Momon stays where it is",
                   ("multi_move", "no_legal_space"): "no legal Space is left, so that Momon stays where it is",
                   ("summon", "no_legal_space"): "no legal Space, so nothing is Summoned"}
DIRECT_WORDS = {"ward": "it has Ward (TH 17.6)", "prohibited": "it cannot be Snatched together with another Momon",
                "protected": "it cannot be Snatched by an opponent's abilities (TH 17.9)",
                "already_controlled": "its controller already controls it",
                "cannot_snatch": "the Momon whose ability Snatches cannot Snatch (docs/rules.md R-mc 29)"}
END_WORDS = {"full-arena": "the Arena is full (CR 17.8)", "exhaustion": "neither player has a card left (BASELINE 7.3)",
             "turn-limit": "the turn limit was reached (BASELINE 7.3)",
             "loop": "one turn resolved more abilities than any game needs: a loop (docs/rules.md R-mc 27)",
             "concession": "concession (BASELINE 7.1)"}


#: Event kinds the terse level leaves out: the bookkeeping behind the lines it keeps.
QUIET = frozenset({"step", "marked", "trigger_waiting", "attempt_created", "batch_ended"})
#: A rule citation: "CR 10.2.4", "TH 17.6", "BASELINE 9.1", "Step 1.1".
CITATION = re.compile(r"\b(?:CR|TH|BASELINE|Step) \d+(?:\.\d+)*")
_CITED = re.compile(r" \((?:CR|TH|BASELINE|Step) [^()]*\)")


def terse(event: ev.Event, line: str | None) -> str | None:
    """The terse form of an event's full line: without citations; None for bookkeeping."""
    if line is None or event.kind in QUIET:
        return None
    return _CITED.sub("", line)


class Narrator:
    """Turns events into lines; remembers names of players and triggers between events."""

    def __init__(self, names: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        self.names = names
        self.triggers: dict[int, tuple[str, str]] = {}
        self.resolved = 0  # Attempts resolved in the current Check: numbers follow the chosen order

    def who(self, player: int) -> str:
        return self.names[player - 1]

    def line(self, e: ev.Event) -> str | None:
        """The event in words, as one printable line (its names come from data and people)."""
        method = getattr(self, "_" + e.kind, None)
        said = method(e) if method else None
        return None if said is None else clean(said, LINE_LIMIT)

    def _game_started(self, e: ev.GameStarted) -> str:
        self.names = (e.names[0], e.names[1])
        # "players": named by --first or by the position the game starts from
        how = "drawn from the seed" if e.chosen_by == "seed" else "named for this game"
        seed = "" if e.seed is None else f", seed {e.seed}"  # a seat's story keeps the seed out
        return (f"New game ({e.profile} rules{seed}). {self.who(e.first_player)} goes first "
                f"({how}) and takes the First Player Token (BASELINE 6.2).")

    def _turn_started(self, e: ev.TurnStarted) -> str:
        return f"— Turn {e.turn}: {self.who(e.active)} is the Active Player (CR 8.1) —"

    def _end_condition(self, e: ev.EndConditionRecorded) -> str:
        return f"End condition recorded: {END_WORDS[e.reason]}; the turn is finished first."

    def _no_summon(self, e: ev.NoSummon) -> str:
        return f"{self.who(e.player)} has no card in Hand or Void: no Summon, no Check (BASELINE 9.3)."

    def _void_randomized(self, e: ev.VoidRandomized) -> str:
        return f"{self.who(e.player)}'s Hand is empty: their {e.count}-card Void is shuffled face-down (CR 17.7)."

    def _face_down_picked(self, e: ev.FaceDownPicked) -> str:
        return f"{self.who(e.picker)} picks card {e.position}: it is {e.name} ({e.card})."

    def _summoned(self, e: ev.Summoned) -> str:
        where = "from the Void " if e.source == "void" else ""
        how, rule = (" by an Effect-Based Summon", "BASELINE 9.4") if e.by_ability else ("", "BASELINE 9.1")
        return f"{self.who(e.player)} Summons {e.name} {where}to {e.space}{how} ({rule})."

    def _marked(self, e: ev.Marked) -> str:
        return f"Mark: {self.who(e.player)}'s Marking Token goes on {e.space} (Step 1.1)."

    def _trigger_waiting(self, e: ev.TriggerWaiting) -> str:
        self.triggers[e.trigger] = (e.name, e.timing)
        return f"{e.name}'s {TIMING_WORDS[e.timing]} ability triggers, controlled by {self.who(e.controller)} (CR 11.1.6)."

    def _ability(self, trigger: int) -> str:
        """"Kiln Drake's On Summon ability", for a trigger seen waiting earlier."""
        name, timing = self.triggers[trigger]
        return f"{name}'s {TIMING_WORDS[timing]} ability"

    def _trigger_queued(self, e: ev.TriggerQueued) -> str:
        targets = ""
        if e.targets:
            named = ", ".join(f"{n} on {s}" for n, s in zip(e.target_names, e.targets, strict=True))
            targets = f", targeting {named}" + ("" if e.chosen else " (the only legal target)")
        return f"{self._ability(e.trigger)} enters the Queue at position {e.position}{targets} (CR 17.2)."

    def _batch_queued(self, e: ev.BatchQueued) -> str:
        return f"{e.name}'s Summon batch waits at position {e.position} (TH 17.1)."

    def _batch_started(self, e: ev.BatchStarted) -> str:
        return f"{e.name}'s Summon batch: its On Summon, its Snatch Check, then its post-Snatch triggers (BASELINE 9.4)."

    def _batch_ended(self, e: ev.BatchEnded) -> str | None:
        return None

    def _trigger_not_queued(self, e: ev.TriggerNotQueued) -> str:
        return f"{self._ability(e.trigger)} has no legal target and is not queued (BASELINE 11.4)."

    def _ability_resolved(self, e: ev.AbilityResolved) -> str:
        return f"{self._ability(e.trigger)} {OUTCOME_WORDS[e.outcome]}"

    def _power_set(self, e: ev.PowerSet) -> str:
        return f"{e.name}'s Power is set to {e.value} {UNTIL_WORDS[e.until]}: Power is now {e.power} (BASELINE 11.5)."

    def _element_changed(self, e: ev.ElementChanged) -> str:
        return f"{e.name} becomes {e.element} {UNTIL_WORDS[e.until]} (BASELINE 11.5)."

    def _ward_lost(self, e: ev.WardLost) -> str:
        if not e.had_ward:
            return f"{e.name} has no Ward to lose."
        return f"{e.name} loses Ward: the effect ends and its Ward Token is removed (TH 17.6)."

    def _moved(self, e: ev.Moved) -> str:
        # The event does not say which kind Moved: several Momons at once can only be a
        # Multi-Move; one is said as a Move (a Multi-Move of one Momon moves as a Move does).
        moves = "; ".join(f"{name} {start} → {dest}" for name, start, dest in e.moves)
        keyword = "Multi-Move, all at once" if len(e.moves) > 1 else "Move"
        return f"{keyword}: {moves}. Moving makes no Snatch Check (TH 17.9)."

    def _swapped(self, e: ev.Swapped) -> str:
        return f"Swap: {e.first} ({e.first_space}) and {e.second} ({e.second_space}) trade Spaces at once (TH 17.9)."

    def _zone_changed(self, e: ev.ZoneChanged) -> str:
        zone = ZONES[e.from_zone]
        where = f"{zone} {e.from_space}" if e.from_space else zone
        if e.to_zone == "hand":
            return f"{e.name} returns from the {where} to {self.who(e.owner)}'s Hand (TH 17.7)."
        face = "face-up" if e.face_up else "face-down"
        return f"{e.name} goes from the {where} to {self.who(e.owner)}'s Void {face}: a new object (TH 17.3)."

    def _return_scheduled(self, e: ev.ReturnScheduled) -> str:
        when = "at end of turn" if e.at == "end_of_turn" else f"at {NEXT_TURN}"
        return f"{e.name} will return to its Owner's Hand {when}, if it is still where it is now (TH 17.7)."

    def _return_lapsed(self, e: ev.ReturnLapsed) -> str:
        return f"{e.name} changed zones before its return: nothing returns (TH 17.7)."

    def _once_used(self, e: ev.OnceUsed) -> str:
        return f"{e.name}'s once-only right is used up (TH 17.5)."

    def _instruction_failed(self, e: ev.InstructionFailed) -> str:
        terms = BY_KIND.get(e.instruction, ())
        keyword = f", {terms[0]}" if terms else ""  # "Herder Owl's On Summon ability, Multi-Move: ..."
        why = KIND_FAIL_WORDS.get((e.instruction, e.reason)) or FAIL_WORDS.get(e.reason, e.reason)
        return f"{self._ability(e.trigger)}{keyword}: {why}."

    def _direct_snatch(self, e: ev.DirectSnatchResolved) -> str:
        if e.success:
            return f"Direct Snatch of {e.name} on {e.space} succeeds; no On Snatch (TH 17.5)."
        return f"Direct Snatch of {e.name} on {e.space} fails: {DIRECT_WORDS[e.reason]}."

    def _power_modified(self, e: ev.PowerModified) -> str:
        return f"{e.name} gets {e.amount:+d} Power {UNTIL_WORDS[e.until]}: Power is now {e.power}."

    def _ward_granted(self, e: ev.WardGranted) -> str:
        if e.stacked:
            return f"{e.name} already has Ward: the new grant does nothing (TH 17.6)."
        return f"{e.name} gains Ward {UNTIL_WORDS[e.until]} (CR 10.2.2)."

    def _first_player_token(self, e: ev.FirstPlayerTokenTaken) -> str:
        return f"{self.who(e.player)} takes the First Player Token; turn order is unchanged (TH 17.8)."

    def _expired(self, e: ev.Expired) -> str:
        when = "end of turn" if e.when == "end_of_turn" else "start of turn"
        return f"The {EFFECT_WORDS.get(e.what, e.what)} effect on {e.name} expires ({when})."

    def _check_started(self, e: ev.SnatchCheckStarted) -> str:
        self.resolved = 0
        n = e.attempts
        attempts = f"{n} Snatch Attempt{'s' if n != 1 else ''}"
        if e.cause == "incite":
            return f"Incite: {e.name} on {e.space} makes a new Snatch Check with {attempts} (CR 11.1.4)."
        if e.cause == "summon":
            return f"Snatch Check after an Effect-Based Summon: {e.name} on {e.space} makes {attempts} (CR 11.1.4)."
        return f"Snatch Check: {e.name} on {e.space} makes {attempts} (CR 10.1)."

    def _attempt_created(self, e: ev.AttemptCreated) -> str:
        # The Space first: the picture turns arrows to the viewer's seat, so a compass word
        # alone would contradict one seat's picture; the word is the card's, from its Owner's seat.
        return (f"  Its Sight toward {e.defender_space}, {e.direction} from its Owner's seat, points at "
                f"{e.defender_name} (CR 10.1.3).")

    def _attempt_resolved(self, e: ev.AttemptResolved) -> str:
        self.resolved += 1
        head = (f"Attempt {self.resolved} of {e.of}: {e.attacker_name} (Power {e.attacker_power}, {e.attacker_element}) "
                f"vs {e.defender_name} (Power {e.defender_power}, {e.defender_element}): ")
        return head + attempt_reason(e.success, e.reason, e.attacker_power, e.defender_power,
                                     e.attacker_element, e.defender_element)

    def _control_changed(self, e: ev.ControlChanged) -> str:
        if e.how == "direct":
            return f"{e.name} on {e.space} now carries {self.who(e.new)}'s Marking Token (Direct Snatch, TH 17.5)."
        return f"{e.name} on {e.space} now carries {self.who(e.new)}'s Marking Token (CR 10.2.7)."

    def _check_ended(self, e: ev.SnatchCheckEnded) -> str:
        return f"Snatch Check over: {e.successes} Snatched."

    def _sbc(self, e: ev.StateBasedAction) -> str:
        if e.action == "power_zero":
            return f"{e.name} on {e.space} has Power 0 or less and goes to its Owner's Void (BASELINE 12.1)."
        return f"{e.name} no longer has Ward: its Ward Token is removed (BASELINE 12.2)."

    def _turn_ended(self, e: ev.TurnEnded) -> str:
        return f"Turn {e.turn} ends."

    def _conceded(self, e: ev.Conceded) -> str:
        return f"{self.who(e.player)} concedes (BASELINE 7.1)."

    def _game_ended(self, e: ev.GameEnded) -> str:
        tie = " Tied: the First Player Token holder wins (BASELINE 7.4)." if e.tiebreak else ""
        return (f"Game over — {END_WORDS[e.reason]}. Control Score {self.who(1)} {e.scores[0]}, "
                f"{self.who(2)} {e.scores[1]}. {self.who(e.winner)} wins.{tie}")


#: An Attempt's verdict in a few words, for the order question (the log line gives the rule).
SHORT_VERDICT = {"power": "succeeds on Power", "element": "succeeds on Element", "extra": "succeeds (extra condition)",
                 "ward": "fails: Ward", "prohibited": "fails: not together", "protected": "fails: protected",
                 "recheck": "fails: moved, left or same side", "neither": "fails"}


def attempt_reason(success: bool, reason: str, ap: int, dp: int, ae: str, de: str) -> str:
    """Why an Attempt succeeds or fails, in words, with its rule."""
    if reason == "power":
        return f"succeeds — Power {ap} is greater than {dp} (CR 10.2.3)"
    if reason == "element":
        return f"succeeds — {ae} beats {de} (CR 10.2.4)"
    if reason == "ward":
        return "fails — the defender has Ward (CR 10.2.2)"
    if reason == "prohibited":
        return "fails — it cannot be Snatched together with another Momon (TH 17.1)"
    if reason == "protected":
        return "fails — it cannot be Snatched by an opponent's abilities (TH 17.9)"
    if reason == "extra":
        return "succeeds — an additional success condition holds (TH 17.1)"
    if reason == "recheck":
        return "fails — the Momons moved, left or share a Controller now (CR 10.2.1)"
    return f"fails — {de} is not beaten by {ae} and Power {ap} is not greater (CR 10.2.6)"


def summary(events: Iterable[ev.Event], names: tuple[str, str]) -> str | None:
    """One line for what the other player's turn did: Summons, Snatches, Momons lost."""
    parts = []
    for e in events:
        if isinstance(e, ev.Summoned):
            parts.append(f"{names[e.player - 1]} Summoned {e.name} to {e.space}")
        elif isinstance(e, ev.ControlChanged):
            parts.append(f"{names[e.new - 1]} Snatched {e.name} on {e.space}")
        elif isinstance(e, ev.ZoneChanged):
            parts.append(f"{e.name} left {e.from_space or 'the ' + ZONES[e.from_zone]} for its Owner's "
                         f"{ZONES[e.to_zone]}")
        elif isinstance(e, ev.Moved):
            parts.extend(f"{name} Moved {start} → {dest}" for name, start, dest in e.moves)
    return clean("; ".join(parts) + ".", LINE_LIMIT) if parts else None
