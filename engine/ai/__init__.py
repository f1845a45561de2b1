"""Computer players. Detectives are given the public view only; Mister X his own view.

- ``players``: the API the console calls (``LEVELS``, ``choose_mister_x_move``,
  ``choose_detective_moves``) and each level's budget;
- ``beginner``: the level that plays as people learning the game do;
- ``mister_x``, ``detectives``: each side's scoring and planning;
- ``search``, ``playout``: the detectives' determinized playouts;
- ``model``, ``distance``: the searches' own tables (distances, room); every move
  they consider comes from the engine's generation (``engine.movegen``);
- ``baselines``: the greedy yardsticks and the scripted novices.

The players' strength and speed are measured outside the engine, from the command
line: ``python -m benchmarks.tournament`` and ``python -m benchmarks.ai``.
"""
