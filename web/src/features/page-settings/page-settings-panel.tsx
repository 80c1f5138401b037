/**
 * Page settings (spec 2 "page settings", spec 4 "Editor", spec 5 "URL slug", "meta guidance"): tabs Meta (first),
 * Visibility and Versions, shared by the in-page editor (features/page-editor) and PageEdit (/admin/page/edit/{id}).
 * A controlled component: the host holds the page's draft settings and saves them with its own Save (spec 4: Save
 * saves the page and closes the editor and settings; Cancel restores the backup and closes settings). Restoring a
 * version is its own command (POST /v1/admin/pages/{id}/restore): the panel runs it and calls `onRestored` so the host
 * reloads the page.
 *
 * A side panel (./page-settings.css): on wide screens it sits beside the edited text (the host leaves room for it:
 * PageEdit's grid; the in-page editor's fixed panel is 24rem at the right edge), on narrow ones it stacks. Escape
 * closes it; the tabs follow the arrow keys (components/staff/tab-list.tsx).
 *
 * Staff chunk only (imported lazily by the editor and by the staff app).
 */
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { TabList, TabPanel } from '../../components/staff/tab-list';
import { MetaTab } from './meta-tab';
import { NS } from './texts';
import type { PageSettingsPanelProps } from './types';
import { VersionsTab } from './versions-tab';
import { VisibilityTab } from './visibility-tab';
import './page-settings.css';

export { settingsOf, type PageDraft, type PageSettingsPanelProps, type PageSettingsValue, type PageVisibility } from './types';

const TABS = ['meta', 'visibility', 'versions'] as const;
type Tab = (typeof TABS)[number];

export function PageSettingsPanel(props: PageSettingsPanelProps) {
  const { t } = useTranslation(NS);
  const id = useId().replace(/:/g, '');
  const [tab, setTab] = useState<Tab>('meta'); // spec 4: the current tab defaults to 'meta'
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    props.onClose();
  };
  return (
    <aside className="page-settings" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="page-settings__head">
        <h2 id={`${id}-title`} className="page-settings__title">
          {t('panel.label')}
        </h2>
        <button type="button" className="icon-button" onClick={props.onClose} aria-label={t('panel.close')} title={t('panel.close')}>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <TabList idPrefix={`${id}-ps`} label={t('panel.tabs')} tabs={TABS} selected={tab} onSelect={setTab} tabLabel={(k) => t(`panel.tab.${k}`)} />
      <TabPanel idPrefix={`${id}-ps`} selected={tab} busy={false}>
        <div className="page-settings__body">
          {tab === 'meta' ? <MetaTab {...props} /> : tab === 'visibility' ? <VisibilityTab {...props} /> : <VersionsTab {...props} />}
        </div>
      </TabPanel>
    </aside>
  );
}
