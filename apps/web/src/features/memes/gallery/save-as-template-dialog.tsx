import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { showToast } from '../../../components/ui/toast-store';
import { Tooltip } from '../../../components/ui/tooltip';
import { useAuthStore } from '../../auth/auth-store';
import { VIEWER_BAR_BUTTON } from '../../files/image-viewer';
import { storedImageFileId } from '../meme-source';
import { AddTemplateForm, nameFromFile } from './add-template-form';

export interface SaveAsTemplateDialogProps {
  /** A stored image of the user's: its file id and path (`/images/<userId>/<fileId>`). */
  picture: { fileId: string; url: string };
  /** A first name for the template (else a generic one). */
  name?: string;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

/**
 * "Save as template" (issue 39): the gallery's "Add your own" form on a picture the user already
 * has (no upload: the template names the stored file), with "Draw boxes" to place its captions.
 */
export function SaveAsTemplateDialog({ picture, name, isOpen, onOpenChange }: SaveAsTemplateDialogProps) {
  const { t } = useTranslation('memes-gallery');
  const isAdmin = useAuthStore((s) => s.user?.role === 'ADMIN');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      {isOpen ? (
        <DialogContent
          title={t('save_as_title')}
          description={t('save_as_description')}
          className="max-w-lg"
          data-testid="meme-save-as-template"
        >
          <div className="px-4 pb-2 sm:px-6">
            <AddTemplateForm
              picture={{ kind: 'stored', ...picture, name: name || t('save_as_name') }}
              isAdmin={isAdmin}
              onCancel={() => onOpenChange(false)}
              onAdded={(template) => {
                onOpenChange(false);
                showToast({ message: t('added', { name: template.name }) });
              }}
            />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * "Save as template" in the full-size viewer of a picture attached to a message: shown only for a
 * stored image (`/images/<userId>/<fileId>`); the server refuses anyone's but the caller's.
 */
export function SaveAsTemplateViewerButton({ path, filename }: { path: string; filename: string }) {
  const { t } = useTranslation('memes-gallery');
  const [isOpen, setIsOpen] = useState(false);
  const fileId = storedImageFileId(path);
  if (!fileId) return null;
  return (
    <>
      <Tooltip content={t('save_as_title')}>
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          aria-label={t('save_as_title')}
          aria-haspopup="dialog"
          className={VIEWER_BAR_BUTTON}
          data-testid="image-viewer-save-template"
        >
          <BookmarkPlus className="size-5" aria-hidden />
        </button>
      </Tooltip>
      <SaveAsTemplateDialog
        picture={{ fileId, url: path }}
        name={nameFromFile(filename)}
        isOpen={isOpen}
        onOpenChange={setIsOpen}
      />
    </>
  );
}
