/**
 * Layout `contact` (spec 1): the text beside the shop's contact card (address with a map link, phone, e-mail and
 * opening hours from the global fields), the page's item containers below.
 */
import { ContactDetails } from './contact-details';
import { LayoutShell, type LayoutProps, OtherContainers, PageBody, PageTitle } from './parts';

export default function ContactLayout({ page }: LayoutProps) {
  return (
    <LayoutShell layout="contact">
      <PageTitle page={page} />
      <div className="layout-columns">
        <PageBody page={page} />
        <ContactDetails headingId="contact-card-title" />
      </div>
      <OtherContainers page={page} />
    </LayoutShell>
  );
}
