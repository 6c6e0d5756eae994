import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileText } from './download.ts';

describe('downloaded text files', () => {
  it('a CSV keeps its UTF-8 byte-order mark, read as text or not', () => {
    assert.equal(fileText('"Name"\r\n"Zoë"\r\n', 'text/csv'), '\ufeff"Name"\r\n"Zoë"\r\n');
    assert.equal(fileText('\ufeff"Name"\r\n', 'text/csv;charset=utf-8'), '\ufeff"Name"\r\n');
  });

  it('other files are saved as given', () => {
    assert.equal(fileText('BEGIN:VCALENDAR\r\n', 'text/calendar'), 'BEGIN:VCALENDAR\r\n');
  });
});
