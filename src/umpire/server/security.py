"""Secrets: seat, GM and account tokens (random, stored only as hashes) and account passwords.

A token is 32 random bytes in URL-safe base64; the database keeps its SHA-256, so a copy of the database does not
give anyone a seat. Tokens travel in the ``Authorization: Bearer`` header, never in a URL path or query (an
invite link carries its token after ``#``, which browsers do not send), so no access log ever holds one.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import threading


def new_token() -> str:
    """A fresh secret token."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_game_id() -> str:
    """A short public identifier for a game (not a secret)."""
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


#: At most two password hashes at once (each scrypt takes 16 MiB and tens of milliseconds of a core): a burst of
#: logins queues here, on the thread pool, instead of taking every core and all that memory at once.
_HASHING = threading.BoundedSemaphore(2)


def _scrypt(password: str, salt: bytes) -> bytes:
    with _HASHING:
        return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=2**14, r=8, p=1)


def hash_password(password: str) -> str:
    """scrypt with a random salt, as ``scrypt$salt$hash`` in hex."""
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt)
    return f"scrypt${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches a :func:`hash_password` value."""
    try:
        kind, salt, digest = stored.split("$")
    except ValueError:
        return False
    if kind != "scrypt":
        return False
    trial = _scrypt(password, bytes.fromhex(salt))
    return hmac.compare_digest(trial.hex(), digest)


@functools.cache
def dummy_password_hash() -> str:
    """A hash no password matches, checked when a login names no account, so that it costs what a wrong
    password costs (the answer's timing does not tell which names exist)."""
    return hash_password(secrets.token_urlsafe(32))
