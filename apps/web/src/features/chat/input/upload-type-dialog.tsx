import { FileSearch, Film, ImageIcon, Terminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import type { UploadTypeChoice } from './use-file-attach';

/**
 * SPEC 2, upload-type dialog (agents endpoint): what the dropped files are for. The image option
 * shows only when every file is an image, or a video (then it reads "attach to the message").
 */
export function UploadTypeDialog({
  pending,
  onChoose,
}: {
  pending: { files: File[]; areAllImages: boolean; areAllMedia: boolean } | null;
  onChoose: (choice: UploadTypeChoice | null) => void;
}) {
  const { t } = useTranslation('files');
  // Videos among the files: the message-attachment option says what happens to them.
  const labelOf = (id: UploadTypeChoice) => (id === 'image' && pending && !pending.areAllImages ? 'media' : id);
  const options: { id: UploadTypeChoice; Icon: typeof ImageIcon }[] = [
    ...(pending?.areAllMedia ? [{ id: 'image' as const, Icon: pending.areAllImages ? ImageIcon : Film }] : []),
    { id: 'file_search', Icon: FileSearch },
    { id: 'execute_code', Icon: Terminal },
  ];
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onChoose(null)}>
      <DialogContent
        title={t('upload_type_title')}
        description={t('upload_type_description', { count: pending?.files.length ?? 0 })}
        className="max-w-sm"
        data-testid="upload-type-dialog"
      >
        <div className="flex flex-col gap-1 px-3 pb-4">
          {options.map(({ id, Icon }) => (
            <button
              key={id}
              type="button"
              onClick={() => onChoose(id)}
              className="focus-ring flex items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-surface-hover"
              data-testid={`upload-type-${id}`}
            >
              <span className="flex size-9 items-center justify-center rounded-lg bg-surface-tertiary text-fg-secondary">
                <Icon className="size-[18px]" aria-hidden />
              </span>
              <span>
                <span className="block text-sm font-medium text-fg">{t(`upload_type.${labelOf(id)}`)}</span>
                <span className="block text-xs text-fg-tertiary">{t(`upload_type.${labelOf(id)}_hint`)}</span>
              </span>
            </button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
