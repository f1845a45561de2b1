"""Computer players. Detectives are given the public view only; Mister X his own view."""
