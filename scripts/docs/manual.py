#!/usr/bin/env python3
"""Writes pn532ctl's manual pages (mdoc) from its own description of its commands.

usage: manual.py HELP.json OUTDIR [--date YYYY-MM-DD] [--version TEXT]

HELP.json is what `pn532ctl --experimental-dump-help` prints (ArgumentParser's tool-info
schema, version 0). OUTDIR gets pn532ctl.1, the overview with every command, and one page per
command, named as git names its pages: pn532ctl-door-run.1 for `pn532ctl door run`. Each
page has the EXIT STATUS table, and ENVIRONMENT and FILES where they apply (the tables
DEVICE_ENVIRONMENT, SERVICE_ENVIRONMENT, DEVICE_FILE and FILES below: the reader's settings
on every command with --device). The file formats, door.toml(5) and hooks.toml(5), are
written by hand beside this script.

Help text is kept as written: a line indented by two or more spaces (an example, a table) is
set as a literal display; the other lines of a paragraph are filled by the formatter.
"""

import json
import re
import sys

SECTION = "1"


def escape(text):
    """Text safe on an mdoc line: backslashes escaped, characters beyond ASCII as groff's
    Unicode escapes (any formatter, any locale), hyphens as minus signs (options copied from
    the page work), and a line never begins with a dot or an
    apostrophe (the formatter would read it as a request)."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(ch if ord(ch) < 128 else "\\[u%04X]" % ord(ch) for ch in text)
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def prose(text):
    """Paragraphs of help text as mdoc: blank lines separate paragraphs (.Pp), indented
    lines become literal displays."""
    lines = []
    block = []  # the pending literal block

    def flush_block():
        if block:
            lines.append(".Bd -literal -offset indent")
            lines.extend(escape(line) for line in dedent(block))
            lines.append(".Ed")
            block.clear()

    paragraph_open = False
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            flush_block()
            if paragraph_open:
                lines.append(".Pp")
                paragraph_open = False
            continue
        if raw.startswith("  "):
            block.append(line)
            paragraph_open = True
            continue
        flush_block()
        lines.append(escape(line.strip()))
        paragraph_open = True
    flush_block()
    while lines and lines[-1] == ".Pp":
        lines.pop()
    return lines


def dedent(block):
    indent = min(len(line) - len(line.lstrip(" ")) for line in block)
    return [line[indent:] for line in block]


def page_name(path):
    return "-".join(path)


def flag(name):
    """An option's name after mdoc's Fl, which writes one dash itself: `-d`, `--device`, and
    `-name` for a long name with a single dash."""
    return escape(name["name"] if name.get("kind") in ("short", "longWithSingleDash") else "-" + name["name"])


def option_label(argument):
    """`-d, --device DEVICE` as mdoc macros: Fl for each name, Ar for the value."""
    if argument["kind"] == "positional":
        return ".It Ar " + escape(argument.get("valueName") or "value")
    names = argument.get("names") or []
    parts = []
    for name in names:
        parts.append("Fl " + flag(name))
    label = " , ".join(parts) if parts else "Fl"
    if argument["kind"] == "option":
        label += " Ar " + escape(argument.get("valueName") or "value")
    return ".It " + label


def synopsis_item(argument):
    """One element of the synopsis: [--flag], --option VALUE, [ARG ...]."""
    if argument["kind"] == "positional":
        text = "Ar " + escape(argument.get("valueName") or "value")
    else:
        preferred = argument.get("preferredName") or (argument.get("names") or [{"kind": "long", "name": ""}])[0]
        text = "Fl " + flag(preferred)
        if argument["kind"] == "option":
            text += " Ar " + escape(argument.get("valueName") or "value")
    if argument.get("isRepeating"):
        text += " No ..."
    if argument.get("isOptional"):
        return ".Op " + text
    return "." + text


def visible(items):
    return [item for item in items or [] if item.get("shouldDisplay", True)]


def arguments_section(arguments):
    lines = []
    groups = {}
    order = []
    for argument in visible(arguments):
        title = argument.get("sectionTitle") or ("ARGUMENTS" if argument["kind"] == "positional" else "OPTIONS")
        if title not in groups:
            groups[title] = []
            order.append(title)
        groups[title].append(argument)
    for title in order:
        lines.append(".Sh " + escape(title.upper()))
        lines.append(".Bl -tag -width 6n")
        for argument in groups[title]:
            lines.append(option_label(argument))
            lines.extend(prose(argument.get("abstract") or ""))
            if argument.get("discussion"):
                lines.append(".Pp")
                lines.extend(prose(argument["discussion"]))
            values = argument.get("allValueDescriptions") or {}
            if values:
                lines.append(".Bl -tag -width 6n -compact")
                for value in argument.get("allValues") or sorted(values):
                    lines.append(".It Cm " + escape(value))
                    lines.append(escape(values.get(value, "")))
                lines.append(".El")
            elif argument.get("allValues"):
                lines.append("One of: " + escape(", ".join(argument["allValues"])) + ".")
            if argument.get("defaultValue") not in (None, ""):
                lines.append("Default: " + escape(argument["defaultValue"]) + ".")
        lines.append(".El")
    return lines


def header(name, date, version, description):
    return [
        '.\\" Generated by scripts/docs/manual.py from pn532ctl --experimental-dump-help.',
        ".Dd " + date,
        ".Dt " + name.upper() + " " + SECTION,
        (".Os " + escape("pn532ctl " + version)) if version else ".Os",
        ".Sh NAME",
        ".Nm " + escape(name),
        ".Nd " + escape(description or name),
    ]


def command_page(command, path, date, version):
    """The page of one command: synopsis, description, its subcommands, its options."""
    lines = header(page_name(path), date, version, command.get("abstract"))
    lines.append(".Sh SYNOPSIS")
    lines.append(".Nm " + escape(" ".join(path)))
    for argument in visible(command.get("arguments")):
        lines.append(synopsis_item(argument))
    subcommands = list(walk(command, path))
    if subcommands:
        lines.append(".Ar command")
    lines.append(".Sh DESCRIPTION")
    lines.extend(prose(command.get("abstract") or ""))
    if command.get("discussion"):
        lines.append(".Pp")
        lines.extend(prose(command["discussion"]))
    if subcommands:
        lines.append(".Sh COMMANDS")
        lines.append(".Bl -tag -width 6n")
        for sub_path, sub in subcommands:
            lines.append(".It Cm " + escape(" ".join(sub_path[1:])))
            lines.extend(prose(sub.get("abstract") or ""))
            lines.append(".Xr " + escape(page_name(sub_path)) + " " + SECTION)
        lines.append(".El")
    lines.extend(arguments_section(command.get("arguments")))
    lines.extend(environment_section(command, path))
    lines.extend(files_section(command, path))
    lines.append(".Sh EXIT STATUS")
    lines.append(".Bl -tag -width 6n -compact")
    for code, meaning in EXIT_STATUS:
        lines.append(".It " + code)
        lines.append(escape(meaning))
    lines.append(".El")
    lines.append(".Sh SEE ALSO")
    related = [(page_name(path[:-1]), SECTION)] if len(path) > 1 else []
    related += [(page_name(sub_path), SECTION) for sub_path, _ in subcommands if len(sub_path) == len(path) + 1]
    related += [(page, section) for prefix, page, section in FORMAT_PAGES if applies(prefix, path)]
    for index, (page, section) in enumerate(related):
        lines.append(".Xr " + escape(page) + " " + section + ("" if index == len(related) - 1 else " ,"))
    return lines


def applies(prefix, path):
    """True when a rule for the commands under `prefix` (words after pn532ctl; empty: the
    overview page only) applies to the page of `path`."""
    words = path[1:]
    return words == prefix if not prefix else words[:len(prefix)] == prefix


def takes_device(command):
    """True when the command has --device (it talks to a reader)."""
    return any(name.get("name") == "device" for argument in command.get("arguments") or []
               for name in argument.get("names") or [])


def environment_section(command, path):
    """ENVIRONMENT: the variables of the reader (every command with --device, and the
    overview) and of the door's service."""
    entries = []
    if takes_device(command) or len(path) == 1:
        entries += DEVICE_ENVIRONMENT
    entries += [entry for prefix, *entry in SERVICE_ENVIRONMENT if applies(prefix, path)]
    return tagged_list("ENVIRONMENT", "Ev", entries)


