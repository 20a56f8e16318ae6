#!/bin/sh
# Installs the door controller on a Raspberry Pi: a release build of pn532ctl (Swift standard
# library linked in), its manual pages and bash, zsh and fish completions, the systemd units
# (the door, and the hook runner under its own account), the default configurations, a token
# key, the reader's device (/etc/pn532ctl/device, and the door unit's DeviceAllow= drop-in
# for it), the board profiles and a udev rule. The services are not enabled: the example
# configuration names example UIDs anyone can copy onto a tag. Run as root from the
# repository:
#
#   sudo scripts/install.sh                        build, install
#   scripts/release-build                          (as yourself, when root has no swift), then
#   sudo scripts/install.sh --no-build
#   sudo scripts/install.sh --uninstall            remove it again (configuration kept)
#
# An existing /etc/pn532ctl/door.toml, door.key, device or /etc/pn532ctl-hooks/hooks.toml is
# never replaced.
#
# Options:
#   --no-build        install the binary already built (.build/release/pn532ctl)
#   --binary PATH     install this binary instead (implies --no-build)
#   --device SPEC     the reader: uart:/dev/ttyUSB0, i2c:/dev/i2c-1, … (default: /dev/serial0
#                     when present, else /etc/pn532ctl/device is left a commented template;
#                     no port is probed). Written to /etc/pn532ctl/device, to a new door.toml's
#                     [reader] device, and as DeviceAllow= in the door unit's drop-in
#                     /etc/systemd/system/pn532ctl-door.service.d/device.conf
#   --no-systemctl    do not reload systemd and udev
#   --allow-dynamic   accept a binary that needs Swift's shared runtime (libswiftCore.so): for
#                     tests and development only, as it runs only where that Swift is installed
#   --uninstall       stop and disable the units, then remove what this script installed: the
#                     binary, manual pages, completions, units and drop-in, udev rule and board
#                     profiles. The configuration (/etc/pn532ctl, /etc/pn532ctl-hooks), the
#                     key, the counters (/var/lib/pn532ctl), the audit log (/var/log/pn532ctl)
#                     and the accounts stay
#   --purge           with --uninstall: also remove the configuration, the key, the counters
#                     and the audit log (copy the audit log off first if it is evidence)
# Environment:
#   DESTDIR=DIR       install under DIR instead of /: no root needed, and no accounts, owners,
#                     udev or systemctl (for packaging and tests)
#   PREFIX=DIR        the binary, manual pages and completions go under DIR (/usr/local):
#                     DIR/bin/pn532ctl, DIR/share/man/man1/pn532ctl.1 and one page per
#                     command (man pn532ctl-door-run), DIR/share/man/man5/door.toml.5 and
#                     hooks.toml.5, DIR/share/bash-completion/completions,
#                     DIR/share/zsh/site-functions, DIR/share/fish/vendor_completions.d.
#                     The units run DIR/bin/pn532ctl; board profiles stay in
#                     /usr/share/pn532ctl/boards, where pn532ctl looks for them.
# The manual pages need python3 (scripts/docs/generate); without it they are left out.
set -eu

usage() {
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

fail() {
    echo "install.sh: $*" >&2
    exit 1
}

repo=$(cd "$(dirname "$0")/.." && pwd)
destdir=${DESTDIR:-}
prefix=${PREFIX:-/usr/local}
build=yes
systemctl=yes
binary=
device=
allow_dynamic=no
uninstall=no
purge=no

while [ $# -gt 0 ]; do
    case $1 in
        --no-build) build=no ;;
        --no-systemctl) systemctl=no ;;
        --binary)
            [ $# -ge 2 ] || fail "--binary needs a path"
            binary=$2
            build=no
            shift ;;
        --device)
            [ $# -ge 2 ] || fail "--device needs a device (uart:/dev/ttyUSB0, i2c:/dev/i2c-1)"
            device=$2
            shift ;;
        --allow-dynamic) allow_dynamic=yes ;;
        --uninstall) uninstall=yes ;;
        --purge) purge=yes ;;
        -h | --help) usage; exit 0 ;;
        *) fail "unknown option $1 (see --help)" ;;
    esac
    shift
done

