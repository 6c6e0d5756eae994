import type { ParameterizedContext, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Principal } from '@venue/contracts';
import type { ServiceTarget } from './config.ts';

/** What the gateway's middleware leave for each other on `ctx.state`. */
export interface GatewayState {
  requestId: string;
  log: Logger;
  /** The service owning the request's `/api` prefix, once routed. */
  target?: ServiceTarget;
  /** The verified, current principal, when the request carried a valid access token. */
  principal?: Principal;
}

export type GatewayContext = ParameterizedContext<GatewayState>;
export type GatewayMiddleware = Middleware<GatewayState>;
