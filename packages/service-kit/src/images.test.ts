import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { reencodeImage, type ReencodeOptions } from './images.ts';

class NotAnImage extends Error {}
class Failed extends Error {}

const options: ReencodeOptions = {
  maxEdgePx: 100,
  quality: 80,
  notAnImage: () => new NotAnImage(),
  failed: () => new Failed(),
};

const jpeg = (width: number, height: number, orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();

describe('reencodeImage', () => {
  it('turned upright, fitted inside the edge, as WebP without metadata', async () => {
    // 300 × 150 stored, EXIF orientation 6: the picture is 150 × 300 as the camera held it
    const out = await reencodeImage(await jpeg(300, 150, 6), options);
    assert.deepEqual([out.width, out.height], [50, 100]);
    const meta = await sharp(out.data).metadata();
    assert.equal(meta.format, 'webp');
    assert.equal(meta.exif, undefined);
    assert.equal(meta.orientation, undefined);
  });

  it('never enlarges a small picture', async () => {
    const out = await reencodeImage(await jpeg(40, 20), options);
    assert.deepEqual([out.width, out.height], [40, 20]);
  });

  it("refuses what is not a JPEG, PNG, GIF or WebP with the caller's errors", async () => {
    await assert.rejects(reencodeImage(Buffer.from('just words, named .png'), options), NotAnImage);
    await assert.rejects(reencodeImage(Buffer.from('%PDF-1.7\n%%EOF\n'), options), NotAnImage);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await assert.rejects(reencodeImage(png.subarray(0, 40), options), Failed);
  });
});
