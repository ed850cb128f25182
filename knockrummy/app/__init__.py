"""Controller and session: owns the match, applies actions, queues steps for the UI.

Nothing here imports pygame. The UI reads :class:`~knockrummy.app.controller.Controller`
views and steps, and sends it actions; the controller never draws.
"""
