/**
 * Bonds (issue 13): money held against damage. Held and refunded without GST; a part kept
 * (forfeited, with a reason) becomes a GST-bearing BOND tax invoice, already paid from the bond,
 * and the rest goes back (forfeit.ts; the money module's `forfeitBond` does the arithmetic).
 * Each call of the contract's table is one handler in `handlers/` (`serveOperations`).
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { postBondForfeit } from './handlers/forfeit-bond.ts';
import { listBondPage } from './handlers/list-bond-page.ts';
import { listOwnerBonds } from './handlers/list-owner-bonds.ts';
import { postBond } from './handlers/post-bond.ts';
import { refundBond } from './handlers/refund-bond.ts';

const BOND_ROUTES = MONEY_ROUTES.filter((r) => r.path.startsWith('/api/deposits/bonds'));

export function bondRoutes(router: AppRouter) {
  serveOperations(router, BOND_ROUTES, [listOwnerBonds, listBondPage, postBond, refundBond, postBondForfeit]);
}
