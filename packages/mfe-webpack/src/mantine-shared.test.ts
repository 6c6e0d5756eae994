import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import config from '../index.cjs';

const require = createRequire(import.meta.url);
const mantineDir = dirname(dirname(require.resolve('@mantine/core')));
const { facade, stubs } = config.mantineShared(mantineDir) as {
  facade: string;
  stubs: Map<string, string>;
};

/** The names an ES module file exports, from its `export { a, b as c }` lists. */
function exportedNames(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^export\s*{([^}]*)}/gm)].flatMap(([, list]) =>
    list
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .at(-1) ?? '',
      )
      .filter(Boolean),
  );
}

const esm = join(mantineDir, 'esm');

describe("Mantine's shared part (one module in the share scope, decision 65)", () => {
  it('holds the components the sign-in page renders, the contexts, and every file they import', () => {
    const files = [...stubs.keys()];
    for (const rel of [
      'components/Button/Button.mjs',
      'components/TextInput/TextInput.mjs',
      'core/Box/Box.mjs',
      'core/MantineProvider/Mantine.context.mjs',
      'core/DirectionProvider/DirectionProvider.mjs',
    ])
      assert.ok(stubs.has(join(esm, rel)), rel);
    // Closed: every relative import of a shared file is shared too, so the facade's own graph
    // never reaches a stub.
    for (const file of files)
      for (const [, rel] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*["'](\.[^"']+)["']/g))
        assert.ok(stubs.has(join(dirname(file), rel)), `${file} imports ${rel}`);
    // Nothing the sign-in page does not load (it would be sent to every visitor).
    assert.equal(stubs.has(join(esm, 'components/Select/Select.mjs')), false);
    assert.equal(stubs.has(join(esm, 'components/Combobox/Combobox.mjs')), false);
  });

  it("gives every file's stub exactly the names the file exports, each the facade's re-export of it", () => {
    // The facade's names: `export { Box as m12_Box } from "<file>"`, one line per file.
    const origin = new Map<string, string>();
    for (const [, list, file] of readFileSync(facade, 'utf8').matchAll(
      /^export\s*{([^}]*)}\s*from\s*"([^"]+)"/gm,
    ))
      for (const [, name, inner] of list.matchAll(/(\w+) as (\w+)/g)) {
        assert.equal(origin.has(inner), false, `${inner} is exported twice by the facade`);
        origin.set(inner, `${file}#${name}`);
      }
    for (const [file, stub] of stubs) {
      const reexported = [...readFileSync(stub, 'utf8').matchAll(/(\w+) as (\w+)/g)];
      assert.deepEqual(reexported.map(([, , name]) => name).sort(), exportedNames(file).sort(), stub);
      for (const [, inner, name] of reexported) assert.equal(origin.get(inner), `${file}#${name}`, stub);
    }
  });

  it("leaves only this release's folder in the cache once it has written it", () => {
    const cache = mkdtempSync(join(tmpdir(), 'mantine-cache-'));
    try {
      // What an earlier release (or an earlier way of writing it) left behind.
      const old = join(cache, 'mantine-8.3.0-0123456789ab');
      mkdirSync(join(old, 'stubs'), { recursive: true });
      writeFileSync(join(old, 'facade.mjs'), '');
      const written = config.mantineShared(mantineDir, cache) as { facade: string };
      assert.equal(dirname(written.facade), join(cache, dirname(facade).split('/').at(-1)!));
      assert.ok(existsSync(written.facade));
      assert.equal(existsSync(old), false);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
