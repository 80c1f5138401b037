/**
 * Layout `test` (spec 1): for staff trying a page out. Every region of the page drawn as a labelled box (the text,
 * then each item container with its key and item count), so what a page holds shows before it gets a real layout.
 */
import { useTranslation } from '../../../lib/translation';
import { ContainerItems, LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';

export default function TestLayout({ page }: LayoutProps) {
  const { t } = useTranslation('cms');
  const containers = Object.keys(page.item_containers);
  return (
    <LayoutShell layout="test">
      <p className="layout-test__note">{t('layouts.test.note', { layout: page.layout })}</p>
      <PageTitle page={page} />
      <section className="layout-test__region" aria-labelledby="layout-test-content">
        <h2 id="layout-test-content">{t('layouts.test.content')}</h2>
        <PageBody page={page} />
      </section>
      {containers.map((name) => (
        <section key={name} className="layout-test__region" aria-labelledby={`layout-test-${name}`} data-container={name}>
          <h2 id={`layout-test-${name}`}>{t('layouts.test.container', { name, count: page.item_containers[name]!.length })}</h2>
          <ContainerItems page={page} name={name} itemClassName="layout-test__item" />
        </section>
      ))}
    </LayoutShell>
  );
}
