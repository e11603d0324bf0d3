"""Every event in plain words, with the rule it follows. A listener: it never changes a game.

Two levels: the full line cites its rule (``rules <citation>`` opens it); the terse line,
the default on screen, leaves out the citations and the steps a player need not follow.
A step of a keyword ability names its keyword as the glossary writes it (Incite, Swap,
Multi-Move, Effect-Based Summon ...), so ``rules <keyword>`` explains the line.

Each line is one template in the language in use (language.py), with named placeholders for
the names, Spaces and numbers, so a translation orders the sentence as its language does; a
line put together from independent clauses (a verdict after its Attempt, the reason a step
fails) translates each clause on its own. The words of a table are marked with ``N_()`` and
translated where they are said, here and by the screens that show them (``_(
SHORT_VERDICT[reason])``, ``END_WORDS``). Citations ("CR 10.2.2", "TH 17.5") stay as they are
in every language: ``terse`` cuts them out by their form, and ``rules`` finds them.
"""

from __future__ import annotations

import re
from typing import assert_never, cast

from ..data.element_names import name as element_name
from ..engine import events as ev
from ..language import N_, _, ngettext
from .glossary import BY_KIND, profile_words
from .safe import clean

LINE_LIMIT = 1000  # characters in one narrated line

# Timing Headers and zones are terms the glossary lists: written as the rules write them, in
# every language (the Thai edition keeps them in English), so they are not translated.
TIMING_WORDS = {
    "on_summon": "On Summon", "on_snatch": "On Snatch", "snatched_back": "Snatched Back",
    "turn_start": "Turn Start", "end_of_turn": "End of Turn", "leaves_arena": "Leaves Arena",
}
ZONES = {"arena": "Arena", "hand": "Hand", "void": "Void"}  # zone names as the rules write them
# A card's "your next turn" is the ability's controller's turn, not that of the Momon's controller.
UNTIL_WORDS = {"end_of_turn": N_("until end of turn"),
               "your_next_turn": N_("until the start of the next turn of the ability's controller"),
               "leaves_arena": N_("while it stays on the Arena")}
EFFECT_WORDS = {"power": N_("Power"), "set_power": N_("set Power"), "element": N_("Element"), "ward": N_("Ward")}
#: A resolved ability's line, by its outcome: {name} and {timing} name the ability. A resolved
#: ability's event follows its effects' events, so its line says it is done.
OUTCOME_WORDS = {
    "resolved": N_("{name}'s {timing} ability has finished resolving."),
    "declined": N_("{name}'s {timing} ability is declined by its controller."),
    "no_legal_targets": N_("{name}'s {timing} ability does nothing: its targets are gone (CR 17.3)."),
    "condition_false": N_("{name}'s {timing} ability does nothing: its condition does not hold."),
    "once_used": N_("{name}'s {timing} ability does nothing: its once-only right is already used (TH 17.5)."),
    "no_eligible_card": N_("{name}'s {timing} ability does nothing: there is no card it could Summon (TH 17.3)."),
}
FAIL_WORDS = {"no_legal_space": N_("no legal Space, so nothing Moves or is Summoned there"),
              "no_eligible_card": N_("no card fits, so nothing is Summoned"),
              "no_mover": N_("no Momon can Move"), "target_gone": N_("its Momons are gone")}
#: A kind whose failure says more than FAIL_WORDS, once the line names the kind.
KIND_FAIL_WORDS = {("move", "no_legal_space"): N_("no legal Space, so that Momon stays where it is"),
                   ("summon", "no_legal_space"): N_("no legal Space, so nothing is Summoned")}
DIRECT_WORDS = {"ward": N_("it has Ward (TH 17.6)"),
                "prohibited": N_("it cannot be Snatched together with another Momon"),
                "protected": N_("it cannot be Snatched by an opponent's abilities (TH 17.9)"),
                "already_controlled": N_("its controller already controls it"),
                "cannot_snatch": N_("the Momon whose ability Snatches cannot Snatch (docs/rules.md R-mc 29)")}
END_WORDS = {"full-arena": N_("the Arena is full (CR 17.8)"),
             "exhaustion": N_("neither player has a card left (BASELINE 7.3)"),
             "turn-limit": N_("the turn limit was reached (BASELINE 7.3)"),
             "loop": N_("one turn resolved more abilities than any game needs: a loop (docs/rules.md R-mc 27)"),
             "concession": N_("concession (BASELINE 7.1)")}


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


