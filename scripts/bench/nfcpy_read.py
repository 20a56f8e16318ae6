"""nfcpy 1.0.4 reading a tag's NDEF message on a PN532 at a serial port: the peer PN532Bench
times beside `pn532ctl read` (Part H). Runs in the benchmark's own virtual environment
(run.sh installs nfcpy from PyPI there); nfcpy is used, never copied.

usage: nfcpy_read.py DEVICE LENGTH   fails unless the message read is LENGTH bytes long
"""
import sys

import nfc
import nfc.clf.transport

device = sys.argv[1]
# nfcpy looks serial ports up by name under /dev; the simulator's pty is reached through a
# symlink elsewhere, so the search is told the one port and driver to use.
nfc.clf.transport.TTY.find = classmethod(lambda cls, path: ([device], "pn532", False))
clf = nfc.ContactlessFrontend("tty:bench:pn532")
try:
    tag = clf.connect(rdwr={"on-connect": lambda tag: False})
    if not tag or not tag.ndef:
        sys.exit("nfcpy_read.py: no tag with an NDEF message")
    if len(tag.ndef.octets) != int(sys.argv[2]):
        sys.exit("nfcpy_read.py: read %d bytes, not %s" % (len(tag.ndef.octets), sys.argv[2]))
finally:
    clf.close()
