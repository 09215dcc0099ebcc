import type { OutgoingMail } from '../../platform/mailer.js';
import type { MailLanguage } from './mail-language.js';
import { MAIL_STRINGS, type MailKind } from './mail-strings.js';

export interface MailInput {
  kind: MailKind;
  language: MailLanguage;
  to: string;
  appTitle: string;
  /** The person's name; the greeting goes without it when empty. */
  name: string;
  /** Where the button leads (the verification or reset link, the sign-in page). */
  link: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and for a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

// Names come from people: no line breaks into the text part, and a bound on what a stranger can
// make a mail to someone else say (the "someone tried to register" notice carries no name).
function cleanName(name: string): string {
  return name
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, 80);
}

function fill(template: string, vars: { app: string; name: string }): string {
  return template.replace(/\{(app|name)\}/g, (_, key: 'app' | 'name') => vars[key]);
}

/** One mail of issue 22, as text and as HTML, in the person's language. */
export function renderMail(input: MailInput): OutgoingMail {
  const strings = MAIL_STRINGS[input.language];
  const mail = strings.mails[input.kind];
  const vars = { app: input.appTitle, name: cleanName(input.name) };
  const t = (template: string) => fill(template, vars);
  const greeting = vars.name ? t(strings.greeting) : t(strings.greetingNoName);
  const subject = t(mail.subject).replace(/[\r\n]+/g, ' ');

  const text = [
    greeting,
    ...mail.intro.map(t),
    `${t(mail.button)}: ${input.link}`,
    ...mail.outro.map(t),
    '—',
    t(strings.footer),
  ].join('\n\n');

  const paragraph = (s: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:24px;color:#3f3f46">${escapeHtml(s)}</p>`;
  const note = (s: string) =>
    `<p style="margin:0 0 12px;font-size:13px;line-height:20px;color:#71717a">${escapeHtml(s)}</p>`;
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid #e4e4e7;border-radius:16px">
<tr><td style="padding:28px 32px 8px;font-size:17px;font-weight:600;color:#18181b">${escapeHtml(input.appTitle)}</td></tr>
<tr><td style="padding:16px 32px 8px">
<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;font-weight:600;color:#18181b">${escapeHtml(subject)}</h1>
${paragraph(greeting)}
${mail.intro.map((s) => paragraph(t(s))).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:10px;background:#18181b">
<a href="${link}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(t(mail.button))}</a>
</td></tr></table>
${mail.outro.map((s) => note(t(s))).join('\n')}
${note(t(strings.linkFallback))}
<p style="margin:0 0 24px;font-size:13px;line-height:20px;word-break:break-all"><a href="${link}" style="color:#2563eb">${link}</a></p>
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e4e4e7;font-size:12px;line-height:18px;color:#a1a1aa">${escapeHtml(t(strings.footer))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { to: input.to, subject, text, html, language: input.language };
}
