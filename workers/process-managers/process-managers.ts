/**
 * Every process manager of the shop, in the order the worker role starts them (workers/runtime.ts); each is a
 * definition (process-manager.ts) run by the one runner.
 */
import { backInStockMailProcessManager } from './back-in-stock-mail.js';
import { clientRegistrationProcessManager } from './client-registration.js';
import { invoiceMailProcessManager } from './invoice-mail.js';
import { orderMailProcessManager } from './order-mail.js';
import { partInquiryMailProcessManager } from './part-inquiry-mail.js';
import { passwordResetMailProcessManager } from './password-reset-mail.js';
import type { ProcessManagerDefinition } from './process-manager.js';

export const PROCESS_MANAGERS: readonly ProcessManagerDefinition[] = [
  orderMailProcessManager,
  passwordResetMailProcessManager,
  backInStockMailProcessManager,
  clientRegistrationProcessManager,
  invoiceMailProcessManager,
  partInquiryMailProcessManager,
];
