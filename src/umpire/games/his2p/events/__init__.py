"""Card events (rule book 6.1 and each card's text; the seed's Modified Cards): the registry and its modules by kind of
card, and the response cards' windows.
"""
