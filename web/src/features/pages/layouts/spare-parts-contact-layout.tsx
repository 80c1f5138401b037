/**
 * Layout `spare-parts-contact` (spec 1): the text, the spare part inquiry form (spare-parts-form.tsx) and, beside it,
 * the shop's contact card (address, phone, e-mail, opening hours from the global fields) for those who would rather
 * call.
 */
import { ContactDetails } from './contact-details';
import { LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';
import { SparePartsForm } from './spare-parts-form';

export default function SparePartsContactLayout({ page }: LayoutProps) {
  return (
    <LayoutShell layout="spare-parts-contact">
      <PageTitle page={page} />
      <PageBody page={page} />
      <div className="layout-columns layout-columns--form">
        <SparePartsForm />
        <ContactDetails headingId="inquiry-contact-title" />
      </div>
    </LayoutShell>
  );
}
