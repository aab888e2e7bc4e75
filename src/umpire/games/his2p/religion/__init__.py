"""The religious struggle (rule book 18; seed sections 18 and 21.3): reformation and counter-reformation attempts, the
religious CP actions, theological debates, the debaters' bonuses and excommunication.
"""
