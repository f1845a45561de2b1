"""Learn to play: guided games on the lit board, a course of lessons each, played one step at a time.

A course (``script``) is data: a folder of TOML files, the deal and then one
lesson a file, each lesson a list of steps (what it says and lights, and the
one press it waits for). The guide (``guide``) plays the course's game as its
kind of game really plays (the same flow, lights and screen), with the
lesson card (``card``, ``pictures``) over the screen; the hidden side is the
script's, but for the turns the learner plays on the handheld (``seat``).
Where the learner left each course is kept in the data folder (``progress``).
"""

from console.lessons.guide import Guide
from console.lessons.progress import Progress
from console.lessons.script import Course, ScriptError, shipped_courses

__all__ = ["Course", "Guide", "Progress", "ScriptError", "shipped_courses"]
