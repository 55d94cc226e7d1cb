"""The online table's routes, one router per concern: pages, the game catalogue, tables, live play."""
