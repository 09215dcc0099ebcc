// Imported first by main.tsx: sets the theme class before React renders anything, so a dark
// page never flashes light. (The CSP forbids inline scripts, so this cannot live in index.html.)
import { applyTheme, readThemePreference } from './theme';

applyTheme(readThemePreference());
