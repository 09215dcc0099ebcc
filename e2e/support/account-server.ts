/**
 * A second Confab server for the account-security specs (issue 22). The shared e2e server keeps
 * its plain registration (other specs sign up through the UI); this one turns on, per spec, only
 * what that spec needs: a mail server that catches every mail, password reset, an OpenID provider,
 * the terms modal. It listens on `localhost` (passkeys refuse an IP address as the relying party)
 * on a free port, with its own data folder, and serves the web app the e2e run already built.
 *
 * Specs use `accountTest` with `test.use({ accountServer: {...} })`: a worker fixture starts the
 * server (a spec whose describes ask for different options gets one worker, and one server, each)
 * and `baseURL` (so `page.goto('/login')` and `request`) points at it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import {
  startOidcTestProvider,
  startSmtpSink,
  type OidcTestAccount,
  type OidcTestProvider,
  type SmtpSink,
} from '@confab/testkit';

export interface AccountServerOptions {
  /** Catch mail with the testkit SMTP sink (EMAIL_* env); `allowUnverifiedLogin` sets ALLOW_UNVERIFIED_EMAIL_LOGIN. */
  mail?: { allowUnverifiedLogin: boolean };
  /** ALLOW_PASSWORD_RESET. */
  passwordReset?: boolean;
  /** Sign in through the testkit OpenID provider, which knows these accounts. */
  openid?: { accounts: OidcTestAccount[]; autoRedirect?: boolean; buttonLabel?: string };
  /** interface.termsOfService with the acceptance modal. */
  terms?: { title: string; content: string };
  /** Anything else (wins over the above). */
  env?: Record<string, string>;
  /** More top-level config.yaml sections (YAML text), appended as they are. */
  extraConfig?: string;
  /**
   * No endpoint at all, as on a fresh machine: the first administrator is sent to the setup
   * screen. Otherwise one endpoint nobody calls is configured, so the account flows land on the
   * chat. A spec whose `extraConfig` has its own `endpoints:` section sets this too (YAML keys
   * are unique).
   */
  withoutEndpoints?: boolean;
}

export interface AccountServer {
  /** http://localhost:<port> */
  url: string;
  port: number;
  dataDir: string;
  /** Present when `mail` was asked for. */
  mail?: SmtpSink;
  /** Present when `openid` was asked for. */
  oidc?: OidcTestProvider;
  close(): Promise<void>;
}

const repoRoot = new URL('../../', import.meta.url).pathname;
const OIDC_CLIENT = { client_id: 'confab-e2e', client_secret: 'confab-e2e-secret-0123456789abcdef' };

/** A port nobody listens on right now (the OS picks it), for servers that must know their URL before they start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A private copy of the built web app: a `vite build` run elsewhere in the repo meanwhile empties
 * apps/web/dist, and a server reading it then answers 404 for the app. A copy taken mid-build
 * misses files index.html names, so it is taken again until it is whole.
 */
async function snapshotWebDist(dest: string): Promise<void> {
  const source = join(repoRoot, 'apps/web/dist');
  const deadline = Date.now() + 60_000;
  for (;;) {
    rmSync(dest, { recursive: true, force: true });
    try {
      cpSync(source, dest, { recursive: true });
      const index = readFileSync(join(dest, 'index.html'), 'utf8');
      const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length > 0 && assets.every((asset) => existsSync(join(dest, asset)))) return;
    } catch {
      // Mid-build: try again.
    }
    if (Date.now() > deadline) throw new Error(`No complete web build in ${source}: run npm run build -w apps/web`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function configYaml(options: AccountServerOptions): string {
  const lines = ['version: 1.2.5'];
  if (options.terms) {
    lines.push(
      'interface:',
      '  termsOfService:',
      '    modalAcceptance: true',
      `    modalTitle: ${JSON.stringify(options.terms.title)}`,
      `    modalContent: ${JSON.stringify(options.terms.content)}`,
    );
  }
  if (!options.withoutEndpoints) {
    lines.push(
      'endpoints:',
      '  custom:',
      '    - name: Unused',
      '      apiKey: sk-unused',
      '      baseURL: http://127.0.0.1:9/v1',
      '      models:',
      '        default: [unused-model]',
    );
  }
  if (options.extraConfig) lines.push(options.extraConfig.trimEnd());
  return `${lines.join('\n')}\n`;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The account server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The account server did not answer /health in 45 s:\n${output()}`);
}

export async function startAccountServer(options: AccountServerOptions = {}): Promise<AccountServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-e2e-account-'));
  const configPath = join(dataDir, 'config.yaml');
  writeFileSync(configPath, configYaml(options));
  const webDist = join(dataDir, 'web');
  await snapshotWebDist(webDist);

  const env: Record<string, string> = {
    DATABASE_URL: '',
    REDIS_URI: '',
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    CONFIG_PATH: configPath,
    WEB_DIST: webDist,
    DOMAIN_SERVER: url,
    DOMAIN_CLIENT: url,
    LOG_LEVEL: 'warn',
    REGISTER_MAX: '1000',
    LOGIN_IP_MAX: '1000',
    LOGIN_MAX: '1000',
    ALLOW_PASSWORD_RESET: options.passwordReset ? 'true' : 'false',
  };

  let mail: SmtpSink | undefined;
  let oidc: OidcTestProvider | undefined;
  const closeHelpers = async () => {
    await Promise.allSettled([mail?.close(), oidc?.close()]);
  };
  try {
    if (options.mail) {
      mail = await startSmtpSink({ host: '127.0.0.1' });
      Object.assign(env, {
        EMAIL_HOST: '127.0.0.1',
        EMAIL_PORT: String(mail.port),
        EMAIL_ENCRYPTION: 'none',
        EMAIL_FROM: 'confab@example.com',
        EMAIL_FROM_NAME: 'Confab',
        ALLOW_UNVERIFIED_EMAIL_LOGIN: String(options.mail.allowUnverifiedLogin),
      });
    }
    if (options.openid) {
      oidc = await startOidcTestProvider({
        host: '127.0.0.1',
        clients: [{ ...OIDC_CLIENT, redirect_uris: [`${url}/oauth/openid/callback`] }],
        accounts: options.openid.accounts,
      });
      Object.assign(env, {
        OPENID_ISSUER: oidc.issuer,
        OPENID_CLIENT_ID: OIDC_CLIENT.client_id,
        OPENID_CLIENT_SECRET: OIDC_CLIENT.client_secret,
        OPENID_AUTO_REDIRECT: options.openid.autoRedirect ? 'true' : 'false',
        ALLOW_SOCIAL_LOGIN: 'true',
        ALLOW_SOCIAL_REGISTRATION: 'true',
        ...(options.openid.buttonLabel ? { OPENID_BUTTON_LABEL: options.openid.buttonLabel } : {}),
      });
    }
  } catch (err) {
    await closeHelpers();
    throw err;
  }
  Object.assign(env, options.env);

  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await closeHelpers();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);
  } catch (err) {
    await close();
    throw err;
  }
  if (process.env.E2E_ACCOUNT_SERVER_LOG) child.stderr?.pipe(process.stderr);
  return { url, port, dataDir, mail, oidc, close };
}

/**
 * `test` for the account specs: `test.use({ accountServer: {...} })` picks the server's options,
 * `server` is the running server, and baseURL points at it.
 */
export const accountTest = base.extend<object, { accountServer: AccountServerOptions; server: AccountServer }>({
  accountServer: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ accountServer }, use) => {
      const server = await startAccountServer(accountServer);
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});
