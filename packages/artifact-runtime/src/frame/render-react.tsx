import { Component, type ComponentType, type ReactNode, useEffect } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { ArtifactError, lineOfError, messageOf } from './artifact-error';
import { evaluate, loadImports, pickComponent, transpile } from './compile-react';

export interface RenderOutcome {
  rendered: () => void;
  failed: (error: ArtifactError) => void;
}

interface BoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Catches what the artifact throws while rendering, so React does not unmount the page blank. */
class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Its effect runs after every child committed: the artifact is on screen. */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

let root: Root | null = null;
let container: HTMLElement | null = null;
let renders = 0;

function mount(element: HTMLElement): Root {
  if (!root || container !== element) {
    root?.unmount();
    container = element;
    root = createRoot(element);
  }
  return root;
}

/** Compiles the artifact to its component; throws an ArtifactError (with the line) when it cannot. */
export async function compileComponent(source: string): Promise<ComponentType> {
  const code = transpile(source);
  await loadImports(source);
  try {
    return pickComponent(evaluate(code)) as ComponentType;
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    throw new ArtifactError(messageOf(error), lineOfError(error));
  }
}

/** Renders a compiled component; a fresh tree each time (the code changed, so must its state). */
export function renderComponent(element: HTMLElement, Artifact: ComponentType, outcome: RenderOutcome): void {
  const key = ++renders;
  let settled = false;
  const settle = (fn: () => void) => {
    if (settled) return;
    settled = true;
    fn();
  };
  mount(element).render(
    <Boundary
      key={key}
      onError={(error) => settle(() => outcome.failed(new ArtifactError(messageOf(error), lineOfError(error))))}
    >
      <Committed onCommit={() => settle(outcome.rendered)}>
        <Artifact />
      </Committed>
    </Boundary>,
  );
}

export function unmountReact(): void {
  root?.unmount();
  root = null;
  container = null;
}
