"""The handheld's MicroPython program, importable on the PC (the host shares its wire and link modules)."""
