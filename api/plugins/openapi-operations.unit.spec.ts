/**
 * OperationIds and declared guards of the OpenAPI document (api/plugins/openapi-operations.ts): the name rule, a
 * clash failing the start, and security read from the hooks a route runs.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { declareGuard, declareStaffSession, operationIdOf, registerOperationIds } from './openapi-operations.js';

describe('operationIdOf', () => {
  it('is the method and the path without /v1, parameters as By + name', () => {
    expect(operationIdOf('GET', '/v1/admin/pages/:id')).toBe('getAdminPagesById');
    expect(operationIdOf('POST', '/v1/admin/orders/:id/prepayment-invoice')).toBe('postAdminOrdersByIdPrepaymentInvoice');
    expect(operationIdOf('GET', '/v1/admin/orders/:id/invoice.pdf')).toBe('getAdminOrdersByIdInvoicePdf');
    expect(operationIdOf('GET', '/files/:fileId/:variant')).toBe('getFilesByFileIdByVariant');
    expect(operationIdOf('POST', '/field/set-multiple')).toBe('postFieldSetMultiple');
    expect(operationIdOf('DELETE', '/v1/admin/stock-notifications/{id}')).toBe('deleteAdminStockNotificationsById');
  });
});

describe('registerOperationIds', () => {
  it('fails the start when two routes resolve to one operationId', async () => {
    const app = Fastify();
    registerOperationIds(app);
    app.post('/v1/category/update/:id', { schema: {} }, async () => 'a');
    expect(() => app.post('/category/update/:id', { schema: {} }, async () => 'b')).toThrow(/postCategoryUpdateById/);
    await app.close();
  });

  it('declares the schemes of the guards the route runs, the staff session where the scope adds it, none otherwise', async () => {
    const app = Fastify();
    registerOperationIds(app);
    const csrf = declareGuard(async () => undefined, 'csrfToken');
    const routes: Record<string, { schema?: unknown }> = {};
    app.addHook('onRoute', (route) => {
      routes[`${route.method} ${route.url}`] = route;
    });
    // The document's fields of a route, read once every onRoute hook has run.
    const fields = (key: string) => {
      const schema = routes[key]?.schema as { operationId?: string; security?: unknown };
      return { operationId: schema.operationId, security: schema.security };
    };
    app.get('/v1/products', { schema: {} }, async () => 'x');
    app.post('/v1/place-order', { schema: {}, onRequest: [async () => undefined, csrf] }, async () => 'x');
    await app.register(async (staff) => {
      declareStaffSession(staff);
      staff.get('/v1/admin/me', { schema: {} }, async () => 'x');
      staff.put('/v1/admin/menu', { schema: {}, preValidation: csrf }, async () => 'x');
      staff.post('/v1/login-session', { schema: {}, config: { public: true }, onRequest: csrf }, async () => 'x');
    });
    await app.ready();
    expect(fields('GET /v1/products')).toEqual({ operationId: 'getProducts', security: [] });
    expect(fields('POST /v1/place-order')).toEqual({ operationId: 'postPlaceOrder', security: [{ csrfToken: [] }] });
    expect(fields('GET /v1/admin/me')).toEqual({ operationId: 'getAdminMe', security: [{ staffSession: [] }] });
    expect(fields('PUT /v1/admin/menu')).toEqual({ operationId: 'putAdminMenu', security: [{ staffSession: [], csrfToken: [] }] });
    expect(fields('POST /v1/login-session')).toEqual({ operationId: 'postLoginSession', security: [{ csrfToken: [] }] });
    await app.close();
  });
});
