import type { AddressObject } from 'mailparser';

/**
 * A real SMTP server (smtp-server) that keeps every mail it receives, parsed (mailparser), for
 * tests and the e2e server. No TLS: the app under test is pointed at it with
 * EMAIL_ENCRYPTION=none. Any login is accepted unless a username and password are given.
 */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) link of the text part (a verification or reset link), if any. */
  link?: string;
  /** Headers as received, lower-case names (Content-Language, say). */
  headers: Record<string, string>;
  receivedAt: number;
}

export interface SmtpSink {
  host: string;
  port: number;
  mails: CaughtMail[];
  /** Resolves with the first mail to `to` (received before or after the call, but after the time `after`, in ms) whose subject matches. */
  waitForMail(to: string, options?: { subject?: RegExp; timeoutMs?: number; after?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.map((a) => (a.address ?? '').toLowerCase())).filter(Boolean);
}

/** The link of a mail, read from the text part so HTML escaping (&amp;) does not get in the way. */
function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"')]+/.exec(text)?.[0];
}

export async function startSmtpSink(
  options: { port?: number; host?: string; username?: string; password?: string } = {},
): Promise<SmtpSink> {
  const host = options.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();

  // Loaded on first use, so programs that import the testkit without a sink don't load them.
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: options.username === undefined,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (
        options.username !== undefined &&
        (auth.username !== options.username || auth.password !== options.password)
      ) {
        callback(new Error('Invalid username or password'));
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const text = parsed.text ?? '';
          const headers: Record<string, string> = {};
          for (const [name, value] of parsed.headers) if (typeof value === 'string') headers[name] = value;
          const mail: CaughtMail = {
            to: envelopeTo.length > 0 ? envelopeTo : addressesOf(parsed.to),
            from: addressesOf(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers,
            receivedAt: Date.now(),
          };
          const link = firstLink(text);
          if (link) mail.link = link;
          mails.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    host,
    port,
    mails,
    waitForMail(to, { subject, timeoutMs = 5000, after = 0 } = {}) {
      const wanted = to.toLowerCase();
      const find = () =>
        mails.find((m) => m.receivedAt > after && m.to.includes(wanted) && (!subject || subject.test(m.subject)));
      return new Promise<CaughtMail>((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to}${subject ? ` matching ${String(subject)}` : ''} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
