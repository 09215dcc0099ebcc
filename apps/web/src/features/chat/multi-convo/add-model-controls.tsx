import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import { HeaderSlot } from '../../layout/header-slot';
import { ModelSelector } from '../../model-selector/model-selector';
import type { EndpointsConfig, ModelsConfig } from '../api/chat-api';
import type { ModelSelection } from '../header/model-selection';
import { setAddedModel, useAddedModel } from './added-model-store';
import { useCanMultiConvo } from './use-can-multi-convo';

/**
 * LibreChat's "+" beside the model selector (MULTI_CONVO USE): adds a second model, chosen in a
 * second selector, that the next send also asks; the × takes it away. Hidden on phones, where
 * the header has no room for two selectors.
 */
export function AddModelControls({
  conversationKey,
  selection,
  endpoints,
  models,
}: {
  /** The conversation the added model belongs to (a new chat's key until it has one). */
  conversationKey: string;
  selection: ModelSelection | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}) {
  const { t } = useTranslation('chat');
  const canUse = useCanMultiConvo();
  const added = useAddedModel(conversationKey);
  if (!canUse || !selection) return null;
  return (
    <HeaderSlot order={2}>
      <div className="hidden items-center gap-1 sm:flex" data-testid="multi-convo-controls">
        {added ? (
          <>
            <div data-testid="added-model-selector" aria-label={t('multiConvo.added')}>
              <ModelSelector
                selection={added}
                endpoints={endpoints}
                models={models}
                onChooseModel={(endpoint, model) => setAddedModel(conversationKey, { endpoint, model })}
                onChooseSetup={(setup) => setAddedModel(conversationKey, setup.selection)}
              />
            </div>
            <IconButton
              label={t('multiConvo.remove')}
              onClick={() => setAddedModel(conversationKey, null)}
              className="text-fg-secondary hover:text-fg"
              data-testid="remove-added-model"
            >
              <X />
            </IconButton>
          </>
        ) : (
          <IconButton
            label={t('multiConvo.add')}
            // LibreChat's "+" starts from the current model; the second selector then changes it.
            onClick={() => setAddedModel(conversationKey, { endpoint: selection.endpoint, model: selection.model })}
            className="text-fg-secondary hover:text-fg"
            data-testid="add-model-button"
          >
            <Plus />
          </IconButton>
        )}
      </div>
    </HeaderSlot>
  );
}
