/**
 * The messages between the app (parent) and the preview frame. The frame's origin is opaque, so
 * both sides post with targetOrigin '*' and check `event.source` instead of the origin.
 */

/** Tags every message of ours, so other postMessage traffic (extensions, the artifact itself) is ignored. */
export const ARTIFACT_CHANNEL = 'confab-artifact';

/** Where the server serves the runtime; the frame page is `${ARTIFACT_RUNTIME_PATH}frame.html`. */
export const ARTIFACT_RUNTIME_PATH = '/artifact-runtime/';

/** The artifact types the frame renders, as LibreChat names them. */
export const PREVIEW_TYPES = [
  'text/html',
  'application/vnd.code-html',
  'image/svg+xml',
  'application/vnd.mermaid',
  'application/vnd.react',
] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];

export function isPreviewType(type: string): type is PreviewType {
  return (PREVIEW_TYPES as readonly string[]).includes(type);
}

/** Words the frame shows itself (error panel); the app sends them translated. */
export interface FrameLabels {
  /** Heading of the error panel, e.g. "This preview failed". */
  errorTitle: string;
  /** "Line {{line}}" with `{{line}}` replaced by the frame. */
  line: string;
}

export interface RenderRequest {
  channel: typeof ARTIFACT_CHANNEL;
  type: 'render';
  /** Increases with every post; answers carry it so a late answer to an older post is ignored. */
  seq: number;
  artifactType: string;
  content: string;
  /** While the reply streams: an error in half-written code keeps the last good render, unreported. */
  streaming?: boolean;
  theme?: 'light' | 'dark';
  labels?: FrameLabels;
}

export type FrameMessage =
  | { channel: typeof ARTIFACT_CHANNEL; type: 'ready' }
  | { channel: typeof ARTIFACT_CHANNEL; type: 'rendered'; seq: number }
  | { channel: typeof ARTIFACT_CHANNEL; type: 'error'; seq: number; message: string; line?: number };

export function isFrameMessage(data: unknown): data is FrameMessage {
  return typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === ARTIFACT_CHANNEL;
}
