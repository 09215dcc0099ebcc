import type { ReactNode } from 'react';
import { Tooltip } from '../../../components/ui/tooltip';

/** A small icon action under a message, named by its tooltip; thumb-sized (40 px) on touch screens. */
export function MessageActionButton({
  label,
  onClick,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip content={label} side="bottom">
      <button
        type="button"
        onClick={onClick}
        aria-label={label}
        className="focus-ring flex size-8 items-center justify-center rounded-lg text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg [&_svg]:size-[18px] pointer-coarse:size-10"
        data-testid={testId}
      >
        {children}
      </button>
    </Tooltip>
  );
}
