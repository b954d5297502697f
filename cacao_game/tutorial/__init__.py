"""The guided first game: a fixed deal played against Coco, taught step by step.

``script`` holds the deal, every decision and the lessons as data; ``coach`` follows a game
through the lessons and judges the player's tries; ``session`` is the play session that
asks the coach before it applies the player's decisions and plays Coco's; ``progress``
keeps the game and the lesson reached in a file of its own (never the autosave). No pygame.
"""
