import type { ModelSettings } from '@confab/shared';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectEscapeToNewest } from '../../components/ui/dialog-escape';
import { useFocusReturn } from '../../components/ui/use-focus-return';
import { PanelSpinner } from '../../components/ui/panel-spinner';
import type { EndpointsConfig } from '../chat/api/chat-api';
import type { ModelSelection } from '../chat/header/model-selection';
import { setParametersPanelOpen, useParametersPanelStore } from './parameters-panel-store';
import { useMediaQuery } from './use-media-query';
import { useParametersEnabled } from './use-parameters-enabled';

// The rows load the first time the panel opens, not with the chat (issue 26).
const PanelBody = lazy(async () => ({ default: (await import('./parameters-panel-body')).PanelBody }));

export interface ParametersPanelProps {
  conversationKey: string;
  selection: ModelSelection | null;
  /** The settings the next send uses (stored plus changed). */
  settings: ModelSettings;
  endpoints: EndpointsConfig | undefined;
}

/**
 * The model parameters of the current conversation (SPEC 5 ranges and defaults, per family):
 * a right-hand panel on wide screens, a sheet on small ones; hidden when interface.parameters
 * is off. Changes apply to the next sends, and the server keeps them with the conversation.
 */
export function ParametersPanel(props: ParametersPanelProps) {
  const { t } = useTranslation('parameters');
  const isEnabled = useParametersEnabled();
  const isOpen = useParametersPanelStore((s) => s.isOpen);
  const isWide = useMediaQuery('(min-width: 1024px)');
  // The sheet has no Radix trigger: focus goes back to the button or menu that opened it.
  const focusReturn = useFocusReturn();
  if (!isEnabled || !props.selection) return null;
  if (isWide) {
    return isOpen ? (
      <aside
        className="flex w-[340px] shrink-0 animate-fade-in flex-col border-l border-line bg-surface"
        aria-label={t('title')}
        data-testid="parameters-panel"
      >
        <Suspense fallback={<PanelSpinner />}>
          <PanelBody {...props} selection={props.selection} />
        </Suspense>
      </aside>
    ) : null;
  }
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setParametersPanelOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[min(360px,100vw)] flex-col bg-surface shadow-elevated outline-none data-[state=open]:animate-pop-in"
          aria-describedby={undefined}
          // A preset dialog opening above the panel takes the Escape (see dialog-escape.ts).
          onEscapeKeyDown={(event) => redirectEscapeToNewest(event, null)}
          ref={focusReturn.attach}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          data-testid="parameters-panel"
        >
          <DialogPrimitive.Title className="sr-only">{t('title')}</DialogPrimitive.Title>
          <Suspense fallback={<PanelSpinner />}>
            <PanelBody {...props} selection={props.selection} />
          </Suspense>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
