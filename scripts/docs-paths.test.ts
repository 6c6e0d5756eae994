import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');

/**
 * Paths a guide names in backticks: a folder of the repository followed by more segments.
 * A path with `<…>` is one the reader creates, and stays out.
 */
function namedPaths(markdown: string): string[] {
  const top = /^(packages|services|mfe-[a-z]+|gateway|portal|shell|scripts|docs|e2e|bench)\//;
  const found = new Set<string>();
  for (const [, text] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (!text || text.includes('<') || !top.test(text)) continue;
    found.add(text.replace(/[:,.]+$/, ''));
  }
  return [...found];
}

// issue 28 item 3: a guide a newcomer follows must not send them to a file that moved.
describe('docs/adding-a-feature.md', () => {
  const guide = readFileSync(path.join(root, 'docs', 'adding-a-feature.md'), 'utf8');
  const paths = namedPaths(guide);

  it('names files and folders of the repository', () => {
    assert.ok(paths.length >= 20, `only ${paths.length} paths found: the pattern no longer reads the guide`);
  });

  it('every file and folder it names exists', () => {
    const missing = paths.filter((p) => !existsSync(path.join(root, p.replace(/\/$/, ''))));
    assert.deepEqual(missing, []);
  });
});
