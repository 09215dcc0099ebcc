#!/usr/bin/env bash
# The local code sandbox (issue 37) runs Debian's python3 with numpy, pandas and matplotlib under
# bubblewrap (user, pid, network, mount, ipc and uts namespaces): nothing is fetched at run time.
# Install them when this machine has none. JavaScript and TypeScript runs use the server's own Node.
set -euo pipefail
# Checked by their files, not by importing them (half a second): this runs at every install.
has_all() {
  command -v bwrap >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1 && command -v prlimit >/dev/null 2>&1 \
    && [ -x /usr/bin/python3 ] && [ -d /usr/lib/python3/dist-packages/numpy ] \
    && [ -d /usr/lib/python3/dist-packages/pandas ] && [ -d /usr/lib/python3/dist-packages/matplotlib ]
}
if has_all; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "No apt-get here: install bubblewrap and python3 with numpy, pandas and matplotlib by hand." >&2
  exit 1
fi
echo "Installing Debian's bubblewrap and python3 (numpy, pandas, matplotlib) for the code sandbox..."
SUDO=""
# Never wait for a password: an install without one just leaves the sandbox off.
if [ "$(id -u)" != "0" ]; then SUDO="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  bubblewrap util-linux python3 python3-numpy python3-pandas python3-matplotlib fonts-dejavu-core >/dev/null
has_all
