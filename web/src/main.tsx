// The base styles first: feature styles imported by the app's modules come after them in the cascade.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { languageFromPath } from './lib/language';
import { applyTheme, readStoredTheme } from './lib/theme';

const { lang } = languageFromPath(window.location.pathname);
document.documentElement.lang = lang;
applyTheme(readStoredTheme());
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// English bundles load first on /en paths; Estonian ones ship with the app.
void initI18n(lang).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
