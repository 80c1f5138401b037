/**
 * The payment providers of this process (spec 3 "Payment method", spec 4 "Payment page", spec 7
 * `GET/PUT /v1/payment/{token}`), configured from the environment:
 *
 * - `ipizza-sandbox` ("Näidispank / Sandbox bank"): the local sandbox bank (sandbox-bank.ts) at
 *   `{PUBLIC_URL}/sandbox-bank/pay`, on under `npm start` unless `PAYMENT_SANDBOX=off`, elsewhere only with
 *   `PAYMENT_SANDBOX=on`; keys in `PAYMENT_SANDBOX_KEY_DIR`.
 * - `ipizza-<bank>` for Swedbank, SEB, LHV, Luminor, Coop Pank: when `IPIZZA_<BANK>_URL`, `_SND_ID`,
 *   `_PRIVATE_KEY_FILE` and `_BANK_CERT_FILE` are set (optional `_BANK_ID`, `_ACC`, `_NAME`, `_LOGO_URL`,
 *   `_PRIVATE_KEY_PASSPHRASE`).
 * - `montonio-<bank>-ee`: when `MONTONIO_ACCESS_KEY` and `MONTONIO_SECRET_KEY` are set (`MONTONIO_API_URL`,
 *   default the sandbox).
 * - `IPIZZA_TIME_WINDOW_MS` (default 300000): how far a bank's signed payment time may be from arrival.
 */
import { readFileSync } from 'node:fs';
import { createIpizzaProvider, DEFAULT_IPIZZA_TIME_WINDOW_MS, loadPrivateKey, loadPublicKey } from './ipizza.js';
import { createMontonioProvider, MONTONIO_SANDBOX_API_URL } from './montonio.js';
import type { PaymentMethod, PaymentProvider, PaymentProviders } from './port.js';
import type { SandboxBankOptions } from './sandbox-bank.js';
import { DEFAULT_SANDBOX_KEY_DIR, loadSandboxKeys } from './sandbox-keys.js';

export { renderAutoPostForm } from './html.js';
export { sandboxBankRoutes } from './sandbox-bank.js';
export { PaymentCallbackRejected } from './port.js';
export type { PaymentCallback, PaymentMethod, PaymentProvider, PaymentProviders, PaymentRequest, PaymentStart, VerifiedPayment } from './port.js';

/** The iPizza banks that can be configured with `IPIZZA_<BANK>_*`. */
export const IPIZZA_BANKS = [
  { env: 'SWEDBANK', id: 'ipizza-swedbank', name: 'Swedbank' },
  { env: 'SEB', id: 'ipizza-seb', name: 'SEB' },
  { env: 'LHV', id: 'ipizza-lhv', name: 'LHV' },
  { env: 'LUMINOR', id: 'ipizza-luminor', name: 'Luminor' },
  { env: 'COOP', id: 'ipizza-coop', name: 'Coop Pank' },
] as const;

export const SANDBOX_METHOD_ID = 'ipizza-sandbox';
/** The shop's VK_SND_ID at the sandbox bank, and the bank's id. */
export const SANDBOX_SHOP_ID = 'BALTICPARTS';
export const SANDBOX_BANK_ID = 'SANDBOX';

export interface IpizzaBankConfig {
  id: string;
  name: string;
  url: string;
  sndId: string;
  privateKeyFile: string;
  privateKeyPassphrase?: string;
  bankCertFile: string;
  bankId?: string;
  account?: string;
  accountName?: string;
  logoUrl: string;
}

/** What {@link createPaymentProviders} needs; built from the environment by {@link paymentConfigFromEnv}. */
export interface PaymentConfig {
  /** Absolute base URL of the shop as browsers and providers reach it, without a trailing slash. */
  publicUrl: string;
  /** The sandbox bank, or null when `PAYMENT_SANDBOX=off`. */
  sandbox: { keyDir: string; merchantName: string; merchantAccount: string } | null;
  ipizzaBanks: IpizzaBankConfig[];
  montonio: { accessKey: string; secretKey: string; apiUrl: string } | null;
  /** Milliseconds a bank's signed payment time may differ from the callback's arrival (default 5 minutes). */
  ipizzaTimeWindowMs: number;
}

