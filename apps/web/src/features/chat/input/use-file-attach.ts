import { endpointFileConfig, FILE_ERROR_MESSAGES, inferFileType, isImageType, isVideoType } from '@confab/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFiles, AGENTS_ENDPOINT } from '../../files/add-files';
import { dispatchAttachments, useAttachments } from '../../files/attachments-store';
import { DEFAULT_FILE_CONFIG, queueFileDeletion, useFileConfigQuery } from '../../files/file-queries';
import { canRemove, isAnyLoading, type Attachment } from '../../files/upload-state';
import { showUploadError } from '../../files/upload-toasts';

/** The agents' upload choices (SPEC 2, upload-type dialog); `image` attaches to the message (images, videos). */
export type UploadTypeChoice = 'image' | 'file_search' | 'execute_code';

export interface FileAttach {
  draftId: string;
  attachments: Attachment[];
  /** Some file is still below progress 1: the message cannot be sent yet. */
  isLoading: boolean;
  /** Why files cannot be attached now, or null. */
  disabledReason: string | null;
  /** Files chosen, pasted or dropped. */
  add(files: File[]): void;
  remove(attachment: Attachment): void;
  /**
   * Files waiting for the agents' upload-type choice, and whether the message-attachment option
   * applies: to images (the model sees them), and to videos (named to it, for the meme tools).
   */
  pendingChoice: { files: File[]; areAllImages: boolean; areAllMedia: boolean } | null;
  choose(choice: UploadTypeChoice | null): void;
}

/**
 * Attaching files to the chat input: the endpoint's limits from GET /api/files/config, the
 * agents' upload-type choice, and removal of uploaded files (DELETE /api/files, batched).
 */
export function useFileAttach({
  draftId,
  endpoint,
  endpointType,
  isInputDisabled,
}: {
  draftId: string;
  endpoint: string | null;
  /** `custom` for a custom endpoint: its limits fall back to those of the type. */
  endpointType?: string | undefined;
  isInputDisabled: boolean;
}): FileAttach {
  const { t } = useTranslation('files');
  const config = useFileConfigQuery().data;
  const attachments = useAttachments(draftId);
  const [pendingChoice, setPendingChoice] = useState<FileAttach['pendingChoice']>(null);
  const limits = endpointFileConfig(config ?? DEFAULT_FILE_CONFIG, endpoint ?? undefined, endpointType);
  // The endpoint's own "no files" is the more telling reason, so it comes first.
  const disabledReason = limits.disabled
    ? t('attach_disabled')
    : isInputDisabled || !endpoint
      ? t('attach_unavailable')
      : null;

  const add = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      if (!endpoint || disabledReason) {
        showUploadError(limits.disabled ? FILE_ERROR_MESSAGES.disabled : (disabledReason ?? t('attach_unavailable')));
        return;
      }
      if (endpoint === AGENTS_ENDPOINT) {
        const types = files.map((f) => inferFileType(f.name, f.type) ?? '');
        setPendingChoice({
          files,
          areAllImages: types.every(isImageType),
          areAllMedia: types.every((type) => isImageType(type) || isVideoType(type)),
        });
        return;
      }
      addFiles(files, { key: draftId, endpoint, endpointType, config });
    },
    [draftId, endpoint, endpointType, config, disabledReason, limits.disabled, t],
  );

  const choose = useCallback(
    (choice: UploadTypeChoice | null) => {
      const pending = pendingChoice;
      setPendingChoice(null);
      if (!pending || !choice || !endpoint) return;
      addFiles(pending.files, {
        key: draftId,
        endpoint,
        endpointType,
        config,
        ...(choice === 'image' ? {} : { toolResource: choice }),
      });
    },
    [pendingChoice, draftId, endpoint, endpointType, config],
  );

  const remove = useCallback(
    (a: Attachment) => {
      if (!canRemove(a)) return;
      dispatchAttachments(draftId, { type: 'removed', tempId: a.tempId });
      queueFileDeletion([{ file_id: a.file_id, filepath: a.filepath, source: a.source, embedded: a.embedded }]);
    },
    [draftId],
  );

  return {
    draftId,
    attachments,
    isLoading: isAnyLoading(attachments),
    disabledReason,
    add,
    remove,
    pendingChoice,
    choose,
  };
}