def files_section(command, path):
    """FILES: the system device setting for every command with --device, and the files of the
    commands under each prefix of FILES."""
    entries = []
    if takes_device(command) or len(path) == 1:
        entries.append(DEVICE_FILE)
    for prefix, *entry in FILES:
        if applies(prefix, path) and tuple(entry) not in entries:
            entries.append(tuple(entry))
    return tagged_list("FILES", "Pa", entries)


def tagged_list(section, macro, entries):
    """A section of (name, meaning) entries as an mdoc tagged list, the names set with
    `macro` (Ev for variables, Pa for paths); nothing when there are none."""
    if not entries:
        return []
    lines = [".Sh " + section, ".Bl -tag -width 6n"]
    for name, meaning in entries:
        lines.append(".It " + macro + " " + escape(name))
        lines.append(escape(meaning))
    lines.append(".El")
    return lines


DEVICE_ENVIRONMENT = [
    ("PN532_DEVICE", "The reader when --device is not given, in the --device grammar (uart:/dev/serial0, i2c:/dev/i2c-1, sim)."),
    ("PN532CTL_DEVICE_FILE", "Another path for the system device setting, /etc/pn532ctl/device (for tests and packaging)."),
]

DEVICE_FILE = ("/etc/pn532ctl/device",
               "The system's reader when neither --device nor PN532_DEVICE is given: one line in the --device grammar; "
               "blank lines and lines starting with # are ignored. Written by install.sh and the Debian package. "
               "Without it, the built-in simulator is used, and standard error says so.")

