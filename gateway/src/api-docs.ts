/**
 * The API reference, same origin, no sign-in, no CDN:
 *
 * - `GET /api/openapi.json`: the OpenAPI 3.1 document built from the route tables in contracts
 *   (the same schemas the services parse with), built once per process and served with an ETag.
 * - `GET /api/docs`: Swagger UI (swagger-ui-dist, served from node_modules under
 *   `/api/docs/assets/`). The page also carries a server-rendered list of every call inside the
 *   element Swagger UI takes over, so it still lists them where scripts do not run.
 *
 * The gateway's CSP allows scripts from this origin only, so the UI is started by a small script
 * file here rather than an inline one, and its online validator badge is turned off.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { venueOpenApi } from '@venue/contracts/openapi';
import type { GatewayContext, GatewayMiddleware } from './state.ts';
import { sendCompressible } from './compression.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const ASSETS = `${DOCS_PATH}/assets/`;

interface Built {
  json: string;
  etag: string;
  html: string;
}

type Operation = { summary?: string; tags?: string[]; 'x-access'?: string };

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every call as a plain table, grouped by tag: what the page shows before (or without) Swagger UI. */
function callList(doc: Record<string, unknown>): string {
  const byTag = new Map<string, string[]>();
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  for (const [p, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      const row =
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(p)}</code></td>` +
        `<td>${escape(op.summary ?? '')}</td><td>${escape(op['x-access'] ?? '')}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  return [...byTag.entries()]
    .map(
      ([tag, rows]) =>
        `<h3>${escape(tag)}</h3><table><thead><tr><th scope="col">Method</th><th scope="col">Path</th>` +
        `<th scope="col">What it does</th><th scope="col">Access</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    )
    .join('\n');
}

function page(doc: Record<string, unknown>): string {
  const info = doc.info as { title: string; version: string };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS}swagger-ui.css">
<link rel="stylesheet" href="${ASSETS}docs.css">
</head>
<body>
<main>
<header class="vd-docs-header">
<h1>${escape(info.title)} <small>${escape(info.version)}</small></h1>
<p>The machine-readable document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1).</p>
</header>
<div id="swagger-ui"></div>
<section class="vd-docs-calls" aria-labelledby="vd-every-call">
<h2 id="vd-every-call">Every call at a glance</h2>
<p>Swagger UI above draws the calls as the page scrolls; this list has every one of them.</p>
${callList(doc)}
</section>
</main>
<script src="${ASSETS}swagger-ui-bundle.js"></script>
<script src="${ASSETS}docs.js"></script>
</body>
</html>
`;
}

const INIT_SCRIPT = `// Starts Swagger UI on the document of this origin (no online validator, nothing fetched elsewhere).
window.addEventListener('load', function () {
  if (typeof window.SwaggerUIBundle !== 'function') return;
  window.ui = window.SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: false,
    persistAuthorization: false,
    validatorUrl: null,
  });
});
`;

const DOCS_CSS = `.vd-docs-header{font-family:system-ui,sans-serif;max-width:1460px;margin:0 auto;padding:16px 20px 0}
.vd-docs-header h1{margin:0 0 4px;font-size:1.6rem}.vd-docs-header small{font-weight:400;color:#555}
.vd-docs-calls{font-family:system-ui,sans-serif;max-width:1460px;margin:0 auto;padding:0 20px}
.vd-docs-calls table{border-collapse:collapse;width:100%;margin-bottom:16px}
.vd-docs-calls th,.vd-docs-calls td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
`;

const ASSET_FILES: Record<string, { file?: string; text?: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'docs.js': { text: INIT_SCRIPT, type: 'text/javascript; charset=utf-8' },
  'docs.css': { text: DOCS_CSS, type: 'text/css; charset=utf-8' },
};

function swaggerUiDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

function send(ctx: GatewayContext, type: string, body: string | Buffer, etag: string, maxAge: number): void {
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', `public, max-age=${maxAge}`);
  if (ctx.get('If-None-Match') === etag) {
    ctx.status = 304;
    return;
  }
  ctx.type = type;
  sendCompressible(ctx, body, `${type} ${etag}`);
}

const tag = (body: string | Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export function apiDocs(build: () => Record<string, unknown> = venueOpenApi): GatewayMiddleware {
  let built: Built | undefined;
  const assets = new Map<string, { body: Buffer; etag: string; type: string }>();
  // Built on first use (a few tens of milliseconds), then kept: the document changes only with a deploy.
  const doc = (): Built => {
    if (!built) {
      const d = build();
      const json = JSON.stringify(d);
      built = { json, etag: tag(json), html: page(d) };
    }
    return built;
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === OPENAPI_PATH) {
      const d = doc();
      ctx.set('Access-Control-Allow-Origin', '*');
      return send(ctx, 'application/json; charset=utf-8', d.json, d.etag, 300);
    }
    if (ctx.path === DOCS_PATH || ctx.path === `${DOCS_PATH}/`) {
      const d = doc();
      return send(ctx, 'text/html; charset=utf-8', d.html, d.etag, 300);
    }
    if (ctx.path.startsWith(ASSETS)) {
      const name = ctx.path.slice(ASSETS.length);
      const def = Object.hasOwn(ASSET_FILES, name) ? ASSET_FILES[name] : undefined;
      if (!def) return next();
      let asset = assets.get(name);
      if (!asset) {
        const body = def.file ? await readFile(path.join(swaggerUiDir(), def.file)) : Buffer.from(def.text!);
        asset = { body, etag: tag(body), type: def.type };
        assets.set(name, asset);
      }
      return send(ctx, asset.type, asset.body, asset.etag, 86_400);
    }
    return next();
  };
}
