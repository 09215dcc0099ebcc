import type { WebSearchSourceEntry } from '@confab/shared';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { Fragment, use } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteMark } from './site-mark';
import { CitationSourcesContext, safeSourceUrl, siteOf } from './web-search-sources';

/** The card a chip shows on hover or focus: the source's title, site and snippet. */
function SourceCard({ source }: { source: WebSearchSourceEntry }) {
  const site = siteOf(source);
  return (
    <div className="grid w-72 max-w-[calc(100vw-2rem)] gap-1.5" data-testid="citation-card">
      <div className="flex min-w-0 items-center gap-1.5 text-xs text-fg-tertiary">
        <SiteMark site={site} />
        <span className="truncate">{site}</span>
        <span className="ms-auto shrink-0 tabular-nums">{source.index}</span>
      </div>
      <div className="line-clamp-2 text-sm font-medium text-fg">{source.title || site}</div>
      {source.snippet ? (
        <p className="line-clamp-3 text-xs leading-relaxed text-fg-secondary">{source.snippet}</p>
      ) : null}
    </div>
  );
}

function CitationChip({ source }: { source: WebSearchSourceEntry }) {
  const { t } = useTranslation('web-search');
  const href = safeSourceUrl(source.link);
  const label = t('citation.label', { index: source.index, title: source.title || siteOf(source) });
  const className =
    'citation-chip focus-ring mx-px inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-[0.2em] items-center justify-center rounded-full bg-surface-tertiary px-1 align-baseline text-[0.68rem] leading-none font-semibold text-fg-secondary no-underline tabular-nums transition-colors hover:bg-accent hover:text-on-accent';
  return (
    <TooltipPrimitive.Root delayDuration={150}>
      <TooltipPrimitive.Trigger asChild>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            className={className}
            data-testid="citation"
            data-index={source.index}
          >
            {source.index}
          </a>
        ) : (
          <span tabIndex={0} aria-label={label} className={className} data-testid="citation" data-index={source.index}>
            {source.index}
          </span>
        )}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          className="z-[60] rounded-xl border border-line bg-surface-elevated p-3 shadow-elevated data-[state=delayed-open]:animate-fade-in"
        >
          <SourceCard source={source} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

/**
 * A citation mark of a reply's text (`[1]`, `[1, 2]`): a numbered chip per source the reply has,
 * linking to the page; a number with no source stays as typed.
 */
export function InlineCitation({ indexes, raw }: { indexes: readonly number[]; raw: string }) {
  const sources = use(CitationSourcesContext);
  const found = indexes.map((index) => sources?.get(index));
  if (!found.some(Boolean)) return <>{raw}</>;
  return (
    <span className="citation whitespace-nowrap">
      {found.map((source, i) =>
        source ? <CitationChip key={i} source={source} /> : <Fragment key={i}>{`[${indexes[i]}]`}</Fragment>,
      )}
    </span>
  );
}
