/**
 * One folder layout for services (issue 28 item 3, docs/adding-a-feature.md §2), checked like
 * the one-way-to-query tests: what a newcomer copies must be the one shape.
 *
 * - `src/` holds the service's program (`main.ts`, `app.ts`, `deps.ts`), its `db/`, `testing/`
 *   and `shared/` folders, service-wide tests, one `internal-routes.ts` at most, and feature
 *   folders; nothing else.
 * - A feature's calls of the contract's route table are named operations: a `routes.ts` (or a
 *   sub-feature's `<name>-routes.ts`) serving `handlers/` beside it through `serveOperations`.
 * - Routes are registered by hand only for paths outside the contract tables (`/internal/…`,
 *   the kit's `/health`, a demo switch, a public page that is not JSON).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const SERVICES = ['admin', 'bookings', 'catalogue', 'comms', 'insights', 'money'];

const PROGRAM = new Set(['main.ts', 'app.ts', 'deps.ts', 'internal-routes.ts']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const rel = (p: string) => path.relative(root, p);
const isTest = (p: string) => /\.test\.tsx?$/.test(p);

/** Literal paths of `router.<method>('…'` registrations in a source text. */
function handRegistered(text: string): string[] {
  return [...text.matchAll(/\brouter\.(?:get|post|put|patch|delete|all)\(\s*['"`]([^'"`]+)['"`]/g)].map(
    (m) => m[1]!,
  );
}

/**
 * Calls of a contract table still registered by hand, each for a reason the kit's
 * `serveOperations` cannot meet yet (it guards, then parses the JSON body with the table's
 * schema): every entry must still be there, so the list only shrinks.
 */
const BY_HAND: Record<string, string> = {
  // a bad body answers with a sign-in code, not field messages
  'services/admin/src/auth/routes.ts /api/login': 'sign-in answers',
  // the token check and the multipart read come before the guard
  'services/admin/src/pictures/routes.ts /api/users/upload-profile-picture': 'multipart before the guard',
  // the body is a union over roles: parsed before the role check it would answer 400, not 403
  'services/admin/src/users/account-admin.ts /api/users': 'role before body',
  'services/admin/src/users/account-admin.ts /api/users/:id': 'role before body',
  // multer's file part, read once the customer is known
  'services/bookings/src/door/routes.ts /api/portal/bookings/:id/documents': 'multipart upload',
};

/** Paths a service may register by hand: not calls of a contract route table. */
const OUTSIDE_THE_TABLES = [/^\/internal\//, /^\/health$/, /^\/pay\//];

describe('the service folder layout', () => {
  for (const service of SERVICES) {
    const src = path.join(root, 'services', service, 'src');
    const files = walk(src).filter((f) => /\.tsx?$/.test(f));

    it(`${service}: src/ holds the program, db/testing/shared, service-wide tests and feature folders only`, () => {
      const loose = readdirSync(src).filter((name) => {
        const p = path.join(src, name);
        if (statSync(p).isDirectory()) return false;
        return !PROGRAM.has(name) && !isTest(name);
      });
      assert.deepEqual(loose, [], `move these into a feature folder or shared/`);
    });

    it(`${service}: a registrar serving operations has handlers/ beside it, and handlers/ a registrar`, () => {
      const isRegistrar = (name: string) => /(^|-)routes\.ts$/.test(name);
      const serves = (f: string) => /\bserve\w*Operations\(/.test(readFileSync(f, 'utf8'));
      const hasHandlers = (dir: string) => readdirSync(dir).includes('handlers');
      const withoutHandlers = files
        .filter((f) => !isTest(f) && isRegistrar(path.basename(f)) && serves(f))
        .filter((f) => !hasHandlers(path.dirname(f)));
      assert.deepEqual(withoutHandlers.map(rel), []);
      const handlerDirs = [
        ...new Set(
          files
            .filter((f) => path.basename(path.dirname(f)) === 'handlers')
            .map((f) => path.dirname(path.dirname(f))),
        ),
      ];
      const orphans = handlerDirs.filter(
        (dir) => !readdirSync(dir).some((n) => isRegistrar(n) && serves(path.join(dir, n))),
      );
      assert.deepEqual(orphans.map(rel), [], 'a handlers/ folder that no registrar beside it serves');
      assert.ok(
        handlerDirs.length > 0,
        `${service} has no handlers/ folder: the walk no longer sees the code`,
      );
    });

    it(`${service}: routes are registered by hand only for paths outside the contract tables`, () => {
      const byHand = files
        .filter((f) => !isTest(f) && !f.includes(`${path.sep}testing${path.sep}`))
        .flatMap((f) => handRegistered(readFileSync(f, 'utf8')).map((p) => `${rel(f)} ${p}`))
        .filter((entry) => !OUTSIDE_THE_TABLES.some((re) => re.test(entry.split(' ')[1]!)));
      assert.deepEqual(
        byHand.filter((entry) => !(entry in BY_HAND)),
        [],
        'a call of the contract table registered by hand: make it an operation() in handlers/',
      );
      const gone = Object.keys(BY_HAND).filter(
        (entry) => entry.startsWith(`services/${service}/`) && !byHand.includes(entry),
      );
      assert.deepEqual(gone, [], 'no longer registered by hand: take it out of BY_HAND');
    });
  }

  it('reads every service (the walk and the patterns still see the code)', () => {
    const registrars = SERVICES.flatMap((s) =>
      walk(path.join(root, 'services', s, 'src')).filter((f) => path.basename(f) === 'routes.ts'),
    );
    assert.ok(registrars.length >= 30, `only ${registrars.length} routes.ts files found`);
    const internal = handRegistered(
      readFileSync(path.join(root, 'services/catalogue/src/internal-routes.ts'), 'utf8'),
    );
    assert.ok(internal.length >= 2, 'the hand-registration pattern no longer reads a router call');
  });
});
