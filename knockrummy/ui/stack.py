"""The scene stack: what the window shows, bottom first.

The stack draws from the topmost opaque scene up, so a modal (the pause menu, a
confirmation) is drawn over the scene below it. It knows scenes only by the shape
:class:`Layer` describes (every :class:`~knockrummy.ui.scene.Scene` has it), so the
window, which holds the stack, never imports the scenes.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Layer(Protocol):
    """What the window and its stack ask of a scene."""

    @property
    def opaque(self) -> bool:
        """Whether scenes below are hidden (False for modals)."""
        ...

    @property
    def name(self) -> str:
        """A short name for tests and the autoplay driver."""
        ...

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def busy(self) -> bool:
        """Whether the scene needs frames now."""
        ...

    def enter(self) -> None:
        """The scene became the top of the stack."""

    def leave(self) -> None:
        """The scene was removed from the stack."""

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """Areas this scene's tooltips must not cover."""
        ...

    def forget_pointer(self) -> None:
        """Forget the hover, press and tooltip (another screen covered this one)."""


class SceneStack:
    """Push, pop and replace scenes."""

    def __init__(self) -> None:
        self.scenes: list[Layer] = []

    @property
    def top(self) -> Layer | None:
        """The active scene."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Layer) -> None:
        """Put ``scene`` on top."""
        if self.scenes:
            self.scenes[-1].forget_pointer()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Layer | None:
        """Remove the top scene."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].forget_pointer()
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Layer) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def reset(self, scene: Layer) -> None:
        """Clear the stack and start again from ``scene``."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def visible(self) -> list[Layer]:
        """Scenes to draw, bottom first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
