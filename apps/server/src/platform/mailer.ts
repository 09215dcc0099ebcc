import { DEFAULT_APP_TITLE } from '@confab/shared';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Env } from '../env.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** BCP 47 tag of the mail's language (the Content-Language header). */
  language?: string;
}

/** The one way the server sends mail (issue 22). Platform: it knows no feature's mails. */
export interface Mailer {
  /** Mail is configured (SPEC 3's emailEnabled); when false, `send` refuses. */
  readonly isConfigured: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** LibreChat's rule, relaxed for a local relay: a service or a host, and a sender. */
export function isEmailConfigured(env: Env): boolean {
  return Boolean((env.EMAIL_SERVICE || env.EMAIL_HOST) && env.EMAIL_FROM);
}

/**
 * LibreChat's mapping of its EMAIL_* env to nodemailer (api/server/utils/sendEmail.js):
 * EMAIL_SERVICE wins over EMAIL_HOST/EMAIL_PORT (25 by default); "tls" is implicit TLS,
 * "starttls" requires the upgrade (LibreChat spells the option `requireTls`, which nodemailer
 * ignores; `requireTLS` is what it meant), and "none" never upgrades, which LibreChat cannot
 * express. Credentials only when given, so an open relay on the LAN works.
 */
export function transportOptionsOf(env: Env): SMTPTransport.Options {
  const encryption = env.EMAIL_ENCRYPTION || undefined;
  const options: SMTPTransport.Options = {
    secure: encryption === 'tls',
    requireTLS: encryption === 'starttls',
    ignoreTLS: encryption === 'none',
    tls: {
      rejectUnauthorized: !(env.EMAIL_ALLOW_SELFSIGNED ?? false),
      ...(env.EMAIL_ENCRYPTION_HOSTNAME ? { servername: env.EMAIL_ENCRYPTION_HOSTNAME } : {}),
    },
    // A mail server that hangs must not keep a queued send (and the shutdown) waiting for minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
  if (env.EMAIL_USERNAME || env.EMAIL_PASSWORD) {
    options.auth = { user: env.EMAIL_USERNAME ?? '', pass: env.EMAIL_PASSWORD ?? '' };
  }
  if (env.EMAIL_SERVICE) options.service = env.EMAIL_SERVICE;
  else {
    options.host = env.EMAIL_HOST ?? '';
    options.port = env.EMAIL_PORT ?? 25;
  }
  return options;
}

/** nodemailer over LibreChat's EMAIL_* env; the From name is EMAIL_FROM_NAME, else the app title. */
export function createMailer(env: Env): Mailer {
  if (!isEmailConfigured(env)) {
    return {
      isConfigured: false,
      send: () => Promise.reject(new Error('Mail is not configured (EMAIL_SERVICE or EMAIL_HOST, and EMAIL_FROM)')),
      close: () => Promise.resolve(),
    };
  }
  const fromAddress = env.EMAIL_FROM ?? '';
  const fromName = env.EMAIL_FROM_NAME || env.APP_TITLE || DEFAULT_APP_TITLE;
  let transporter: Transporter<SMTPTransport.SentMessageInfo> | undefined;
  return {
    isConfigured: true,
    async send(mail) {
      // nodemailer loads with the first mail: most servers send none (bench/README.md, "Server RSS idle").
      const { default: nodemailer } = await import('nodemailer');
      transporter ??= nodemailer.createTransport(transportOptionsOf(env));
      await transporter.sendMail({
        from: { name: fromName, address: fromAddress },
        to: mail.to,
        // The envelope carries bare addresses, as LibreChat sends it.
        envelope: { from: fromAddress, to: mail.to },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.language ? { headers: { 'Content-Language': mail.language } } : {}),
      });
    },
    close() {
      transporter?.close();
      return Promise.resolve();
    },
  };
}
