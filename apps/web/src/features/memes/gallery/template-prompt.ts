import type { MemeTemplate } from '@confab/shared';

/**
 * The composer text a gallery choice starts: it names the template by `template:<id>`, the
 * source the image tool reads, and ends with "about " so the user types the subject. The
 * wording is fixed English on purpose: it is an instruction the model reads, and the model
 * answers in the user's language anyway.
 */
export function templatePromptPrefix(template: Pick<MemeTemplate, 'id' | 'name'>): string {
  return `Make a meme with the "${template.name}" template (template:${template.id}) about `;
}

const EARLIER_CHOICE = /^Make a meme with the ".*?" template \(template:[a-z0-9-]+\) about /;

/**
 * The composer's new text once a template is chosen: a subject the user already typed is kept
 * after the prefix, and an earlier choice's prefix is replaced rather than repeated.
 */
export function composeTemplatePrompt(template: Pick<MemeTemplate, 'id' | 'name'>, currentText: string): string {
  const subject = currentText.replace(EARLIER_CHOICE, '').trimStart();
  return templatePromptPrefix(template) + subject;
}
