"""The screens other than the table: title, new game, showdown, scores, rules, settings."""
