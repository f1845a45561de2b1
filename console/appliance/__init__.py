"""The console as an appliance on the Pi: releases, updates, backups and exports, the watchdog, logs, the handheld's flashing."""
