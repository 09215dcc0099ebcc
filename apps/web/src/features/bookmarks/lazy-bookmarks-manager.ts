import { lazy } from 'react';

/** The bookmarks manager, its code loaded on first open (mount it inside MountOnFirstOpen). */
export const LazyBookmarksManagerDialog = lazy(async () => ({
  default: (await import('./bookmarks-manager')).BookmarksManagerDialog,
}));
