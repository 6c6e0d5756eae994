/**
 * One way to query (issue 10 item 5, decision 35), checked the same way in every service: its
 * code builds statements with the typed Kysely builder, never by handing SQL text to the kit's
 * `.query()`, and uses Kysely's `sql` tag only with a comment (on its line or one of the three
 * above) saying why the builder could not. The check reads the service's own source, so a raw
 * query added later fails its test; test files may still set up with raw SQL.
 *
 *   describeOneWayToQuery({ service: 'catalogue', src: new URL('..', import.meta.url),
 *     sample: 'resources/resource-routes.ts', allowed: { 'testing/harness.ts': 'why' } });
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

/** `.query(` or `.query<…>(`: a statement handed to the kit as text. */
const RAW_QUERY = /\.query\s*[<(]/;
/** Kysely's `sql` tag: a template, a type argument, or one of its helpers (sql.raw, sql.lit …). */
const SQL_TAG = /\bsql\s*(`|<|\.\w+\()/;
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every non-test TypeScript file below a service's `src/`, named relative to it (with `/`), and its text. */
export function serviceSources(src: URL): Array<{ name: string; text: string }> {
  const root = fileURLToPath(src);
  return sourceFiles(root).map((path) => ({
    name: relative(root, path).split(sep).join('/'),
    text: readFileSync(path, 'utf8'),
  }));
}

/** Code lines (not comments) handing SQL text to `.query(`, as `line: text`. */
export function rawQueries(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      !COMMENT_LINE.test(line) && RAW_QUERY.test(line) ? [`${i + 1}: ${line.trim()}`] : [],
    );
}

/** `sql` tag uses without a comment on the same line or one of the three lines above. */
export function uncommentedSql(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (COMMENT_LINE.test(line) || !SQL_TAG.test(line)) return [];
    const near = lines.slice(Math.max(0, i - 3), i + 1);
    return near.some((l) => /\/\/|\/\*|^\s*\*/.test(l)) ? [] : [`${i + 1}: ${line.trim()}`];
  });
}

export interface OneWayToQuery {
  service: string;
  /** The service's `src/` folder. */
  src: URL;
  /** A file that must be among those read (proves the check sees the feature folders). */
  sample: string;
  /** Non-test files (relative to `src`) that may still hand SQL text to `.query(`, with why. */
  allowed?: Record<string, string>;
}

/** Registers the checks as node:test tests of the calling service. */
export function describeOneWayToQuery({ service, src, sample, allowed = {} }: OneWayToQuery): void {
  describe(`one way to query in ${service}`, () => {
    const files = serviceSources(src);

    test('the check reads the service code', () => {
      assert.ok(
        files.some((f) => f.name === sample),
        `${sample} is read`,
      );
    });

    test('no non-test source file hands the kit a SQL string', () => {
      const found = files
        .filter((f) => !(f.name in allowed))
        .flatMap((f) => rawQueries(f.text).map((hit) => `${f.name}:${hit}`));
      assert.deepEqual(found, [], 'build these with the service’s Kysely builder (src/db) instead');
    });

    test('every allowed exception still exists and still needs its exception', () => {
      for (const name of Object.keys(allowed)) {
        const file = files.find((f) => f.name === name);
        assert.ok(file, `${name} is allow-listed but gone: drop it from the allowed list`);
        assert.ok(rawQueries(file.text).length > 0, `${name} no longer queries raw: drop it from the list`);
      }
    });

    test("the sql tag is used only with a comment saying why the builder can't", () => {
      const found = files.flatMap((f) => uncommentedSql(f.text).map((hit) => `${f.name}:${hit}`));
      assert.deepEqual(found, []);
    });
  });
}
