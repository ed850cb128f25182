"""Controller and session: owns the match, applies actions, queues steps for the UI.

Nothing here imports pygame. The window keeps one
:class:`~knockrummy.app.session.MatchSession` (controller, autosave, save id, hand
orders, coach marks); the UI reads the :class:`~knockrummy.app.controller.Controller`'s
views and steps, and sends it actions; the controller never draws.
"""
