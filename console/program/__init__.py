"""The program and its activities: the loop, the stack of activities and each of them, the terminal game, the config file."""
