import type { WebSearchSourceEntry } from '@confab/shared';
import { ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { SiteMark } from './site-mark';
import { safeSourceUrl, siteOf } from './web-search-sources';

/** Cards shown before "+N more": one row of four on a wide screen, two rows of two on a phone. */
const COLLAPSED_CARDS = 3;

function SourceLink({
  source,
  className,
  children,
}: {
  source: WebSearchSourceEntry;
  className: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('web-search');
  const href = safeSourceUrl(source.link);
  const site = siteOf(source);
  const label = t('sources.open', { index: source.index, title: source.title || site, site });
  if (!href)
    return (
      <div className={className} data-testid="source" data-index={source.index}>
        {children}
      </div>
    );
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={source.link}
      className={cn('focus-ring no-underline', className)}
      data-testid="source"
      data-index={source.index}
    >
      {children}
    </a>
  );
}

/** The number the text cites the source by: shown even where the model cited nothing. */
function SourceNumber({ index }: { index: number }) {
  return (
    <span className="inline-flex h-4 min-w-4 shrink-0 items-center justify-center rounded-full bg-surface-active px-1 text-[10px] leading-none font-semibold text-fg-secondary tabular-nums">
      {index}
    </span>
  );
}

function SourceCard({ source }: { source: WebSearchSourceEntry }) {
  const site = siteOf(source);
  return (
    <SourceLink
      source={source}
      className="flex min-w-0 flex-col gap-1.5 rounded-xl border border-line bg-surface-secondary p-2.5 transition-colors hover:bg-surface-hover"
    >
      <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-tertiary">
        <SiteMark site={site} />
        <span className="truncate">{site}</span>
        <span className="ms-auto">
          <SourceNumber index={source.index} />
        </span>
      </span>
      <span className="line-clamp-2 text-[13px] leading-snug font-medium text-fg">{source.title || site}</span>
    </SourceLink>
  );
}

function SourceRow({ source }: { source: WebSearchSourceEntry }) {
  const { t } = useTranslation('web-search');
  const site = siteOf(source);
  return (
    <li>
      <SourceLink
        source={source}
        className="flex min-w-0 gap-3 rounded-xl px-2.5 py-2 transition-colors hover:bg-surface-hover"
      >
        <span className="pt-0.5">
          <SourceNumber index={source.index} />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-tertiary">
            <SiteMark site={site} />
            <span className="truncate">{site}</span>
            {!source.read ? <span className="shrink-0">· {t('sources.not_read')}</span> : null}
            {source.read && source.truncated ? <span className="shrink-0">· {t('sources.truncated')}</span> : null}
          </span>
          <span className="truncate text-sm font-medium text-fg">{source.title || site}</span>
          {source.snippet ? (
            <span className="line-clamp-2 text-xs leading-relaxed text-fg-secondary">{source.snippet}</span>
          ) : null}
        </span>
      </SourceLink>
    </li>
  );
}

/**
 * A reply's web sources under its text (issue 41): the first few as cards and "+N more", which
 * opens the numbered list of them all. Each opens its page in a new tab.
 */
export function SourcesList({ sources }: { sources: readonly WebSearchSourceEntry[] }) {
  const { t } = useTranslation('web-search');
  const [isOpen, setIsOpen] = useState(false);
  const headingId = useId();
  if (!sources.length) return null;
  const isFolded = sources.length > COLLAPSED_CARDS + 1;
  const cards = isFolded ? sources.slice(0, COLLAPSED_CARDS) : sources;
  return (
    <section className="mt-4 max-w-3xl" aria-labelledby={headingId} data-testid="sources">
      <h3 id={headingId} className="mb-2 flex items-center gap-2 text-sm font-semibold text-fg">
        {t('sources.title')}
        <span className="text-xs font-normal text-fg-tertiary">{t('sources.count', { count: sources.length })}</span>
      </h3>
      {isOpen ? (
        <>
          <ol className="-mx-2.5 grid gap-0.5" data-testid="sources-full">
            {sources.map((source) => (
              <SourceRow key={source.index} source={source} />
            ))}
          </ol>
          <button
            type="button"
            onClick={() => setIsOpen(false)}
            aria-expanded
            className="focus-ring mt-1 inline-flex items-center gap-1 rounded-lg px-1.5 py-1 text-xs font-medium text-fg-secondary hover:bg-surface-hover"
          >
            <ChevronUp className="size-3.5" aria-hidden />
            {t('sources.less')}
          </button>
        </>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="sources-strip">
          {cards.map((source) => (
            <SourceCard key={source.index} source={source} />
          ))}
          {isFolded ? (
            <button
              type="button"
              onClick={() => setIsOpen(true)}
              aria-expanded={false}
              className="focus-ring flex min-w-0 flex-col justify-between gap-1.5 rounded-xl border border-line bg-surface-secondary p-2.5 text-start transition-colors hover:bg-surface-hover"
              data-testid="sources-more"
            >
              <span className="flex -space-x-1">
                {sources.slice(COLLAPSED_CARDS, COLLAPSED_CARDS + 4).map((source) => (
                  <SiteMark key={source.index} site={siteOf(source)} className="ring-2 ring-surface-secondary" />
                ))}
              </span>
              <span className="text-[13px] font-medium text-fg">
                {t('sources.more', { count: sources.length - COLLAPSED_CARDS })}
              </span>
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
