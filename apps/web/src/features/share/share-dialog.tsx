import { TIMING } from '@confab/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Copy, Link2, QrCode, RefreshCw, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../components/ui/toast-store';
import { track } from '../../lib/analytics';
import { queryClient } from '../../lib/query-client';
import { createShareLink, deleteShareLink, fetchShareLink, refreshShareLink, shareUrl } from './share-api';
import { sharedLinksKeys } from './shared-links-keys';

/** SPEC 9: the QR code is 200 px with a margin of 2 modules. */
const QR_SIZE = 200;
const QR_MARGIN = 2;
// The QR code library loads the first time someone asks for the code.
const QRCodeSVG = lazy(async () => ({ default: (await import('qrcode.react')).QRCodeSVG }));

export const shareLinkKey = (conversationId: string) => ['shareLink', conversationId] as const;

/**
 * SPEC 2/4, Share dialog: no link → create → link (copy, QR) → refresh (a new id) or delete
 * (back to no link).
 */
export function ShareDialog({
  conversationId,
  title,
  isOpen,
  onOpenChange,
}: {
  conversationId: string | null;
  title?: string;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('share');
  const [isQrVisible, setIsQrVisible] = useState(false);
  const [isCopied, setIsCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = conversationId ?? '';

  const link = useQuery({
    queryKey: shareLinkKey(id),
    queryFn: ({ signal }) => fetchShareLink(id, signal),
    enabled: isOpen && !!conversationId,
    staleTime: 0,
  });
  const shareId = link.data ?? null;
  const url = shareId ? shareUrl(shareId) : '';

  const onError = () => showToast({ message: t('com_ui_share_error'), status: 'error' });
  const setLink = (next: string | null) => {
    queryClient.setQueryData(shareLinkKey(id), next);
    void queryClient.invalidateQueries({ queryKey: sharedLinksKeys.all });
  };
  const create = useMutation({
    mutationFn: () => createShareLink(id),
    onSuccess: (l) => {
      setLink(l.shareId);
      // The server counts chat_shared where it makes the link; Tag Manager hears of it from here.
      track('chat_shared', { chatId: id }, { isRecordedByServer: true });
    },
    onError,
  });
  const refresh = useMutation({
    mutationFn: () => refreshShareLink(shareId ?? ''),
    onSuccess: (l) => {
      setLink(l.shareId);
      showToast({ message: t('refreshed'), status: 'success' });
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteShareLink(shareId ?? ''),
    onSuccess: () => {
      setLink(null);
      setIsQrVisible(false);
      showToast({ message: t('deleted'), status: 'success' });
    },
    onError: () => showToast({ message: t('com_ui_share_delete_error'), status: 'error' }),
  });

  useEffect(() => {
    if (!isOpen) {
      setIsQrVisible(false);
      setIsCopied(false);
    }
  }, [isOpen]);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setIsCopied(false), TIMING.copyFeedbackMs);
    } catch {
      showToast({ message: t('copy_failed'), status: 'error' });
    }
  };

  const isBusy = create.isPending || refresh.isPending || remove.isPending;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('title')}
        description={title ? t('description', { title }) : undefined}
        className="max-w-lg"
        data-testid="share-dialog"
      >
        <div className="px-6 pb-6">
          {link.isPending ? (
            <div className="flex justify-center py-8 text-fg-tertiary">
              <Spinner label={t('loading')} />
            </div>
          ) : link.isError ? (
            <p className="py-4 text-sm text-danger">{t('com_ui_share_error')}</p>
          ) : !shareId ? (
            <div className="flex flex-col items-center py-2 text-center" data-testid="share-empty">
              <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
                <Link2 className="size-6" aria-hidden />
              </span>
              <p className="mt-4 max-w-sm text-[15px] leading-relaxed text-fg-secondary">{t('create_hint')}</p>
              <Button
                className="mt-5"
                onClick={() => create.mutate()}
                isLoading={create.isPending}
                data-testid="share-create"
              >
                {t('create')}
              </Button>
            </div>
          ) : (
            <div data-testid="share-link-ready">
              <p className="text-sm leading-relaxed text-fg-secondary">{t('ready_hint')}</p>
              <div className="mt-4 flex items-center gap-2 rounded-xl border border-line-strong bg-surface p-1.5 pl-3.5">
                <input
                  readOnly
                  value={url}
                  aria-label={t('link_label')}
                  onFocus={(e) => e.currentTarget.select()}
                  className="min-w-0 flex-1 truncate bg-transparent text-sm text-fg outline-none"
                  data-testid="share-url"
                />
                <Button size="sm" onClick={() => void copy()} data-testid="share-copy" aria-live="polite">
                  {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
                  {isCopied ? t('copied') : t('copy')}
                </Button>
              </div>
              {isQrVisible ? (
                <div className="mt-5 flex justify-center" data-testid="share-qr">
                  <div className="rounded-2xl border border-line bg-white p-2 shadow-sm">
                    <Suspense fallback={<div style={{ width: QR_SIZE, height: QR_SIZE }} />}>
                      <QRCodeSVG value={url} size={QR_SIZE} marginSize={QR_MARGIN} level="M" title={t('qr_title')} />
                    </Suspense>
                  </div>
                </div>
              ) : null}
              <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-line pt-4">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setIsQrVisible((v) => !v)}
                  aria-pressed={isQrVisible}
                  data-testid="share-toggle-qr"
                >
                  <QrCode className="size-4" aria-hidden />
                  {isQrVisible ? t('hide_qr') : t('show_qr')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => refresh.mutate()}
                  disabled={isBusy}
                  data-testid="share-refresh"
                >
                  <RefreshCw className={refresh.isPending ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
                  {t('refresh')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto text-danger hover:bg-danger-soft"
                  onClick={() => remove.mutate()}
                  disabled={isBusy}
                  data-testid="share-delete"
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t('delete')}
                </Button>
              </div>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
