/** Layout `basic` (spec 1): the title and the text in one narrow reading column, nothing else. */
import { LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';

export default function BasicLayout({ page }: LayoutProps) {
  return (
    <LayoutShell layout="basic">
      <PageTitle page={page} />
      <PageBody page={page} />
    </LayoutShell>
  );
}
