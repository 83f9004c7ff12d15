"""A person at the terminal table, scripted: queued answers, then random legal numbers; everything shown kept."""
import re

import numpy as np

CHOICES = re.compile(r"Your choice \(1-(\d+)")


class Script:
    """Answers prompts: the queued answers first, then a random legal number; records all output."""

    def __init__(self, answers=(), seed=0):
        self.answers, self.rng, self.output = list(answers), np.random.default_rng(seed), []

    def read(self, prompt: str) -> str:
        self.output.append(prompt)
        if "Press Enter to roll" in prompt:
            return ""
        if self.answers:
            return self.answers.pop(0)
        found = CHOICES.match(prompt)
        return str(int(self.rng.integers(1, int(found.group(1)) + 1))) if found else ""

    def write(self, text: str) -> None:
        self.output.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.output)
