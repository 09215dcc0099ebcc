import { ArtifactError, messageOf } from './artifact-error';

let renders = 0;

/** The 1-based line Mermaid's parser names: its `hash.loc` when it has one, else "line N" in the text. */
function mermaidLine(error: unknown): number | undefined {
  const loc = (error as { hash?: { loc?: { first_line?: number }; line?: number } }).hash;
  if (typeof loc?.loc?.first_line === 'number') return loc.loc.first_line;
  if (typeof loc?.line === 'number') return loc.line + 1;
  const match = /line (\d+)/i.exec(messageOf(error));
  return match ? Number(match[1]) : undefined;
}

/** Draws a Mermaid diagram as SVG into the element; syntax errors come back with their line. */
export async function renderMermaid(element: HTMLElement, source: string, dark: boolean): Promise<void> {
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({
    startOnLoad: false,
    // Strict: labels are sanitised and click bindings to scripts are off.
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    suppressErrorRendering: true,
    fontFamily: 'ui-sans-serif, system-ui, sans-serif',
  });
  const text = source.trim();
  if (!text) throw new ArtifactError('The diagram is empty');
  try {
    await mermaid.parse(text);
  } catch (error) {
    throw new ArtifactError(messageOf(error), mermaidLine(error));
  }
  const id = `confab-mermaid-${++renders}`;
  try {
    const { svg, bindFunctions } = await mermaid.render(id, text);
    element.innerHTML = svg;
    bindFunctions?.(element);
  } catch (error) {
    throw new ArtifactError(messageOf(error), mermaidLine(error));
  } finally {
    // A failed render can leave its scratch element in the body.
    document.getElementById(`d${id}`)?.remove();
  }
}
