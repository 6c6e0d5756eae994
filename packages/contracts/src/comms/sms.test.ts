/** Segments (issue 26 item 3): GSM-7 160/153 per part, UCS-2 70/67 once any character is outside GSM-7. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countSegments, smsSummary } from './sms.ts';

describe('SMS segments', () => {
  it('GSM-7: 160 in one part, 153 per part beyond; extension characters take two', () => {
    assert.deepEqual(countSegments(''), { encoding: 'GSM-7', units: 0, segments: 0 });
    assert.deepEqual(countSegments('a'.repeat(160)), { encoding: 'GSM-7', units: 160, segments: 1 });
    assert.deepEqual(countSegments('a'.repeat(161)), { encoding: 'GSM-7', units: 161, segments: 2 });
    assert.deepEqual(countSegments('a'.repeat(306)), { encoding: 'GSM-7', units: 306, segments: 2 });
    assert.deepEqual(countSegments('a'.repeat(307)), { encoding: 'GSM-7', units: 307, segments: 3 });
    // € and [ ] are in the extension table: escape + character
    assert.deepEqual(countSegments(`${'a'.repeat(158)}€`), { encoding: 'GSM-7', units: 160, segments: 1 });
    assert.deepEqual(countSegments(`${'a'.repeat(159)}€`), { encoding: 'GSM-7', units: 161, segments: 2 });
    // é, ñ, £ and the Greek capitals are GSM-7
    assert.equal(countSegments('Café £5 — no').encoding, 'UCS-2', 'an em dash is not GSM-7');
    assert.equal(countSegments('Café £5, señor, ΔΩ').encoding, 'GSM-7');
  });

  it('UCS-2: 70 in one part, 67 per part; an emoji counts two code units', () => {
    assert.deepEqual(countSegments('ć'.repeat(70)), { encoding: 'UCS-2', units: 70, segments: 1 });
    assert.deepEqual(countSegments('ć'.repeat(71)), { encoding: 'UCS-2', units: 71, segments: 2 });
    assert.deepEqual(countSegments('ć'.repeat(134)), { encoding: 'UCS-2', units: 134, segments: 2 });
    assert.deepEqual(countSegments('ć'.repeat(135)), { encoding: 'UCS-2', units: 135, segments: 3 });
    assert.deepEqual(countSegments(`🎉${'a'.repeat(68)}`), { encoding: 'UCS-2', units: 70, segments: 1 });
    assert.deepEqual(countSegments(`🎉${'a'.repeat(69)}`), { encoding: 'UCS-2', units: 71, segments: 2 });
    assert.equal(countSegments('王芳').encoding, 'UCS-2');
  });

  it('the summary reads as the screens show it', () => {
    assert.equal(smsSummary(1, 1, '$0.06'), '1 message, 1 segment, about $0.06');
    assert.equal(smsSummary(3, 4, '$0.24'), '3 messages, 4 segments, about $0.24');
  });
});
