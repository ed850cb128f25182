"""The table screen: layout, the player's hand, animation of engine steps, drawing, input."""