if [ -n "$destdir" ]; then
    case $destdir in
        /*) ;;
        *) fail "DESTDIR must be an absolute path, not $destdir" ;;
    esac
    systemctl=no
fi
case $prefix in
    /*) ;;
    *) fail "PREFIX must be an absolute path, not $prefix" ;;
esac
if [ -z "$destdir" ] && [ "$(id -u)" -ne 0 ]; then
    fail "run as root (sudo scripts/install.sh), or set DESTDIR to install into a directory"
fi
[ "$purge" = no ] || [ "$uninstall" = yes ] || fail "--purge goes with --uninstall"

# The daemon's account and the groups of the devices it drives (the udev rule uses gpio, i2c
# and spi, the unit names all four as SupplementaryGroups, so they must exist).
user=pn532ctl
device_groups="dialout gpio i2c spi"
# The hook runner's account: no device, no key, no log of the door's. The door's account joins
# its group to reach the runner's socket.
hooks_user=pn532ctl-hooks
# The hooks' account (run_as in hooks.toml): a third one, in no group of the runner's or the
# door's, so a hook can neither reach the socket nor signal the runner.
hook_user=pn532ctl-hook
# The uplink's account (door uplink): no key, no reader, no GPIO. It reaches the door's control
# socket through pn532ctl-control (door.toml's control_group), a group the door's account is
# in too, and reads the audit log through an ACL on /var/log/pn532ctl.
uplink_user=pn532ctl-uplink
control_group=pn532ctl-control

bindir=$prefix/bin
mandir=$prefix/share/man/man1
man5dir=$prefix/share/man/man5
bashdir=$prefix/share/bash-completion/completions
zshdir=$prefix/share/zsh/site-functions
fishdir=$prefix/share/fish/vendor_completions.d
units="pn532ctl-door.service pn532ctl-hooks.service pn532ctl-uplink.service"
dropin_dir=/etc/systemd/system/pn532ctl-door.service.d

if [ "$uninstall" = yes ]; then
    if [ "$systemctl" = yes ]; then
        # While the binary is still there: stopping the door runs its ExecStopPost (door
        # release), which leaves the door locked.
        systemctl disable --now $units 2>/dev/null || true
    fi
    echo "== removing pn532ctl from ${destdir:-/}"
    rm -f "$destdir$bindir/pn532ctl" "$destdir$mandir"/pn532ctl.1 "$destdir$mandir"/pn532ctl-*.1 \
        "$destdir$man5dir/door.toml.5" "$destdir$man5dir/hooks.toml.5" \
        "$destdir$bashdir/pn532ctl" "$destdir$zshdir/_pn532ctl" "$destdir$fishdir/pn532ctl.fish" \
        "$destdir/etc/udev/rules.d/99-pn532ctl.rules" "$destdir$dropin_dir/device.conf"
    for unit in $units; do rm -f "$destdir/etc/systemd/system/$unit"; done
    rm -rf "$destdir/usr/share/pn532ctl/boards"
    rmdir "$destdir/usr/share/pn532ctl" "$destdir$dropin_dir" 2>/dev/null || true
    if [ "$purge" = yes ]; then
        rm -rf "$destdir/etc/pn532ctl" "$destdir/etc/pn532ctl-hooks" "$destdir/etc/pn532ctl-uplink" "$destdir/var/lib/pn532ctl" \
            "$destdir/var/lib/pn532ctl-uplink" "$destdir/var/log/pn532ctl"
        echo "purged the configuration, the key, the counters and the audit log"
    else
        echo "kept the configuration (/etc/pn532ctl, /etc/pn532ctl-hooks, /etc/pn532ctl-uplink), the counters (/var/lib/pn532ctl), the uplink's state (/var/lib/pn532ctl-uplink) and the audit log (/var/log/pn532ctl): --purge removes them"
    fi
    if [ "$systemctl" = yes ]; then
        systemctl daemon-reload
        if command -v udevadm >/dev/null 2>&1; then udevadm control --reload; fi
    fi
    exit 0
fi

[ -z "$device" ] || "$repo/scripts/device-setting" --check --device "$device"

if [ "$build" = yes ]; then
    command -v swift >/dev/null 2>&1 ||
        fail "swift is not on root's PATH: build as yourself (scripts/release-build) and rerun with --no-build"
    echo "== building pn532ctl (release, static Swift standard library)"
    binary=$("$repo/scripts/release-build")
fi
[ -n "$binary" ] || binary="$repo/.build/release/pn532ctl"
[ -f "$binary" ] || fail "no binary at $binary: build it first (scripts/release-build)"
# The binary must carry the Swift runtime: the Pi has no Swift installed, and a door that
# cannot load libswiftCore.so never starts.
command -v readelf >/dev/null 2>&1 || fail "readelf is needed to check the binary (apt install binutils)"
swift_libraries=$(readelf -d "$binary" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
    grep -E '^(libswift|libFoundation|lib_Foundation|libdispatch\.so|libBlocksRuntime\.so)' | tr '\n' ' ' | sed 's/ $//') || true
if [ -n "$swift_libraries" ] && [ "$allow_dynamic" = no ]; then
    fail "$binary needs Swift's shared runtime ($swift_libraries), which a Pi without Swift lacks: build it with swift build -c release --static-swift-stdlib (or pass --allow-dynamic, for tests and development only)"
fi

if [ -z "$destdir" ]; then
    for group in $device_groups; do
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    if ! getent passwd "$user" >/dev/null; then
        useradd --system --user-group --no-create-home --home-dir /var/lib/pn532ctl \
            --shell /usr/sbin/nologin --comment "pn532ctl door controller" "$user"
    fi
    if ! getent passwd "$hooks_user" >/dev/null; then
        useradd --system --user-group --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin --comment "pn532ctl hook runner" "$hooks_user"
    fi
    if ! getent passwd "$hook_user" >/dev/null; then
        useradd --system --user-group --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin --comment "pn532ctl hooks (programs the runner starts)" "$hook_user"
    fi
    getent group "$control_group" >/dev/null || groupadd --system "$control_group"
    if ! getent passwd "$uplink_user" >/dev/null; then
        useradd --system --user-group --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin --comment "pn532ctl uplink (MQTT)" "$uplink_user"
    fi
    usermod --append --groups "$(echo "$device_groups $hooks_user $control_group" | tr ' ' ',')" "$user"
    usermod --append --groups "$control_group" "$uplink_user"
fi

# chown_to OWNER FILE…: sets the owner on a real install; under DESTDIR the files stay the
# installing user's.
chown_to() {
    owner=$1
    shift
    [ -n "$destdir" ] || chown "$owner" "$@"
}

echo "== installing into ${destdir:-/}"
install -d -m 0755 "$destdir$bindir" "$destdir/usr/share/pn532ctl/boards" \
    "$destdir/etc/systemd/system" "$destdir/etc/udev/rules.d" \
    "$destdir$mandir" "$destdir$man5dir" "$destdir$bashdir" "$destdir$zshdir" "$destdir$fishdir"
# /etc/pn532ctl is open to every user for /etc/pn532ctl/device (the command line's reader);
# the key and door.toml (root:pn532ctl, 640) keep their own modes.
install -d -m 0755 "$destdir/etc/pn532ctl"
install -d -m 0750 "$destdir/etc/pn532ctl-hooks" "$destdir/etc/pn532ctl-uplink" "$destdir/var/log/pn532ctl" "$destdir/var/lib/pn532ctl"
chown_to "root:$user" "$destdir/etc/pn532ctl"
chown_to "root:$hooks_user" "$destdir/etc/pn532ctl-hooks"
chown_to "root:$uplink_user" "$destdir/etc/pn532ctl-uplink"
chown_to "$user:$user" "$destdir/var/log/pn532ctl" "$destdir/var/lib/pn532ctl"

install -m 0755 "$binary" "$destdir$bindir/pn532ctl"
strip "$destdir$bindir/pn532ctl"

# Manual pages and completions, made by the binary from its command tree. Pages of commands
# an earlier version had are removed first.
docs=$(mktemp -d)
trap 'rm -rf "$docs"' EXIT
"$repo/scripts/docs/generate" "$destdir$bindir/pn532ctl" "$docs"
rm -f "$destdir$mandir"/pn532ctl.1 "$destdir$mandir"/pn532ctl-*.1
for page in "$docs"/man1/*.1; do
    [ -e "$page" ] || continue
    install -m 0644 "$page" "$destdir$mandir/"
done
for page in "$docs"/man5/*.5; do
    install -m 0644 "$page" "$destdir$man5dir/"
done
install -m 0644 "$docs/completions/pn532ctl.bash" "$destdir$bashdir/pn532ctl"
install -m 0644 "$docs/completions/_pn532ctl" "$destdir$zshdir/_pn532ctl"
install -m 0644 "$docs/completions/pn532ctl.fish" "$destdir$fishdir/pn532ctl.fish"

for profile in "$repo"/boards/*; do
    install -m 0644 "$profile" "$destdir/usr/share/pn532ctl/boards/"
done

# The units name /usr/local/bin/pn532ctl: another PREFIX's binary replaces it.
for unit in $units; do
    sed "s|/usr/local/bin/pn532ctl|$bindir/pn532ctl|g" "$repo/scripts/$unit" >"$docs/$unit"
    install -m 0644 "$docs/$unit" "$destdir/etc/systemd/system/$unit"
done
install -m 0644 "$repo/scripts/99-pn532ctl.rules" "$destdir/etc/udev/rules.d/99-pn532ctl.rules"

config="$destdir/etc/pn532ctl/door.toml"
if [ -e "$config" ]; then
    echo "kept the existing $config"
    [ -z "$device" ] || echo "install.sh: the door's reader is [reader] device in $config: set it to \"$device\" there" >&2
elif [ -n "$device" ]; then
    # The door's own reader: the example's commented device line becomes the one given.
    sed "s|^# device = \"/dev/serial0\" .*|device = \"$device\"            # install.sh --device|" \
        "$repo/scripts/door.toml" >"$config.new"
    grep -q "^device = \"$device\"" "$config.new" || fail "could not set [reader] device in $config.new (scripts/door.toml changed?)"
    chmod 0640 "$config.new"
    chown_to "root:$user" "$config.new"
    mv "$config.new" "$config"
else
    install -m 0640 "$repo/scripts/door.toml" "$config"
    chown_to "root:$user" "$config"
fi

hooks="$destdir/etc/pn532ctl-hooks/hooks.toml"
if [ -e "$hooks" ]; then
    echo "kept the existing $hooks"
else
    install -m 0640 "$repo/scripts/hooks.toml" "$hooks"
    chown_to "root:$hooks_user" "$hooks"
fi

uplink="$destdir/etc/pn532ctl-uplink/uplink.toml"
if [ -e "$uplink" ]; then
    echo "kept the existing $uplink"
else
    install -m 0640 "$repo/scripts/uplink.toml" "$uplink"
    chown_to "root:$uplink_user" "$uplink"
fi

# The uplink reads the audit log, never the door's evolving key beside it: an ACL on the
# directory lets it list and read, and its default gives each new file an entry that the file's
# own mode masks (the log is 640: readable; the key is 600: not).
if [ -z "$destdir" ]; then
    if command -v setfacl >/dev/null 2>&1; then
        setfacl -m "u:$uplink_user:rx" -m "d:u:$uplink_user:r" /var/log/pn532ctl
        for log in /var/log/pn532ctl/audit.jsonl /var/log/pn532ctl/audit.jsonl.[0-9]*; do
            [ ! -f "$log" ] || setfacl -m "u:$uplink_user:r" "$log"
        done
    else
        echo "install.sh: setfacl is missing (apt install acl, then run install.sh again): until then the uplink cannot read the audit log" >&2
    fi
fi

key="$destdir/etc/pn532ctl/door.key"
if [ -e "$key" ]; then
    echo "kept the existing $key"
    if [ -z "$destdir" ] && [ "$(stat -c %U "$key")" = "$user" ]; then
        # An older install gave the key to the door's account, which could rewrite it.
        chown "root:$user" "$key"
        chmod 0640 "$key"
        echo "gave $key to root: the door's group reads it (mode 640) and cannot rewrite it"
    fi
else
    # 32 random bytes, root:pn532ctl mode 640: the door reads it and cannot rewrite it (under
    # DESTDIR, the installing user's, mode 600).
    group=
    [ -n "$destdir" ] || group="--group $user"
    # shellcheck disable=SC2086 # $group is empty or two words
    "$destdir$bindir/pn532ctl" key new "$key" $group >/dev/null || fail "could not make the token key $key"
fi

# The audit log's initial key (door log --verify --key): root's, mode 400, where the door cannot
# write; the door's evolving key beside the log. Never replaced.
audit_key=$destdir/etc/pn532ctl/audit-initial.key
if [ -e "$audit_key" ] || [ -e "$destdir/var/log/pn532ctl/audit.jsonl.key" ]; then
    echo "kept the existing audit key"
else
    "$destdir$bindir/pn532ctl" door log --file "$destdir/var/log/pn532ctl/audit.jsonl" --new-key "$audit_key" >/dev/null \
        || fail "could not make the audit key $audit_key"
fi

# The command line's reader (/etc/pn532ctl/device) and the door unit's DeviceAllow= for it.
"$repo/scripts/device-setting" --root "$destdir" ${device:+--device "$device"}

if [ "$systemctl" = yes ]; then
    if command -v udevadm >/dev/null 2>&1; then
        udevadm control --reload
        udevadm trigger --subsystem-match=gpio --subsystem-match=i2c-dev --subsystem-match=spidev
    fi
    systemctl daemon-reload
fi

cat <<EOF
Installed. Next (man pn532ctl, man pn532ctl-door-run; completions load in a new shell):
  1. edit ${destdir}/etc/pn532ctl/door.toml (board, users), then
     pn532ctl door check-config ${destdir}/etc/pn532ctl/door.toml
  2. systemctl enable --now pn532ctl-door   (journalctl -u pn532ctl-door; pn532ctl door log)
     Its first start creates the token counters (${destdir}/var/lib/pn532ctl/counters). A door
     that cannot start stops retrying after 5 attempts: fix what its last journal line says,
     then systemctl reset-failed pn532ctl-door and start it again.
  3. hooks, if any: ${destdir}/etc/pn532ctl-hooks/hooks.toml, [hooks] in door.toml, then
     systemctl enable --now pn532ctl-hooks   (journalctl -u pn532ctl-hooks)
  4. many doors, if any: ${destdir}/etc/pn532ctl-uplink/uplink.toml, [fleet] in door.toml
     (control_socket = "/run/pn532ctl/door.sock", control_group = "pn532ctl-control"), then
     systemctl enable --now pn532ctl-uplink  (journalctl -u pn532ctl-uplink)
EOF
