import { cn } from '../../../lib/cn';

/** User text: kept as typed (whitespace and line breaks), never parsed as markdown. */
export function PlainText({ content, className }: { content: string; className?: string }) {
  return <div className={cn('break-words whitespace-pre-wrap', className)}>{content}</div>;
}
