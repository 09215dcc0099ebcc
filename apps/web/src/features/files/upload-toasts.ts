import { UPLOAD_TIMING } from '@confab/shared';
import i18next from 'i18next';
import { showToast } from '../../components/ui/toast-store';
import { createMessageBatcher } from './error-batch';

/**
 * SPEC 8, Uploads: errors of the files being added are batched (250 ms) into one toast shown for
 * 5 s, a bulleted list when there are several.
 */
const batcher = createMessageBatcher(UPLOAD_TIMING.errorBatchMs, (messages) => {
  const [first] = messages;
  if (first === undefined) return;
  showToast(
    messages.length === 1
      ? { message: first, status: 'error', durationMs: UPLOAD_TIMING.errorToastMs }
      : {
          message: i18next.t('files:errors_title'),
          items: messages,
          status: 'error',
          durationMs: UPLOAD_TIMING.errorToastMs,
        },
  );
});

export function showUploadError(message: string): void {
  batcher.add(message);
}

/** SPEC 9: the slow-upload warning, shown for 10 s. */
export function showSlowUploadWarning(filename: string): void {
  showToast({
    message: i18next.t('files:slow_upload', { name: filename }),
    status: 'warning',
    durationMs: UPLOAD_TIMING.slowWarningShownMs,
  });
}
