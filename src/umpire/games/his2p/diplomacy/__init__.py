"""The Diplomacy Phase (seed section 9): ending wars and peace, the Diplomatic cards and their events, the invasions
and the minor powers.
"""
