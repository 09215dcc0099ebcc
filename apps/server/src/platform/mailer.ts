import type { Env } from '../env.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
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

/** PLACEHOLDER (issue 22, email helper): nodemailer over LibreChat's EMAIL_* env. */
export function createMailer(env: Env): Mailer {
  return {
    isConfigured: isEmailConfigured(env),
    send: () => Promise.reject(new Error('Mail is not implemented yet')),
    close: () => Promise.resolve(),
  };
}
