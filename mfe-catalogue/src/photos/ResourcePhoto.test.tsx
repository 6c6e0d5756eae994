import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, server } from '@venue/ui/testing';
import type { Resource } from '../api/types.ts';
import { HallEditDialog } from '../halls/HallEditDialog.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const PHOTO = `/api/resources/${ID}/photo`;

const HALL = {
  id: ID,
  code: 'MAIN-HALL',
  name: 'Main Hall',
  type: 'hall',
  capacity: 120,
  description: 'Sprung floor, stage',
  internalNotes: '',
  visibility: 'public',
  status: 'active',
  calendarColour: '#2563EB',
  colourName: 'Blue',
  hours: {},
  setupBufferMinutes: 15,
  packdownBufferMinutes: 15,
  applyBuffers: true,
  equipment: [],
  icsEnabled: false,
  icsFeedActive: false,
  publicCalendar: false,
  photoUrl: `${PHOTO}?v=photo-1`,
  lastUpdated: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
} as unknown as Resource;

// jsdom has no blob URLs; the preview shows what the fetched photo became.
const blobs: Blob[] = [];
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
beforeAll(() => {
  URL.createObjectURL = (b: Blob | MediaSource) => `blob:photo-${blobs.push(b as Blob)}`;
  URL.revokeObjectURL = () => {};
});
afterAll(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

/** Staff's copy of the photo: which version was asked for, and with whose token. */
function answerPhoto() {
  const seen: { v: string | null; auth: string | null }[] = [];
  server.use(
    http.get(PHOTO, ({ request }) => {
      const v = new URL(request.url).searchParams.get('v');
      seen.push({ v, auth: request.headers.get('authorization') });
      return new HttpResponse(new Uint8Array([0x52, 0x49, 0x46, 0x46]), {
        headers: { 'content-type': 'image/webp' },
      });
    }),
  );
  return seen;
}

async function openPhotoTab(resource: Resource | null = HALL) {
  const view = renderWithProviders(<HallEditDialog opened resource={resource} onClose={() => {}} />);
  await view.user.click(screen.getByRole('tab', { name: 'Photo' }));
  return view;
}

const fileInput = () =>
  screen.getByTestId('resource-photo').querySelector('input[type="file"]') as HTMLInputElement;
// Made of Node's Blob: the test's fetch (Node's) builds the multipart body, and jsdom's File is
// not a Blob to it (as in mfe-comms' SendEmailPage test); a browser has one kind.
const image = (name: string, bytes: number, type = 'image/jpeg') =>
  Object.assign(new Blob([new Uint8Array(bytes)], { type }), { name, lastModified: 0 }) as File;

describe('Resource photo on the hall dialog (issue 25)', () => {
  test('shows the current photo, fetched with the session’s token', async () => {
    const seen = answerPhoto();
    await openPhotoTab();
    const img = await screen.findByRole('img', { name: 'Photo of Main Hall' });
    expect(img.getAttribute('src')).toMatch(/^blob:photo-/);
    expect(seen).toEqual([{ v: 'photo-1', auth: 'Bearer test-token' }]);
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  test('uploads a chosen image in the photo part and shows the new one', async () => {
    const seen = answerPhoto();
    const parts: { name: string; size: number }[] = [];
    server.use(
      http.post(PHOTO, async ({ request }) => {
        const file = (await request.formData()).get('photo') as File;
        parts.push({ name: file.name, size: file.size });
        return HttpResponse.json({ ...HALL, photoUrl: `${PHOTO}?v=photo-2` });
      }),
    );
    const { user } = await openPhotoTab();
    await screen.findByRole('img', { name: 'Photo of Main Hall' });
    const upload = screen.getByRole('button', { name: 'Upload photo' });
    expect(upload).toBeDisabled();

    await user.upload(fileInput(), image('stage.jpg', 2048));
    await user.click(upload);

    expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
    expect(parts).toEqual([{ name: 'stage.jpg', size: 2048 }]);
    await waitFor(() => expect(seen.map((s) => s.v)).toEqual(['photo-1', 'photo-2']));
    expect(screen.queryByTestId('photo-error')).toBeNull();
  });

  test('the server’s refusal is shown beside the picker, and the photo stays', async () => {
    answerPhoto();
    server.use(
      http.post(PHOTO, () =>
        HttpResponse.json(
          {
            message: 'Please select an image file (JPEG, PNG, WebP or GIF).',
            errors: [{ path: 'photo', message: 'Please select an image file (JPEG, PNG, WebP or GIF).' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openPhotoTab();
    await user.upload(fileInput(), image('renamed.png', 64, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByTestId('photo-error')).toHaveTextContent(
      'Please select an image file (JPEG, PNG, WebP or GIF).',
    );
    expect(screen.getByRole('img', { name: 'Photo of Main Hall' })).toBeInTheDocument();
  });

  test('a file over 8 MB is refused before it is sent', async () => {
    answerPhoto();
    let posted = 0;
    server.use(http.post(PHOTO, () => (posted++, HttpResponse.json(HALL))));
    const { user } = await openPhotoTab();
    await user.upload(fileInput(), image('huge.jpg', 8 * 1024 * 1024 + 1));
    expect(await screen.findByTestId('photo-error')).toHaveTextContent('Image size must be less than 8MB');
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeDisabled();
    expect(posted).toBe(0);
  });

  test('Remove asks first, then the page shows the space without a photo', async () => {
    answerPhoto();
    let deleted = 0;
    server.use(
      http.delete(PHOTO, () => {
        deleted++;
        return HttpResponse.json({ ...HALL, photoUrl: null });
      }),
    );
    const { user } = await openPhotoTab();
    await screen.findByRole('img', { name: 'Photo of Main Hall' });
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    const ask = screen.getByRole('group', { name: 'Remove the photo' });
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(deleted).toBe(0);
    expect(screen.getByRole('img', { name: 'Photo of Main Hall' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Remove the photo' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(/No photo yet/)).toBeInTheDocument();
    expect(deleted).toBe(1);
    expect(screen.queryByRole('img', { name: 'Photo of Main Hall' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  });

  test('a photo that cannot be loaded says so', async () => {
    server.use(
      http.get(PHOTO, () => HttpResponse.json({ message: 'This space has no photo.' }, { status: 404 })),
    );
    await openPhotoTab();
    expect(await screen.findByText(/The photo could not be loaded/)).toBeInTheDocument();
  });

  test('a new hall is created before its photo is added', async () => {
    await openPhotoTab(null);
    expect(screen.getByText(/Create the hall or room first/)).toBeInTheDocument();
    expect(screen.queryByTestId('resource-photo')).toBeNull();
  });
});
