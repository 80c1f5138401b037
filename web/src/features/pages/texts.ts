/**
 * The content layouts' texts (keys `layouts.*` of namespace `cms`), loaded with the content page's chunk rather than in
 * the first load (docs/architecture.md section 6, "First load and crash safety").
 */
import en from '../../locales/en-US/cms-layouts.json';
import et from '../../locales/et/cms-layouts.json';
import { addChunkTexts } from '../../lib/i18n';

addChunkTexts('cms', et, en);
