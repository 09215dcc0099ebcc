import { SquarePen } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';
import { AppTooltipProvider } from '../../components/ui/tooltip';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { useMarkdownReady } from '../chat/markdown/use-markdown-ready';
import { firstPaintTexts } from '../chat/messages/first-paint-texts';
import { useAppTitle, useDocumentTitle } from '../config/use-document-title';
import { useStartupConfig } from '../config/use-startup-config';
import { PolicyLinks } from '../legal/policy-links';
import { MemeScopeContext } from '../memes/meme-context';
import { formatLongUsDate } from './format-date';
import { ShareNotFound } from './share-not-found';
import { SharedMessageTree } from './shared-message-tree';
import { toMessage, useSharedConversation } from './use-shared-conversation';

/**
 * /share/{shareId} (SPEC 2): a public, read-only conversation: title, creation date (long US
 * format), the message tree and the policy links. Works signed out; a missing link shows the
 * "shared link not found" page.
 */
export function SharePage() {
  const { t } = useTranslation('share');
  const { shareId = '' } = useParams();
  const appTitle = useAppTitle();
  const { data: config } = useStartupConfig();
  const { data, isLoading, isError } = useSharedConversation(shareId);
  useDocumentTitle(data?.title ?? null);
  const createdOn = formatLongUsDate(data?.createdAt);
  const messages = useMemo(
    () => (data?.messages ?? []).map((m, i) => toMessage(m, i, data?.conversationId ?? '')),
    [data],
  );
  // As in the chat: the messages show once they can show formatted (no frame of raw markdown).
  const firstTexts = useMemo(() => (data ? firstPaintTexts(messages, false) : null), [data, messages]);
  const isMarkdownReady = useMarkdownReady(shareId, firstTexts);

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg" data-testid="share-page">
      <header className="sticky top-0 z-10 border-b border-line/60 bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center justify-between gap-3 px-5">
          <Link to="/" className="focus-ring flex min-w-0 items-center gap-2.5 rounded-lg">
            <Logo className="size-7" />
            <span className="truncate text-[17px] font-semibold tracking-tight">{appTitle}</span>
          </Link>
          {data ? (
            <Link to="/" className={buttonClasses('outline', 'sm')} data-testid="share-start-chat">
              <SquarePen className="size-4" aria-hidden />
              {t('start_chat')}
            </Link>
          ) : null}
        </div>
      </header>
      {isLoading || (data && !isMarkdownReady) ? (
        <div className="flex flex-1 items-center justify-center text-fg-tertiary" data-testid="share-loading">
          <Spinner className="size-6" label={t('loading')} />
        </div>
      ) : isError || !data ? (
        <ShareNotFound />
      ) : (
        <main className="mx-auto w-full max-w-3xl flex-1 px-5 pt-10 pb-16">
          <div className="border-b border-line pb-6">
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl" data-testid="share-title">
              {data.title || t('untitled')}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-fg-tertiary">
              {createdOn ? (
                <time dateTime={data.createdAt} data-testid="share-date">
                  {createdOn}
                </time>
              ) : null}
              {createdOn ? <span aria-hidden>·</span> : null}
              <span>{t('read_only')}</span>
            </div>
          </div>
          {messages.length ? (
            <MemeScopeContext value={{ shareId }}>
              <AppTooltipProvider>
                <SharedMessageTree messages={messages} shareId={shareId} />
              </AppTooltipProvider>
            </MemeScopeContext>
          ) : (
            <p className="py-10 text-center text-fg-tertiary">{t('no_messages')}</p>
          )}
        </main>
      )}
      <footer className="flex flex-col items-center gap-2 px-5 pt-4 pb-8 text-[13px] text-fg-tertiary">
        <PolicyLinks config={config} />
        {data ? <p>{t('footer', { appTitle })}</p> : null}
      </footer>
    </div>
  );
}
