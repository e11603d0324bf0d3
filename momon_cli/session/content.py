"""What a session hands a front end: the replies to a line, and the content a command shows,
as plain typed data (no terminal calls) that each front end renders its own way."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import CardDef, ElementMatrix, Kind


# -- what a command shows ---------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """A paragraph of text, in the language of the seat that asked; ``style`` a hint of how
    it stands out ("bold", "dim"), which a front end may ignore."""

    text: str
    style: str = ""


@dataclass(frozen=True)
class Help:
    """``help`` at a prompt of ``kind``: the commands, a session's own (``extra``), what it accepts."""

    kind: Kind
    extra: str = ""


@dataclass(frozen=True)
class CardShown:
    """A card in full (``card NAME``): its text, as any seat may read it."""

    card: CardDef


@dataclass(frozen=True)
class MomonShown:
    """The Momon on ``space``, as the asking seat sees it."""

    space: str


@dataclass(frozen=True)
class RulesShown:
    """A passage of the rules document (Markdown)."""

    markdown: str


@dataclass(frozen=True)
class ElementsShown:
    """The Element chart of this game's matrix: which Element Beats which."""

    matrix: ElementMatrix


@dataclass(frozen=True)
class QueueShown:
    """The Trigger Queue as the asking seat sees it."""


@dataclass(frozen=True)
class PreviewShown:
    """What Summoning ``card`` (a Hand key) to ``space`` would do, played out on a copy."""

    card: str
    space: str


@dataclass(frozen=True)
class BoardShown:
    """The Arena in words, from ``seat``'s side, for ``player`` (plain mode's ``board``)."""

    seat: int
    player: int


@dataclass(frozen=True)
class HandShown:
    """``player``'s Hand, shown only to a seat that may see it (the session decides)."""

    player: int


@dataclass(frozen=True)
class LineShown:
    """One row (``line`` a digit) or column (a letter) of the Arena in words, from ``seat``'s
    side, for ``player`` (``row N``, ``column X``)."""

    seat: int
    player: int
    line: str


@dataclass(frozen=True)
class MomonsShown:
    """The Momons ``controller`` controls, read from ``seat``'s side, for ``player`` (``mine``, ``theirs``)."""

    seat: int
    player: int
    controller: int


Content = Line | Help | CardShown | MomonShown | RulesShown | ElementsShown | QueueShown | PreviewShown | BoardShown \
    | HandShown | LineShown | MomonsShown


# -- the replies to a line --------------------------------------------------------------------
@dataclass(frozen=True)
class Accepted:
    """The line answered the decision; the answer is on record."""

    number: int


@dataclass(frozen=True)
class Refused:
    """The line did not answer, and this is why (nothing changed); ``command``: a command's
    own refusal (a script goes on past it), not an answer's."""

    message: str
    command: bool = False


@dataclass(frozen=True)
class Shown:
    """A command's output. ``latest``: when it does not fit, its end matters most (``log``)."""

    content: tuple[Content, ...]
    latest: bool = False


@dataclass(frozen=True)
class Said:
    """One line for the message line (a command changed how the game is drawn, or a concession was declined)."""

    message: str


@dataclass(frozen=True)
class Undone:
    """Answers were taken back: the decision is asked again."""

    message: str


@dataclass(frozen=True)
class Confirm:
    """The command needs a yes first (``concede``): ask ``question`` once, as the prompt
    (shown beside it too, it was asked twice), then send the reply to :meth:`Session.confirm`."""

    player: int
    question: str


@dataclass(frozen=True)
class Viewed:
    """``view``: the Arena is drawn from the deciding seat's side (None) or always from one."""

    fixed: int | None


@dataclass(frozen=True)
class Left:
    """``quit``: the seat leaves; the game is saved and resumes."""


Reply = Accepted | Refused | Shown | Said | Undone | Confirm | Viewed | Left
