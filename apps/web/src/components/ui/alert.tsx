import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  error: { box: 'border-danger-line bg-danger-soft text-danger', icon: <CircleAlert className="mt-px size-[18px]" aria-hidden /> },
  success: { box: 'border-accent/30 bg-accent-soft text-fg', icon: <CircleCheck className="mt-px size-[18px] text-accent" aria-hidden /> },
  info: { box: 'border-line bg-surface-tertiary text-fg', icon: <Info className="mt-px size-[18px] text-fg-secondary" aria-hidden /> },
};

export function Alert({ tone = 'error', title, children, className, testId }: { tone?: AlertTone; title?: ReactNode; children?: ReactNode; className?: string; testId?: string }) {
  const style = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} data-testid={testId} className={cn('flex gap-2.5 rounded-xl border px-3.5 py-3 text-sm leading-relaxed', style.box, className)}>
      <span className="shrink-0">{style.icon}</span>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className={cn(title && 'mt-0.5 opacity-90')}>{children}</div> : null}
      </div>
    </div>
  );
}
