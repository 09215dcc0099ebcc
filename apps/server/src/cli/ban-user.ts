import 'dotenv/config';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { readEnv } from '../env.js';
import { banUser } from '../features/account/violations.js';
import { findUserByEmail } from '../features/users/users.repo.js';

/**
 * `npm run ban-user -- <email> <minutes>` (LibreChat's ban-user script): bans the account for
 * that many minutes and ends its sessions; 0 minutes lifts a ban. Uses the server's own env
 * (DATABASE_URL or DATA_DIR), so run it where the server runs.
 */
async function main(): Promise<number> {
  const [email, minutesArg] = process.argv.slice(2);
  const minutes = Number(minutesArg);
  if (!email || minutesArg === undefined || !Number.isFinite(minutes) || minutes < 0) {
    console.error('Usage: npm run ban-user -- <email> <minutes>   (0 lifts a ban)');
    return 2;
  }
  const env = readEnv();
  const db = openDatabase({ url: env.DATABASE_URL, sqlitePath: join(env.DATA_DIR, 'confab.sqlite') });
  try {
    await migrateToLatest(db);
    const user = await findUserByEmail(db.kysely, email);
    if (!user) {
      console.error(`No user with the email ${email}.`);
      process.exitCode = 1;
      return 1;
    }
    const durationMs = Math.round(minutes * 60_000);
    process.exitCode = 0;
    const { bannedUntil } = await banUser(db, user.id, { durationMs, reason: 'ban', lift: durationMs === 0 });
    console.log(bannedUntil ? `Banned ${user.email} until ${bannedUntil}.` : `Lifted any ban of ${user.email}.`);
    return 0;
  } finally {
    await db.close();
  }
}

// The WAL checkpointer's worker may let the process end before close() settles: the exit code
// is set by then.
void main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
