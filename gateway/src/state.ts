import type { ParameterizedContext, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { CustomerPrincipal, SignedPrincipal, Visitor } from '@venue/contracts';
import type { ServiceTarget } from './config.ts';

/** What the gateway's middleware leave for each other on `ctx.state`. */
export interface GatewayState {
  requestId: string;
  log: Logger;
  /** The service owning the request's `/api` prefix, once routed. */
  target?: ServiceTarget;
  /**
   * The verified, current principal with its session and the token's expiry, when the request
   * carried a usable access token; forwarded HMAC-signed to the service.
   */
  principal?: SignedPrincipal;
  /** A visitor of a venue's public page, once its slug is resolved (door.ts; decision 56). */
  visitor?: Visitor;
  /** A signed-in customer whose token and session were checked (door.ts; decision 56). */
  customer?: CustomerPrincipal;
}

export type GatewayContext = ParameterizedContext<GatewayState>;
export type GatewayMiddleware = Middleware<GatewayState>;
