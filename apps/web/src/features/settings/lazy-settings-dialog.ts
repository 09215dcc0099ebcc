import { lazy } from 'react';

/** The settings dialog, its code loaded on first open (mount it inside MountOnFirstOpen). */
export const LazySettingsDialog = lazy(async () => ({ default: (await import('./settings-dialog')).SettingsDialog }));