def _until(until: str) -> str:
    return _(UNTIL_WORDS[until])


class Narrator:
    """Turns events into lines; remembers names of players and triggers between events."""

    def __init__(self, names: tuple[str, str] | None = None) -> None:
        #: The players as this reader calls them (a record's bot by its title in the reader's
        #: language), else as the game's first event names them.
        self.named = names is not None
        self.names = names or ("Player 1", "Player 2")
        self.triggers: dict[int, tuple[str, str]] = {}
        self.resolved = 0  # Attempts resolved in the current Check: numbers follow the chosen order
        self.stayed = 0  # a Multi-Move's chosen Momons left without a Space, said with its Move

    def who(self, player: int) -> str:
        return self.names[player - 1]

    def line(self, e: ev.Event) -> str | None:
        """The event in words, as one printable line (its names come from data and people)."""
        said = self._said(cast("ev.AnyEvent", e))
        if not isinstance(e, ev.InstructionFailed):
            self.stayed = 0  # only a Multi-Move's own Moved follows its failures (engine/resolution.py)
        return None if said is None else clean(said, LINE_LIMIT)

    def _said(self, e: ev.AnyEvent) -> str | None:
        match e:
            case ev.GameStarted():
                return self._game_started(e)
            case ev.TurnStarted():
                return self._turn_started(e)
            case ev.EndConditionRecorded():
                return self._end_condition(e)
            case ev.NoSummon():
                return self._no_summon(e)
            case ev.VoidRandomized():
                return self._void_randomized(e)
            case ev.FaceDownPicked():
                return self._face_down_picked(e)
            case ev.Summoned():
                return self._summoned(e)
            case ev.Marked():
                return self._marked(e)
            case ev.TriggerWaiting():
                return self._trigger_waiting(e)
            case ev.TriggerQueued():
                return self._trigger_queued(e)
            case ev.BatchQueued():
                return self._batch_queued(e)
            case ev.BatchStarted():
                return self._batch_started(e)
            case ev.TriggerNotQueued():
                return self._trigger_not_queued(e)
            case ev.AbilityResolved():
                return self._ability_resolved(e)
            case ev.PowerSet():
                return self._power_set(e)
            case ev.ElementChanged():
                return self._element_changed(e)
            case ev.WardLost():
                return self._ward_lost(e)
            case ev.Moved():
                return self._moved(e)
            case ev.Swapped():
                return self._swapped(e)
            case ev.ZoneChanged():
                return self._zone_changed(e)
            case ev.ReturnScheduled():
                return self._return_scheduled(e)
            case ev.ReturnLapsed():
                return self._return_lapsed(e)
            case ev.OnceUsed():
                return self._once_used(e)
            case ev.InstructionFailed():
                return self._instruction_failed(e)
            case ev.DirectSnatchResolved():
                return self._direct_snatch(e)
            case ev.PowerModified():
                return self._power_modified(e)
            case ev.WardGranted():
                return self._ward_granted(e)
            case ev.FirstPlayerTokenTaken():
                return self._first_player_token(e)
            case ev.Expired():
                return self._expired(e)
            case ev.SnatchCheckStarted():
                return self._check_started(e)
            case ev.AttemptCreated():
                return self._attempt_created(e)
            case ev.AttemptResolved():
                return self._attempt_resolved(e)
            case ev.ControlChanged():
                return self._control_changed(e)
            case ev.SnatchCheckEnded():
                return self._check_ended(e)
            case ev.StateBasedAction():
                return self._sbc(e)
            case ev.TurnEnded():
                return self._turn_ended(e)
            case ev.Conceded():
                return self._conceded(e)
            case ev.GameEnded():
                return self._game_ended(e)
            case ev.StepStarted() | ev.BatchEnded():
                return None  # bookkeeping: the lines around it say what happens
            case _:
                assert_never(e)

    def _game_started(self, e: ev.GameStarted) -> str:
        if not self.named:
            self.names = (e.names[0], e.names[1])
        first = self.who(e.first_player)
        # "players": named by --first or by the position the game starts from; a seat's story keeps the seed out
        if e.seed is None:
            if e.chosen_by == "seed":
                said = _("New game ({profile} rules). {player} goes first (drawn from the seed) and takes the "
                         "First Player Token (BASELINE 6.2).")
            else:
                said = _("New game ({profile} rules). {player} goes first (named for this game) and takes the "
                         "First Player Token (BASELINE 6.2).")
        elif e.chosen_by == "seed":
            said = _("New game ({profile} rules, seed {seed}). {player} goes first (drawn from the seed) and takes "
                     "the First Player Token (BASELINE 6.2).")
        else:
            said = _("New game ({profile} rules, seed {seed}). {player} goes first (named for this game) and takes "
                     "the First Player Token (BASELINE 6.2).")
        return said.format(profile=profile_words(e.profile), seed=e.seed, player=first)

    def _turn_started(self, e: ev.TurnStarted) -> str:
        return _("— Turn {turn}: {player} is the Active Player (CR 8.1) —").format(turn=e.turn, player=self.who(e.active))

    def _end_condition(self, e: ev.EndConditionRecorded) -> str:
        return _("End condition recorded: {reason}; the turn is finished first.").format(reason=_(END_WORDS[e.reason]))

    def _no_summon(self, e: ev.NoSummon) -> str:
        return _("{player} has no card in Hand or Void: no Summon, no Check (BASELINE 9.3).").format(
            player=self.who(e.player))

    def _void_randomized(self, e: ev.VoidRandomized) -> str:
        return _("{player}'s Hand is empty: their {count}-card Void is shuffled face-down (CR 17.7).").format(
            player=self.who(e.player), count=e.count)

    def _face_down_picked(self, e: ev.FaceDownPicked) -> str:
        return _("{player} picks card {position}: it is {name} ({card}).").format(
            player=self.who(e.picker), position=e.position, name=e.name, card=e.card)

    def _summoned(self, e: ev.Summoned) -> str:
        if e.by_ability:
            said = (_("{player} Summons {name} from the Void to {space} by an Effect-Based Summon (BASELINE 9.4).")
                    if e.source == "void" else
                    _("{player} Summons {name} to {space} by an Effect-Based Summon (BASELINE 9.4)."))
        else:
            said = (_("{player} Summons {name} from the Void to {space} (BASELINE 9.1).") if e.source == "void"
                    else _("{player} Summons {name} to {space} (BASELINE 9.1)."))
        return said.format(player=self.who(e.player), name=e.name, space=e.space)

    def _marked(self, e: ev.Marked) -> str:
        return _("Mark: {player}'s Marking Token goes on {space} (Step 1.1).").format(
            player=self.who(e.player), space=e.space)

    def _trigger_waiting(self, e: ev.TriggerWaiting) -> str:
        self.triggers[e.trigger] = (e.name, e.timing)
        return _("{name}'s {timing} ability triggers, controlled by {player} (CR 11.1.6).").format(
            name=e.name, timing=TIMING_WORDS[e.timing], player=self.who(e.controller))

    def _ability(self, trigger: int) -> dict[str, str]:
        """The card's name and the Timing Header of a trigger seen waiting earlier, for a
        template's {name} and {timing}: "{name}'s {timing} ability"."""
        name, timing = self.triggers[trigger]
        return {"name": name, "timing": TIMING_WORDS[timing]}

    def _trigger_queued(self, e: ev.TriggerQueued) -> str:
        if not e.targets:
            said = _("{name}'s {timing} ability enters the Queue at position {position} (CR 17.2).")
        elif e.chosen:
            said = _("{name}'s {timing} ability enters the Queue at position {position}, targeting {targets} "
                     "(CR 17.2).")
        else:
            said = _("{name}'s {timing} ability enters the Queue at position {position}, targeting {targets} "
                     "(the only legal target) (CR 17.2).")
        # TRANSLATORS: one target of an ability, a Momon and its Space: "Pup on B2"
        named = ", ".join(_("{name} on {space}").format(name=n, space=s)
                          for n, s in zip(e.target_names, e.targets, strict=True))
        return said.format(**self._ability(e.trigger), position=e.position, targets=named)

    def _batch_queued(self, e: ev.BatchQueued) -> str:
        return _("{name}'s Summon batch waits at position {position} (TH 17.1).").format(
            name=e.name, position=e.position)

    def _batch_started(self, e: ev.BatchStarted) -> str:
        return _("{name}'s Summon batch: its On Summon, its Snatch Check, then its post-Snatch triggers "
                 "(BASELINE 9.4).").format(name=e.name)

    def _trigger_not_queued(self, e: ev.TriggerNotQueued) -> str:
        return _("{name}'s {timing} ability has no legal target and is not queued (BASELINE 11.4).").format(
            **self._ability(e.trigger))

    def _ability_resolved(self, e: ev.AbilityResolved) -> str:
        return _(OUTCOME_WORDS[e.outcome]).format(**self._ability(e.trigger))

    def _power_set(self, e: ev.PowerSet) -> str:
        return _("{name}'s Power is set to {value} {until}: Power is now {power} (BASELINE 11.5).").format(
            name=e.name, value=e.value, until=_until(e.until), power=e.power)

    def _element_changed(self, e: ev.ElementChanged) -> str:
        return _("{name} becomes {element} {until} (BASELINE 11.5).").format(
            name=e.name, element=element_name(e.element), until=_until(e.until))

    def _ward_lost(self, e: ev.WardLost) -> str:
        if not e.had_ward:
            return _("{name} has no Ward to lose.").format(name=e.name)
        return _("{name} loses Ward: the effect ends and its Ward Token is removed (TH 17.6).").format(name=e.name)

    def _moved(self, e: ev.Moved) -> str:
        # The event does not say which kind Moved: several Momons at once can only be a
        # Multi-Move; one is said as a Move (a Multi-Move of one Momon moves as a Move does).
        moves = "; ".join(f"{name} {start} → {dest}" for name, start, dest in e.moves)
        if self.stayed:  # only a Multi-Move leaves a chosen Momon without a Space
            return ngettext("Multi-Move, all at once: {moves}; no legal Space is left for {n} more chosen Momon, "
                            "so it stays where it is. Moving makes no Snatch Check (TH 17.9).",
                            "Multi-Move, all at once: {moves}; no legal Space is left for {n} more chosen Momons, "
                            "so they stay where they are. Moving makes no Snatch Check (TH 17.9).",
                            self.stayed).format(moves=moves, n=self.stayed)
        if len(e.moves) > 1:
            return _("Multi-Move, all at once: {moves}. Moving makes no Snatch Check (TH 17.9).").format(moves=moves)
        return _("Move: {moves}. Moving makes no Snatch Check (TH 17.9).").format(moves=moves)

    def _swapped(self, e: ev.Swapped) -> str:
        return _("Swap: {first} ({first_space}) and {second} ({second_space}) trade Spaces at once (TH 17.9).").format(
            first=e.first, first_space=e.first_space, second=e.second, second_space=e.second_space)

    def _zone_changed(self, e: ev.ZoneChanged) -> str:
        zone, space = ZONES[e.from_zone], e.from_space
        if e.to_zone == "hand":
            said = (_("{name} returns from the {zone} {space} to {owner}'s Hand (TH 17.7).") if space else
                    _("{name} returns from the {zone} to {owner}'s Hand (TH 17.7)."))
        elif e.face_up:
            said = (_("{name} goes from the {zone} {space} to {owner}'s Void face-up: a new object (TH 17.3).")
                    if space else _("{name} goes from the {zone} to {owner}'s Void face-up: a new object (TH 17.3)."))
        else:
            said = (_("{name} goes from the {zone} {space} to {owner}'s Void face-down: a new object (TH 17.3).")
                    if space else
                    _("{name} goes from the {zone} to {owner}'s Void face-down: a new object (TH 17.3)."))
        return said.format(name=e.name, zone=zone, space=space, owner=self.who(e.owner))

    def _return_scheduled(self, e: ev.ReturnScheduled) -> str:
        if e.at == "end_of_turn":
            said = _("{name} will return to its Owner's Hand at end of turn, if it is still where it is now (TH 17.7).")
        else:
            said = _("{name} will return to its Owner's Hand at the start of the next turn of the ability's "
                     "controller, if it is still where it is now (TH 17.7).")
        return said.format(name=e.name)

    def _return_lapsed(self, e: ev.ReturnLapsed) -> str:
        return _("{name} changed zones before its return: nothing returns (TH 17.7).").format(name=e.name)

    def _once_used(self, e: ev.OnceUsed) -> str:
        return _("{name}'s once-only right is used up (TH 17.5).").format(name=e.name)

    def _instruction_failed(self, e: ev.InstructionFailed) -> str | None:
        if (e.instruction, e.reason) == ("multi_move", "no_legal_space"):
            # The engine tells it as the Momons are chosen, before the Move of the others (_moved says it)
            self.stayed += 1
            return None
        terms = BY_KIND.get(e.instruction, ())
        words = KIND_FAIL_WORDS.get((e.instruction, e.reason)) or FAIL_WORDS.get(e.reason)
        why = _(words) if words else e.reason
        if terms:  # "Herder Owl's On Summon ability, Multi-Move: ..."
            return _("{name}'s {timing} ability, {keyword}: {why}.").format(
                **self._ability(e.trigger), keyword=terms[0], why=why)
        return _("{name}'s {timing} ability: {why}.").format(**self._ability(e.trigger), why=why)

    def _direct_snatch(self, e: ev.DirectSnatchResolved) -> str:
        if e.success:
            return _("Direct Snatch of {name} on {space} succeeds; no On Snatch (TH 17.5).").format(
                name=e.name, space=e.space)
        return _("Direct Snatch of {name} on {space} fails: {why}.").format(
            name=e.name, space=e.space, why=_(DIRECT_WORDS[e.reason]))

    def _power_modified(self, e: ev.PowerModified) -> str:
        return _("{name} gets {amount:+d} Power {until}: Power is now {power}.").format(
            name=e.name, amount=e.amount, until=_until(e.until), power=e.power)

    def _ward_granted(self, e: ev.WardGranted) -> str:
        if e.stacked:
            return _("{name} already has Ward: the new grant does nothing (TH 17.6).").format(name=e.name)
        return _("{name} gains Ward {until} (CR 10.2.2).").format(name=e.name, until=_until(e.until))

    def _first_player_token(self, e: ev.FirstPlayerTokenTaken) -> str:
        return _("{player} takes the First Player Token; turn order is unchanged (TH 17.8).").format(
            player=self.who(e.player))

    def _expired(self, e: ev.Expired) -> str:
        words = EFFECT_WORDS.get(e.what)
        effect = _(words) if words else e.what
        if e.when == "end_of_turn":
            return _("The {effect} effect on {name} expires (end of turn).").format(effect=effect, name=e.name)
        return _("The {effect} effect on {name} expires (start of turn).").format(effect=effect, name=e.name)

    def _check_started(self, e: ev.SnatchCheckStarted) -> str:
        self.resolved = 0
        n = e.attempts
        if e.cause == "incite":
            said = ngettext("Incite: {name} on {space} makes a new Snatch Check with {n} Snatch Attempt (CR 11.1.4).",
                            "Incite: {name} on {space} makes a new Snatch Check with {n} Snatch Attempts (CR 11.1.4).",
                            n)
        elif e.cause == "summon":
            said = ngettext("Snatch Check after an Effect-Based Summon: {name} on {space} makes {n} Snatch Attempt "
                            "(CR 11.1.4).",
                            "Snatch Check after an Effect-Based Summon: {name} on {space} makes {n} Snatch Attempts "
                            "(CR 11.1.4).", n)
        else:
            said = ngettext("Snatch Check: {name} on {space} makes {n} Snatch Attempt (CR 10.1).",
                            "Snatch Check: {name} on {space} makes {n} Snatch Attempts (CR 10.1).", n)
        return said.format(name=e.name, space=e.space, n=n)

    def _attempt_created(self, e: ev.AttemptCreated) -> str:
        # The Space first: the picture turns arrows to the viewer's seat, so a compass word
        # alone would contradict one seat's picture; the word is the card's, from its Owner's seat.
        # TRANSLATORS: {direction} is a compass point as cards write it (N, NE, E ...); keep the two leading spaces
        return _("  Its Sight toward {space}, {direction} from its Owner's seat, points at {name} (CR 10.1.3).").format(
            space=e.defender_space, direction=e.direction, name=e.defender_name)

    def _attempt_resolved(self, e: ev.AttemptResolved) -> str:
        self.resolved += 1
        verdict = attempt_reason(e.success, e.reason, e.attacker_power, e.defender_power,
                                 e.attacker_element, e.defender_element)
        # TRANSLATORS: {verdict} is one of the lines that say why an Attempt succeeds or fails
        return _("Attempt {number} of {of}: {attacker} (Power {attacker_power}, {attacker_element}) vs {defender} "
                 "(Power {defender_power}, {defender_element}): {verdict}").format(
            number=self.resolved, of=e.of, attacker=e.attacker_name, attacker_power=e.attacker_power,
            attacker_element=element_name(e.attacker_element), defender=e.defender_name,
            defender_power=e.defender_power, defender_element=element_name(e.defender_element), verdict=verdict)

    def _control_changed(self, e: ev.ControlChanged) -> str:
        if e.how == "direct":
            said = _("{name} on {space} now carries {player}'s Marking Token (Direct Snatch, TH 17.5).")
        else:
            said = _("{name} on {space} now carries {player}'s Marking Token (CR 10.2.7).")
        return said.format(name=e.name, space=e.space, player=self.who(e.new))

    def _check_ended(self, e: ev.SnatchCheckEnded) -> str:
        return _("Snatch Check over: {successes} Snatched.").format(successes=e.successes)

    def _sbc(self, e: ev.StateBasedAction) -> str:
        if e.action == "power_zero":
            return _("{name} on {space} has Power 0 or less and goes to its Owner's Void (BASELINE 12.1).").format(
                name=e.name, space=e.space)
        return _("{name} no longer has Ward: its Ward Token is removed (BASELINE 12.2).").format(name=e.name)

    def _turn_ended(self, e: ev.TurnEnded) -> str:
        return _("Turn {turn} ends.").format(turn=e.turn)

    def _conceded(self, e: ev.Conceded) -> str:
        return _("{player} concedes (BASELINE 7.1).").format(player=self.who(e.player))

    def _game_ended(self, e: ev.GameEnded) -> str:
        if e.tiebreak:
            said = _("Game over — {reason}. Control Score {first} {first_score}, {second} {second_score}. "
                     "{winner} wins. Tied: the First Player Token holder wins (BASELINE 7.4).")
        else:
            said = _("Game over — {reason}. Control Score {first} {first_score}, {second} {second_score}. "
                     "{winner} wins.")
        return said.format(reason=_(END_WORDS[e.reason]), first=self.who(1), first_score=e.scores[0],
                           second=self.who(2), second_score=e.scores[1], winner=self.who(e.winner))


