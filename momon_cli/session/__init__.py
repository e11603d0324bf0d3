"""The game session as a model: one game, its record, its seats and everything a seat may
ask, under every front end (the full screen, plain lines, puzzles, the SSH seat, tests)."""

from .content import (
                      Accepted,
                      BoardShown,
                      CardShown,
                      Confirm,
                      Content,
                      ElementsShown,
                      HandShown,
                      Help,
                      Left,
                      Line,
                      LineShown,
                      MomonShown,
                      MomonsShown,
                      PreviewShown,
                      QueueShown,
                      Refused,
                      Reply,
                      RulesShown,
                      Said,
                      Shown,
                      Undone,
                      Viewed,
)
from .driver import Front, Outcome, play
from .session import Pending, Session, Update

__all__ = ["Accepted", "BoardShown", "CardShown", "Confirm", "Content", "ElementsShown", "Front", "HandShown", "Help",
           "Left", "Line", "LineShown", "MomonShown", "MomonsShown",
           "Outcome", "Pending", "PreviewShown", "QueueShown", "Refused",
           "Reply", "RulesShown", "Said", "Session", "Shown", "Undone", "Update", "Viewed", "play"]
