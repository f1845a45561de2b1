#!/usr/bin/env bash
# Install the Scotland Yard console on a Raspberry Pi running Raspberry Pi OS (Bookworm).
#
#   sudo hardware/install/install.sh             install (run it again any time: it is idempotent)
#   hardware/install/install.sh --dry-run        print every command and file, change nothing
#
# It installs the console from this checkout as the first release of the install tree
# (/usr/local/lib/scotland-yard: see console/appliance/releases.py); later versions come with
# `scotland-yard update`. See hardware/INSTALL.md for the steps it takes.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: install.sh [--dry-run] [--force] [--not-a-pi] [--user NAME] [--config FILE] [--boot-config FILE] [--root DIR]

  --dry-run           print every command it would run ("would run: ...") and every file it
                      would write ("would write: ..."), and change nothing
  --force             install even though this does not look like a Raspberry Pi
  --not-a-pi          install on a machine that is no Raspberry Pi (a test machine, a container):
                      no board model check, no python3-lgpio, no config.txt edits, and a
                      starter config on the stand-in board (profile fake: no GPIO, no display)
  --user NAME         run the console service as NAME (default: root; the PWM LED driver of
                      a Pi 3/4/Zero 2 W needs root, see hardware/INSTALL.md)
  --config FILE       the console's config file (default: /etc/scotland-yard/config.toml);
                      its pins decide the SPI overlay; a starter file is written if missing
  --boot-config FILE  the firmware's config.txt (default: /boot/firmware/config.txt, or
                      /boot/config.txt on older systems)
  --root DIR          the install tree: its releases, current and previous, and the wheels
                      (default: /usr/local/lib/scotland-yard)
  -h, --help          this help
EOF
}

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CHECKOUT=$(cd "$SCRIPT_DIR/../.." && pwd)
INSTALL_ROOT=/usr/local/lib/scotland-yard
CONFIG_FILE=/etc/scotland-yard/config.toml
STATE_DIR=/var/lib/scotland-yard
UNIT_SOURCE="$SCRIPT_DIR/scotland-yard.service"
UNIT_PATH=/etc/systemd/system/scotland-yard.service
FALLBACK_SOURCE="$SCRIPT_DIR/scotland-yard-fallback.service"
FALLBACK_PATH=/etc/systemd/system/scotland-yard-fallback.service
JOURNALD_SOURCE="$SCRIPT_DIR/journald-scotland-yard.conf"
JOURNALD_PATH=/etc/systemd/journald.conf.d/scotland-yard.conf
WATCHDOG_PATH=/etc/systemd/system.conf.d/scotland-yard-watchdog.conf
# The SoC's watchdog (bcm2835-wdt) counts at most 15 s: systemd must feed it within that, or the board resets.
RUNTIME_WATCHDOG=15s
UDEV_SOURCE="$SCRIPT_DIR/99-scotland-yard-handheld.rules"
UDEV_PATH=/etc/udev/rules.d/99-scotland-yard-handheld.rules
AUDIO_BLACKLIST_PATH=/etc/modprobe.d/scotland-yard-no-onboard-audio.conf
COMMAND_LINK=/usr/local/bin/scotland-yard
MODEL_FILE=${SCOTLAND_YARD_MODEL_FILE:-/proc/device-tree/model}
TEMPLATE_CHECKOUT=/opt/scotland-yard
TEMPLATE_ROOT=/usr/local/lib/scotland-yard
TEMPLATE_CONFIG=/etc/scotland-yard/config.toml
TEMPLATE_CONFIG_DIR=/etc/scotland-yard
SERVICE_GROUPS=(gpio spi i2c video render input dialout audio)
APT_PACKAGES=(
    git gcc python3-venv python3-dev python3-pip python3-lgpio
    libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0
    libdrm2 libgbm1 libegl1 libgles2 espeak-ng
)
BOOT_MARK="# Scotland Yard console (added by hardware/install/install.sh)"

DRY_RUN=0
FORCE=0
NOT_A_PI=0
SERVICE_USER=root
BOOT_CONFIG=

