/**
 * The runtime configuration of the micro-frontends (issue 15 item 1, decision 41): which release
 * of each remote is current, where its manifest is and which versions of the shared singletons
 * it needs. The gateway serves it at `/mfe/remotes.json` from the releases on disk; the shell
 * reads it on each page load. Checked by hand, without zod: the shell loads this before any page
 * (decision 27 keeps zod off that path).
 */

export const REMOTES_CONFIG_PATH = '/mfe/remotes.json';

export interface RemoteRelease {
  /** federation name: 'admin', 'bookings', … */
  name: string;
  /** `<package version>-<content hash>`, or null for a bundle built before versioned releases */
  version: string | null;
  /** the release's mf-manifest.json, same origin */
  entry: string;
  /** package → semver range the remote needs from the page's shared copy */
  shared: Record<string, string>;
}

export interface RemotesConfig {
  remotes: RemoteRelease[];
}

/** A release version as written by packages/mfe-webpack/release.cjs, safe as one URL segment. */
export const RELEASE_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{10}$/;
const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const PACKAGE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;
const RANGE = /^[\w.*^~<>=| -]{1,64}$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keeps only well-formed package → range pairs (a release file is input like any other). */
export function sharedRanges(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(raw)) return out;
  for (const [pkg, range] of Object.entries(raw).slice(0, 50)) {
    if (PACKAGE.test(pkg) && typeof range === 'string' && RANGE.test(range)) out[pkg] = range;
  }
  return out;
}

/** Reads the gateway's answer; entries that are not well formed are left out. */
export function parseRemotesConfig(raw: unknown): RemotesConfig {
  if (!isRecord(raw) || !Array.isArray(raw.remotes)) throw new Error('not a remotes configuration');
  const remotes: RemoteRelease[] = [];
  for (const r of raw.remotes) {
    if (!isRecord(r) || typeof r.name !== 'string' || !NAME.test(r.name)) continue;
    if (typeof r.entry !== 'string' || !r.entry.startsWith('/mfe/')) continue;
    const version = typeof r.version === 'string' ? r.version : null;
    remotes.push({ name: r.name, version, entry: r.entry, shared: sharedRanges(r.shared) });
  }
  return { remotes };
}

// --- version ranges (the subset npm and Module Federation write: ^ ~ >= < = x * ||) ---

type Triple = [number, number, number];

function parseVersion(v: string): Triple | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** One comparator (`^1.2.3`, `>=1.0.0`, `1.x`, `*`); undefined when it is not understood. */
function matchesComparator(v: Triple, comparator: string): boolean | undefined {
  const c = comparator.trim();
  if (c === '' || c === '*' || c === 'x' || c === 'latest') return true;
  const m = /^(\^|~|>=|<=|>|<|=)?\s*v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:-[\w.]+)?$/.exec(c);
  if (!m) return undefined;
  const op = m[1] ?? '';
  const parts = [m[2], m[3], m[4]].map((p) => (p === undefined || p === 'x' || p === '*' ? null : Number(p)));
  const [major, minor, patch] = parts as [number | null, number | null, number | null];
  if (major === null) return true;
  const base: Triple = [major, minor ?? 0, patch ?? 0];
  const cmp = compare(v, base);
  switch (op) {
    case '>=':
      return cmp >= 0;
    case '>':
      return cmp > 0;
    case '<=':
      return cmp <= 0;
    case '<':
      return cmp < 0;
    case '^':
      if (cmp < 0) return false;
      if (major > 0 || minor === null) return v[0] === major;
      if (minor > 0 || patch === null) return v[0] === 0 && v[1] === minor;
      return v[0] === 0 && v[1] === 0 && v[2] === patch;
    case '~':
      if (cmp < 0) return false;
      return v[0] === major && (minor === null || v[1] === minor);
    default:
      // `1.2.3` exactly, `1.x` / `1` any 1.*.*, `1.2` any 1.2.*
      return v[0] === major && (minor === null || v[1] === minor) && (patch === null || v[2] === patch);
  }
}

/**
 * Whether `version` is in `range`. Undefined when the range uses syntax this does not read (then
 * the federation runtime, which checks the same requirement when the remote loads, decides).
 */
export function satisfiesRange(version: string, range: string): boolean | undefined {
  const v = parseVersion(version);
  if (!v) return undefined;
  let unknown = false;
  for (const alternative of range.split('||')) {
    const comparators = alternative.trim().split(/\s+/);
    const results = comparators.map((c) => matchesComparator(v, c));
    if (results.some((r) => r === undefined)) {
      unknown = true;
      continue;
    }
    if (results.every(Boolean)) return true;
  }
  return unknown ? undefined : false;
}

// --- what the shell tells the user ---

const FRIENDLY: Record<string, string> = {
  '@venue/ui': 'UI kit',
  react: 'React',
  'react-dom': 'React DOM',
  'react-router': 'the router',
  '@mantine/core': 'Mantine',
  '@mantine/notifications': 'Mantine notifications',
  '@mantine/modals': 'Mantine modals',
  '@tanstack/react-query': 'React Query',
  'single-spa-react': 'single-spa-react',
};

/** `^2.0.0` → `2.x`, `^0.3.1` → `0.3.x`; anything else as written. */
export function describeRange(range: string): string {
  const m = /^\^\s*(\d+)(?:\.(\d+))?(?:\.\d+)?$/.exec(range.trim());
  if (!m) return range;
  return m[1] === '0' && m[2] !== undefined ? `0.${m[2]}.x` : `${m[1]}.x`;
}

export interface Incompatibility {
  pkg: string;
  required: string;
  provided: string | null;
  /** e.g. "Built for UI kit 2.x; this VenueDesk runs 1.0.0." */
  reason: string;
}

export function incompatibilityReason(pkg: string, required: string, provided: string | null): string {
  const what = FRIENDLY[pkg] ?? pkg;
  return provided
    ? `Built for ${what} ${describeRange(required)}; this VenueDesk runs ${provided}.`
    : `Built for ${what} ${describeRange(required)}, which this VenueDesk does not provide.`;
}

/**
 * The first shared package a remote needs in a version the page does not have, or null when
 * every requirement is met (or cannot be read: the runtime has the last word).
 */
export function findIncompatibility(
  required: Record<string, string>,
  provided: Record<string, string>,
): Incompatibility | null {
  // The UI kit first: its major version is the one a deploy is most likely to move.
  const order = Object.keys(required).sort((a, b) => Number(b === '@venue/ui') - Number(a === '@venue/ui'));
  for (const pkg of order) {
    const range = required[pkg]!;
    const have = provided[pkg] ?? null;
    if (have === null) {
      // Only the packages the page shares are checked; one it does not share is bundled.
      continue;
    }
    if (satisfiesRange(have, range) === false)
      return { pkg, required: range, provided: have, reason: incompatibilityReason(pkg, range, have) };
  }
  return null;
}

/**
 * The federation runtime's refusal of a strict singleton ("Version 1.0.0 from shell of shared
 * singleton module @venue/ui does not satisfy the requirement of catalogue which needs ^2.0.0)")
 * in the same words as the shell's own check; null for any other error.
 */
export function reasonFromFederationError(message: string): string | null {
  const m =
    /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\n]+)\)?/.exec(
      message,
    );
  if (!m) return null;
  return incompatibilityReason(m[2]!, m[3]!.trim(), m[1]!);
}
