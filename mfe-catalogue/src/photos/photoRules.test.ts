import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PHOTO_NOT_AN_IMAGE as SERVER_NOT_AN_IMAGE,
  PHOTO_TOO_LARGE as SERVER_TOO_LARGE,
  RESOURCE_PHOTO_MAX_BYTES,
  RESOURCE_PHOTO_MAX_EDGE_PX,
  RESOURCE_PHOTO_PART,
} from '@venue/contracts/catalogue';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_EDGE_PX,
  PHOTO_NOT_AN_IMAGE,
  PHOTO_PART,
  PHOTO_TOO_LARGE,
  photoProblem,
} from './photoRules.ts';

test('the screen’s photo rules are the catalogue’s', () => {
  assert.equal(PHOTO_MAX_BYTES, RESOURCE_PHOTO_MAX_BYTES);
  assert.equal(PHOTO_MAX_EDGE_PX, RESOURCE_PHOTO_MAX_EDGE_PX);
  assert.equal(PHOTO_PART, RESOURCE_PHOTO_PART);
  assert.equal(PHOTO_NOT_AN_IMAGE, SERVER_NOT_AN_IMAGE);
  assert.equal(PHOTO_TOO_LARGE, SERVER_TOO_LARGE);
});

test('a photo is a JPEG, PNG, WebP or GIF of at most 8 MB', () => {
  assert.equal(photoProblem({ type: 'image/jpeg', size: 8 * 1024 * 1024 }), null);
  assert.equal(photoProblem({ type: 'image/webp', size: 1 }), null);
  assert.equal(photoProblem({ type: 'image/png', size: 8 * 1024 * 1024 + 1 }), PHOTO_TOO_LARGE);
  assert.equal(photoProblem({ type: 'image/svg+xml', size: 10 }), PHOTO_NOT_AN_IMAGE);
  assert.equal(photoProblem({ type: 'application/pdf', size: 10 }), PHOTO_NOT_AN_IMAGE);
});
