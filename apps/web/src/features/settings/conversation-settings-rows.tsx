import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { BookmarksManagerDialog } from '../bookmarks/bookmarks-manager';
import { useCanUseBookmarks } from '../bookmarks/use-bookmarks';
import { ArchivedChatsDialog } from '../conversations/archived/archived-chats';
import { SettingsRow } from './settings-row';

/** General tab rows of the conversation features: archived chats and bookmarks managers. */
export function ConversationSettingsRows() {
  const { t } = useTranslation('conversations');
  const canBookmark = useCanUseBookmarks();
  const [isArchivedOpen, setIsArchivedOpen] = useState(false);
  const [isBookmarksOpen, setIsBookmarksOpen] = useState(false);
  return (
    <>
      <SettingsRow label={t('settings_archived')} description={t('settings_archived_description')}>
        <Button variant="outline" size="sm" onClick={() => setIsArchivedOpen(true)} data-testid="manage-archived">
          {t('manage')}
        </Button>
      </SettingsRow>
      {canBookmark ? (
        <SettingsRow label={t('settings_bookmarks')} description={t('settings_bookmarks_description')}>
          <Button variant="outline" size="sm" onClick={() => setIsBookmarksOpen(true)} data-testid="manage-bookmarks">
            {t('manage')}
          </Button>
        </SettingsRow>
      ) : null}
      <ArchivedChatsDialog isOpen={isArchivedOpen} onOpenChange={setIsArchivedOpen} />
      {canBookmark ? <BookmarksManagerDialog isOpen={isBookmarksOpen} onOpenChange={setIsBookmarksOpen} /> : null}
    </>
  );
}
