"""Play across machines (no pygame here): the protocol, the host, the client and a bot.

- ``protocol``: versioned JSON messages (``docs/protocol.md``), read only through
  ``cacao_game.typed_json``.
- ``views``: what one seat may see, both ways (host: state and redacted events for a
  recipient; client: the engine view rebuilt from them).
- ``tables``: a table's session, seats and tokens; ``host``: the WebSocket server.
- ``client``: ``Link`` (asyncio, reconnecting) and ``NetClient`` (a background thread
  with queues for the UI); ``bot``: a client that plays legal moves.
"""
