import type { FrameLabels } from '../protocol';

const DEFAULT_LABELS: FrameLabels = { errorTitle: 'This preview failed', line: 'Line {{line}}' };

const panel = document.getElementById('artifact-error')!;
const pending = document.getElementById('artifact-pending')!;

/**
 * The error drawn in the frame itself, so a failed preview is never blank: over the last good
 * render as a banner, or alone in the middle when nothing rendered yet.
 */
export function showError(
  message: string,
  line: number | undefined,
  labels: FrameLabels = DEFAULT_LABELS,
  overContent = false,
) {
  const title = document.createElement('p');
  title.className = 'artifact-error-title';
  title.textContent = labels.errorTitle;
  const where = document.createElement('p');
  where.className = 'artifact-error-line';
  where.textContent = line ? labels.line.replace('{{line}}', String(line)) : '';
  const text = document.createElement('pre');
  text.className = 'artifact-error-message';
  text.textContent = message;
  panel.replaceChildren(title, ...(line ? [where] : []), text);
  panel.dataset.placement = overContent ? 'banner' : 'center';
  panel.hidden = false;
}

export function hideError() {
  panel.hidden = true;
  panel.replaceChildren();
}

export function setPending(on: boolean) {
  pending.hidden = !on;
}
