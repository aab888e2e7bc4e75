"""Military actions and war (rule book 12 to 16; seed sections 10 to 16): moves, the land war, field battles, sieges
and assaults, the naval war, the combat-card windows and moving on after a siege.
"""
