// Debian's slapd for the directory sign-in tests (scripts/ensure-ldap.sh), installed when missing
// before `npm test`. Not fatal: without it (no apt, no sudo) the LDAP tests skip and say why,
// except in CI, where they must run.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { root } from './run.mjs';

export function ensureLdap() {
  if (process.platform !== 'linux') return;
  const result = spawnSync('bash', ['scripts/ensure-ldap.sh'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.warn('[ldap] Could not install slapd: the directory sign-in tests skip on this machine.');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureLdap();
