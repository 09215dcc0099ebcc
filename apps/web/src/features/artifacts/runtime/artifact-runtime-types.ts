import { isPreviewType } from '@confab/artifact-runtime/protocol';

export type { PreviewType as ArtifactPreviewType } from '@confab/artifact-runtime/protocol';

/** What the preview frame reports to its host; `line` is 1-based in the artifact's content. */
export type ArtifactFrameStatus =
  { state: 'loading' } | { state: 'rendered' } | { state: 'error'; message: string; line?: number };

/** Whether the runtime can preview artifacts of this type (HTML, SVG, Mermaid, React). */
export function isPreviewableArtifactType(type: string): boolean {
  return isPreviewType(type);
}
