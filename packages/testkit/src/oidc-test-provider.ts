// oidc-provider ships no types: this brings its local declaration into every program importing the testkit.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OidcContext, OidcProvider } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for tests and the e2e server. Its sign-in page
 * takes an account's `sub` as the login name (any password) and grants consent by itself, so a
 * sign-in is: authorize → the form → back to the client's redirect URI. PKCE (S256) is required.
 *
 * Form selectors (stable, for Playwright and fetch-driven tests): `form#oidc-login`,
 * `input[name="login"]`, `input[name="password"]`, `button[type="submit"]`, and `a#oidc-cancel`
 * (ends the request with `error=access_denied`).
 */
export interface OidcTestAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  picture?: string;
}

export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcTestProvider {
  /** The issuer URL (discovery at `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  close(): Promise<void>;
}

const INTERACTION = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/;

export async function startOidcTestProvider(options: {
  port?: number;
  host?: string;
  clients: OidcTestClient[];
  accounts: OidcTestAccount[];
}): Promise<OidcTestProvider> {
  const host = options.host ?? '127.0.0.1';
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const ready: { provider?: OidcProvider; callback?: (req: IncomingMessage, res: ServerResponse) => void } = {};

  // The issuer must name the real port, so the server listens first and the provider is built after.
  const server = createServer((req, res) => {
    const { provider, callback } = ready;
    if (!provider || !callback) return void res.writeHead(503).end();
    const match = INTERACTION.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (!match) return callback(req, res);
    handleInteraction(provider, accounts, req, res, match[2]).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(err instanceof Error ? err.message : 'interaction failed');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Loaded on first use: every program importing the testkit would otherwise load it (and print
  // its warning about Node 20) without starting a provider.
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'oidc-test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'picture'],
    },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ ...account, email_verified: account.email_verified ?? false }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // A first-party test provider: consent is implied, so a sign-in is one form.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: op } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return op.Grant.find(grantId);
      const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  ready.provider = provider;
  ready.callback = provider.callback();

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handleInteraction(
  provider: OidcProvider,
  accounts: Map<string, OidcTestAccount>,
  req: IncomingMessage,
  res: ServerResponse,
  action: string | undefined,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (action === '/abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (action === '/login' && req.method === 'POST') {
    const login = new URLSearchParams(await readBody(req)).get('login')?.trim() ?? '';
    if (!accounts.has(login)) return sendLoginPage(res, details.uid, `No test account "${login}".`);
    await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    return;
  }
  sendLoginPage(res, details.uid);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendLoginPage(res: ServerResponse, uid: string, error?: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test identity provider</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:32px;border-radius:12px;box-shadow:0 1px 3px #0002;width:300px;display:grid;gap:12px}
h1{font-size:20px;margin:0 0 8px}input{font:inherit;padding:10px;border:1px solid #ccc;border-radius:8px}
button{font:inherit;padding:10px;border:0;border-radius:8px;background:#2563eb;color:#fff;cursor:pointer}
.error{color:#b91c1c;margin:0}a{color:#555;font-size:14px;text-align:center}
</style></head><body>
<form id="oidc-login" method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<h1>Test identity provider</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="login">Login (the account's sub)</label>
<input id="login" name="login" required autofocus>
<label for="password">Password (anything)</label>
<input id="password" name="password" type="password">
<button type="submit">Sign in</button>
<a id="oidc-cancel" href="/interaction/${escapeHtml(uid)}/abort">Cancel</a>
</form></body></html>`);
}