say() { printf '%s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 2; }

# One shell word for display: plain when safe, single-quoted otherwise.
quote() {
    if [[ $1 =~ ^[A-Za-z0-9_./:=,+@%-]+$ ]]; then
        printf '%s' "$1"
    else
        printf "'%s'" "${1//\'/\'\\\'\'}"
    fi
}

# Run a command, or in a dry run print it as one "would run:" line.
run() {
    local words=() word
    for word in "$@"; do words+=("$(quote "$word")"); done
    if ((DRY_RUN)); then
        say "would run: ${words[*]}"
    else
        say "+ ${words[*]}"
        "$@"
    fi
}

# write_file PATH MODE CONTENT: write PATH when its content differs (or print it in a dry run).
write_file() {
    local path=$1 mode=$2 content=$3
    if [[ -f $path ]] && [[ "$(cat "$path")" == "$content" ]]; then
        say "unchanged: $path"
        return
    fi
    if ((DRY_RUN)); then
        say "would write: $path"
        printf '%s\n' "$content" | sed 's/^/    | /'
        return
    fi
    say "writing: $path"
    install -d -m 0755 "$(dirname "$path")"
    printf '%s\n' "$content" >"$path.tmp"
    chmod "$mode" "$path.tmp"
    mv "$path.tmp" "$path"
}

# ---------------------------------------------------------------- config.txt

# has_active_line FILE LINE: whether FILE has LINE, not commented out (spaces ignored).
has_active_line() {
    [[ -f $1 ]] && awk -v want="$2" '{ sub(/^[ \t]+/, ""); sub(/[ \t\r]+$/, "") } $0 == want { found = 1 } END { exit !found }' "$1"
}

# boot_config_changes FILE AUDIO_OFF LINE...: the edits FILE needs, one a line:
# "+ LINE" (appended) or "~ dtparam=audio=on -> dtparam=audio=off" (changed in place).
# Prints nothing when FILE already has everything: that is what makes the edit idempotent.
boot_config_changes() {
    local file=$1 audio_off=$2 line
    shift 2
    if [[ $audio_off == yes ]] && ! has_active_line "$file" "dtparam=audio=off"; then
        if has_active_line "$file" "dtparam=audio=on"; then
            say "~ dtparam=audio=on -> dtparam=audio=off"
        else
            say "+ dtparam=audio=off"
        fi
    fi
    for line in "$@"; do
        has_active_line "$file" "$line" || say "+ $line"
    done
}

# boot_config_text FILE AUDIO_OFF LINE...: FILE's text with the changes above made.
# Missing lines go at the end under [all], so no model filter ([pi4], [cm5], ...) hides them.
boot_config_text() {
    local file=$1 audio_off=$2 changes added=()
    shift 2
    changes=$(boot_config_changes "$file" "$audio_off" "$@")
    local change
    while IFS= read -r change; do
        [[ $change == "+ "* ]] && added+=("${change#+ }")
    done <<<"$changes"
    {
        if [[ -f $file ]]; then
            if [[ $changes == *"~ dtparam=audio=on"* ]]; then
                sed -E 's/^([ \t]*)dtparam=audio=on([ \t\r]*)$/\1dtparam=audio=off\2/' "$file"
            else
                cat "$file"
            fi
        fi
        if ((${#added[@]})); then
            printf '\n%s\n[all]\n' "$BOOT_MARK"
            printf '%s\n' "${added[@]}"
        fi
    }
}

# edit_boot_config FILE AUDIO_OFF LINE...: make the changes (or print them in a dry run).
edit_boot_config() {
    local file=$1 audio_off=$2 changes
    shift 2
    changes=$(boot_config_changes "$file" "$audio_off" "$@")
    if [[ -z $changes ]]; then
        say "unchanged: $file"
        return
    fi
    if ((DRY_RUN)); then
        [[ -f $file && ! -e $file.scotland-yard.bak ]] && say "would write: $file.scotland-yard.bak (a copy of the original)"
        say "would write: $file"
        printf '%s\n' "$changes" | sed 's/^/    /'
        return
    fi
    say "writing: $file"
    printf '%s\n' "$changes" | sed 's/^/    /'
    [[ -f $file && ! -e $file.scotland-yard.bak ]] && cp -p "$file" "$file.scotland-yard.bak"
    boot_config_text "$file" "$audio_off" "$@" >"$file.tmp"
    mv "$file.tmp" "$file"
}

# ---------------------------------------------------------------- the pieces

# The model string of this board ("" when there is none, as on a PC).
board_model() {
    if [[ -r $MODEL_FILE ]]; then tr -d '\0' <"$MODEL_FILE"; fi
}

# A starter config: the reference build's defaults, plus the Pi 5's LED backend on a Pi 5
# (and the stand-in board off a Pi: --not-a-pi).
starter_config() {
    local pi5=$1 profile=pi
    ((NOT_A_PI)) && profile=fake
    cat <<EOF
# The Scotland Yard console's configuration. Every setting left out has the
# reference build's default: see hardware/WIRING.md and hardware/config.py.
profile = "$profile"
map_file = "$STATE_DIR/station-map.json"
EOF
    if ((NOT_A_PI)); then
        cat <<'EOF'
# Not a Raspberry Pi (install.sh --not-a-pi): the console runs on the stand-in board,
# with no GPIO and no display; set profile = "pi" on a board.
EOF
        return
    fi
    if [[ $pi5 == yes ]]; then
        cat <<'EOF'

# A Raspberry Pi 5 drives the strip over SPI (hardware/WIRING.md).
[leds]
backend = "spi"
EOF
    else
        cat <<'EOF'

# A Raspberry Pi 5 drives the strip over SPI instead (hardware/WIRING.md):
# [leds]
# backend = "spi"
EOF
    fi
}

# The settings the install depends on, read with the project's own config checker:
# "BUTTON_BUS SELECT_PIN LED_BACKEND LED_PIN LED_BUS". Reads only; fails with the checker's message.
config_settings() {
    local text=$1
    PYTHONPATH="$CHECKOUT" python3 -c '
import sys
from hardware.config import ConfigError, parse_config
try:
    config = parse_config(sys.stdin.read())
except ConfigError as error:
    sys.exit(f"{sys.argv[1]}: {error}")
buttons, leds = config.buttons, config.leds
print(buttons.spi_bus, buttons.select_pin, leds.backend, leds.pin, leds.spi_bus)
' "$CONFIG_FILE" <<<"$text"
}

# A unit file (default: the console's service) for this install root, checkout, user and config file.
unit_text() {
    local text
    text=$(cat "${1:-$UNIT_SOURCE}")
    text=${text//"$TEMPLATE_ROOT"/"$INSTALL_ROOT"}
    text=${text//"$TEMPLATE_CHECKOUT/"/"$CHECKOUT/"}
    text=${text//"$TEMPLATE_CONFIG"/"$CONFIG_FILE"}
    text=${text//"-$TEMPLATE_CONFIG_DIR"/"-$(dirname "$CONFIG_FILE")"}
    local line out=()
    while IFS= read -r line; do
        [[ $line == User=* ]] && line="User=$SERVICE_USER"
        out+=("$line")
    done <<<"$text"
    printf '%s\n' "${out[@]}"
}

# The hardware watchdog's settings for systemd (the SoC's watchdog, fed by systemd itself).
watchdog_text() {
    cat <<EOF
# The board resets if systemd itself stops answering (added by hardware/install/install.sh).
[Manager]
RuntimeWatchdogSec=$RUNTIME_WATCHDOG
RebootWatchdogSec=2min
EOF
}

main() {
    while (($#)); do
        case $1 in
            --dry-run) DRY_RUN=1 ;;
            --force) FORCE=1 ;;
            --not-a-pi) NOT_A_PI=1 ;;
            --user) SERVICE_USER=${2:?--user needs a name}; shift ;;
            --user=*) SERVICE_USER=${1#*=} ;;
            --config) CONFIG_FILE=${2:?--config needs a file}; shift ;;
            --config=*) CONFIG_FILE=${1#*=} ;;
            --boot-config) BOOT_CONFIG=${2:?--boot-config needs a file}; shift ;;
            --boot-config=*) BOOT_CONFIG=${1#*=} ;;
            --root) INSTALL_ROOT=${2:?--root needs a folder}; shift ;;
            --root=*) INSTALL_ROOT=${1#*=} ;;
            -h | --help) usage; exit 0 ;;
            *) usage >&2; fail "unknown option: $1" ;;
        esac
        shift
    done
    [[ $CHECKOUT =~ [[:space:]] ]] && fail "the checkout's path has a space ($CHECKOUT); systemd cannot run it: move it"
    [[ $CONFIG_FILE == /* ]] || fail "--config must be an absolute path, not $CONFIG_FILE"
    [[ $INSTALL_ROOT == /* && ! $INSTALL_ROOT =~ [[:space:]] ]] || fail "--root must be an absolute path without spaces, not $INSTALL_ROOT"
    INSTALL_ROOT=${INSTALL_ROOT%/}

    local model pi5=no
    model=$(board_model)
    if [[ $model != "Raspberry Pi"* ]]; then
        if ((!FORCE && !DRY_RUN && !NOT_A_PI)); then
            fail "this is not a Raspberry Pi (${MODEL_FILE}: ${model:-missing}); use --force to install anyway"
        fi
        ((NOT_A_PI)) || say "note: not a Raspberry Pi (${model:-no board model}); going on as for a Pi 3/4"
    fi
    if ((NOT_A_PI)); then
        say "note: --not-a-pi: no python3-lgpio, no config.txt edits; a new config plays on the stand-in board"
    fi
    [[ $model == *"Raspberry Pi 5"* || $model == *"Compute Module 5"* ]] && pi5=yes
    if ((!DRY_RUN)) && [[ $(id -u) != 0 ]]; then
        fail "run it as root (sudo $0 $*), or try --dry-run first"
    fi
    if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
        ((DRY_RUN)) || fail "there is no user $SERVICE_USER (--user)"
        say "note: there is no user $SERVICE_USER here"
    fi
    if [[ -z $BOOT_CONFIG ]]; then
        BOOT_CONFIG=/boot/firmware/config.txt
        [[ -e $BOOT_CONFIG || ! -e /boot/config.txt ]] || BOOT_CONFIG=/boot/config.txt
    fi

    local config_text
    if [[ -f $CONFIG_FILE ]]; then config_text=$(cat "$CONFIG_FILE"); else config_text=$(starter_config "$pi5"); fi
    local settings button_bus select_pin led_backend led_pin led_bus
    settings=$(config_settings "$config_text")
    read -r button_bus select_pin led_backend led_pin led_bus <<<"$settings"
    say "Installing the Scotland Yard console from $CHECKOUT"
    say "board: ${model:-unknown}; service user: $SERVICE_USER; config: $CONFIG_FILE; boot config: $BOOT_CONFIG; install root: $INSTALL_ROOT"
    if [[ $led_backend == spi ]]; then
        say "from the config: buttons on SPI$button_bus (select GPIO$select_pin, unconnected); LED strip on SPI$led_bus"
    else
        say "from the config: buttons on SPI$button_bus (select GPIO$select_pin, unconnected); LED strip on GPIO$led_pin (rpi-ws281x)"
    fi
    if [[ $pi5 == yes && $led_backend == ws281x ]]; then
        say "warning: a Raspberry Pi 5 cannot drive the strip with rpi-ws281x: set [leds] backend = \"spi\" in $CONFIG_FILE"
    fi

    say ""
    say "== 1. System packages"
    local package packages=()
    for package in "${APT_PACKAGES[@]}"; do  # python3-lgpio is Raspberry Pi OS's: gpiozero's pin driver on a board
        [[ $package == python3-lgpio ]] && ((NOT_A_PI)) && continue
        packages+=("$package")
    done
    run apt-get update
    run apt-get install -y --no-install-recommends "${packages[@]}"

    say ""
    say "== 2. SPI (and the PWM's onboard audio) in $BOOT_CONFIG"
    local boot_lines=() audio_off=no
    if ((NOT_A_PI)); then
        say "not a Raspberry Pi (--not-a-pi): no config.txt to edit"
    else
    # SPI0 (dtparam=spi=on) for whatever is on bus 0; SPI1 by the spi1-1cs overlay. On SPI1 the
    # buttons' unconnected select pin is the overlay's cs0_pin; the strip keeps the default (GPIO18).
    if [[ $button_bus == 0 || ($led_backend == spi && $led_bus == 0) ]]; then
        boot_lines+=("dtparam=spi=on")
        if [[ $button_bus == 0 && $select_pin != 8 && $select_pin != 7 ]]; then
            say "note: buttons.select_pin = $select_pin is not SPI0's CE0 (8) or CE1 (7): gpiozero will bit-bang the chain"
        fi
    fi
    if [[ $button_bus == 1 ]]; then
        boot_lines+=("dtoverlay=spi1-1cs,cs0_pin=$select_pin")
    elif [[ $led_backend == spi && $led_bus == 1 ]]; then
        boot_lines+=("dtoverlay=spi1-1cs")
    fi
    # rpi-ws281x's PWM (GPIO 12, 13, 18, 19) is the onboard audio's: turn the audio off.
    if [[ $led_backend == ws281x && $pi5 == no && " 12 13 18 19 " == *" $led_pin "* ]]; then
        audio_off=yes
        write_file "$AUDIO_BLACKLIST_PATH" 0644 "# The LED strip uses the PWM that onboard audio would use (hardware/INSTALL.md).
blacklist snd_bcm2835"
    fi
    edit_boot_config "$BOOT_CONFIG" "$audio_off" "${boot_lines[@]}"
    fi

    say ""
    say "== 3. Config file and state folder"
    if [[ -f $CONFIG_FILE ]]; then
        say "unchanged: $CONFIG_FILE (exists; never overwritten)"
    else
        write_file "$CONFIG_FILE" 0644 "$config_text"
    fi
    run install -d -m 0700 -o "$SERVICE_USER" "$STATE_DIR"
    if [[ $SERVICE_USER != root ]]; then
        local group groups=()
        for group in "${SERVICE_GROUPS[@]}"; do
            if ((DRY_RUN)) || getent group "$group" >/dev/null; then groups+=("$group"); fi
        done
        local joined
        joined=$(IFS=,; printf '%s' "${groups[*]}")
        run usermod -a -G "$joined" "$SERVICE_USER"
    fi

    say ""
    say "== 4. The console's first release ($INSTALL_ROOT)"
    # Made from this checkout by the system's python3, its dependencies fetched into the install
    # tree's wheelhouse (so later updates from a USB stick install offline), checked, then made
    # current. The system's packages stay visible to it (python3-lgpio for gpiozero).
    if [[ -f $INSTALL_ROOT/current/release.json ]]; then
        say "unchanged: $INSTALL_ROOT/current (a release is installed; to install this checkout: sudo scotland-yard update $CHECKOUT)"
    else
        run env PYTHONPATH="$CHECKOUT" python3 -m console.appliance.releases update "$CHECKOUT" --root "$INSTALL_ROOT" --online \
            --extras pi --system-site-packages --config "$CONFIG_FILE"
    fi
    run ln -sfn "$INSTALL_ROOT/current/bin/scotland-yard" "$COMMAND_LINK"

    say ""
    say "== 5. The handheld's device name (udev)"
    write_file "$UDEV_PATH" 0644 "$(cat "$UDEV_SOURCE")"
    if ((DRY_RUN)) || command -v udevadm >/dev/null; then
        run udevadm control --reload-rules
        run udevadm trigger --subsystem-match=tty --action=add
    else
        say "note: no udevadm here (a container?): the rule applies where udev runs"
    fi

    say ""
    say "== 6. The service, its fallback to the previous release, the journal's limits and the hardware watchdog"
    write_file "$UNIT_PATH" 0644 "$(unit_text)"
    write_file "$FALLBACK_PATH" 0644 "$(unit_text "$FALLBACK_SOURCE")"
    write_file "$JOURNALD_PATH" 0644 "$(cat "$JOURNALD_SOURCE")"
    # systemd feeds the SoC's watchdog: if the whole system hangs (not only the console), the board resets.
    write_file "$WATCHDOG_PATH" 0644 "$(watchdog_text)"
    run systemctl daemon-reexec
    run systemctl restart systemd-journald.service
    run systemctl enable scotland-yard.service

    say ""
    if ((DRY_RUN)); then
        say "Dry run: nothing was changed."
    else
        say "Done. Reboot now (sudo reboot) so the SPI and audio settings take effect."
    fi
    say "Then the console starts on its screen: a new board asks to be calibrated there, with its own keys."
    say "Or from a terminal: sudo systemctl stop scotland-yard; sudo scotland-yard hw-test --config $CONFIG_FILE"
    say "      sudo scotland-yard calibrate --config $CONFIG_FILE; sudo systemctl start scotland-yard"
    say "Logs: journalctl -u scotland-yard -f"
    local root_option=""
    [[ $INSTALL_ROOT == "$TEMPLATE_ROOT" ]] || root_option=" --root $INSTALL_ROOT"
    say "Updates: sudo scotland-yard update FILE$root_option (a .whl or .tar.gz; or --online); back: sudo scotland-yard rollback$root_option"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
