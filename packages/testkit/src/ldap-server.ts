import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real OpenLDAP server (Debian's slapd, installed by scripts/ensure-ldap.sh) for the directory
 * sign-in tests: a throw-away slapd.conf and mdb database in a temp folder, the entries loaded
 * offline with slapadd, then slapd in the foreground on 127.0.0.1 as the current user.
 *
 * Anonymous clients may only bind (never search), so the app must use its service account; and
 * `allow bind_anon_dn` makes slapd accept a DN with an empty password as an anonymous bind, as
 * some directories do: an app that forgot to refuse an empty password would then let anyone in,
 * which is what the tests check it does not.
 */
export interface LdapTestUser {
  /** The entry's uid (its RDN: uid=<uid>,<ou>). */
  uid: string;
  password: string;
  /** cn; also the full name. */
  cn: string;
  sn?: string;
  givenName?: string;
  displayName?: string;
  /** Left out: an entry with no mail attribute. */
  mail?: string;
  /** The organisational unit under the suffix (people by default; others lie outside a people search base). */
  ou?: string;
}

export interface LdapTestServerOptions {
  users: LdapTestUser[];
  /** dc=confab,dc=test by default. */
  suffix?: string;
}

export interface LdapTestServer {
  /** ldap://127.0.0.1:<port> */
  url: string;
  port: number;
  suffix: string;
  /** The service account (the database's root DN) and its password. */
  bindDn: string;
  bindPassword: string;
  /** ou=people,<suffix>: where the users live by default. */
  peopleBase: string;
  /** Stops slapd (the URL then refuses connections) and removes its folder. */
  close(): Promise<void>;
}

const SLAPD_CANDIDATES = ['/usr/sbin/slapd', '/usr/local/libexec/slapd', '/usr/libexec/slapd'];
const MODULE_DIRS = ['/usr/lib/ldap', '/usr/lib64/openldap', '/usr/lib/openldap', '/usr/local/libexec/openldap'];
const SCHEMA_DIRS = ['/etc/ldap/schema', '/etc/openldap/schema', '/usr/local/etc/openldap/schema'];

interface SlapdInstall {
  slapd: string;
  slapadd: string;
  schemaDir: string;
  /** Where back_mdb.so is, when the backend is a module (Debian) rather than built in. */
  moduleDir?: string;
}

function findInstall(): SlapdInstall | { missing: string } {
  const slapd = SLAPD_CANDIDATES.find((path) => existsSync(path));
  if (!slapd) return { missing: "no slapd binary (install Debian's slapd: scripts/ensure-ldap.sh)" };
  const slapadd = [join(slapd, '..', 'slapadd'), '/usr/sbin/slapadd'].find((path) => existsSync(path));
  if (!slapadd) return { missing: 'no slapadd next to slapd' };
  const schemaDir = SCHEMA_DIRS.find((dir) => existsSync(join(dir, 'inetorgperson.schema')));
  if (!schemaDir) return { missing: 'no OpenLDAP schema folder with inetorgperson.schema' };
  const moduleDir = MODULE_DIRS.find((dir) => existsSync(join(dir, 'back_mdb.so')));
  return { slapd, slapadd, schemaDir, ...(moduleDir ? { moduleDir } : {}) };
}

/** Why the LDAP tests cannot run here, or undefined when slapd is installed. */
export function ldapTestServerUnavailable(): string | undefined {
  const found = findInstall();
  return 'missing' in found ? found.missing : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** LDIF values that are not plain safe strings go base64 (`attr:: ...`), so any test text loads. */
function ldifLine(attribute: string, value: string): string {
  const isSafe = /^[\x20-\x7e]*$/.test(value) && !/^[ :<]/.test(value) && !value.endsWith(' ');
  return isSafe ? `${attribute}: ${value}` : `${attribute}:: ${Buffer.from(value, 'utf8').toString('base64')}`;
}

function entriesLdif(suffix: string, users: LdapTestUser[]): string {
  const dc = /^dc=([^,]+)/i.exec(suffix)?.[1] ?? 'test';
  const units = [...new Set(['people', ...users.map((user) => user.ou ?? 'people')])];
  const blocks = [
    [`dn: ${suffix}`, 'objectClass: dcObject', 'objectClass: organization', `dc: ${dc}`, 'o: Confab tests'],
    ...units.map((ou) => [`dn: ou=${ou},${suffix}`, 'objectClass: organizationalUnit', `ou: ${ou}`]),
    ...users.map((user) => {
      const lines = [
        `dn: uid=${user.uid},ou=${user.ou ?? 'people'},${suffix}`,
        'objectClass: inetOrgPerson',
        ldifLine('uid', user.uid),
        ldifLine('cn', user.cn),
        ldifLine('sn', user.sn ?? user.cn.split(' ').at(-1) ?? user.cn),
        ldifLine('userPassword', user.password),
      ];
      if (user.givenName) lines.push(ldifLine('givenName', user.givenName));
      if (user.displayName) lines.push(ldifLine('displayName', user.displayName));
      if (user.mail) lines.push(ldifLine('mail', user.mail));
      return lines;
    }),
  ];
  return `${blocks.map((block) => block.join('\n')).join('\n\n')}\n`;
}

function slapdConf(install: SlapdInstall, dir: string, suffix: string, rootDn: string, rootPw: string): string {
  return [
    `include ${install.schemaDir}/core.schema`,
    `include ${install.schemaDir}/cosine.schema`,
    `include ${install.schemaDir}/inetorgperson.schema`,
    ...(install.moduleDir ? [`modulepath ${install.moduleDir}`, 'moduleload back_mdb'] : []),
    `pidfile ${join(dir, 'slapd.pid')}`,
    `argsfile ${join(dir, 'slapd.args')}`,
    'allow bind_anon_dn',
    'database mdb',
    'maxsize 16777216',
    `suffix "${suffix}"`,
    `rootdn "${rootDn}"`,
    `rootpw ${rootPw}`,
    `directory ${join(dir, 'db')}`,
    'access to attrs=userPassword by anonymous auth by self read by * none',
    'access to * by users read by * none',
    '',
  ].join('\n');
}

function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`slapd exited (${child.exitCode}):\n${output()}`));
        return;
      }
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`slapd did not listen in 20 s:\n${output()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startLdapTestServer(options: LdapTestServerOptions): Promise<LdapTestServer> {
  const install = findInstall();
  if ('missing' in install) throw new Error(`No LDAP test server: ${install.missing}`);
  const suffix = options.suffix ?? 'dc=confab,dc=test';
  const bindDn = `cn=admin,${suffix}`;
  const bindPassword = 'directory-admin-secret';
  const dir = mkdtempSync(join(tmpdir(), 'confab-ldap-'));
  try {
    mkdirSync(join(dir, 'db'));
    const conf = join(dir, 'slapd.conf');
    writeFileSync(conf, slapdConf(install, dir, suffix, bindDn, bindPassword));
    writeFileSync(join(dir, 'entries.ldif'), entriesLdif(suffix, options.users));
    const loaded = spawnSync(install.slapadd, ['-f', conf, '-l', join(dir, 'entries.ldif')], { encoding: 'utf8' });
    if (loaded.status !== 0) throw new Error(`slapadd failed (${loaded.status}): ${loaded.stderr}`);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0: stay in the foreground (a child we can stop) without debug output.
  const child = spawn(install.slapd, ['-h', `${url}/`, '-f', join(dir, 'slapd.conf'), '-d', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => output);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, port, suffix, bindDn, bindPassword, peopleBase: `ou=people,${suffix}`, close };
}
