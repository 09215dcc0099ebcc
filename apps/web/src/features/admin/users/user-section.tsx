import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** One block of the user panel: a title, a line saying what it does, and its controls. */
export function UserSection({
  title,
  description,
  children,
  tone = 'default',
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
  testId?: string;
}) {
  return (
    <section
      className={cn('rounded-xl border px-4 py-3.5', tone === 'danger' ? 'border-danger-line' : 'border-line')}
      data-testid={testId}
    >
      <h3 className={cn('text-sm font-semibold', tone === 'danger' ? 'text-danger' : 'text-fg')}>{title}</h3>
      {description ? <p className="mt-0.5 text-[13px] leading-snug text-fg-secondary">{description}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
