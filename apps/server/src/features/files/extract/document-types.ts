const OOXML = 'application/vnd.openxmlformats-officedocument.';

/** The heavy formats with an extractor, by their server-derived type (kept apart from the extractors so checking a type loads none of them). */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  docx: `${OOXML}wordprocessingml.document`,
  xlsx: `${OOXML}spreadsheetml.sheet`,
  pptx: `${OOXML}presentationml.presentation`,
  epub: 'application/epub+zip',
} as const;

export type DocumentKind = keyof typeof DOCUMENT_TYPES;

export function documentKind(type: string): DocumentKind | undefined {
  return (Object.keys(DOCUMENT_TYPES) as DocumentKind[]).find((kind) => DOCUMENT_TYPES[kind] === type);
}
