import {
  ChevronDown,
  Drama,
  Languages,
  Lightbulb,
  ListChecks,
  MessageCircleQuestion,
  MessageSquareText,
  Palette,
  TextQuote,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { MarkdownTag } from './tagged-sections';

const ICONS: Record<MarkdownTag, LucideIcon> = {
  'user-answers-summary': ListChecks,
  'user-language': Languages,
  'shorted-user-message': TextQuote,
  'shorten-user-message': TextQuote,
  brain_storm: Lightbulb,
  style: Palette,
  character: Drama,
  answer: MessageSquareText,
  answers: MessageSquareText,
  question: MessageCircleQuestion,
  questions: MessageCircleQuestion,
};

/** What the reader came for is open; the model's working notes start folded. */
const OPEN_BY_DEFAULT = new Set<MarkdownTag>(['answer', 'answers', 'question', 'questions']);

/**
 * A SPEC 9 tag of model output (`<brain_storm>…</brain_storm>`) as a collapsible block: a header
 * naming it, its content as markdown. While its text still streams in it stays open; once
 * finished it folds as its kind does by default, unless the reader chose otherwise.
 */
export function MarkdownTagBlock({
  tag,
  isWriting,
  children,
}: {
  tag: MarkdownTag;
  /** The reply is streaming and this tag is not closed yet. */
  isWriting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('meme-media');
  const [choice, setChoice] = useState<boolean | null>(null);
  const isOpen = choice ?? (isWriting || OPEN_BY_DEFAULT.has(tag));
  const bodyId = useId();
  const Icon = ICONS[tag];
  const label = t(`tags.${tag}`);

  return (
    <section
      className="markdown-tag my-3 overflow-hidden rounded-xl border border-line bg-surface-secondary/70"
      data-testid="markdown-tag"
      data-tag={tag}
      data-state={isOpen ? 'open' : 'closed'}
      aria-label={label}
    >
      <button
        type="button"
        onClick={() => setChoice(!isOpen)}
        aria-expanded={isOpen}
        aria-controls={bodyId}
        className="focus-ring flex w-full items-center gap-2 px-3 py-2 text-start text-sm font-medium text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg"
      >
        <Icon className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {isWriting ? (
          <span className="flex items-center gap-1.5 text-xs font-normal text-fg-tertiary">
            <Spinner className="size-3" />
            {t('tags.writing')}
          </span>
        ) : null}
        <ChevronDown
          className={cn('size-4 shrink-0 text-fg-tertiary transition-transform', isOpen && 'rotate-180')}
          aria-hidden
        />
      </button>
      <div id={bodyId} hidden={!isOpen} className="markdown-tag-body border-t border-line px-4 py-3">
        {children}
      </div>
    </section>
  );
}
