import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * Security headers for everything the origin serves. The CSP is tight on scripts (only our own
 * bundles; Module Federation loads remotes from the same origin) and relaxed where the UI kit
 * needs it: Mantine injects inline `<style>` and style attributes, charts and uploads render
 * `data:`/`blob:` images. `upgrade-insecure-requests` is left out so a plain-HTTP install on a
 * LAN address still loads its assets; HSTS covers TLS deployments.
 */
export function securityHeaders(): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Invoice/quotation PDFs open in a same-origin frame or tab; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as Middleware;
}
