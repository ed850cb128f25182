"""Words made from the engine's codes, in the player's language: card names, the
refusal reasons, the rules text, the events and the score lines. The engine carries
codes and values and no words in any language; this floor turns them into sentences
through :mod:`knockrummy.i18n`."""
