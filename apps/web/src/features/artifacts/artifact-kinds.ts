import { ARTIFACT_TYPES } from '@confab/shared';

/** What the card and the panel call a type, how it downloads, how its code is highlighted. */
export type ArtifactKind = 'html' | 'svg' | 'mermaid' | 'react' | 'other';

export function kindOf(type: string): ArtifactKind {
  switch (type) {
    case ARTIFACT_TYPES.html:
    case ARTIFACT_TYPES.codeHtml:
      return 'html';
    case ARTIFACT_TYPES.svg:
      return 'svg';
    case ARTIFACT_TYPES.mermaid:
      return 'mermaid';
    case ARTIFACT_TYPES.react:
      return 'react';
    default:
      return 'other';
  }
}

const FILES: Record<ArtifactKind, { extension: string; mime: string; language: string }> = {
  html: { extension: 'html', mime: 'text/html', language: 'html' },
  svg: { extension: 'svg', mime: 'image/svg+xml', language: 'xml' },
  mermaid: { extension: 'mmd', mime: 'text/plain', language: 'mermaid' },
  react: { extension: 'tsx', mime: 'text/plain', language: 'tsx' },
  other: { extension: 'txt', mime: 'text/plain', language: 'plaintext' },
};

/**
 * The file an artifact downloads as: its title made a file name, the extension of its type.
 * @example artifactFileName('My Chart: Q3!', 'application/vnd.react') // 'my-chart-q3.tsx'
 */
export function artifactFileName(title: string, type: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'artifact';
  return `${base}.${FILES[kindOf(type)].extension}`;
}

/** The MIME type of an artifact's download (code types download as text, so nothing runs them). */
export function artifactMimeType(type: string): string {
  return `${FILES[kindOf(type)].mime};charset=utf-8`;
}

/** The language the code view highlights the artifact as. */
export function artifactLanguage(type: string): string {
  return FILES[kindOf(type)].language;
}
