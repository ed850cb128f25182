"""The card table's parts that the table and the replay both use (neither is a screen):
where everything sits (:mod:`.layout`), how cards fly (:mod:`.anim`), how a hand is
arranged (:mod:`.hand`) and how a card or a banner is drawn (:mod:`.cards`)."""
