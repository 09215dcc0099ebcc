/**
 * PLACEHOLDER (issue 22, email helper): a real SMTP server (smtp-server) that keeps every mail it
 * receives, parsed (mailparser), for tests and the e2e server.
 */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) link of the text part (a verification or reset link), if any. */
  link?: string;
}

export interface SmtpSink {
  host: string;
  port: number;
  mails: CaughtMail[];
  /** Resolves with the first mail to `to` (received before or after the call) whose subject matches. */
  waitForMail(to: string, options?: { subject?: RegExp; timeoutMs?: number; after?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(
  _options: { port?: number; host?: string; username?: string; password?: string } = {},
): Promise<SmtpSink> {
  throw new Error('startSmtpSink is not implemented yet');
}
