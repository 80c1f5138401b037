/**
 * Invoice PDF render time on this machine (`npx tsx bench/invoice-pdf.bench.ts`): the median, p95,
 * min and max of `RENDERS` (default 100) sequential renders of one invoice (projections/orders/invoice-pdf.ts: the
 * document of domain/order/invoice-document.ts typeset by pdfkit with the embedded DejaVu Sans) after 3 warm-up
 * renders, for an order of `ROWS` rows (default 10) and for the sample order of the tests (3 rows), in milliseconds,
 * with the PDF's size in bytes. What a staff member waits for on GET /v1/admin/orders/{id}/invoice.pdf and what one
 * invoice mail job spends before SMTP. A figure, never a pass/fail test.
 */
import { performance } from 'node:perf_hooks';
import { invoiceSellerFromFields } from '../domain/order/invoice-document.js';
import { renderInvoicePdf } from '../projections/orders/invoice-pdf.js';
import { sampleOrderSummary } from '../tests/support/order-summary-fixture.js';
import { fmt, median, percentile } from './support.js';

const RENDERS = Number(process.env.RENDERS ?? 100);
const ROWS = Number(process.env.ROWS ?? 10);

const seller = invoiceSellerFromFields(
  {
    companyName: { et: 'Baltic Parts OÜ' },
    registryCode: { et: '14512345' },
    vatNumber: { et: 'EE102345678' },
    address: { et: 'Peterburi tee 71, 11415 Tallinn, Eesti' },
    email: { et: 'info@balticparts.ee' },
    phone: { et: '+372 5123 4567' },
    bankAccounts: { et: 'SEB EE101010220012345678\nSwedbank EE382200221012345678' },
  },
  'et',
);
const invoice = { kind: 'invoice' as const, number: '1234', issueDate: '2026-11-24', dueDate: '2026-12-01' };

async function measure(label: string, summary: ReturnType<typeof sampleOrderSummary>): Promise<void> {
  for (let i = 0; i < 3; i++) await renderInvoicePdf(summary, invoice, 'et', { seller });
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i++) {
    const t0 = performance.now();
    bytes = (await renderInvoicePdf(summary, invoice, 'et', { seller })).length;
    times.push(performance.now() - t0);
  }
  process.stdout.write(
    `${label}: median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))}); ${bytes} bytes\n`,
  );
}

async function main(): Promise<void> {
  const sample = sampleOrderSummary();
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    productId: `p-${i}`,
    code: `BF ${1000 + i}/1`,
    name: `Õhufilter Mini Cooper, osa ${i + 1}`,
    quantity: (i % 3) + 1,
    unit: i % 4 === 0 ? 'pair' : 'pcs',
    unitPriceCents: 1240 + i * 100,
    lineTotalCents: (1240 + i * 100) * ((i % 3) + 1),
  }));
  const totalCents = rows.reduce((a, r) => a + r.lineTotalCents, 0);
  const netTotalCents = Math.round((totalCents * 100) / 124);
  process.stdout.write(`invoice PDF, ${RENDERS} sequential renders each (pdfkit, DejaVu Sans embedded)\n`);
  await measure('sample order, 3 rows', sample);
  await measure(`order of ${ROWS} rows`, sampleOrderSummary({ rows, totalCents, netTotalCents, vatCents: totalCents - netTotalCents }));
}

main().catch((error) => {
  process.stderr.write(`bench:invoice-pdf failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
