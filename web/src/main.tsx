import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { languageFromPath } from './lib/language';
import { applyTheme, readStoredTheme } from './lib/theme';
import './styles/app.css';

const { lang } = languageFromPath(window.location.pathname);
document.documentElement.lang = lang;
applyTheme(readStoredTheme());
initI18n(lang);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
