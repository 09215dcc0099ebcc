import { splitPromptText } from '@confab/shared';
import { cn } from '../../lib/cn';

/** A prompt's text as written, its `{{variables}}` marked. */
export function PromptTextView({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <div
      className={cn(
        'scrollbar-thin max-h-[28rem] overflow-y-auto rounded-xl border border-line bg-surface-secondary px-3.5 py-3 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap text-fg',
        className,
      )}
      data-testid={testId}
    >
      {splitPromptText(text).map((segment, index) =>
        segment.type === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <span key={index} className="rounded bg-accent-soft px-0.5 text-accent">
            {segment.raw}
          </span>
        ),
      )}
    </div>
  );
}
