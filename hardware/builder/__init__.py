"""The builder's checks on the real board: ``selftest`` (``scotland-yard hw-test``) and ``calibrate``.

They speak to the board through the seams' interfaces alone (``hardware.interfaces``, ``hardware.station_map``), so the
console runs them on whatever the factory built; they import no driver.
"""
