import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { RevokeAllKeysButton } from '../api-keys/revoke-all-keys';
import { useStartupConfig } from '../config/use-startup-config';
import { DeleteAllChatsButton } from '../conversations/delete-all-chats';
import { ImportConversations } from '../import-export/import-conversations';
import { MyFilesDialog } from '../files/my-files/my-files-manager';
import { SharedLinksDialog } from '../share/shared-links-manager';
import { ClearTtsCacheButton } from '../speech/clear-tts-cache-button';
import { SettingsRow } from './settings-row';

/**
 * The Data tab (SPEC 2): import, my files, shared links manager, revoke all keys, clear the TTS
 * cache, delete all chats.
 */
export function DataSettings() {
  const { t } = useTranslation(['conversations', 'endpoints', 'files', 'speech']);
  const { data: config } = useStartupConfig();
  const [isLinksOpen, setIsLinksOpen] = useState(false);
  const [isFilesOpen, setIsFilesOpen] = useState(false);
  return (
    <div>
      <div className="border-b border-line py-3.5">
        <ImportConversations />
      </div>
      <SettingsRow label={t('files:my_files')} description={t('files:my_files_description')}>
        <Button variant="outline" size="sm" onClick={() => setIsFilesOpen(true)} data-testid="manage-my-files">
          {t('files:manage')}
        </Button>
      </SettingsRow>
      {config?.sharedLinksEnabled ? (
        <SettingsRow label={t('settings_shared_links')} description={t('settings_shared_links_description')}>
          <Button variant="outline" size="sm" onClick={() => setIsLinksOpen(true)} data-testid="manage-shared-links">
            {t('manage')}
          </Button>
        </SettingsRow>
      ) : null}
      <SettingsRow
        label={t('endpoints:keys.revoke_all_label')}
        description={t('endpoints:keys.revoke_all_description')}
      >
        <RevokeAllKeysButton />
      </SettingsRow>
      <SettingsRow label={t('speech:clear_cache.label')} description={t('speech:clear_cache.description')}>
        <ClearTtsCacheButton />
      </SettingsRow>
      <SettingsRow label={t('settings_delete_all')} description={t('settings_delete_all_description')}>
        <DeleteAllChatsButton />
      </SettingsRow>
      <SharedLinksDialog isOpen={isLinksOpen} onOpenChange={setIsLinksOpen} />
      <MyFilesDialog isOpen={isFilesOpen} onOpenChange={setIsFilesOpen} />
    </div>
  );
}
