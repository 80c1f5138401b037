/**
 * The PartInquiry aggregate (spec 1 "spare-parts contact" layout: a shopper asks for a part: name, e-mail, phone,
 * the vehicle's make, model and year or its VIN, the part wanted and an optional photo). One stream per inquiry,
 * `part-inquiry-{uuid}`, holding one PartInquiryReceived; the part-inquiry-mail process manager mails staff and the
 * shopper from it (workers/process-managers/part-inquiry-mail.ts). The personal fields are sealed in the event store
 * like OrderPlaced's (commands/shared/personal-data-rules.ts).
 *
 * `partInquiryFieldErrors` is the one set of rules: the decider, the api and the storefront's form use it.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { parseEmailAddress } from '../shared/email.js';
import { DomainError, illegalState } from '../shared/errors.js';
import type { Language } from '../shared/localized.js';

/** The form's fields as typed (strings; '' = not given). */
export interface PartInquiryFields {
  name: string;
  email: string;
  phone: string;
  make: string;
  model: string;
  /** Model year, four digits. */
  year: string;
  /** Vehicle identification number (ISO 3779): 17 letters and digits without I, O and Q. */
  vin: string;
  /** The part wanted, free text. */
  part: string;
}
export type PartInquiryField = keyof PartInquiryFields;

/** Longest one-line field (name, e-mail, phone, make, model), in characters. */
export const MAX_INQUIRY_LINE = 200;
/** Longest description of the part wanted, in characters. */
export const MAX_INQUIRY_PART = 4000;
/** The oldest model year taken. */
export const MIN_VEHICLE_YEAR = 1900;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

export type PartInquiryErrorCode = 'part_inquiry.required' | 'part_inquiry.email_invalid' | 'part_inquiry.vin_invalid' | 'part_inquiry.year_invalid' | 'part_inquiry.too_long';
export interface PartInquiryFieldError {
  field: PartInquiryField;
  code: PartInquiryErrorCode;
}

/** A VIN as stored: upper case, without spaces and dashes. */
export const normaliseVin = (vin: string) => vin.replace(/[\s-]/g, '').toUpperCase();

/**
 * The failed rules of a form, in field order (empty: it may be sent):
 * - name, e-mail, phone and the part wanted are required (`part_inquiry.required`); the e-mail is exactly one valid
 *   address (`part_inquiry.email_invalid`, domain/shared/email.ts);
 * - the vehicle: a VIN (`part_inquiry.vin_invalid` unless 17 characters of A-Z and 0-9 without I, O, Q), or else make,
 *   model and year all given; a year given is four digits from MIN_VEHICLE_YEAR to next year (`part_inquiry.year_invalid`);
 * - lines at most MAX_INQUIRY_LINE characters, the part at most MAX_INQUIRY_PART (`part_inquiry.too_long`).
 * @param now ISO-8601 instant (the latest model year is the next calendar year's)
 */
export function partInquiryFieldErrors(f: PartInquiryFields, now: string): PartInquiryFieldError[] {
  const errors: PartInquiryFieldError[] = [];
  const add = (field: PartInquiryField, code: PartInquiryErrorCode) => errors.push({ field, code });
  const text = (field: PartInquiryField) => f[field].trim();
  for (const field of ['name', 'email', 'phone', 'make', 'model'] as const) if (text(field).length > MAX_INQUIRY_LINE) add(field, 'part_inquiry.too_long');
  if (!text('name')) add('name', 'part_inquiry.required');
  if (!text('email')) add('email', 'part_inquiry.required');
  else if (!parseEmailAddress(text('email'))) add('email', 'part_inquiry.email_invalid');
  if (!text('phone')) add('phone', 'part_inquiry.required');
  const vin = normaliseVin(f.vin);
  if (vin && !VIN.test(vin)) add('vin', 'part_inquiry.vin_invalid');
  if (!vin) {
    if (!text('make')) add('make', 'part_inquiry.required');
    if (!text('model')) add('model', 'part_inquiry.required');
  }
  const year = text('year');
  if (!year && !vin) add('year', 'part_inquiry.required');
  else if (year && (!/^\d{4}$/.test(year) || Number(year) < MIN_VEHICLE_YEAR || Number(year) > new Date(now).getUTCFullYear() + 1)) add('year', 'part_inquiry.year_invalid');
  if (!text('part')) add('part', 'part_inquiry.required');
  else if (text('part').length > MAX_INQUIRY_PART) add('part', 'part_inquiry.too_long');
  return errors;
}

/** What PartInquiryReceived records (texts trimmed, the VIN normalised, '' = not given). */
export interface PartInquiryReceivedData {
  inquiryId: string;
  name: string;
  email: string;
  phone: string;
  vehicle: { make: string; model: string; year: string; vin: string };
  part: string;
  /** The photo as stored by the upload pipeline (domain/file), or null. */
  photoFileId: string | null;
  /** The shopper's language: the confirmation mail's. */
  language: Language;
  receivedAt: string;
}

export type PartInquiryEvent = Message<'PartInquiryReceived', PartInquiryReceivedData>;
export const PART_INQUIRY_EVENT_TYPES: PartInquiryEvent['type'][] = ['PartInquiryReceived'];

export type PartInquiryCommand = Message<'ReceivePartInquiry', PartInquiryFields & { inquiryId: string; photoFileId: string | null; language: Language }> & { metadata: CommandMetadata };

export type PartInquiryState = { status: 'none' } | { status: 'received'; inquiryId: string };

export const toPartInquiryStreamId = (inquiryId: string) => `part-inquiry-${inquiryId}`;

/**
 * @throws DomainError validation with one problem per failed field (the first one's code and field on the error
 *   itself: see partInquiryFieldErrors); illegal_state `part_inquiry.exists` when the stream already holds one
 */
function decide(command: PartInquiryCommand, state: PartInquiryState): PartInquiryEvent[] {
  switch (command.type) {
    case 'ReceivePartInquiry': {
      if (state.status !== 'none') throw illegalState('part_inquiry.exists', 'This inquiry was received already');
      const d = command.data;
      const errors = partInquiryFieldErrors(d, command.metadata.now);
      if (errors.length) throw new DomainError(errors[0]!.code, 'validation', 'The inquiry has invalid fields', errors[0]!.field, { problems: errors });
      return [
        {
          type: 'PartInquiryReceived',
          data: {
            inquiryId: d.inquiryId,
            name: d.name.trim(),
            email: d.email.trim(),
            phone: d.phone.trim(),
            vehicle: { make: d.make.trim(), model: d.model.trim(), year: d.year.trim(), vin: normaliseVin(d.vin) },
            part: d.part.trim(),
            photoFileId: d.photoFileId,
            language: d.language,
            receivedAt: command.metadata.now,
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

function evolve(state: PartInquiryState, event: PartInquiryEvent): PartInquiryState {
  switch (event.type) {
    case 'PartInquiryReceived':
      return { status: 'received', inquiryId: event.data.inquiryId };
    default:
      return state;
  }
}

export const partInquiryDecider: Decider<PartInquiryCommand, PartInquiryEvent, PartInquiryState> = { decide, evolve, initialState: { status: 'none' } };
