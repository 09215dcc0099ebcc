import * as DialogPrimitive from '@radix-ui/react-dialog';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectEscapeToNewest } from '../../../components/ui/dialog-escape';
import { useFocusReturn } from '../../../components/ui/use-focus-return';
import { useSidePanelEnabled } from '../../layout/use-side-panel-enabled';
import { useMediaQuery } from '../../parameters/use-media-query';
import { closeAgentPanel, useAgentPanelStore } from '../agent-panel-store';
import { PanelSpinner } from '../../../components/ui/panel-spinner';

// The builder's forms and dialogs load the first time the panel opens, not with the chat.
const AgentBuilder = lazy(async () => ({ default: (await import('./agent-builder')).AgentBuilder }));

/**
 * The agent builder (SPEC 2, agent settings panel): a right-hand panel on wide screens, a sheet
 * on small ones, like the parameters panel. Shown while the agents endpoint is chosen or when
 * "Create an agent" opens it from the selector.
 */
export function AgentPanel({ onUseAgent }: { onUseAgent(agentId: string, model: string): void }) {
  const { t } = useTranslation('agents');
  const isOpen = useAgentPanelStore((s) => s.isOpen);
  const isWide = useMediaQuery('(min-width: 1024px)');
  // The sheet has no Radix trigger: focus goes back to the button or menu that opened it.
  const focusReturn = useFocusReturn();
  // interface.sidePanel off: the whole right-hand panel is gone, the builder with it.
  const isSidePanelOn = useSidePanelEnabled();
  if (!isSidePanelOn) return null;
  if (isWide) {
    return isOpen ? (
      <aside
        className="flex w-[380px] shrink-0 animate-fade-in flex-col border-l border-line bg-surface"
        aria-label={t('builder.title')}
        data-testid="agent-panel"
      >
        <Suspense fallback={<PanelSpinner />}>
          <AgentBuilder onUseAgent={onUseAgent} />
        </Suspense>
      </aside>
    ) : null;
  }
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={(open) => (open ? undefined : closeAgentPanel())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[min(400px,100vw)] flex-col bg-surface shadow-elevated outline-none data-[state=open]:animate-pop-in"
          aria-describedby={undefined}
          // A dialog opened from the panel (tools, actions, confirm) takes the Escape first.
          onEscapeKeyDown={(event) => redirectEscapeToNewest(event, null)}
          ref={focusReturn.attach}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          data-testid="agent-panel"
        >
          <DialogPrimitive.Title className="sr-only">{t('builder.title')}</DialogPrimitive.Title>
          <Suspense fallback={<PanelSpinner />}>
            <AgentBuilder onUseAgent={onUseAgent} />
          </Suspense>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
