import { useAnnouncer } from './use-announcer';

/** The one aria-live region of the app; anything can speak through useAnnouncer. */
export function LiveAnnouncer() {
  const message = useAnnouncer((s) => s.message);
  return (
    <div aria-live="polite" aria-atomic="true" role="status" className="sr-only" data-testid="live-announcer">
      {message}
    </div>
  );
}
