import type { ReactNode } from 'react';

export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="mb-7 text-center">
      <h1 className="text-[28px] leading-tight font-semibold tracking-tight text-fg">{title}</h1>
      {subtitle ? <p className="mt-2 text-[15px] text-fg-secondary">{subtitle}</p> : null}
    </div>
  );
}
