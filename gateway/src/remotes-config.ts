import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { sendCompressible } from './compression.ts';
import {
  RELEASE_VERSION,
  REMOTES_CONFIG_PATH,
  sharedRanges,
  type RemoteRelease,
  type RemotesConfig,
} from '@venue/contracts/frontends';
import type { GatewayMiddleware } from './state.ts';

/**
 * `GET /mfe/remotes.json`: the current release of each remote, read from the static root on
 * every request (decision 41), so deploying one remote — a new `mfe-<name>/dist/<version>/` and
 * its `current.json` — reaches the next page load with nothing restarted. Each `current.json` is
 * parsed again only when its size or mtime changes.
 */

const REMOTE_DIR = /^mfe-([a-z0-9][a-z0-9-]{0,39})$/;

interface Cached {
  key: string;
  release: RemoteRelease | null;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** A remote's current release, or its unversioned bundle (built before decision 41), or null. */
async function readRelease(
  root: string,
  name: string,
  cache: Map<string, Cached>,
): Promise<RemoteRelease | null> {
  const dist = join(root, `mfe-${name}`, 'dist');
  const currentFile = join(dist, 'current.json');
  let key: string;
  try {
    const s = await stat(currentFile);
    key = `${s.size}:${s.mtimeMs}`;
  } catch {
    return (await exists(join(dist, 'mf-manifest.json')))
      ? { name, version: null, entry: `/mfe/${name}/mf-manifest.json`, shared: {} }
      : null;
  }
  const hit = cache.get(name);
  if (hit?.key === key) return hit.release;
  let release: RemoteRelease | null = null;
  try {
    const raw: unknown = JSON.parse(await readFile(currentFile, 'utf8'));
    const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const version = record.version;
    // The URL is made here, from a version that can only be one safe path segment, and only
    // for a release whose folder is complete (its manifest is written last but one).
    if (
      typeof version === 'string' &&
      RELEASE_VERSION.test(version) &&
      (await exists(join(dist, version, 'mf-manifest.json')))
    ) {
      release = {
        name,
        version,
        entry: `/mfe/${name}/${version}/mf-manifest.json`,
        shared: sharedRanges(record.shared),
      };
    }
  } catch {
    release = null;
  }
  cache.set(name, { key, release });
  return release;
}

export async function readRemotesConfig(
  root: string,
  cache = new Map<string, Cached>(),
): Promise<RemotesConfig> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return { remotes: [] };
  }
  const names = entries
    .map((e) => REMOTE_DIR.exec(e)?.[1])
    .filter((n): n is string => Boolean(n))
    .sort();
  const releases = await Promise.all(names.map((name) => readRelease(root, name, cache)));
  return { remotes: releases.filter((r): r is RemoteRelease => r !== null) };
}

export function remotesConfig(options: { root: string }): GatewayMiddleware {
  const cache = new Map<string, Cached>();
  return async (ctx, next) => {
    if (ctx.path !== REMOTES_CONFIG_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const body = JSON.stringify(await readRemotesConfig(options.root, cache));
    ctx.status = 200;
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    // Always revalidated: a deploy must reach the next page load. The ETag makes that a 304.
    ctx.set('Cache-Control', 'no-cache');
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    ctx.set('ETag', etag);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    sendCompressible(ctx, body, `remotes ${etag}`);
  };
}
