import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { transportOptionsOf } from '../../platform/mailer.js';
import { languageOfAcceptHeader } from './mail-language.js';
import { MAIL_STRINGS } from './mail-strings.js';
import { renderMail } from './mail-templates.js';

const envOf = (vars: Record<string, string>) => readEnv({ DATA_DIR: '/tmp', ...vars });

describe("LibreChat's EMAIL_* env as nodemailer options", () => {
  it('maps tls to implicit TLS, starttls to a required upgrade and none to no upgrade at all', () => {
    const base = { EMAIL_HOST: 'smtp.example.com', EMAIL_FROM: 'a@example.com' };
    expect(transportOptionsOf(envOf({ ...base, EMAIL_ENCRYPTION: 'tls' }))).toMatchObject({
      secure: true,
      requireTLS: false,
      ignoreTLS: false,
    });
    expect(transportOptionsOf(envOf({ ...base, EMAIL_ENCRYPTION: 'starttls' }))).toMatchObject({
      secure: false,
      requireTLS: true,
    });
    expect(transportOptionsOf(envOf({ ...base, EMAIL_ENCRYPTION: 'none' }))).toMatchObject({
      secure: false,
      ignoreTLS: true,
    });
    // Unset: nodemailer upgrades when the server offers it, as LibreChat does.
    expect(transportOptionsOf(envOf(base))).toMatchObject({
      secure: false,
      requireTLS: false,
      ignoreTLS: false,
      host: 'smtp.example.com',
      port: 25,
    });
  });

  it('prefers EMAIL_SERVICE, sends credentials only when given, and checks certificates unless told not to', () => {
    const service = transportOptionsOf(
      envOf({ EMAIL_SERVICE: 'gmail', EMAIL_HOST: 'ignored', EMAIL_USERNAME: 'u', EMAIL_PASSWORD: 'p' }),
    );
    expect(service).toMatchObject({ service: 'gmail', auth: { user: 'u', pass: 'p' } });
    expect(service.host).toBeUndefined();
    const open = transportOptionsOf(envOf({ EMAIL_HOST: 'relay', EMAIL_PORT: '2525' }));
    expect(open.auth).toBeUndefined();
    expect(open).toMatchObject({ port: 2525, tls: { rejectUnauthorized: true } });
    const selfSigned = transportOptionsOf(
      envOf({ EMAIL_HOST: 'relay', EMAIL_ALLOW_SELFSIGNED: 'true', EMAIL_ENCRYPTION_HOSTNAME: 'mail.lan' }),
    );
    expect(selfSigned.tls).toEqual({ rejectUnauthorized: false, servername: 'mail.lan' });
  });
});

describe('the language of a mail', () => {
  it.each([
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['ja, de;q=0.2, es;q=0.5', 'es'],
    ['en-GB', 'en'],
    ['ja, zh;q=0.5', undefined],
    ['de;q=0, fr', 'fr'],
    ['', undefined],
  ])('%j reads %s', (header, language) => {
    expect(languageOfAcceptHeader(header)).toBe(language);
  });
});

describe('the mails', () => {
  it('have every text in every language', () => {
    const shape = (language: keyof typeof MAIL_STRINGS) =>
      Object.entries(MAIL_STRINGS[language].mails).map(([kind, m]) => [kind, m.intro.length, m.outro.length]);
    for (const language of ['de', 'fr', 'es'] as const) expect(shape(language)).toEqual(shape('en'));
  });

  it('escape what they insert into the HTML, and keep names out of the headers', () => {
    const mail = renderMail({
      kind: 'verify_email',
      language: 'en',
      to: 'a@example.com',
      appTitle: 'Chat <img src=x onerror=alert(1)>',
      name: 'Eve\r\nBcc: victim@example.com',
      link: 'https://app.example.com/verify?token=a"b&email=c',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Chat &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://app.example.com/verify?token=a&quot;b&amp;email=c"');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Hi Eve Bcc: victim@example.com,');
  });
});
