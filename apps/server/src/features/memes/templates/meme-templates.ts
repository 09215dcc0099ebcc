import type { MemeTemplate } from '@confab/shared';

// Placeholder: the gallery of original meme templates, built by its own part of issue 21.
export function listMemeTemplates(): MemeTemplate[] {
  return [];
}

export function findMemeTemplate(id: string): MemeTemplate | undefined {
  return listMemeTemplates().find((t) => t.id === id);
}

/** The template's picture, 1080×1920 PNG. */
export function memeTemplateImage(_id: string): Promise<Buffer | undefined> {
  return Promise.resolve(undefined);
}
