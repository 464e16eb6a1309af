import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeByDefault } from '../../server/plugins/access';
import { registerErrorHandler } from '../../server/plugins/error-handler';

// The hook on its own, on routes whose handlers check nothing (as a new route might): what
// tests/server/route-table.test.ts cannot show on the app, where every handler checks too.
describe('closed by default', () => {
  it('refuses a new /api route without a customer, a new /api/admin route without staff, and opens a listed one', async () => {
    const app = Fastify();
    app.decorateRequest('lang', 'cn');
    app.decorateRequest('signedIn', null);
    await app.register(cookie);
    registerErrorHandler(app);
    closeByDefault(app);
    const open = async () => ({ open: true });
    app.get('/api/user/forgot_to_check', open);
    app.post('/api/admin/forgot_to_check', open);
    app.get('/api/common/init', open);
    app.get('/outside', open);

    const customer = await app.inject({ method: 'GET', url: '/api/user/forgot_to_check' });
    expect(customer.statusCode).toBe(401);
    expect(customer.json()).toMatchObject({ code: 0, data: { error: 'UNAUTHORIZED' } });
    const head = await app.inject({ method: 'HEAD', url: '/api/user/forgot_to_check' });
    expect(head.statusCode).toBe(401);
    const staff = await app.inject({ method: 'POST', url: '/api/admin/forgot_to_check' });
    expect(staff.statusCode).toBe(401);
    expect(staff.json()).toMatchObject({ code: 0, data: { error: 'STAFF_SIGN_IN_FIRST' } });
    expect((await app.inject({ method: 'GET', url: '/api/common/init' })).json()).toEqual({ open: true });
    expect((await app.inject({ method: 'GET', url: '/outside' })).json()).toEqual({ open: true });
    await app.close();
  });
});
