import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { verifyPassword } from '../src/features/auth/password.js';
import { ledgerSum } from '../src/features/balance/ledger.js';

/**
 * The administration scripts (LibreChat's `npm run create-user` and friends, issue 40), run as
 * a person runs them: child processes on the server's env, here a SQLite data folder. Each
 * change records its audit row with the command line as the actor.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'confab-cli-'));
const configPath = join(dataDir, 'config.yaml');
writeFileSync(configPath, 'version: 1.2.5\nbalance:\n  enabled: true\n  startBalance: 100\n');

function run(script: string, args: string[], stdin = ''): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'apps/server/src/cli', `${script}.ts`), ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, CONFIG_PATH: configPath, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
    child.stdin.end(stdin);
  });
}

describe('administration scripts [sqlite]', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('create, invite, list, add and list balances, ban, reset a password and delete, each with its audit row', async () => {
    expect(
      (await run('create-user', ['root@example.com', 'Root Admin', '--password=correct horse', '--role=ADMIN'])).code,
    ).toBe(0);
    // The password read from stdin, as when piped.
    const made = await run('create-user', ['sam@example.com', 'Sam Sample', 'sam'], 'first password\n');
    expect(made.code).toBe(0);
    expect(made.out).toContain('Created the user sam@example.com');

    const invited = await run('invite-user', ['ivy@example.com']);
    expect(invited.code).toBe(0);
    expect(invited.out).toMatch(/\/register\?token=[\w-]+&email=ivy%40example\.com/);

    const listed = await run('list-users', []);
    expect(listed.out).toContain('3 user(s)');
    expect(listed.out).toMatch(/ivy@example\.com\t.*\tinvited/);
    expect(listed.out).toMatch(/root@example\.com\tRoot Admin\tADMIN/);

    expect((await run('add-balance', ['sam@example.com', '250', 'Pilot', 'team'])).out).toContain('now has 350');
    expect((await run('list-balances', [])).out).toContain('sam@example.com\t350');
    expect((await run('ban-user', ['sam@example.com', '10'])).out).toContain('Banned sam@example.com until');
    expect((await run('reset-password', ['sam@example.com'], 'second password\n')).code).toBe(0);
    expect((await run('delete-user', ['ivy@example.com'], 'wrong@example.com\n')).code).toBe(1);
    expect((await run('delete-user', ['ivy@example.com', '--yes'])).code).toBe(0);

    const db = openDatabase({ sqlitePath: join(dataDir, 'confab.sqlite') });
    try {
      const users = await db.kysely.selectFrom('users').selectAll().orderBy('email').execute();
      expect(users.map((u) => [u.email, u.role, Boolean(u.banned_until)])).toEqual([
        ['root@example.com', 'ADMIN', false],
        ['sam@example.com', 'USER', true],
      ]);
      const sam = users[1]!;
      expect(sam.username).toBe('sam');
      expect(await verifyPassword(sam.password_hash!, 'second password')).toBe(true);
      expect(await ledgerSum(db.kysely, sam.id)).toBe(350);
      const grant = await db.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('kind', '=', 'admin_grant')
        .executeTakeFirst();
      expect(grant).toMatchObject({ user_id: sam.id, token_value: 250, context: 'Pilot team' });

      const audit = await db.kysely.selectFrom('admin_audit').selectAll().orderBy('created_at').orderBy('id').execute();
      expect(audit.map((a) => [a.action, a.target_label])).toEqual([
        ['user.create', 'root@example.com'],
        ['user.create', 'sam@example.com'],
        ['user.invite', 'ivy@example.com'],
        ['user.credits', 'sam@example.com'],
        ['user.ban', 'sam@example.com'],
        ['user.reset_password', 'sam@example.com'],
        ['user.delete', 'ivy@example.com'],
      ]);
      expect(audit.every((a) => a.actor_id === null && a.actor_label === 'command line')).toBe(true);
    } finally {
      await db.close();
    }
  }, 120_000);
});