# (command prefix, variable, meaning)
SERVICE_ENVIRONMENT = [
    (["door", "run"], "NOTIFY_SOCKET", "Set by systemd (Type=notify): readiness, reloads and status are reported there."),
    (["door", "run"], "WATCHDOG_USEC", "Set by systemd (WatchdogSec=): the door pings the watchdog at half this interval."),
    (["door", "run"], "WATCHDOG_PID", "Set by systemd: the watchdog applies when it names this process."),
    (["door", "run"], "STATE_DIRECTORY", "Set by systemd (StateDirectory=): where the lines the door starts with are kept for door release."),
    (["door", "release"], "STATE_DIRECTORY", "Set by systemd: where door run kept the lines it started with."),
    (["door", "run"], "JOURNAL_STREAM", "Set by systemd: the log lines go to the journal without timestamps, with their priority."),
    (["door", "hooks"], "NOTIFY_SOCKET", "Set by systemd (Type=notify): readiness is reported there."),
    (["door", "hooks"], "JOURNAL_STREAM", "Set by systemd: the log lines go to the journal without timestamps, with their priority."),
]

# (command prefix, path, meaning)
FILES = [
    (["door", "run"], "/etc/pn532ctl/door.toml", "The door's configuration (door.toml(5)); the default --config."),
    (["door", "check-config"], "/etc/pn532ctl/door.toml", "The door's configuration (door.toml(5)); the default FILE."),
    (["door", "release"], "/etc/pn532ctl/door.toml", "The door's configuration (door.toml(5)); the default --config."),
    (["door", "log"], "/etc/pn532ctl/door.toml", "The door's configuration, whose audit.path is read with --config."),
    (["door", "run"], "/etc/pn532ctl/door.key", "The token key, security.key_file (pn532ctl key new makes one)."),
    (["door", "check-config"], "/etc/pn532ctl/door.key", "The token key, security.key_file (pn532ctl key new makes one)."),
    (["door", "run"], "/usr/share/pn532ctl/boards", "Board profiles, looked up after --boards DIR and boards/ beside the configuration."),
    (["door", "check-config"], "/usr/share/pn532ctl/boards", "Board profiles, looked up after --boards DIR and boards/ beside the configuration."),
    (["door", "release"], "/usr/share/pn532ctl/boards", "Board profiles, looked up after --boards DIR and boards/ beside the configuration."),
    (["door", "run"], "/var/lib/pn532ctl", "The rolling counters (security.counter_file)."),
    (["door", "run"], "/var/log/pn532ctl", "The audit log (audit.path)."),
    (["door", "log"], "/var/log/pn532ctl", "The audit log (audit.path)."),
    (["door", "hooks"], "/etc/pn532ctl-hooks/hooks.toml", "The hook runner's rules (hooks.toml(5)); the default --config."),
    (["key"], "/etc/pn532ctl/door.key", "The door's token key, owned by the pn532ctl account, mode 600."),
    (["token"], "/etc/pn532ctl/door.key", "The door's token key, for --key."),
    ([], "/etc/pn532ctl/door.toml", "The door's configuration (door.toml(5))."),
    ([], "/etc/pn532ctl/door.key", "The door's token key."),
    ([], "/etc/pn532ctl-hooks/hooks.toml", "The hook runner's rules (hooks.toml(5))."),
    ([], "/usr/share/pn532ctl/boards", "Board profiles."),
    ([], "/var/lib/pn532ctl", "The door's rolling counters."),
    ([], "/var/log/pn532ctl", "The door's audit log."),
]

