import { z } from 'zod';
import {
  notFound,
  parseBody,
  requireAuth,
  requireCustomer,
  requireVisitor,
  withCustomerTx,
  withRead,
  withTx,
  type ServiceOptions,
} from '../index.ts';
import { principals } from './widgets-app.ts';

export const doorMigrationsDir = new URL('./door-migrations/', import.meta.url);

const orderBody = z.object({ email: z.email(), label: z.string().min(1).max(100) });

/**
 * A small service with one route per kind of caller (decision 56), used the way the owning
 * services use the kit: public routes for visitors, portal routes for customers, staff routes.
 * The portal reads state no customer condition on purpose: only the customer policy and the
 * customer transaction keep other customers' rows out.
 */
export function doorApp(directory = principals()): ServiceOptions {
  return {
    name: 'door',
    migrationsDir: doorMigrationsDir,
    resolvePrincipal: async (userId) => directory.get(userId) ?? null,
    routes(router) {
      router.get('/api/public/venues/:slug/orders/count', requireVisitor, withRead, async (ctx) => {
        const { rows } = await ctx.state.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
        ctx.body = { n: rows[0]!.n, visitor: ctx.state.visitor };
      });
      router.post('/api/public/venues/:slug/orders', requireVisitor, withTx, async (ctx) => {
        const body = parseBody(ctx, orderBody);
        const { rows } = await ctx.state.tx.query<{ id: string }>(
          'INSERT INTO orders (tenant_id, customer_email, label) VALUES ($1, $2, $3) RETURNING id',
          [ctx.state.visitor.tenantId, body.email, body.label],
        );
        ctx.status = 201;
        ctx.body = { id: rows[0]!.id };
      });
      router.get('/api/portal/orders', requireCustomer, withCustomerTx, async (ctx) => {
        const { rows } = await ctx.state.tx.query<{ label: string }>(
          'SELECT label FROM orders ORDER BY label',
        );
        ctx.body = { labels: rows.map((r) => r.label), customer: ctx.state.customer };
      });
      router.get('/api/portal/orders-read', requireCustomer, withRead, async (ctx) => {
        const { rows } = await ctx.state.tx.query<{ label: string }>(
          'SELECT label FROM orders ORDER BY label',
        );
        ctx.body = { labels: rows.map((r) => r.label) };
      });
      // Renames by id alone: another customer's order is simply not there for this one.
      router.post('/api/portal/orders/:id/rename', requireCustomer, withCustomerTx, async (ctx) => {
        const body = parseBody(ctx, z.object({ label: z.string().min(1).max(100) }));
        const r = await ctx.state.tx.query('UPDATE orders SET label = $2 WHERE id = $1', [
          ctx.params.id,
          body.label,
        ]);
        if (r.rowCount === 0) throw notFound('Order not found.');
        ctx.body = { ok: true };
      });
      // Tries to file an order under someone else's address: WITH CHECK refuses it.
      router.post('/api/portal/orders', requireCustomer, withCustomerTx, async (ctx) => {
        const body = parseBody(ctx, orderBody);
        const { rows } = await ctx.state.tx.query<{ id: string }>(
          'INSERT INTO orders (tenant_id, customer_email, label) VALUES ($1, $2, $3) RETURNING id',
          [ctx.state.customer.tenantId, body.email, body.label],
        );
        ctx.status = 201;
        ctx.body = { id: rows[0]!.id };
      });
      router.get('/api/staff/orders', requireAuth, withTx, async (ctx) => {
        const { rows } = await ctx.state.tx.query<{ label: string }>(
          'SELECT label FROM orders ORDER BY label',
        );
        ctx.body = { labels: rows.map((r) => r.label) };
      });
    },
  };
}
