"""Here I Stand, two-player variant (ruleset ``his2p``)."""