# (command prefix, page, section): the file formats a command's page points to.
FORMAT_PAGES = [
    (["door", "run"], "door.toml", "5"),
    (["door", "check-config"], "door.toml", "5"),
    (["door", "release"], "door.toml", "5"),
    (["door", "log"], "door.toml", "5"),
    (["key"], "door.toml", "5"),
    (["door", "hooks"], "hooks.toml", "5"),
    ([], "door.toml", "5"),
    ([], "hooks.toml", "5"),
]


EXIT_STATUS = [
    ("0", "success"),
    ("1", "a check failed, no tag was found, or a tag was refused"),
    ("64", "bad usage, also a missing confirmation (--yes, --force)"),
    ("65", "bad data (a tag, a file or a frame)"),
    ("66", "an input file that cannot be opened"),
    ("69", "the reader failed (no ACK, a timeout, a link error)"),
    ("74", "a read or write error, standard output included"),
    ("75", "the device is in use"),
    ("77", "no permission (also a key or secret file others can read)"),
    ("130", "interrupted by SIGINT (Ctrl-C)"),
    ("143", "stopped by SIGTERM (door run and door hooks exit 0, as systemd expects)"),
]


def walk(command, path):
    """Every visible command below `command` with its path, depth first; not ArgumentParser's
    own `help` command, which only repeats --help."""
    for sub in visible(command.get("subcommands")):
        if sub["commandName"] == "help" and len(path) == 1:
            continue
        sub_path = path + [sub["commandName"]]
        yield sub_path, sub
        yield from walk(sub, sub_path)


def main(argv):
    args = argv[1:]
    date = None
    version = None
    positional = []
    while args:
        arg = args.pop(0)
        if arg == "--date" and args:
            date = args.pop(0)
        elif arg == "--version" and args:
            version = args.pop(0)
        else:
            positional.append(arg)
    if len(positional) != 2:
        sys.stderr.write(__doc__)
        return 64
    source, outdir = positional
    if date is None or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        date = "$Mdocdate$"
    else:
        months = ["January", "February", "March", "April", "May", "June", "July",
                  "August", "September", "October", "November", "December"]
        year, month, day = date.split("-")
        date = "%s %d, %s" % (months[int(month) - 1], int(day), year)
    with open(source, encoding="utf-8") as handle:
        info = json.load(handle)
    if info.get("serializationVersion") != 0:
        sys.stderr.write("manual.py: help schema version %r, not 0\n" % info.get("serializationVersion"))
        return 65
    root = info["command"]
    name = root["commandName"]
    pages = {name: command_page(root, [name], date, version)}
    for path, sub in walk(root, [name]):
        pages[page_name(path)] = command_page(sub, path, date, version)
    for page, lines in pages.items():
        with open("%s/%s.%s" % (outdir, page, SECTION), "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
