import { TIMING, type MemeLink } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store';
import { createMemeLink, revokeMemeLink } from './meme-links-api';

/**
 * One meme's public link (issue 39): `share` makes it (the server answers the same link for the
 * same file, so sharing twice is harmless), `copy` puts its URL on the clipboard, `stop` revokes
 * it. Each outcome is confirmed by a toast.
 */
export function useMemeShare(fileId: string) {
  const { t } = useTranslation('meme-links');
  const [link, setLink] = useState<MemeLink | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const share = useMutation({
    mutationFn: () => createMemeLink(fileId),
    onSuccess: (made) => {
      setLink(made);
      showToast({ message: t('created'), status: 'success' });
    },
    onError: () => showToast({ message: t('share_error'), status: 'error' }),
  });
  const stop = useMutation({
    mutationFn: (linkId: string) => revokeMemeLink(linkId),
    onSuccess: () => {
      setLink(null);
      setIsCopied(false);
      showToast({ message: t('revoked'), status: 'success' });
    },
    onError: () => showToast({ message: t('revoke_error'), status: 'error' }),
  });

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setIsCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setIsCopied(false), TIMING.copyFeedbackMs);
    } catch {
      showToast({ message: t('copy_failed'), status: 'error' });
    }
  };

  return {
    link,
    isCopied,
    isSharing: share.isPending,
    isStopping: stop.isPending,
    hasFailed: share.isError,
    share: () => share.mutate(),
    stop: () => (link ? stop.mutate(link.id) : undefined),
    copy,
  };
}
