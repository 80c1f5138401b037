/**
 * Layout `sidebar-right` (spec 1): the text in the main column and an aside on the right (below the text on a phone)
 * holding the `sidebar` item container (else the page's first container); other containers follow the text.
 */
import { useTranslation } from '../../../lib/translation';
import { ContainerItems, LayoutShell, type LayoutProps, OtherContainers, PageBody, PageTitle } from './parts';

/** The aside's container: `sidebar`, else the first one the page has. */
export const sidebarContainerOf = (containers: Record<string, unknown[]>) =>
  containers.sidebar?.length ? 'sidebar' : (Object.keys(containers).find((k) => containers[k]!.length > 0) ?? null);

export default function SidebarRightLayout({ page }: LayoutProps) {
  const { t } = useTranslation('cms');
  const aside = sidebarContainerOf(page.item_containers);
  return (
    <LayoutShell layout="sidebar-right">
      <PageTitle page={page} />
      <div className="layout-sidebar">
        <div className="layout-sidebar__main">
          <PageBody page={page} />
          <OtherContainers page={page} placed={aside ? [aside] : []} />
        </div>
        {aside && (
          <aside className="layout-sidebar__aside" aria-label={t('layouts.sidebar')} data-container={aside}>
            <ContainerItems page={page} name={aside} itemClassName="layout-sidebar__item" />
          </aside>
        )}
      </div>
    </LayoutShell>
  );
}
