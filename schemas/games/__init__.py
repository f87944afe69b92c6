"""The shape of each game's states, moves, deal set-up and options, as the engine reads them.

These schemas describe; the engine judges. They document the request bodies in the spec (one
shape per game, and per player count where a field's range depends on it); the service itself
reads requests through the plain envelopes of schemas.requests and lets the engine point at
what is wrong.
"""
