import type { ReactNode } from 'react';
import { IntentTooltip } from '../../../components/ui/tooltip';

/** The look of a message action; also worn by actions that open a menu (Fork). */
export const MESSAGE_ACTION_BUTTON_CLASS =
  'focus-ring flex size-8 items-center justify-center rounded-lg text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-[18px] pointer-coarse:size-10';

/** A small icon action under a message (or a meme slot), named by its tooltip; thumb-sized (40 px) on touch screens. */
export function MessageActionButton({
  label,
  onClick,
  children,
  testId,
  isDisabled = false,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId: string;
  isDisabled?: boolean;
}) {
  return (
    <IntentTooltip content={label} side="bottom">
      <button
        type="button"
        onClick={onClick}
        disabled={isDisabled}
        aria-label={label}
        className={MESSAGE_ACTION_BUTTON_CLASS}
        data-testid={testId}
      >
        {children}
      </button>
    </IntentTooltip>
  );
}
