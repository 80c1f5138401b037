/**
 * The two mails of a spare part inquiry (spec 1 "spare-parts contact"), both plain text:
 * - to staff (the shop's `email` global field), in Estonian, the shop's language: every field of the form, the
 *   photo's link when there is one, `Reply-To` the shopper, so answering goes to them;
 * - to the shopper, in the language of the form: a confirmation that the inquiry arrived and when to expect an
 *   answer (spec 8's success text 'Sent! You should receive a confirmation with email.' promises it). It carries none
 *   of the typed text, no name and no link, as the order confirmation (workers/order-mail/order-confirmation.ts): the
 *   address has not proved itself, and a form that mailed what it was given would relay anyone's text to any address.
 * Estonian with the formal address ('Teie'). Each Message-ID derives from the event id and the recipient, so a
 * retried send carries the same one.
 */
import type { SendMailOptions } from 'nodemailer';
import { SHOP_NAME } from '../../domain/order/order-document.js';
import type { PartInquiryReceivedData } from '../../domain/part-inquiry/part-inquiry.js';
import { mailDomain } from '../order-mail/order-confirmation.js';

export type InquiryMailRecipient = 'staff' | 'shopper';

const LABELS = {
  et: { name: 'Nimi', email: 'E-post', phone: 'Telefon', make: 'Mark', model: 'Mudel', year: 'Aasta', vin: 'VIN-kood', part: 'Soovitud osa', photo: 'Foto' },
  en: { name: 'Name', email: 'E-mail', phone: 'Phone', make: 'Make', model: 'Model', year: 'Year', vin: 'VIN', part: 'Part wanted', photo: 'Photo' },
} as const;

const SHOPPER = {
  et: {
    subject: 'Saime Teie varuosa päringu',
    greeting: 'Tere!',
    received: 'Täname! Saime Teie varuosa päringu kätte. Vastame tööpäeva jooksul hinna ja tarneajaga.',
    ignore: 'Kui Teie seda päringut ei saatnud, võite selle kirja tähelepanuta jätta.',
  },
  en: {
    subject: 'We received your spare part inquiry',
    greeting: 'Hello,',
    received: 'Thank you! We received your spare part inquiry. We answer within a working day with a price and delivery time.',
    ignore: 'If you did not send this inquiry, you can ignore this mail.',
  },
} as const;

/** The inquiry's fields as `Label: value` lines in `language` (fields not given left out). */
export function inquiryLines(inquiry: PartInquiryReceivedData, language: 'et' | 'en', photoUrl: string | null): string[] {
  const L = LABELS[language];
  const v = inquiry.vehicle;
  const pairs: Array<[string, string]> = [
    [L.name, inquiry.name],
    [L.email, inquiry.email],
    [L.phone, inquiry.phone],
    [L.make, v.make],
    [L.model, v.model],
    [L.year, v.year],
    [L.vin, v.vin],
  ];
  const lines = pairs.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  lines.push('', `${L.part}:`, inquiry.part);
  if (photoUrl) lines.push('', `${L.photo}: ${photoUrl}`);
  return lines;
}

/** The photo's largest rendition, absolute (`{shopUrl}/files/{id}/1280.webp`), or null without a photo. */
export const inquiryPhotoUrl = (shopUrl: string, fileId: string | null) => (fileId ? `${shopUrl.replace(/\/+$/, '')}/files/${encodeURIComponent(fileId)}/1280.webp` : null);

/** The Message-ID of one of the two mails of an inquiry. */
export const partInquiryMessageId = (eventId: string, recipient: InquiryMailRecipient, from: string) => `<part-inquiry-${recipient}.${eventId}@${mailDomain(from)}>`;

/** The first line of the part wanted, at most 60 characters (the staff mail's subject). */
const gist = (text: string) => {
  const line = text.split('\n')[0]!.trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/** The complete nodemailer message; header `X-Shop-Mail` names the kind (`part-inquiry-staff` / `part-inquiry-shopper`). */
export function buildPartInquiryMessage(input: { eventId: string; recipient: InquiryMailRecipient; from: string; to: string; shopUrl: string; inquiry: PartInquiryReceivedData }): SendMailOptions & { messageId: string } {
  const { inquiry } = input;
  const photo = inquiryPhotoUrl(input.shopUrl, inquiry.photoFileId);
  const common = { from: input.from, to: input.to, messageId: partInquiryMessageId(input.eventId, input.recipient, input.from), headers: { 'X-Shop-Mail': `part-inquiry-${input.recipient}` } };
  if (input.recipient === 'staff') {
    const text = ['Uus varuosa päring veebipoest.', '', ...inquiryLines(inquiry, 'et', photo), '', `Vastamiseks kirjutage: ${inquiry.email}`, ''].join('\n');
    return { ...common, subject: `Varuosa päring: ${gist(inquiry.part)}`, text, replyTo: inquiry.email };
  }
  const M = SHOPPER[inquiry.language];
  const text = [M.greeting, '', M.received, '', M.ignore, '', SHOP_NAME, ''].join('\n');
  return { ...common, subject: M.subject, text };
}
