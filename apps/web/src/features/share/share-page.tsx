import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useAppTitle, useDocumentTitle } from '../config/use-document-title';
import { useStartupConfig } from '../config/use-startup-config';
import { PolicyLinks } from '../legal/policy-links';
import { ShareNotFound } from './share-not-found';
import { useSharedConversation } from './use-shared-conversation';

function formatLongDate(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

/**
 * /share/{shareId}: a public, read-only conversation. The message tree renderer arrives with
 * the share feature; until then messages show as plain text in order.
 */
export function SharePage() {
  const { t } = useTranslation('common');
  const { shareId = '' } = useParams();
  const appTitle = useAppTitle();
  const { data: config } = useStartupConfig();
  const { data, isLoading, isError } = useSharedConversation(shareId);
  useDocumentTitle(data?.title ?? null);
  const createdOn = formatLongDate(data?.createdAt);

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <header className="flex items-center gap-2.5 px-5 pt-5">
        <Logo className="size-7" />
        <span className="text-[17px] font-semibold tracking-tight">{appTitle}</span>
      </header>
      {isLoading ? (
        <div className="flex flex-1 items-center justify-center text-fg-tertiary">
          <Spinner className="size-6" label={t('loading')} />
        </div>
      ) : isError || !data ? (
        <ShareNotFound />
      ) : (
        <main className="mx-auto w-full max-w-3xl flex-1 px-5 pt-10 pb-16">
          <h1 className="text-3xl font-semibold tracking-tight">{data.title}</h1>
          {createdOn ? <p className="mt-2 text-sm text-fg-tertiary">{t('share_created', { date: createdOn })}</p> : null}
          <p className="mt-1 text-sm text-fg-tertiary">{t('share_read_only')}</p>
          <ol className="mt-8 flex flex-col gap-6">
            {(data.messages ?? []).map((m) => (
              <li key={m.messageId} className={cn('flex flex-col', m.isCreatedByUser && 'items-end')}>
                <span className="mb-1 text-xs font-medium text-fg-tertiary">{m.isCreatedByUser ? t('share_you') : m.sender || t('share_assistant')}</span>
                <p className={cn('max-w-[85%] text-[15px] leading-7 whitespace-pre-wrap', m.isCreatedByUser && 'rounded-3xl bg-surface-tertiary px-5 py-2.5')}>{m.text}</p>
              </li>
            ))}
          </ol>
        </main>
      )}
      <footer className="px-5 pb-6">
        <PolicyLinks config={config} />
      </footer>
    </div>
  );
}
