/**
 * The storefront's starting content pages (the terms-of-sale link /muugitingimused and the Kontakt menu entry lead
 * somewhere; the language home page of /et and /en; the spare part inquiry form), saved as a draft and published on start with the site content. A seed only creates: each page is
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
<p>Küsige julgelt: aitame leida õige osa ka siis, kui Te ei tea selle koodi.</p>
<p>Varuosa päringu puhul lisage auto mark, mudel, aasta ja VIN-kood või osa originaalnumber (OE-number), või saatke meile <a href="/varuosaparing">varuosa päring</a>.</p>`;

const CONTACT_EN = `
<p>Just ask: we help you find the right part even when you do not know its code.</p>
<p>When asking for a spare part, add the car's make, model, year and VIN, or the part's original (OE) number, or send us a <a href="/en/varuosaparing">spare part inquiry</a>.</p>`;

const HOME_ET = `
<p>Baltic Parts on Tallinna tuuningu- ja varuosapood: üle 30 000 osa mootorile, kerele, piduritele ja tuunimiseks, saatmisega üle Baltikumi.</p>`;

const HOME_EN = `
<p>Baltic Parts is a tuning and spare parts shop in Tallinn: over 30,000 parts for the engine, body, brakes and tuning, shipped across the Baltics.</p>`;

const SPARE_PARTS_ET = `
<p>Ei leia vajalikku osa? Kirjeldage, mida otsite, ja lisage auto andmed või VIN-kood. Vastame tööpäeva jooksul hinna ja tarneajaga.</p>`;

const SPARE_PARTS_EN = `
<p>Cannot find the part you need? Describe what you are looking for and add the car's details or its VIN. We answer within a working day with a price and delivery time.</p>`;

/** The item containers of the home page (spec 1 "homepage": a content-managed hero and blocks). */
const HOME_CONTAINERS = {
  hero: [
    {
      id: 'hero-1',
      html: {
        et: '<h2>Osad, mis sobivad</h2><p>Otsige nime, tootekoodi või OE-numbri järgi või sirvige kategooriaid.</p><p><a href="/tooted">Kõik tooted</a></p>',
        en: '<h2>Parts that fit</h2><p>Search by name, part number or OE number, or browse the categories.</p><p><a href="/en/products">All products</a></p>',
      },
    },
  ],
  highlights: [
    { id: 'delivery', html: { et: '<h3>Pakiautomaati</h3><p>Omniva ja SmartPosti pakiautomaatidesse üle Eesti, Läti ja Leedu.</p>', en: '<h3>To a parcel machine</h3><p>To Omniva and SmartPost parcel machines across Estonia, Latvia and Lithuania.</p>' } },
    { id: 'inquiry', html: { et: '<h3>Varuosa päring</h3><p>Ei leia osa? <a href="/varuosaparing">Saatke päring</a> ja leiame selle Teie eest.</p>', en: '<h3>Spare part inquiry</h3><p>Cannot find a part? <a href="/en/varuosaparing">Send an inquiry</a> and we find it for you.</p>' } },
    { id: 'pickup', html: { et: '<h3>Kauplus Tallinnas</h3><p>Peterburi tee 71, avatud E–R 9–18, L 10–15.</p>', en: '<h3>Shop in Tallinn</h3><p>Peterburi tee 71, open Mon–Fri 9–18, Sat 10–15.</p>' } },
  ],
};

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
    layout: 'contact',
    title: { et: 'Kontakt', en: 'Contact' },
    content: { et: CONTACT_ET.trim(), en: CONTACT_EN.trim() },
    metaDescription: { et: 'Baltic Parts kontaktid: aadress, telefon, e-post ja lahtiolekuajad.', en: 'Baltic Parts contacts: address, phone, e-mail and opening hours.' },
    metaKeywords: { et: 'kontakt, aadress, telefon', en: 'contact, address, phone' },
  },
  {
    // The language home page (spec 2: /et and /en; api/routes/pages answers the names et and en with it).
    pageId: '7c4e1a2b-3d5f-4a6b-9c8d-0e1f2a3b4c5d',
    slug: { et: 'avaleht', en: 'home' },
    layout: 'homepage',
    title: { et: 'Tuuningu- ja varuosad', en: 'Tuning and spare parts' },
    content: { et: HOME_ET.trim(), en: HOME_EN.trim() },
    metaDescription: {
      et: 'Baltic Parts: tuuningu- ja varuosad mootorile, kerele ja piduritele, saatmine pakiautomaati üle Baltikumi.',
      en: 'Baltic Parts: tuning and spare parts for the engine, body and brakes, shipped to parcel machines across the Baltics.',
    },
    metaKeywords: { et: 'varuosad, tuuning, autoosad, pakiautomaat', en: 'spare parts, tuning, car parts, parcel machine' },
    itemContainers: HOME_CONTAINERS,
  },
  {
    // Spec 1 "spare-parts contact": the inquiry form (features/pages/layouts/spare-parts-contact-layout.tsx).
    pageId: '9d6b3f4e-5a7c-4b8d-8e9f-1a2b3c4d5e6f',
    slug: { et: 'varuosaparing', en: 'varuosaparing' },
    layout: 'spare-parts-contact',
    title: { et: 'Varuosa päring', en: 'Spare part inquiry' },
    content: { et: SPARE_PARTS_ET.trim(), en: SPARE_PARTS_EN.trim() },
    metaDescription: { et: 'Küsige varuosa hinda ja tarneaega: saatke auto andmed või VIN-kood ja osa kirjeldus.', en: 'Ask for a spare part price and delivery time: send the car details or VIN and a description of the part.' },
    metaKeywords: { et: 'varuosa päring, VIN, varuosad', en: 'spare part inquiry, VIN, spare parts' },
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
