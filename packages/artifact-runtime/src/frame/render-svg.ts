import { ArtifactError } from './artifact-error';

/** Shows an SVG document as live DOM (so it scales with the frame); a malformed one fails with its line. */
export function renderSvg(element: HTMLElement, source: string): void {
  const parsed = new DOMParser().parseFromString(source.trim(), 'image/svg+xml');
  const problem = parsed.querySelector('parsererror');
  if (problem) {
    const text = problem.textContent ?? '';
    const line = /line (\d+)/i.exec(text);
    const detail = /line \d+ at column \d+:\s*(.+)/i.exec(text)?.[1] ?? 'The SVG is not well formed';
    throw new ArtifactError(detail.trim(), line ? Number(line[1]) : undefined);
  }
  const svg = parsed.documentElement;
  if (svg.localName !== 'svg') throw new ArtifactError('The artifact is not an <svg> document');
  element.replaceChildren(document.importNode(svg, true));
}
