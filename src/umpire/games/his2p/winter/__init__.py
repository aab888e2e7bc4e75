"""The Winter Phase (rule book 19; seed section 19): the winter return and its owners' choices, the groups and the
ports.
"""
