"""Empires for Two (seed 002): an Empires of the Middle Ages engine with Independent and Allied Empires."""
