import { Plug, Wrench } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** A tool's icon (its plugin icon when it has one), an MCP plug for server tools, else a wrench. */
export function ToolIcon({ icon, isMcp, className }: { icon?: string | null; isMcp?: boolean; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = cn('size-8 shrink-0 rounded-lg', className);
  if (icon && !failed && /^(https?:\/\/|\/|data:image\/)/.test(icon)) {
    return <img src={icon} alt="" className={cn(box, 'bg-surface-tertiary object-cover')} onError={() => setFailed(true)} />;
  }
  const Glyph = isMcp ? Plug : Wrench;
  return (
    <span className={cn(box, 'inline-flex items-center justify-center bg-surface-tertiary text-fg-secondary')} aria-hidden>
      <Glyph className="size-4" />
    </span>
  );
}
