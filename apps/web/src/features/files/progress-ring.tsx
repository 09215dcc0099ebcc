import { cn } from '../../lib/cn';

/** A small circular progress indicator (0 to 1), announced as a progress bar. */
export function ProgressRing({ value, label, className }: { value: number; label: string; className?: string }) {
  const radius = 9;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.min(1, Math.max(0, value));
  return (
    <svg
      viewBox="0 0 24 24"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 100)}
      className={cn('size-6 -rotate-90', className)}
      data-testid="upload-progress"
      data-progress={clamped}
    >
      <circle cx="12" cy="12" r={radius} fill="none" strokeWidth="2.5" className="stroke-current opacity-25" />
      <circle
        cx="12"
        cy="12"
        r={radius}
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        className="stroke-current transition-[stroke-dashoffset] duration-300 ease-out"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - clamped)}
      />
    </svg>
  );
}
