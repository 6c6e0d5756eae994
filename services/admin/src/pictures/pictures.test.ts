import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import {
  auditedActions,
  call,
  download,
  login,
  upload,
  type Harness,
  type Session,
} from '../testing/harness.ts';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { MAX_UPLOAD_BYTES, NOT_AN_IMAGE, PICTURE_OWNERS_ONLY, TOO_LARGE } from './pictures.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;
let png: Buffer;
describe('profile pictures', () => {
  before(async () => {
    ({ h, owner, owner2, staff, admin } = await startWithDemoSessions());
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  after(async () => {
    await h?.close();
  });

  async function storedPictures(userId: string): Promise<number> {
    return h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM profile_pictures WHERE user_id = $1`,
        [userId],
      );
      return Number(rows[0]?.n ?? 0);
    });
  }

  async function profilePicture(session: Session): Promise<string | null> {
    return (await call(h, 'GET', '/api/users/profile', { token: session.token })).body.profilePicture;
  }

  describe('profile picture upload', () => {
    test('a PNG named .txt is accepted: the content decides, and it comes back as a small WebP', async () => {
      const reply = await upload(h, '/api/users/upload-profile-picture', {
        token: owner.token,
        data: png,
        filename: 'holiday.txt',
        type: 'text/plain',
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.match(reply.body.profilePicture, /^\/api\/files\/profile-pictures\/[0-9a-f-]{36}\.webp$/);
      assert.equal(await profilePicture(owner), reply.body.profilePicture);

      const served = await download(h, reply.body.profilePicture, owner.token);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/webp');
      const meta = await sharp(served.bytes).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.width, 512, 'the longer edge is capped at 512 px');
      assert.equal(meta.height, 341);
      assert.ok((await auditedActions(h, owner.userId)).includes('user_updated'));
    });

    test('a text file named .png is refused and nothing changes', async () => {
      const before = await profilePicture(owner2);
      const count = await storedPictures(owner2.userId);
      const reply = await upload(h, '/api/users/upload-profile-picture', {
        token: owner2.token,
        data: Buffer.from('just some words, not an image at all\n'.repeat(20)),
        filename: 'me.png',
        type: 'image/png',
      });
      assert.equal(reply.status, 400);
      assert.equal(reply.body.message, NOT_AN_IMAGE);
      assert.equal(await profilePicture(owner2), before);
      assert.equal(await storedPictures(owner2.userId), count);
    });

    test('a non-image binary (PDF) is refused', async () => {
      const reply = await upload(h, '/api/users/upload-profile-picture', {
        token: owner2.token,
        data: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
        filename: 'me.jpg',
        type: 'image/jpeg',
      });
      assert.equal(reply.status, 400);
      assert.equal(reply.body.message, NOT_AN_IMAGE);
    });

    test('5 MB + 1 byte is refused before anything is stored', async () => {
      const count = await storedPictures(owner2.userId);
      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0);
      png.copy(big); // a real PNG header: only the size is wrong
      const reply = await upload(h, '/api/users/upload-profile-picture', {
        token: owner2.token,
        data: big,
        filename: 'huge.png',
        type: 'image/png',
      });
      assert.equal(reply.status, 413);
      assert.equal(reply.body.message, TOO_LARGE);
      assert.equal(await storedPictures(owner2.userId), count);
      assert.equal(await profilePicture(owner2), null);
    });

    test('exactly 5 MB is not refused for its size', async () => {
      const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES, 0);
      png.copy(atLimit);
      const reply = await upload(h, '/api/users/upload-profile-picture', {
        token: owner2.token,
        data: atLimit,
        filename: 'padded.png',
      });
      // trailing bytes after IEND are ignored by decoders: it is processed, not refused as too big
      assert.notEqual(reply.status, 413, JSON.stringify(reply.body));
    });

    test('EXIF (artist, copyright) is stripped from what is stored and served', async () => {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
        .jpeg()
        .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'Hidden Studio' } })
        .toBuffer();
      assert.ok((await sharp(jpeg).metadata()).exif, 'the fixture carries EXIF');
      assert.ok(jpeg.includes(Buffer.from('Secret Photographer')));
      const reply = await upload(h, '/api/users/upload-profile-picture', {
        token: owner2.token,
        data: jpeg,
        filename: 'camera.jpg',
        type: 'image/jpeg',
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const served = await download(h, reply.body.profilePicture, owner2.token);
      const meta = await sharp(served.bytes).metadata();
      assert.equal(meta.exif, undefined);
      assert.equal(meta.xmp, undefined);
      assert.ok(!served.bytes.includes(Buffer.from('Secret Photographer')));
      assert.ok(!served.bytes.includes(Buffer.from('Hidden Studio')));
      assert.equal(await storedPictures(owner2.userId), 1, 'a new picture replaces the old one');
    });

    test('no file, no token, a sub-user', async () => {
      const empty = await call(h, 'POST', '/api/users/upload-profile-picture', {
        token: owner.token,
        body: {},
      });
      assert.equal(empty.status, 400);
      assert.equal(empty.body.message, NOT_AN_IMAGE);
      const anonymous = await upload(h, '/api/users/upload-profile-picture', {
        data: png,
        filename: 'a.png',
      });
      assert.equal(anonymous.status, 401);
      const bySubUser = await upload(h, '/api/users/upload-profile-picture', {
        token: staff.token,
        data: png,
        filename: 'a.png',
      });
      assert.equal(bySubUser.status, 403);
      assert.equal(bySubUser.body.message, PICTURE_OWNERS_ONLY);
    });

    test("an owner cannot set another account's picture with ?userId=", async () => {
      const before = await profilePicture(owner);
      const reply = await upload(h, `/api/users/upload-profile-picture?userId=${owner2.userId}`, {
        token: owner.token,
        data: png,
        filename: 'a.png',
      });
      assert.equal(reply.status, 403);
      assert.equal(await profilePicture(owner), before);
      const del = await call(h, 'DELETE', `/api/users/delete-profile-picture?userId=${owner2.userId}`, {
        token: owner.token,
      });
      assert.equal(del.status, 403);
      assert.notEqual(await profilePicture(owner2), null);
    });

    test('the super admin sets a hall owner’s picture right after creating the account', async () => {
      const created = await call(h, 'POST', '/api/users', {
        token: admin.token,
        body: {
          email: 'pictured-owner@demo.local',
          password: 'pictured-pass',
          role: 'hall_owner',
          hallName: 'Pictured Hall',
          contactNumber: '02 9000 0000',
          address: { line1: '1 Main St', line2: '', postcode: '2000', state: 'NSW' },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const reply = await upload(h, `/api/users/upload-profile-picture?userId=${created.body.id}`, {
        token: admin.token,
        data: png,
        filename: 'hall.png',
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const list = await call(h, 'GET', '/api/users', { token: admin.token });
      const row = list.body.find((u: { id: string }) => u.id === created.body.id);
      assert.equal(row.profilePicture, reply.body.profilePicture);
      // the super admin can see it; the new owner can see their own
      assert.equal((await download(h, reply.body.profilePicture, admin.token)).status, 200);
      const newOwner = await login(h, 'pictured-owner@demo.local', 'pictured-pass');
      assert.equal((await download(h, reply.body.profilePicture, newOwner.token)).status, 200);
    });
  });

  describe('serving and deleting', () => {
    test('another tenant gets 404 for a picture; the same tenant’s sub-user can see it', async () => {
      const url = await profilePicture(owner);
      assert.ok(url);
      assert.equal((await download(h, url, owner2.token)).status, 404);
      assert.equal((await download(h, url, staff.token)).status, 200);
      assert.equal((await download(h, url)).status, 401);
      assert.equal(
        (await download(h, '/api/files/profile-pictures/../../etc/passwd', owner.token)).status,
        404,
      );
      assert.equal(
        (await download(h, '/api/files/profile-pictures/not-a-file.webp', owner.token)).status,
        404,
      );
    });

    test('delete removes the stored image and the link', async () => {
      const url = await profilePicture(owner);
      assert.ok(url);
      const del = await call(h, 'DELETE', '/api/users/delete-profile-picture', { token: owner.token });
      assert.equal(del.status, 200);
      assert.equal(del.body.message, 'Profile picture deleted successfully!');
      assert.equal(await profilePicture(owner), null);
      assert.equal(await storedPictures(owner.userId), 0);
      assert.equal((await download(h, url, owner.token)).status, 404);
    });

    test('the super admin deletes a hall owner’s picture with ?userId=', async () => {
      assert.notEqual(await profilePicture(owner2), null);
      const del = await call(h, 'DELETE', `/api/users/delete-profile-picture?userId=${owner2.userId}`, {
        token: admin.token,
      });
      assert.equal(del.status, 200);
      assert.equal(await profilePicture(owner2), null);
    });
  });
});
