import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A titled card of the setup screen and the Admin area. */
export function SetupSection({
  title,
  description,
  action,
  children,
  className,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** A button at the heading's end. */
  action?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={cn('rounded-2xl border border-line bg-surface p-4 sm:p-6', className)} data-testid={testId}>
      <div
        className={cn('flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between', children ? 'mb-4' : null)}
      >
        <div className="min-w-0">
          <h2 className="text-base font-semibold tracking-tight text-fg">{title}</h2>
          {description ? <p className="mt-1 text-sm leading-relaxed text-fg-secondary">{description}</p> : null}
        </div>
        {action ? <div className="shrink-0 self-start">{action}</div> : null}
      </div>
      {children}
    </section>
  );
}