/**
 * Reads the payment configuration from `env` (variables in the module comment). `publicUrl` is the shop's
 * absolute base URL (`PUBLIC_URL`, e.g. http://localhost:3000). Only paths are read here; key files are read by
 * {@link createPaymentProviders}.
 *
 * The sandbox bank lets anyone pay for free, so it is off unless asked for: `options.sandbox` (the run
 * mode's decision, platform/config.ts `paymentSandbox`: on under `npm start`) or, without it, `PAYMENT_SANDBOX=on`.
 * @throws Error naming the variable when a value is malformed or a bank is configured only in part.
 */
export function paymentConfigFromEnv(env: NodeJS.ProcessEnv, publicUrl: string, options: { sandbox?: boolean } = {}): PaymentConfig {
  const base = publicUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(base)) throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${publicUrl}"`);
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };

  const sandboxSetting = (value('PAYMENT_SANDBOX') ?? 'off').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(sandboxSetting)) throw new Error(`PAYMENT_SANDBOX must be on or off, got "${env.PAYMENT_SANDBOX}"`);
  const sandboxOn = options.sandbox ?? ['on', 'true', '1'].includes(sandboxSetting);

  const ipizzaBanks: IpizzaBankConfig[] = [];
  for (const bank of IPIZZA_BANKS) {
    const p = `IPIZZA_${bank.env}_`;
    const required = { URL: value(`${p}URL`), SND_ID: value(`${p}SND_ID`), PRIVATE_KEY_FILE: value(`${p}PRIVATE_KEY_FILE`), BANK_CERT_FILE: value(`${p}BANK_CERT_FILE`) };
    const set = Object.entries(required).filter(([, v]) => v !== undefined);
    if (set.length === 0) continue;
    const missing = Object.entries(required).filter(([, v]) => v === undefined).map(([k]) => p + k);
    if (missing.length > 0) throw new Error(`${bank.name} iPizza is configured in part: set ${missing.join(', ')} too (or unset ${set.map(([k]) => p + k).join(', ')})`);
    if (!/^https:\/\//.test(required.URL!) && !/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(required.URL!)) throw new Error(`${p}URL must be an https URL, got "${required.URL}"`);
    ipizzaBanks.push({
      id: bank.id,
      name: bank.name,
      url: required.URL!,
      sndId: required.SND_ID!,
      privateKeyFile: required.PRIVATE_KEY_FILE!,
      privateKeyPassphrase: value(`${p}PRIVATE_KEY_PASSPHRASE`),
      bankCertFile: required.BANK_CERT_FILE!,
      bankId: value(`${p}BANK_ID`),
      account: value(`${p}ACC`),
      accountName: value(`${p}NAME`),
      logoUrl: value(`${p}LOGO_URL`) ?? '',
    });
  }

  const accessKey = value('MONTONIO_ACCESS_KEY');
  const secretKey = value('MONTONIO_SECRET_KEY');
  if (Boolean(accessKey) !== Boolean(secretKey)) throw new Error(`Montonio needs both MONTONIO_ACCESS_KEY and MONTONIO_SECRET_KEY; ${accessKey ? 'MONTONIO_SECRET_KEY' : 'MONTONIO_ACCESS_KEY'} is not set`);
  const apiUrl = value('MONTONIO_API_URL') ?? MONTONIO_SANDBOX_API_URL;
  if (!/^https?:\/\//.test(apiUrl)) throw new Error(`MONTONIO_API_URL must be an http(s) URL, got "${apiUrl}"`);

  const windowText = value('IPIZZA_TIME_WINDOW_MS');
  const ipizzaTimeWindowMs = windowText === undefined ? DEFAULT_IPIZZA_TIME_WINDOW_MS : Number(windowText);
  if (!Number.isSafeInteger(ipizzaTimeWindowMs) || ipizzaTimeWindowMs <= 0) throw new Error(`IPIZZA_TIME_WINDOW_MS must be a positive number of milliseconds, got "${windowText}"`);

  return {
    publicUrl: base,
    sandbox: sandboxOn ? { keyDir: value('PAYMENT_SANDBOX_KEY_DIR') ?? DEFAULT_SANDBOX_KEY_DIR, merchantName: 'Baltic Parts OÜ', merchantAccount: 'EE471000001020145685' } : null,
    ipizzaBanks,
    montonio: accessKey && secretKey ? { accessKey, secretKey, apiUrl } : null,
    ipizzaTimeWindowMs,
  };
}

/**
 * The options for `app.register(sandboxBankRoutes, ...)` matching `config` (same key directory, so the bank and
 * the shop's `ipizza-sandbox` adapter trust each other); null when the sandbox is off (register nothing then).
 */
export function sandboxBankOptions(config: PaymentConfig): SandboxBankOptions | null {
  if (!config.sandbox) return null;
  return { keyDir: config.sandbox.keyDir, bankId: SANDBOX_BANK_ID, merchantName: config.sandbox.merchantName, merchantAccount: config.sandbox.merchantAccount };
}

/**
 * The providers `config` describes. Key files of real banks are read now (the sandbox's keys on first use).
 * Methods are listed sandbox first, then iPizza banks, then Montonio.
 * @throws Error naming the file when a bank's key or certificate cannot be read.
 */
export function createPaymentProviders(config: PaymentConfig): PaymentProviders {
  const providers: PaymentProvider[] = [];
  if (config.sandbox) {
    const keyDir = config.sandbox.keyDir;
    providers.push(
      createIpizzaProvider({
        id: SANDBOX_METHOD_ID,
        method: { name: 'Näidispank / Sandbox bank', logo_url: `${config.publicUrl}/sandbox-bank/logo.svg`, country: null },
        bankUrl: `${config.publicUrl}/sandbox-bank/pay`,
        sndId: SANDBOX_SHOP_ID,
        bankId: SANDBOX_BANK_ID,
        account: config.sandbox.merchantAccount,
        accountName: config.sandbox.merchantName,
        keys: async () => {
          const keys = await loadSandboxKeys(keyDir);
          return { privateKey: keys.shopPrivateKey, bankPublicKey: keys.bankPublicKey };
        },
        timeWindowMs: config.ipizzaTimeWindowMs,
      }),
    );
  }
  for (const bank of config.ipizzaBanks) {
    const read = (file: string, what: string) => {
      try {
        return readFileSync(file);
      } catch (error) {
        throw new Error(`${bank.name} iPizza ${what} "${file}" cannot be read: ${(error as Error).message}`);
      }
    };
    let privateKey;
    let bankPublicKey;
    try {
      privateKey = loadPrivateKey(read(bank.privateKeyFile, 'private key'), bank.privateKeyPassphrase);
    } catch (error) {
      throw new Error(`${bank.name} iPizza private key "${bank.privateKeyFile}" is not a usable key: ${(error as Error).message}`);
    }
    try {
      bankPublicKey = loadPublicKey(read(bank.bankCertFile, 'bank certificate'));
    } catch (error) {
      throw new Error(`${bank.name} iPizza bank certificate "${bank.bankCertFile}" is not a certificate or public key: ${(error as Error).message}`);
    }
    providers.push(
      createIpizzaProvider({
        id: bank.id,
        method: { name: bank.name, logo_url: bank.logoUrl, country: 'EE' },
        bankUrl: bank.url,
        sndId: bank.sndId,
        bankId: bank.bankId,
        account: bank.account,
        accountName: bank.accountName,
        keys: { privateKey, bankPublicKey },
        timeWindowMs: config.ipizzaTimeWindowMs,
      }),
    );
  }
  if (config.montonio) providers.push(createMontonioProvider(config.montonio));
  return providerRegistry(providers);
}

/** A {@link PaymentProviders} over `providers`. @throws Error when two providers or methods share an id. */
export function providerRegistry(providers: PaymentProvider[]): PaymentProviders {
  const byId = new Map<string, PaymentProvider>();
  const byMethod = new Map<string, PaymentProvider>();
  for (const provider of providers) {
    if (byId.has(provider.id)) throw new Error(`two payment providers have the id "${provider.id}"`);
    byId.set(provider.id, provider);
    for (const method of provider.methods()) {
      if (byMethod.has(method.id)) throw new Error(`two payment methods have the id "${method.id}"`);
      byMethod.set(method.id, provider);
    }
  }
  return {
    methods: (): PaymentMethod[] => providers.flatMap((p) => p.methods()),
    provider: (id) => byId.get(id),
    providerOfMethod: (methodId) => byMethod.get(methodId),
  };
}
