import { lazy } from 'react';

/** The share dialog, its code loaded on first open (mount it inside MountOnFirstOpen). */
export const LazyShareDialog = lazy(async () => ({ default: (await import('./share-dialog')).ShareDialog }));
