"""The board's devices behind the seams' interfaces, each with its fake: lights, buttons, keys, screen, sound, links.

- ``leds`` (and its Pi backends, ``led_backends``): a frame of station colours to the strip's bytes;
- ``station_buttons``: the 74HC165 chain, read and debounced; ``mock_chain``: the chips on gpiozero's mock pins;
- ``controls`` and ``power_button``: the keys beside the board and the power button, on GPIO;
- ``screen``: the console's pygame surface;
- ``serial_link``: the handheld over USB serial; ``handheld``: a link in memory, for tests and the simulator;
- ``audio``, ``sound_bank`` and ``speech``: the speaker, its sounds and spoken words;
- ``sticks``: USB sticks, found and mounted; ``lgpio_folder``: a folder lgpio can write.

They import only the seams at ``hardware``'s top and ``language`` (``tests/console/test_house.py`` keeps it so).
"""
