// Theme first: it sets the `dark` class before anything renders.
import './lib/theme-boot';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installStaleChunkReload } from './app/reload-on-stale-chunk';
import { startSession } from './features/auth/auth-store';
import { initI18n } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

installStaleChunkReload();

// The silent refresh (SPEC 4) starts now, in parallel with loading the translations.
void startSession();
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
