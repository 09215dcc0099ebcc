#!/usr/bin/env bash
# The directory sign-in tests (issue 40) run against a real OpenLDAP server: Debian's slapd,
# started by the tests themselves on a free port with a throw-away database (the testkit's
# ldap-server.ts); ldap-utils gives ldapsearch for looking at it by hand. Install them when this
# machine has none. The system's own slapd service is not needed: the tests never use it.
set -euo pipefail
if [ -x /usr/sbin/slapd ] && [ -x /usr/sbin/slapadd ] && [ -f /etc/ldap/schema/inetorgperson.schema ]; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "No apt-get here: install OpenLDAP's slapd by hand to run the directory sign-in tests." >&2
  exit 1
fi
echo "Installing Debian's slapd and ldap-utils for the directory sign-in tests..."
SUDO=""
# Never wait for a password: an install without one just leaves the LDAP tests skipped.
if [ "$(id -u)" != "0" ]; then SUDO="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends slapd ldap-utils >/dev/null
[ -x /usr/sbin/slapd ]
