import { Atom, FileCode2, Globe, Image, Workflow, type LucideIcon } from 'lucide-react';
import type { ArtifactKind } from './artifact-kinds';

const ICONS: Record<ArtifactKind, LucideIcon> = {
  html: Globe,
  svg: Image,
  mermaid: Workflow,
  react: Atom,
  other: FileCode2,
};

/** The icon of an artifact's kind (card, panel header). */
export function ArtifactIcon({ kind, className }: { kind: ArtifactKind; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon className={className} aria-hidden />;
}
