"""The measuring tools: benchmarks and tournaments, run from a checkout, not part of the console.

Each module is a command, ``python -m benchmarks.NAME``, that times its layer or
plays computer players against each other and prints what it measured (the
console, the engine and the hardware layer never import these):

- ``engine``: the rules' speed (random games, Mister X's move lists, belief updates);
- ``ai``: the computer players' time per move, by level;
- ``tournament``: the strength of the classic computer players;
- ``junior_tournament``: the balance of a Junior district between computer players;
- ``hardware``: the hardware layer's Python work (LED frames, button scans);
- ``link``: the handheld link (round trip, frame decoding);
- ``writes``: the bytes written per game (journal, record, preferences, logs), for SD-card wear;
- ``update``: a real update of the console into a temporary install tree, step by step, and a rollback.

The shared pieces: ``figures`` (timing loops, the benches' command line and
their ``name: value`` lines) and ``matches`` (the tournaments' match-ups, worker
processes, win rates and tables).
"""
