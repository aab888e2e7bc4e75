"""Europe 1615 (seed 003): the map data (``data/map.json``), its helpers (``mapdata``) and the rules."""
