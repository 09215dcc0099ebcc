import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { DEFAULT_APP_TITLE } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from '../config/config-schema.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { migrateToLatest, openDatabase, type Db } from '../db/database.js';
import { readEnv, type Env } from '../env.js';
import { renderMail } from '../features/account-email/mail-templates.js';
import { AdminUsersService } from '../features/admin/users/admin-users.service.js';
import { FilesService } from '../features/files/files.service.js';
import { findUserByEmail, type UserRow } from '../features/users/users.repo.js';
import { createMailer } from '../platform/mailer.js';
import { createStorage } from '../platform/storage/create-storage.js';

/**
 * What every administration script (LibreChat's `npm run create-user` and friends) works with:
 * the server's own env and config.yaml, its database and stores, and the Admin → Users service,
 * so a script records its audit row (actor: command line) exactly as the web's actions do.
 * Run a script where the server runs: it uses DATABASE_URL or DATA_DIR as the server does.
 */
export interface CliContext {
  env: Env;
  config: AppConfig;
  db: Db;
  users: AdminUsersService;
  /** Positional arguments. */
  args: string[];
  /** `--name=value` and `--flag` options. */
  options: Map<string, string>;
  /** The account with that email; none ends the script with "No user with the email …" (exit 1). */
  findUser(email: string): Promise<UserRow>;
}

// As `npm start` does: .env and the default ./data are found from the repository root, wherever
// the script was started (npm runs a workspace's scripts in its own folder).
process.chdir(resolve(dirname(fileURLToPath(import.meta.url)), '../../../..'));
dotenv.config({ quiet: true });

/** Thrown for a wrong call: printed with the script's usage, exit code 2. */
export class UsageError extends Error {}

/** Thrown when the script cannot do what it was asked: its message is printed, exit code 1. */
export class CliFailure extends Error {}

function parseArgs(argv: string[]): { args: string[]; options: Map<string, string> } {
  const args: string[] = [];
  const options = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (match?.[1]) options.set(match[1], match[2] ?? 'true');
    else args.push(arg);
  }
  return { args, options };
}

/** A boolean option: `--flag`, `--flag=true`, `--flag=false`. */
export function flag(options: Map<string, string>, name: string, fallback: boolean): boolean {
  const value = options.get(name);
  if (value === undefined) return fallback;
  return !['false', '0', 'no'].includes(value.toLowerCase());
}

/**
 * A line typed by the person (a password), hidden when typed at a terminal; read from stdin when
 * piped, so the scripts also run unattended (`echo "$PASSWORD" | npm run reset-password -- a@b.c`).
 */
export async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    process.stdout.write(prompt);
    // Typed characters are not echoed: only the prompt is written.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
    rl.once('line', (line) => {
      rl.close();
      process.stdout.write('\n');
      resolve(line);
    });
  });
}

/** Runs one script: opens everything, runs `body`, closes, and sets the exit code it returns. */
export function runCli(usage: string, body: (ctx: CliContext) => Promise<number>): void {
  const main = async (): Promise<number> => {
    const env = readEnv();
    const config = loadConfig(env.CONFIG_PATH);
    const db = openDatabase({ url: env.DATABASE_URL, sqlitePath: join(env.DATA_DIR, 'confab.sqlite') });
    const mailer = createMailer(env);
    const storage = createStorage(env, config);
    try {
      await migrateToLatest(db);
      const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
      const appTitle = env.APP_TITLE || config.appTitle || DEFAULT_APP_TITLE;
      const clientOrigin = env.DOMAIN_CLIENT ?? env.DOMAIN_SERVER ?? `http://${env.HOST}:${env.PORT}`;
      const pendingMail: Promise<void>[] = [];
      const users = new AdminUsersService({
        db,
        config,
        files: new FilesService(db, storage, log),
        clientOrigin,
        mailInvite: mailer.isConfigured
          ? (user, link) => {
              pendingMail.push(
                mailer.send(renderMail({ kind: 'invite', language: 'en', to: user.email, appTitle, name: '', link })),
              );
            }
          : undefined,
      });
      const { args, options } = parseArgs(process.argv.slice(2));
      const code = await body({
        env,
        config,
        db,
        users,
        args,
        options,
        findUser: async (email) => {
          const user = await findUserByEmail(db.kysely, email);
          if (!user) throw new CliFailure(`No user with the email ${email}.`);
          return user;
        },
      });
      // A mail that fails is reported: the invitation stands, its link can be made again.
      await Promise.all(pendingMail);
      return code;
    } finally {
      await mailer.close();
      await storage.close?.();
      await db.close();
    }
  };
  // The WAL checkpointer's worker may let the process end before close() settles: the exit
  // code is set by then.
  void main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(err.message ? `${err.message}\n${usage}` : usage);
        process.exitCode = 2;
        return;
      }
      if (err instanceof CliFailure) {
        console.error(err.message);
        process.exitCode = 1;
        return;
      }
      console.error(err instanceof ConfigError || (err as { code?: string }).code ? (err as Error).message : err);
      process.exitCode = 1;
    },
  );
}
