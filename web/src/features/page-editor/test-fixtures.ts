/** A page and a backup for the editor's unit tests (editor-state, save-plan). */
import type { PageEdit } from '../../../../api/contracts/pages-admin';
import type { Backup } from './editor-state';

export const PAGE: PageEdit = {
  pageId: '7b0c4c5e-8a43-4f5e-9d0e-2c1b6b7a9f10',
  draft: {
    title: { et: 'Müügitingimused', en: 'Terms of sale' },
    slug: { et: 'muugitingimused', en: 'terms-of-sale' },
    layout: 'default',
    content: { et: '<p>Tere</p>', en: '<p>Hello</p>' },
    metaDescription: { et: '', en: '' },
    metaKeywords: { et: '', en: '' },
    canonicalUrl: '',
    itemContainers: {},
  },
  versions: [],
  settings: { version: 3, draftRevision: 2, publishedRevision: 2, visibility: null, state: 'published', changedBy: 'mari', changedAt: '2026-11-28T10:00:00.000Z' },
};
export const BACKUP: Backup = {
  lang: 'et',
  page: PAGE,
  globals: { fields: { phone: { et: '+372 5123 4567', en: '+372 5123 4567' } }, itemContainers: {}, version: 9 },
};

