import { Columns2, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageActionButton } from '../messages/message-action-button';
import { setCardsMode, useIsCardsMode } from './cards-mode';

/** Switches a fork's replies between one at a time and side-by-side cards (SPEC 4). */
export function CardsToggle({ parentKey, siblingCount }: { parentKey: string; siblingCount: number }) {
  const { t } = useTranslation('chat');
  const isCardsMode = useIsCardsMode(parentKey);
  if (siblingCount < 2) return null;
  return (
    <MessageActionButton
      label={isCardsMode ? t('message.cards_hide') : t('message.cards_show')}
      onClick={() => setCardsMode(parentKey, !isCardsMode)}
      testId="cards-toggle"
    >
      {isCardsMode ? <Square /> : <Columns2 />}
    </MessageActionButton>
  );
}
