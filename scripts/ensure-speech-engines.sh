#!/usr/bin/env bash
# The fully local speech engine (issue 24) uses Debian's Flite (text to speech, its voices are
# built into the package) and PocketSphinx with its US English model (speech to text): nothing
# is downloaded at runtime. Install them when this machine has none.
set -euo pipefail
if command -v flite >/dev/null 2>&1 && command -v pocketsphinx_continuous >/dev/null 2>&1 \
  && [ -f /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ]; then exit 0; fi
echo "Installing Debian's flite and pocketsphinx for the local speech engine..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends flite pocketsphinx pocketsphinx-en-us >/dev/null
# `flite --version` exits 1 even when it works: check that the commands are there instead.
command -v flite >/dev/null && command -v pocketsphinx_continuous >/dev/null
