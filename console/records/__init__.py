"""What the console keeps: the journal of the game in play, the data folder, the history, game texts, the preferences."""
