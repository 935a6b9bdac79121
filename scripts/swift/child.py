"""Runs one process of the tests' Swift, tied to the life of the process that started it.

  python3 child.py server SWIFT_DIR CONF_FILE   a Swift server (account, container, object or proxy)
  python3 child.py exec PROGRAM [ARG...]        any other program (memcached)

The kernel kills it when its parent dies (PR_SET_PDEATHSIG), so a test run that crashes leaves nothing behind.
Swift reads /etc/swift/swift.conf and has no option to look elsewhere; set_swift_dir() moves it before the server
starts.
"""
import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
# The parent may have died before prctl took effect.
if os.getppid() == 1:
    sys.exit(1)

mode, *args = sys.argv[1:]
if mode == 'exec':
    os.execv(args[0], args)

from swift.common.utils import set_swift_dir  # noqa: E402
from swift.common.wsgi import run_wsgi  # noqa: E402

swift_dir, conf_file = args
set_swift_dir(swift_dir)
server = os.path.basename(conf_file).removesuffix('.conf')
sys.exit(run_wsgi(conf_file, server, verbose=True))
