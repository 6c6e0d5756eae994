import type { ParameterizedContext, Middleware } from 'koa';
import type { Router, RouterContext } from '@koa/router';
import type { AccessClaims, CustomerPrincipal, Principal, SignedVisitor } from '@venue/contracts';
import type { Tx } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { ServiceKit } from '../kit.ts';

/**
 * `principal`, `claims` and `tx` are set by `requireAuth`; handlers behind it can rely on them.
 * (They are typed as always present so handlers stay free of non-null assertions.) `visitor` is
 * set by `requireVisitor` and `customer` by `requireCustomer` (decision 56), never together
 * with `principal`: each route takes one kind of caller.
 */
export interface AppState {
  requestId: string;
  principal: Principal;
  claims: AccessClaims;
  tx: Tx;
  visitor: SignedVisitor;
  customer: CustomerPrincipal;
}

export interface AppCustom {
  /** pino child logger carrying `service` and `requestId`. */
  log: Logger;
  kit: ServiceKit;
}

/**
 * What the router adds to the context (`params`, `router`, the matched route). @koa/router
 * declares it as RouterParameterContext but exports only RouterContext, which contains it.
 */
type RouterParams = Pick<
  RouterContext<AppState, AppCustom>,
  'params' | 'router' | '_matchedRoute' | '_matchedRouteName'
>;

export type AppRouter = Router<AppState, AppCustom>;
export type AppContext = ParameterizedContext<AppState, AppCustom & RouterParams>;
export type AppMiddleware = Middleware<AppState, AppCustom & RouterParams>;

/** The signed-in staff caller's tenant (a hall owner's own, a sub-user's owner's): behind requireAuth. */
export const tenantOf = (ctx: AppContext): string => ctx.state.principal.tenantId;
