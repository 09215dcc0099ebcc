import { lazy } from 'react';

/** The export dialog, its code loaded on first open (mount it inside MountOnFirstOpen). */
export const LazyExportDialog = lazy(async () => ({ default: (await import('./export-dialog')).ExportDialog }));
