// issue 28 item 3: one folder layout for every micro-frontend. A remote's src/ holds its entry
// files, the remote's shared folders and one folder per feature; a feature folder holds that
// feature's pages, components, hooks and their tests side by side. docs/adding-a-feature.md,
// section 3, says the same in words.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');

/** The files a remote's src/ may hold at its top: the expose, its mount, the entry, the page map. */
const ENTRY_FILES = new Set(['App.tsx', 'bootstrap.ts', 'index.ts', 'pages.ts']);
/** Folders at the top of src/ that are not features: the remote's hooks, what features share, test data. */
const COMMON_FOLDERS = new Set(['api', 'shared', 'testing']);
/** Folders named by the kind of file they hold, which the feature folders replace. */
const BY_KIND = new Set(['components', 'pages', 'lib', 'hooks', 'utils', 'helpers']);
/**
 * Folders by kind still there, each named with why; the test below fails once one is gone, so
 * the entry is removed with it. Nothing else may join this list.
 */
const NOT_YET_MOVED: Record<string, string> = {};

const remotes = readdirSync(root)
  .filter((name) => name.startsWith('mfe-') && statSync(path.join(root, name)).isDirectory())
  .sort();

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** `./calendar/CalendarPage.tsx` and `CalendarPage` for each lazyPage(() => import(…), '…') of pages.ts. */
function pageEntries(pagesTs: string): { spec: string; name: string }[] {
  const found = [...pagesTs.matchAll(/import\(\s*'([^']+)'\s*\)\s*,\s*'([A-Za-z0-9_]+)'/g)];
  return found.map(([, spec, name]) => ({ spec: spec!, name: name! }));
}

/** Relative modules a test imports: `./x.tsx` and `../y/z.ts`, from import and jest.mock. */
const relativeImports = (text: string) =>
  [...text.matchAll(/(?:from\s+|import\(\s*|mock\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map(
    ([, spec]) => spec!,
  );

describe('micro-frontend folder layout', () => {
  it('finds the five remotes', () => {
    assert.ok(remotes.length >= 5, `only ${remotes.join(', ')}: the remotes are no longer found`);
  });

  it('portal/ is a standalone app, not a remote, and stays out of these checks', () => {
    // The customers' booking page and portal: its own index.tsx, no pages.ts, never mounted by
    // the shell. If it becomes a remote it gets a pages.ts, and must then take this layout.
    assert.equal(existsSync(path.join(root, 'portal', 'src', 'pages.ts')), false);
  });

  for (const remote of remotes) {
    const src = path.join(root, remote, 'src');

    describe(remote, () => {
      const top = readdirSync(src, { withFileTypes: true });
      const features = top
        .filter((e) => e.isDirectory() && !COMMON_FOLDERS.has(e.name) && !BY_KIND.has(e.name))
        .map((e) => e.name);

      it('src/ holds only the entry files, api/, shared/, testing/ and feature folders', () => {
        const strayFiles = top.filter((e) => !e.isDirectory() && !ENTRY_FILES.has(e.name)).map((e) => e.name);
        assert.deepEqual(strayFiles, [], `files at the top of ${remote}/src that belong in a folder`);
        for (const file of ENTRY_FILES)
          assert.ok(existsSync(path.join(src, file)), `${remote}/src/${file} is missing`);
        const oddNames = features.filter((name) => !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name));
        assert.deepEqual(oddNames, [], 'feature folders are named in kebab-case');
      });

      it('has no top-level components/, pages/ or lib/ (or another folder named by kind)', () => {
        const byKind = top
          .filter((e) => e.isDirectory() && BY_KIND.has(e.name))
          .map((e) => `${remote}/src/${e.name}`)
          .filter((folder) => !(folder in NOT_YET_MOVED));
        assert.deepEqual(byKind, []);
      });

      it('every page in pages.ts lives in a feature folder and exports the named component', () => {
        const entries = pageEntries(readFileSync(path.join(src, 'pages.ts'), 'utf8'));
        assert.ok(entries.length > 0, `no lazyPage(() => import(…), '…') read in ${remote}/src/pages.ts`);
        for (const { spec, name } of entries) {
          const [dot, folder, ...rest] = spec.split('/');
          assert.ok(
            dot === '.' && folder && rest.length > 0 && features.includes(folder),
            `${remote}/src/pages.ts: ${spec} is not in a feature folder`,
          );
          const file = path.join(src, spec);
          assert.ok(existsSync(file), `${remote}/src/pages.ts: ${spec} does not exist`);
          const exported = new RegExp(`export\\s+(?:function|const|class)\\s+${name}\\b`);
          assert.match(readFileSync(file, 'utf8'), exported, `${rel(file)} does not export ${name}`);
        }
      });

      it('tests sit beside what they test, in the folder of the module they are named after', () => {
        const misplaced: string[] = [];
        for (const file of walk(src).filter((f) => /\.test\.tsx?$/.test(f))) {
          const dir = path.dirname(file);
          const folder = path.relative(src, dir).split(path.sep)[0];
          if (dir === src || folder === 'testing' || /(^|\/)(__tests__|tests?)$/.test(rel(dir))) {
            misplaced.push(`${rel(file)}: not in a feature folder, api/ or shared/`);
            continue;
          }
          const subject = path.basename(file).replace(/\.test\.tsx?$/, '');
          if (existsSync(path.join(dir, `${subject}.tsx`)) || existsSync(path.join(dir, `${subject}.ts`)))
            continue;
          // A test of several modules of one folder (money's PaymentLink.test.tsx, the report
          // rules) is named after what they do together and imports them from its own folder.
          const besideIt = relativeImports(readFileSync(file, 'utf8')).filter(
            (spec) => spec.startsWith('./') && !/fixtures/i.test(spec),
          );
          if (besideIt.length === 0)
            misplaced.push(
              `${rel(file)}: no ${subject}.tsx beside it, nor an import of a module of its folder`,
            );
        }
        assert.deepEqual(misplaced, []);
      });
    });
  }

  it('the folders not yet moved are still there (remove the entry when one moves)', () => {
    const gone = Object.keys(NOT_YET_MOVED).filter((folder) => !existsSync(path.join(root, folder)));
    assert.deepEqual(gone, []);
  });
});
