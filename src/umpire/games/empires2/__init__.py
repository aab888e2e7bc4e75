"""Empires for Two on an Empires of the Middle Ages engine (ruleset ``empires2``)."""
