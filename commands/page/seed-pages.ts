/**
 * The storefront's starting content pages (the terms-of-sale link /muugitingimused and the Kontakt menu entry lead
 * somewhere), saved as a draft and published on start with the site content. A seed only creates: each page is
 * saved with `expectedVersion` 0, so a page that exists (seeded before, edited since, or stored as a `PageSaved`
 * from before drafts) is left as it is and a second start appends nothing.
 */
import { v5 as uuidv5 } from 'uuid';
import type { PageCommand } from '../../domain/page/page.js';
import { ChangedMeanwhileError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { publishPage } from './publish-page.js';
import { savePageDraft } from './save-page-draft.js';

const SEED_NAMESPACE = 'a3f1c6d2-9e47-4b1a-8c5d-6e2f0b7a9d31';

const TERMS_ET = `
<p>Müüja on Baltic Parts OÜ, Peterburi tee 71, 11415 Tallinn, e-post <a href="mailto:info@balticparts.ee">info@balticparts.ee</a>, telefon <a href="tel:+37251234567">+372 5123 4567</a>.</p>
<h2>Tellimine</h2>
<p>Tellimuse saab esitada veebipoes. Leping jõustub, kui tellimus on makstud; tellimuse kinnituse saadame e-postiga koos arvega.</p>
<h2>Hinnad</h2>
<p>Hinnad on eurodes ja sisaldavad käibemaksu 24%. Teise Euroopa Liidu riigi käibemaksukohustuslasest ettevõte, kes sisestab tellimusel oma käibemaksukohustuslase numbri, tasub hinna käibemaksuta (pöördmaksustamine).</p>
<h2>Maksmine</h2>
<p>Tellimuse saab tasuda pangalingi või Montonio kaudu. Tellitud kaubad on broneeritud piiratud aja; kui tellimust selle ajaga ei maksta, broneering tühistatakse.</p>
<h2>Tarne</h2>
<p>Saadame kaubad Omniva ja SmartPosti pakiautomaatidesse, Omniva postkontorisse või kulleriga. Tarne algab pärast makse laekumist. Suuri tooteid pakiautomaati ei saadeta.</p>
<h2>Taganemisõigus</h2>
<p>Tarbijal on õigus lepingust taganeda 14 päeva jooksul kauba kättesaamisest (võlaõigusseadus § 56). Teatage taganemisest e-postiga; kauba tagastamise kulu kannab ostja. Raha tagastame 14 päeva jooksul taganemisavalduse saamisest.</p>
<h2>Pretensioonid</h2>
<p>Lepingutingimustele mittevastava kauba kohta võib esitada kaebuse kahe aasta jooksul kauba üleandmisest (võlaõigusseadus § 218). Vaidluse korral võib pöörduda Tarbijakaitse ja Tehnilise Järelevalve Ameti tarbijavaidluste komisjoni poole.</p>
<h2>Isikuandmed</h2>
<p>Kasutame ostja andmeid ainult tellimuse täitmiseks ja arveldamiseks.</p>`;

const TERMS_EN = `
<p>The seller is Baltic Parts OÜ, Peterburi tee 71, 11415 Tallinn, Estonia, e-mail <a href="mailto:info@balticparts.ee">info@balticparts.ee</a>, phone <a href="tel:+37251234567">+372 5123 4567</a>.</p>
<h2>Ordering</h2>
<p>Orders are placed in the online shop. The contract takes effect when the order is paid; we send the order confirmation with the invoice by e-mail.</p>
<h2>Prices</h2>
<p>Prices are in euros and include 24% VAT. A VAT-registered business from another EU country that enters its VAT number with the order pays the price without VAT (reverse charge).</p>
<h2>Payment</h2>
<p>Orders are paid through a bank link or Montonio. The items ordered are reserved for a limited time; an order not paid within that time is cancelled.</p>
<h2>Delivery</h2>
<p>We deliver to Omniva and SmartPost parcel machines, to an Omniva post office or by courier. Delivery starts when the payment has arrived. Big products are not sent to parcel machines.</p>
<h2>Right of withdrawal</h2>
<p>A consumer may withdraw from the contract within 14 days of receiving the goods (Estonian Law of Obligations Act § 56). Tell us by e-mail; the buyer pays for returning the goods. We refund the payment within 14 days of receiving the notice.</p>
<h2>Complaints</h2>
<p>A complaint about goods that do not conform to the contract can be made within two years of delivery (Law of Obligations Act § 218). Disputes can be taken to the Consumer Disputes Committee of the Consumer Protection and Technical Regulatory Authority.</p>
<h2>Personal data</h2>
<p>We use the buyer's data only to fulfil and invoice the order.</p>`;

const CONTACT_ET = `
<p>Baltic Parts OÜ<br>Peterburi tee 71, 11415 Tallinn</p>
<p>Telefon: <a href="tel:+37251234567">+372 5123 4567</a><br>E-post: <a href="mailto:info@balticparts.ee">info@balticparts.ee</a></p>
<p>Avatud: E–R 9–18, L 10–15</p>
<p>Varuosa päringu puhul lisage auto mark, mudel, aasta ja VIN-kood või osa originaalnumber (OE-number).</p>`;

const CONTACT_EN = `
<p>Baltic Parts OÜ<br>Peterburi tee 71, 11415 Tallinn, Estonia</p>
<p>Phone: <a href="tel:+37251234567">+372 5123 4567</a><br>E-mail: <a href="mailto:info@balticparts.ee">info@balticparts.ee</a></p>
<p>Open: Mon–Fri 9–18, Sat 10–15</p>
<p>When asking for a spare part, add the car's make, model, year and VIN, or the part's original (OE) number.</p>`;

export const SEED_PAGES: Array<Extract<PageCommand, { type: 'SavePageDraft' }>['data']> = [
  {
    pageId: '3b0f5c1e-7a2d-4e8b-9c6f-1d2e3a4b5c6d',
    slug: { et: 'muugitingimused', en: 'muugitingimused' },
    layout: 'default',
    title: { et: 'Müügitingimused', en: 'Terms of sale' },
    content: { et: TERMS_ET.trim(), en: TERMS_EN.trim() },
    metaDescription: {
      et: 'Baltic Parts veebipoe müügitingimused: tellimine, hinnad, maksmine, tarne pakiautomaati, taganemisõigus ja pretensioonid.',
      en: 'Terms of sale of the Baltic Parts online shop: ordering, prices, payment, parcel machine delivery, withdrawal and complaints.',
    },
    metaKeywords: { et: 'müügitingimused, tarne, taganemisõigus, tagastamine', en: 'terms of sale, delivery, withdrawal, returns' },
  },
  {
    pageId: '5e2a7c9d-1b3f-4d6a-8e0c-2f4a6b8d0e1f',
    slug: { et: 'kontakt', en: 'kontakt' },
    layout: 'default',
    title: { et: 'Kontakt', en: 'Contact' },
    content: { et: CONTACT_ET.trim(), en: CONTACT_EN.trim() },
    metaDescription: { et: 'Baltic Parts kontaktid: aadress, telefon, e-post ja lahtiolekuajad.', en: 'Baltic Parts contacts: address, phone, e-mail and opening hours.' },
    metaKeywords: { et: 'kontakt, aadress, telefon', en: 'contact, address, phone' },
  },
];

/**
 * Creates and publishes every seeded page that does not exist yet.
 * @throws DomainError only if the seed data itself were invalid.
 */
export async function seedPages(store: EventStore, now: string): Promise<void> {
  for (const page of SEED_PAGES) {
    const ctx = (step: string) => ({ commandId: uuidv5(`${page.pageId}/${step}`, SEED_NAMESPACE), correlationId: uuidv5('seed-pages', SEED_NAMESPACE), userId: null, now });
    try {
      await savePageDraft(store, { ...page, expectedVersion: 0 }, ctx('draft'));
    } catch (error) {
      if (error instanceof ChangedMeanwhileError) continue; // the page exists: not the seed's to change
      throw error;
    }
    await publishPage(store, { pageId: page.pageId, expectedVersion: 1 }, ctx('publish'));
  }
}
