#!/bin/sh
# Installs the door controller on a Raspberry Pi: a release build of pn532ctl (Swift standard
# library linked in), its manual pages and bash, zsh and fish completions, the systemd units
# (the door, and the hook runner under its own account), the default configurations, a token
# key, the board profiles and a udev rule. The services are not enabled: the example
# configuration names example UIDs anyone can copy onto a tag. Run as root from the
# repository:
#
#   sudo scripts/install.sh                        build, install
#   swift build -c release --static-swift-stdlib   (as yourself, when root has no swift), then
#   sudo scripts/install.sh --no-build
#
# An existing /etc/pn532ctl/door.toml, door.key or /etc/pn532ctl-hooks/hooks.toml is never
# replaced.
#
# Options:
#   --no-build        install the binary already built (.build/release/pn532ctl)
#   --binary PATH     install this binary instead (implies --no-build)
#   --no-systemctl    do not reload systemd and udev
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

while [ $# -gt 0 ]; do
    case $1 in
        --no-build) build=no ;;
        --no-systemctl) systemctl=no ;;
        --binary)
            [ $# -ge 2 ] || fail "--binary needs a path"
            binary=$2
            build=no
            shift ;;
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

# The daemon's account and the groups of the devices it drives (the udev rule uses gpio and
# i2c, the unit names all three as SupplementaryGroups, so they must exist).
user=pn532ctl
device_groups="dialout gpio i2c"
# The hook runner's account: no device, no key, no log of the door's. The door's account joins
# its group to reach the runner's socket.
hooks_user=pn532ctl-hooks

if [ "$build" = yes ]; then
    command -v swift >/dev/null 2>&1 ||
        fail "swift is not on root's PATH: build as yourself (swift build -c release --static-swift-stdlib) and rerun with --no-build"
    echo "== building pn532ctl (release, static Swift standard library)"
    (cd "$repo" && swift build -c release --static-swift-stdlib --product pn532ctl)
    binary="$(cd "$repo" && swift build -c release --static-swift-stdlib --show-bin-path)/pn532ctl"
fi
[ -n "$binary" ] || binary="$repo/.build/release/pn532ctl"
[ -f "$binary" ] || fail "no binary at $binary: build it first (swift build -c release --static-swift-stdlib)"

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
    usermod --append --groups "$(echo "$device_groups $hooks_user" | tr ' ' ',')" "$user"
fi

# chown_to OWNER FILE…: sets the owner on a real install; under DESTDIR the files stay the
# installing user's.
chown_to() {
    owner=$1
    shift
    [ -n "$destdir" ] || chown "$owner" "$@"
}

echo "== installing into ${destdir:-/}"
bindir=$prefix/bin
mandir=$prefix/share/man/man1
man5dir=$prefix/share/man/man5
bashdir=$prefix/share/bash-completion/completions
zshdir=$prefix/share/zsh/site-functions
fishdir=$prefix/share/fish/vendor_completions.d
install -d -m 0755 "$destdir$bindir" "$destdir/usr/share/pn532ctl/boards" \
    "$destdir/etc/systemd/system" "$destdir/etc/udev/rules.d" \
    "$destdir$mandir" "$destdir$man5dir" "$destdir$bashdir" "$destdir$zshdir" "$destdir$fishdir"
install -d -m 0750 "$destdir/etc/pn532ctl" "$destdir/etc/pn532ctl-hooks" "$destdir/var/log/pn532ctl" "$destdir/var/lib/pn532ctl"
chown_to "root:$user" "$destdir/etc/pn532ctl"
chown_to "root:$hooks_user" "$destdir/etc/pn532ctl-hooks"
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
for unit in pn532ctl-door.service pn532ctl-hooks.service; do
    sed "s|/usr/local/bin/pn532ctl|$bindir/pn532ctl|g" "$repo/scripts/$unit" >"$docs/$unit"
    install -m 0644 "$docs/$unit" "$destdir/etc/systemd/system/$unit"
done
install -m 0644 "$repo/scripts/99-pn532ctl.rules" "$destdir/etc/udev/rules.d/99-pn532ctl.rules"

config="$destdir/etc/pn532ctl/door.toml"
if [ -e "$config" ]; then
    echo "kept the existing $config"
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

key="$destdir/etc/pn532ctl/door.key"
if [ -e "$key" ]; then
    echo "kept the existing $key"
else
    # 32 random bytes, mode 600, the door's account's (under DESTDIR, the installing user's).
    owner=
    [ -n "$destdir" ] || owner="--owner $user"
    # shellcheck disable=SC2086 # $owner is empty or two words
    "$destdir$bindir/pn532ctl" key new "$key" $owner >/dev/null || fail "could not make the token key $key"
fi

if [ "$systemctl" = yes ]; then
    if command -v udevadm >/dev/null 2>&1; then
        udevadm control --reload
        udevadm trigger --subsystem-match=gpio --subsystem-match=i2c-dev
    fi
    systemctl daemon-reload
fi

cat <<EOF
Installed. Next (man pn532ctl, man pn532ctl-door-run; completions load in a new shell):
  1. edit ${destdir}/etc/pn532ctl/door.toml (board, users), then
     pn532ctl door check-config ${destdir}/etc/pn532ctl/door.toml
  2. systemctl enable --now pn532ctl-door   (journalctl -u pn532ctl-door; pn532ctl door log)
  3. hooks, if any: ${destdir}/etc/pn532ctl-hooks/hooks.toml, [hooks] in door.toml, then
     systemctl enable --now pn532ctl-hooks   (journalctl -u pn532ctl-hooks)
EOF
