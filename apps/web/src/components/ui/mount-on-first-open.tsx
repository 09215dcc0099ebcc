import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a dialog from the first time it opens and keeps it mounted after (so closing still
 * animates); before that, nothing. With a `lazy` dialog inside, its code loads when first opened
 * rather than with the page (issue 26: the chat's first load).
 */
export function MountOnFirstOpen({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
