"""Every event in plain words, with the rule it follows. A listener: it never changes a game."""

from __future__ import annotations

from .engine import events as ev

TIMING_WORDS = {
    "on_summon": "On Summon", "on_snatch": "On Snatch", "snatched_back": "Snatched Back",
    "turn_start": "Turn Start", "end_of_turn": "End of Turn", "leaves_arena": "Leaves Arena",
}
UNTIL_WORDS = {"end_of_turn": "until end of turn", "your_next_turn": "until the start of its controller's next turn",
               "leaves_arena": "while it stays on the Arena"}
END_WORDS = {"full-arena": "the Arena is full (CR 17.8)", "exhaustion": "neither player has a card left (BASELINE 7.3)",
             "turn-limit": "the turn limit was reached (BASELINE 7.3)", "concession": "concession (BASELINE 7.1)"}


class Narrator:
    """Turns events into lines; remembers names of players and triggers between events."""

    def __init__(self, names: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        self.names = names
        self.triggers: dict[int, tuple[str, str]] = {}

    def who(self, player: int) -> str:
        return self.names[player - 1]

    def line(self, e: ev.Event) -> str | None:
        method = getattr(self, "_" + e.kind, None)
        return method(e) if method else None

    def _game_started(self, e: ev.GameStarted) -> str:
        self.names = tuple(e.names)
        how = "drawn from the seed" if e.chosen_by == "seed" else "named by the players"
        return (f"New game ({e.profile} rules, seed {e.seed}). {self.who(e.first_player)} goes first "
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
        return f"{self.who(e.player)} Summons {e.name} {where}to {e.space} (BASELINE 9.1)."

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
        return f"{self._ability(e.trigger)} enters the Queue at position {e.position} (CR 17.2)."

    def _trigger_not_queued(self, e: ev.TriggerNotQueued) -> str:
        return f"{self._ability(e.trigger)} has no legal target and is not queued (BASELINE 11.4)."

    def _ability_resolved(self, e: ev.AbilityResolved) -> str:
        if e.outcome == "declined":
            return f"{self._ability(e.trigger)}: its controller declines."
        if e.outcome == "no_legal_targets":
            return f"{self._ability(e.trigger)} does nothing: its targets are gone (CR 17.3)."
        return f"{self._ability(e.trigger)} resolves."

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
        return f"The {e.what} effect on {e.name} expires ({when})."

    def _check_started(self, e: ev.SnatchCheckStarted) -> str:
        n = e.attempts
        return f"Snatch Check: {e.name} on {e.space} makes {n} Snatch Attempt{'s' if n != 1 else ''} (CR 10.1)."

    def _attempt_created(self, e: ev.AttemptCreated) -> str:
        return f"  Attempt {e.number}: {e.direction} sight points at {e.defender_name} on {e.defender_space} (CR 10.1.3)."

    def _attempt_resolved(self, e: ev.AttemptResolved) -> str:
        head = (f"Attempt {e.number} of {e.of}: {e.attacker_name} (Power {e.attacker_power}, {e.attacker_element}) "
                f"vs {e.defender_name} (Power {e.defender_power}, {e.defender_element}): ")
        return head + attempt_reason(e.success, e.reason, e.attacker_power, e.defender_power,
                                     e.attacker_element, e.defender_element)

    def _control_changed(self, e: ev.ControlChanged) -> str:
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
    if reason == "recheck":
        return "fails — the Momons moved, left or share a Controller now (CR 10.2.1)"
    return f"fails — {de} is not beaten by {ae} and Power {ap} is not greater (CR 10.2.6)"
