import { startSmtpSink, type CaughtMail, type SmtpSink } from '@confab/testkit';
import type { Dialect } from '../src/db/database.js';
import { TestClient } from './http-client.js';
import { startTestServer, type TestServer } from './test-server.js';

export const PASSWORD = 'correct horse battery';

/** The env that points the server at a test's SMTP sink, the way an administrator sets LibreChat's. */
export function mailEnvOf(sink: SmtpSink): Record<string, string> {
  return {
    EMAIL_HOST: sink.host,
    EMAIL_PORT: String(sink.port),
    EMAIL_ENCRYPTION: 'none',
    EMAIL_FROM: 'noreply@confab.test',
    EMAIL_FROM_NAME: 'Confab Test',
  };
}

export interface MailedServer {
  server: TestServer;
  sink: SmtpSink;
  client(): TestClient;
  close(): Promise<void>;
}

/** A server on `dialect` that mails through a real SMTP sink started for it. */
export async function startMailedServer(dialect: Dialect, env: Record<string, string> = {}): Promise<MailedServer> {
  const sink = await startSmtpSink();
  const server = await startTestServer({
    dialect,
    env: {
      ALLOW_PASSWORD_RESET: 'true',
      DOMAIN_CLIENT: 'http://app.confab.test',
      // Every request of a test comes from 127.0.0.1: the limits have tests of their own.
      VERIFY_EMAIL_MAX: '1000',
      RESET_PASSWORD_MAX: '1000',
      ...mailEnvOf(sink),
      ...env,
    },
  });
  return {
    server,
    sink,
    client: () => new TestClient(server.baseUrl),
    async close() {
      await server.close();
      await sink.close();
    },
  };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export function registrationOf(email: string, name = 'Mail Tester') {
  return { name, email, password: PASSWORD, confirm_password: PASSWORD };
}

/** The query of a mailed link, parsed. */
export function paramsOf(mail: CaughtMail): URLSearchParams {
  if (!mail.link) throw new Error(`The mail "${mail.subject}" has no link`);
  return new URL(mail.link).searchParams;
}

/** Waits long enough for a queued mail to have gone out, then says whether any reached `to`. */
export async function hasMailTo(sink: SmtpSink, to: string, after: number, subject?: RegExp): Promise<boolean> {
  return sink.waitForMail(to, { after, timeoutMs: 400, ...(subject ? { subject } : {}) }).then(
    () => true,
    () => false,
  );
}
