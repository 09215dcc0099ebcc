import type { Conversation } from '@confab/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { NativeSelect } from '../../components/ui/select';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast-store';
import { useConversationQuery, useMessagesQuery } from '../chat/api/chat-queries';
import { getBranchChoices } from '../chat/branches/branch-store';
import { saveExportFile } from './export-download';
import {
  EXPORT_TYPES,
  exportFileNameFor,
  selectExportMessages,
  supportsBranches,
  supportsOptions,
  supportsRecursive,
  toExportCsv,
  toExportJson,
  toExportMarkdown,
  toExportText,
  type ExportOptions,
  type ExportType,
} from './export-formats';
import { captureSnapshot, ExportSnapshot } from './export-snapshot';

const MIME_TYPES: Record<Exclude<ExportType, 'png'>, string> = {
  json: 'application/json;charset=utf-8',
  md: 'text/markdown;charset=utf-8',
  txt: 'text/plain;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

export interface ExportDialogProps {
  conversation: Pick<Conversation, 'conversationId' | 'title'> & Partial<Conversation>;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

/**
 * LibreChat's Export dialog (SPEC 1, export): a file name (the title by default), a type, and
 * which branches and parameters to include. The file is made here from the messages the chat
 * loads (GET /api/messages/{id}), with the branch the chat shows as the visible path.
 */
export function ExportDialog({ conversation, isOpen, onOpenChange }: ExportDialogProps) {
  const { t } = useTranslation('conversations');
  const conversationId = isOpen ? conversation.conversationId : null;
  const { data: stored } = useConversationQuery(conversationId);
  const messagesQuery = useMessagesQuery(conversationId);
  const [fileName, setFileName] = useState(conversation.title);
  const [type, setType] = useState<ExportType>('json');
  const [options, setOptions] = useState<ExportOptions>({
    allBranches: false,
    includeOptions: true,
    isRecursive: true,
  });
  const [isCapturing, setIsCapturing] = useState(false);
  const snapshotRef = useRef<HTMLDivElement>(null);

  // Each opening starts from the current title, as LibreChat's dialog does.
  useEffect(() => {
    if (isOpen) setFileName(conversation.title);
  }, [isOpen, conversation.title]);

  const full = { ...conversation, ...stored } as Conversation;
  const selected = messagesQuery.data
    ? selectExportMessages(
        messagesQuery.data,
        supportsBranches(type) && options.allBranches,
        getBranchChoices(conversation.conversationId),
      )
    : [];
  const effective: ExportOptions = {
    allBranches: supportsBranches(type) && options.allBranches,
    includeOptions: supportsOptions(type) && options.includeOptions,
    isRecursive: supportsRecursive(type) && options.isRecursive,
  };

  async function exportFile(event: FormEvent) {
    event.preventDefault();
    if (!messagesQuery.data) return;
    const name = exportFileNameFor(fileName, type);
    try {
      if (type === 'png') {
        setIsCapturing(true);
        if (!snapshotRef.current) throw new Error('Nothing to capture');
        saveExportFile(name, await captureSnapshot(snapshotRef.current));
      } else {
        const body =
          type === 'json'
            ? toExportJson(full, selected, effective)
            : type === 'md'
              ? toExportMarkdown(full, selected, effective)
              : type === 'txt'
                ? toExportText(full, selected, effective)
                : toExportCsv(selected);
        saveExportFile(name, new Blob([body], { type: MIME_TYPES[type] }));
      }
      onOpenChange(false);
    } catch {
      showToast({ message: t('export_error'), status: 'error' });
    } finally {
      setIsCapturing(false);
    }
  }

  const checkbox = (key: keyof ExportOptions, label: string, isEnabled: boolean, testId: string) => (
    <label
      className={`flex items-center gap-2.5 text-sm select-none ${isEnabled ? 'cursor-pointer text-fg' : 'text-fg-tertiary'}`}
    >
      <input
        type="checkbox"
        checked={isEnabled && options[key]}
        disabled={!isEnabled}
        onChange={(e) => setOptions((o) => ({ ...o, [key]: e.target.checked }))}
        className="size-4 rounded border-line-strong accent-[var(--accent)]"
        data-testid={testId}
      />
      {label}
    </label>
  );

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('export_conversation')} data-testid="export-dialog">
        <form className="flex flex-col gap-4 overflow-y-auto px-6 pb-6" onSubmit={(e) => void exportFile(e)}>
          <TextField
            label={t('export_filename')}
            value={fileName}
            onChange={(e) => setFileName(e.target.value)}
            placeholder={t('export_filename_placeholder')}
            data-testid="export-filename"
          />
          <div>
            <label htmlFor="export-type" className="mb-1.5 block text-sm font-medium text-fg">
              {t('export_type')}
            </label>
            <NativeSelect
              id="export-type"
              className="w-full"
              value={type}
              onChange={(e) => setType(e.target.value as ExportType)}
              options={EXPORT_TYPES.map((value) => ({ value, label: t(`export_type_${value}`) }))}
              data-testid="export-type"
            />
          </div>
          <fieldset className="flex flex-col gap-2.5">
            <legend className="mb-1.5 text-sm font-medium text-fg">{t('export_options')}</legend>
            {checkbox('includeOptions', t('export_include_options'), supportsOptions(type), 'export-include-options')}
            {checkbox('allBranches', t('export_all_branches'), supportsBranches(type), 'export-all-branches')}
            {checkbox('isRecursive', t('export_recursive'), supportsRecursive(type), 'export-recursive')}
          </fieldset>
          {messagesQuery.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('export_load_error')}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:cancel')}
            </Button>
            <Button
              type="submit"
              isLoading={messagesQuery.isPending || isCapturing}
              disabled={!messagesQuery.data}
              data-testid="export-submit"
            >
              {t('export')}
            </Button>
          </div>
        </form>
        {type === 'png' && isOpen ? <ExportSnapshot ref={snapshotRef} title={full.title} messages={selected} /> : null}
      </DialogContent>
    </Dialog>
  );
}
