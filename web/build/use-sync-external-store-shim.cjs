/**
 * `use-sync-external-store/shim` for the browser build (docs/architecture.md section 6, "First load and crash safety"):
 * react-i18next's `useTranslation` imports the shim, which backports `useSyncExternalStore` to React 16/17 and ships
 * that fallback (0.6 KB gzip) in the first load. React 18 has the hook itself, and the shim's production build only
 * calls it then, so web/vite.config.ts aliases the shim to this module: React's own hook. CommonJS like the shim, so
 * the staff chunks' `use-sync-external-store/shim/with-selector`, which requires it, needs no ESM-to-CommonJS wrapper
 * in the runtime chunk every page loads.
 */
exports.useSyncExternalStore = require('react').useSyncExternalStore;
