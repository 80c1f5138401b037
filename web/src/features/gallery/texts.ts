/**
 * The gallery's texts (keys `gallery.*` of namespace `shop`), loaded with the gallery's chunks rather than in the first
 * load (docs/architecture.md section 6, "First load and crash safety"). Imported by every gallery module a page or a
 * content layout loads first.
 */
import en from '../../locales/en-US/shop-gallery.json';
import et from '../../locales/et/shop-gallery.json';
import { addChunkTexts } from '../../lib/i18n';

addChunkTexts('shop', et, en);
