"""The table's presentation: the lights, the screen's scenes and toolkit, the sounds, the menus' model, Mister X's phone."""
