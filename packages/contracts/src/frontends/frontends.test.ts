import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeRange,
  findIncompatibility,
  parseRemotesConfig,
  reasonFromFederationError,
  satisfiesRange,
} from './index.ts';

describe('version ranges the shell checks before loading a remote', () => {
  it('reads caret, tilde, comparators, x-ranges and alternatives like npm', () => {
    const cases: [string, string, boolean][] = [
      ['1.4.0', '^1.0.0', true],
      ['2.0.0', '^1.0.0', false],
      ['0.9.0', '^1.0.0', false],
      ['0.1.0', '^0.1.0', true],
      ['0.2.0', '^0.1.0', false],
      ['0.0.3', '^0.0.3', true],
      ['0.0.4', '^0.0.3', false],
      ['19.2.3', '^19.2.0', true],
      ['19.1.9', '^19.2.0', false],
      ['1.2.9', '~1.2.3', true],
      ['1.3.0', '~1.2.3', false],
      ['1.0.0', '1.0.0', true],
      ['1.0.1', '1.0.0', false],
      ['1.7.0', '1.x', true],
      ['2.0.0', '1.x', false],
      ['3.1.0', '>=2.0.0 <4.0.0', true],
      ['4.0.0', '>=2.0.0 <4.0.0', false],
      ['2.5.0', '^1.0.0 || ^2.0.0', true],
      ['3.0.0', '^1.0.0 || ^2.0.0', false],
      ['9.9.9', '*', true],
    ];
    for (const [version, range, expected] of cases)
      assert.equal(satisfiesRange(version, range), expected, `${version} in ${range}`);
  });

  it('answers undefined for what it cannot read, leaving the decision to the runtime', () => {
    assert.equal(satisfiesRange('1.0.0', 'workspace:^'), undefined);
    assert.equal(satisfiesRange('not-a-version', '^1.0.0'), undefined);
  });

  it('describes a caret range as its major series', () => {
    assert.equal(describeRange('^2.0.0'), '2.x');
    assert.equal(describeRange('^19.2.0'), '19.x');
    assert.equal(describeRange('^0.3.1'), '0.3.x');
    assert.equal(describeRange('>=2 <3'), '>=2 <3');
  });
});

describe('findIncompatibility', () => {
  const provided = { '@venue/ui': '1.0.0', react: '19.2.0', 'react-router': '7.18.5' };

  it('passes a remote built against what the shell runs', () => {
    assert.equal(findIncompatibility({ '@venue/ui': '^1.0.0', react: '^19.2.0' }, provided), null);
  });

  it('names the UI kit first, in words a hall owner can pass on', () => {
    const problem = findIncompatibility({ react: '^20.0.0', '@venue/ui': '^2.0.0' }, provided);
    assert.equal(problem?.pkg, '@venue/ui');
    assert.equal(problem?.reason, 'Built for UI kit 2.x; this VenueDesk runs 1.0.0.');
  });

  it('refuses an older shell for a remote that needs a newer minor', () => {
    assert.equal(
      findIncompatibility({ react: '^19.3.0' }, provided)?.reason,
      'Built for React 19.x; this VenueDesk runs 19.2.0.',
    );
  });

  it('ignores packages the shell does not share and ranges it cannot read', () => {
    assert.equal(findIncompatibility({ zod: '^5.0.0', react: 'workspace:*' }, provided), null);
  });
});

describe('the federation runtime refusal in the same words', () => {
  it('turns the strict-singleton error into the reason', () => {
    const message =
      '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @venue/ui does not satisfy the requirement of catalogue which needs ^2.0.0)';
    assert.equal(reasonFromFederationError(message), 'Built for UI kit 2.x; this VenueDesk runs 1.0.0.');
    assert.equal(reasonFromFederationError('Failed to fetch'), null);
  });
});

describe('parseRemotesConfig', () => {
  it('keeps well-formed releases and drops the rest', () => {
    const config = parseRemotesConfig({
      remotes: [
        {
          name: 'catalogue',
          version: '0.1.0-0123456789',
          entry: '/mfe/catalogue/0.1.0-0123456789/mf-manifest.json',
          shared: { '@venue/ui': '^1.0.0', react: 42, 'bad name!': '^1' },
        },
        { name: 'Bad Name', entry: '/mfe/x/mf-manifest.json' },
        { name: 'evil', entry: 'https://elsewhere.example/mf-manifest.json' },
        'nonsense',
      ],
    });
    assert.deepEqual(config, {
      remotes: [
        {
          name: 'catalogue',
          version: '0.1.0-0123456789',
          entry: '/mfe/catalogue/0.1.0-0123456789/mf-manifest.json',
          shared: { '@venue/ui': '^1.0.0' },
        },
      ],
    });
    assert.throws(() => parseRemotesConfig([]), /not a remotes configuration/);
  });
});