#: An Attempt's verdict in a few words, for the order question (the log line gives the rule).
SHORT_VERDICT = {"power": N_("succeeds on Power"), "element": N_("succeeds on Element"),
                 "extra": N_("succeeds (extra condition)"), "ward": N_("fails: Ward"),
                 "prohibited": N_("fails: not together"), "protected": N_("fails: protected"),
                 "recheck": N_("fails: moved, left or same side"), "neither": N_("fails")}


def attempt_reason(success: bool, reason: str, ap: int, dp: int, ae: str, de: str) -> str:
    """Why an Attempt succeeds or fails, in words, with its rule (``ae``, ``de``: the two
    Elements as the matrix names them)."""
    ae, de = element_name(ae), element_name(de)
    if reason == "power":
        return _("succeeds — Power {attacker_power} is greater than {defender_power} (CR 10.2.3)").format(
            attacker_power=ap, defender_power=dp)
    if reason == "element":
        return _("succeeds — {attacker_element} beats {defender_element} (CR 10.2.4)").format(
            attacker_element=ae, defender_element=de)
    if reason == "ward":
        return _("fails — the defender has Ward (CR 10.2.2)")
    if reason == "prohibited":
        return _("fails — it cannot be Snatched together with another Momon (TH 17.1)")
    if reason == "protected":
        return _("fails — it cannot be Snatched by an opponent's abilities (TH 17.9)")
    if reason == "extra":
        return _("succeeds — an additional success condition holds (TH 17.1)")
    if reason == "recheck":
        return _("fails — the Momons moved, left or share a Controller now (CR 10.2.1)")
    return _("fails — {defender_element} is not beaten by {attacker_element} and Power {attacker_power} is not "
             "greater (CR 10.2.6)").format(defender_element=de, attacker_element=ae, attacker_power=ap)
