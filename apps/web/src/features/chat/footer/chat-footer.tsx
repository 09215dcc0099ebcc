import { Fragment, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../config/use-startup-config';
import { PolicyLinks } from '../../legal/policy-links';
import { useChatPreferences } from '../../settings/chat-preferences';
import { splitFooterParts } from './footer-links';

// The markdown renderer is needed only for a configured custom footer: it stays out of the chat's
// first load (issue 26's 350 KB budget for /c/new).
const FooterMarkdown = lazy(async () => ({ default: (await import('./footer-markdown')).FooterMarkdown }));

const divider = <span className="h-3 w-px shrink-0 bg-line-strong" aria-hidden />;

/**
 * The line under the chat input (SPEC 2, LibreChat's Footer), while the "Show footer" preference
 * is on: the configured footer (CUSTOM_FOOTER or `interface.customFooter`: markdown, parts split by `|`), else the app's
 * name and version; then the privacy and terms links when configured. Hidden on phones, as in
 * LibreChat, where the input needs the room.
 */
export function ChatFooter() {
  const { t } = useTranslation('chat');
  const isShown = useChatPreferences((s) => s.showFooter);
  const { data: config } = useStartupConfig();
  if (!isShown) return null;
  // Its line's height is kept while the config loads: appearing later, it moved the input above it.
  if (!config) return <div className="hidden h-6 sm:block" aria-hidden data-testid="chat-footer-pending" />;

  const custom = config.interface.customFooter ?? config.customFooter;
  const parts =
    custom !== undefined
      ? splitFooterParts(custom).map((part, index) => (
          <Suspense key={index} fallback={null}>
            <FooterMarkdown text={part} />
          </Suspense>
        ))
      : [<span key="default">{t('footer.default', { appTitle: config.appTitle, version: config.version })}</span>];

  return (
    <div
      role="contentinfo"
      className="hidden min-h-6 flex-wrap items-center justify-center gap-x-2 gap-y-1 px-2 pt-2 text-center text-xs text-fg-secondary sm:flex"
      data-testid="chat-footer"
    >
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? divider : null}
          {part}
        </Fragment>
      ))}
      {/* The policy links and their divider show only when the config has a link (PolicyLinks renders a nav). */}
      <span className="hidden items-center gap-2 has-[nav]:flex">
        {parts.length > 0 ? divider : null}
        <PolicyLinks config={config} className="text-xs" />
      </span>
    </div>
  );
}
