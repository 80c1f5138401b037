/**
 * The registry from the environment: which methods exist for which variables, real iPizza banks configured with
 * key and certificate files (the bank's self-signed X.509 certificate in PEM and its PKCS#8 key, as `openssl req -x509
 * -nodes` writes them and banks hand them out, made in-process by the `selfsigned` package so no openssl CLI is needed;
 * the shop's PKCS#1 RSA key), and configuration errors that name the variable or file.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate as generateSelfSigned } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProviders, paymentConfigFromEnv, providerRegistry } from './index.js';
import { formatDateTime, type IpizzaFields, loadPrivateKey, signIpizza } from './ipizza.js';
import type { PaymentRequest } from './port.js';

const PUBLIC_URL = 'http://localhost:3000';
let dir: string;
let bankKeyFile: string;
let bankCertFile: string;
let shopKeyFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'payments-registry-'));
  bankKeyFile = path.join(dir, 'bank.key');
  bankCertFile = path.join(dir, 'bank.crt');
  shopKeyFile = path.join(dir, 'shop.key');
  // What `openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj '/CN=Testpank iPizza'` writes: an unencrypted
  // PKCS#8 key and a self-signed certificate, both PEM.
  const notBeforeDate = new Date();
  const bank = await generateSelfSigned([{ name: 'commonName', value: 'Testpank iPizza' }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 2 * 24 * 3_600_000),
  });
  await writeFile(bankKeyFile, bank.private);
  await writeFile(bankCertFile, bank.cert);
  const shop = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await writeFile(shopKeyFile, shop.privateKey.export({ type: 'pkcs1', format: 'pem' }));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const swedbankEnv = () => ({
  PAYMENT_SANDBOX: 'off',
  PAYMENT_SANDBOX_KEY_DIR: dir,
  IPIZZA_SWEDBANK_URL: 'https://www.swedbank.ee/banklink',
  IPIZZA_SWEDBANK_SND_ID: 'BALTICPARTS',
  IPIZZA_SWEDBANK_PRIVATE_KEY_FILE: shopKeyFile,
  IPIZZA_SWEDBANK_BANK_CERT_FILE: bankCertFile,
  IPIZZA_SWEDBANK_BANK_ID: 'HP',
});

const request = (methodId: string): PaymentRequest => ({
  methodId,
  orderId: 'o',
  orderNumber: 555,
  publicToken: 't',
  amountCents: 1999,
  currency: 'EUR',
  description: 'Tellimus 555',
  language: 'en',
  customerEmail: 'a@b.ee',
  returnUrl: `${PUBLIC_URL}/v1/payment/t/return`,
  notificationUrl: `${PUBLIC_URL}/v1/payment/t/notify`,
  attemptId: 'a',
});

describe('paymentConfigFromEnv + createPaymentProviders', () => {
  it('offers only the sandbox bank by default, with absolute URLs from PUBLIC_URL', async () => {
    const providers = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: dir }, `${PUBLIC_URL}/`));
    expect(providers.methods()).toEqual([{ id: 'ipizza-sandbox', providerId: 'ipizza-sandbox', name: 'Näidispank / Sandbox bank', logo_url: `${PUBLIC_URL}/sandbox-bank/logo.svg`, country: null }]);
    const start = await providers.providerOfMethod('ipizza-sandbox')!.start(request('ipizza-sandbox'));
    expect(start).toMatchObject({ kind: 'form', action: `${PUBLIC_URL}/sandbox-bank/pay`, fields: { VK_SERVICE: '1011', VK_SND_ID: 'BALTICPARTS', VK_LANG: 'ENG' } });
  });

  it('offers nothing with PAYMENT_SANDBOX=off and no providers configured', () => {
    const providers = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'off' }, PUBLIC_URL));
    expect(providers.methods()).toEqual([]);
    expect(providers.providerOfMethod('ipizza-sandbox')).toBeUndefined();
    expect(providers.provider('montonio')).toBeUndefined();
  });

  it('adds the Montonio banks when both keys are set', () => {
    const providers = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: dir, MONTONIO_ACCESS_KEY: 'ak', MONTONIO_SECRET_KEY: 'sk' }, PUBLIC_URL));
    expect(providers.methods().map((m) => m.id)).toEqual(['ipizza-sandbox', 'montonio-swedbank-ee', 'montonio-seb-ee', 'montonio-lhv-ee', 'montonio-luminor-ee', 'montonio-coop-ee']);
    expect(providers.providerOfMethod('montonio-lhv-ee')?.id).toBe('montonio');
    expect(paymentConfigFromEnv({ MONTONIO_ACCESS_KEY: 'ak', MONTONIO_SECRET_KEY: 'sk' }, PUBLIC_URL).montonio?.apiUrl).toBe('https://sandbox-stargate.montonio.com/api');
    expect(() => paymentConfigFromEnv({ MONTONIO_ACCESS_KEY: 'ak' }, PUBLIC_URL)).toThrow(/MONTONIO_SECRET_KEY/);
  });

  it('adds a real iPizza bank from its URL, id, key file and certificate file, and verifies its answers with the certificate', async () => {
    const providers = createPaymentProviders(paymentConfigFromEnv(swedbankEnv(), PUBLIC_URL));
    expect(providers.methods()).toEqual([{ id: 'ipizza-swedbank', providerId: 'ipizza-swedbank', name: 'Swedbank', logo_url: '', country: 'EE' }]);
    const swedbank = providers.providerOfMethod('ipizza-swedbank')!;
    const start = await swedbank.start(request('ipizza-swedbank'));
    expect(start).toMatchObject({ kind: 'form', action: 'https://www.swedbank.ee/banklink', fields: { VK_SERVICE: '1012', VK_SND_ID: 'BALTICPARTS', VK_REF: '5555', VK_AMOUNT: '19.99' } });

    const bankKey = loadPrivateKey(await readFile(bankKeyFile));
    const answer: IpizzaFields = { VK_SERVICE: '1111', VK_VERSION: '008', VK_SND_ID: 'HP', VK_REC_ID: 'BALTICPARTS', VK_STAMP: '555', VK_T_NO: '1', VK_AMOUNT: '19.99', VK_CURR: 'EUR', VK_REC_ACC: '', VK_REC_NAME: '', VK_SND_ACC: '', VK_SND_NAME: '', VK_REF: '5555', VK_MSG: '', VK_T_DATETIME: formatDateTime(new Date()) };
    const signed = { ...answer, VK_MAC: signIpizza(answer, '1111', bankKey), VK_AUTO: 'Y' };
    expect(await swedbank.verify({ httpMethod: 'POST', query: {}, body: signed, receivedAt: new Date() })).toMatchObject({ orderNumber: 555, status: 'paid', amountCents: 1999, serverToServer: true });
    // The same answer from a bank id other than IPIZZA_SWEDBANK_BANK_ID is refused.
    const otherId = { ...answer, VK_SND_ID: 'EYP' };
    await expect(swedbank.verify({ httpMethod: 'POST', query: {}, body: { ...otherId, VK_MAC: signIpizza(otherId, '1111', bankKey) }, receivedAt: new Date() })).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('uses IPIZZA_TIME_WINDOW_MS for the age of answers', async () => {
    const providers = createPaymentProviders(paymentConfigFromEnv({ ...swedbankEnv(), IPIZZA_TIME_WINDOW_MS: '60000' }, PUBLIC_URL));
    const bankKey = loadPrivateKey(await readFile(bankKeyFile));
    const signedAt = new Date(Date.now() - 90_000);
    const answer: IpizzaFields = { VK_SERVICE: '1111', VK_VERSION: '008', VK_SND_ID: 'HP', VK_REC_ID: 'BALTICPARTS', VK_STAMP: '555', VK_T_NO: '1', VK_AMOUNT: '19.99', VK_CURR: 'EUR', VK_REC_ACC: '', VK_REC_NAME: '', VK_SND_ACC: '', VK_SND_NAME: '', VK_REF: '5555', VK_MSG: '', VK_T_DATETIME: formatDateTime(signedAt) };
    // Outside the window the signed payment still counts; the window only marks it late.
    const verified = await providers.providerOfMethod('ipizza-swedbank')!.verify({ httpMethod: 'POST', query: {}, body: { ...answer, VK_MAC: signIpizza(answer, '1111', bankKey) }, receivedAt: new Date() });
    expect(verified).toMatchObject({ status: 'paid', amountCents: 1999, late: true });
    const inWindow = createPaymentProviders(paymentConfigFromEnv({ ...swedbankEnv(), IPIZZA_TIME_WINDOW_MS: '120000' }, PUBLIC_URL)).providerOfMethod('ipizza-swedbank')!;
    expect(await inWindow.verify({ httpMethod: 'POST', query: {}, body: { ...answer, VK_MAC: signIpizza(answer, '1111', bankKey) }, receivedAt: new Date() })).toMatchObject({ status: 'paid', late: false });
  });

  it('names what is wrong in the configuration', () => {
    const { IPIZZA_SWEDBANK_BANK_CERT_FILE: _c, ...partial } = swedbankEnv();
    expect(() => paymentConfigFromEnv(partial, PUBLIC_URL)).toThrow(/IPIZZA_SWEDBANK_BANK_CERT_FILE/);
    expect(() => createPaymentProviders(paymentConfigFromEnv({ ...swedbankEnv(), IPIZZA_SWEDBANK_BANK_CERT_FILE: path.join(dir, 'missing.crt') }, PUBLIC_URL))).toThrow(/missing\.crt/);
    expect(() => createPaymentProviders(paymentConfigFromEnv({ ...swedbankEnv(), IPIZZA_SWEDBANK_PRIVATE_KEY_FILE: bankCertFile }, PUBLIC_URL))).toThrow(/private key/);
    expect(() => paymentConfigFromEnv({ ...swedbankEnv(), IPIZZA_SWEDBANK_URL: 'http://bank.example/pay' }, PUBLIC_URL)).toThrow(/IPIZZA_SWEDBANK_URL/);
    expect(() => paymentConfigFromEnv({}, 'localhost:3000')).toThrow(/PUBLIC_URL/);
    expect(() => paymentConfigFromEnv({ PAYMENT_SANDBOX: 'maybe' }, PUBLIC_URL)).toThrow(/PAYMENT_SANDBOX/);
    // The sandbox bank (free payments) is off unless asked for, by PAYMENT_SANDBOX=on or the run mode.
    expect(paymentConfigFromEnv({}, PUBLIC_URL).sandbox).toBeNull();
    expect(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on' }, PUBLIC_URL).sandbox).not.toBeNull();
    expect(paymentConfigFromEnv({}, PUBLIC_URL, { sandbox: true }).sandbox).not.toBeNull();
    expect(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on' }, PUBLIC_URL, { sandbox: false }).sandbox).toBeNull();
    expect(() => paymentConfigFromEnv({ IPIZZA_TIME_WINDOW_MS: 'soon' }, PUBLIC_URL)).toThrow(/IPIZZA_TIME_WINDOW_MS/);
  });

  it('refuses two providers or methods with one id', () => {
    const p = createPaymentProviders(paymentConfigFromEnv({ PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_KEY_DIR: dir }, PUBLIC_URL)).provider('ipizza-sandbox')!;
    expect(() => providerRegistry([p, p])).toThrow(/ipizza-sandbox/);
  });
});
