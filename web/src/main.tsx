// The base styles first: feature styles imported by the app's modules come after them in the cascade.
import './styles/base.css';
import './styles/header.css';
import './styles/feedback.css';
import './styles/footer.css';
import './styles/breakpoints.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient, watchFocus } from './app/query-client';
import { hydrateQueryState } from './app/ssr-state';
import { initI18n } from './lib/i18n';
import { languageFromPath } from './lib/language';
import { syncRememberedOptionCookies } from './lib/local-option';
import { applyTheme, readStoredTheme, rememberThemeInCookie } from './lib/theme';

const { lang } = languageFromPath(window.location.pathname);
document.documentElement.lang = lang;
const theme = readStoredTheme();
applyTheme(theme);
rememberThemeInCookie(theme);
syncRememberedOptionCookies();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Resolves in a new task (the browser may paint and answer input in between). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// English bundles load first on /en paths; Estonian ones ship with the app.
void initI18n(lang).then(() => {
  const queryClient = createQueryClient();
  watchFocus();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // A page the server rendered (api/ssr): its queries first, then React takes over its HTML (entry-server.tsx).
  // Hydrating inside a transition lets React yield to the browser every few milliseconds (a root hydrated at the
  // default priority runs as one long task): the page is already painted, so a tap or a scroll is answered
  // while the rest hydrates, and a phone's total blocking time is not the whole tree's hydration.
  // Reading the page's query state is a task of its own (a phone's total blocking time counts every task past 50 ms).
  // Prices and counts are formatted without Intl (lib/format.ts), so hydration loads no ICU locale data.
  if (container.hasChildNodes()) {
    void (async () => {
      await nextTask();
      hydrateQueryState(queryClient, document);
      await nextTask();
      startTransition(() => {
        hydrateRoot(container, app);
      });
    })();
  } else {
    createRoot(container).render(app);
  }
});
