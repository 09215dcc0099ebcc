import { Spinner } from './spinner';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex h-full min-h-dvh w-full items-center justify-center bg-surface text-fg-tertiary">
      <Spinner className="size-7" label={label} />
    </div>
  );
}
