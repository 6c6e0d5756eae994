import { useEffect, useState } from 'react';
import { Alert, Box, Button, FileInput, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useAuthedImage, type AuthedImage } from '@venue/ui/authed-image';
import type { Resource } from '../api/types.ts';
import { useRemoveResourcePhoto, useUploadResourcePhoto } from '../api/hooks.ts';
import { errorText } from '../shared/notify.ts';
import { PHOTO_ACCEPT, PHOTO_MAX_EDGE_PX, photoProblem } from './photoRules.ts';

/**
 * The photo as it is now and what is being done to it: a file chosen (checked at once), sent,
 * or the photo removed, with the server's words when it refuses. Reset when the resource changes.
 */
function usePhotoChanges(resource: Resource) {
  const upload = useUploadResourcePhoto();
  const remove = useRemoveResourcePhoto();
  const [photoUrl, setPhotoUrl] = useState<string | null>(resource.photoUrl ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // staff's copy is behind the gateway's bearer check (`/api/resources/{id}/photo?v=…`)
  const preview = useAuthedImage(photoUrl);

  useEffect(() => {
    setPhotoUrl(resource.photoUrl ?? null);
    setFile(null);
    setProblem(null);
    setConfirmRemove(false);
  }, [resource]);

  const choose = (f: File | null) => {
    setFile(f);
    setProblem(f ? photoProblem(f) : null);
  };

  const send = () => {
    if (!file || photoProblem(file)) return;
    setProblem(null);
    upload.mutate(
      { id: resource.id, file },
      {
        onSuccess: (r) => {
          setPhotoUrl(r.photoUrl ?? null);
          setFile(null);
        },
        // The server's words: not an image by its content, too large, unreadable.
        onError: (error) => setProblem(errorText(error, 'Failed to upload the photo. Please try again.')),
      },
    );
  };

  const drop = () => {
    setProblem(null);
    remove.mutate(resource.id, {
      onSuccess: (r) => {
        setPhotoUrl(r.photoUrl ?? null);
        setConfirmRemove(false);
      },
      onError: (error) => {
        setConfirmRemove(false);
        setProblem(errorText(error, 'Failed to remove the photo. Please try again.'));
      },
    });
  };

  return {
    upload,
    remove,
    photoUrl,
    file,
    problem,
    confirmRemove,
    setConfirmRemove,
    preview,
    choose,
    send,
    drop,
  };
}

/**
 * The space's photo on the venue's public booking page (issue 25): what is there now, a new one
 * uploaded at once (it replaces the old), or none. Separate from the resource form's Save: the
 * photo has its own routes, and the answer is the resource with its new photo URL.
 */
export function ResourcePhoto({ resource }: { resource: Resource }) {
  const {
    upload,
    remove,
    photoUrl,
    file,
    problem,
    confirmRemove,
    setConfirmRemove,
    preview,
    choose,
    send,
    drop,
  } = usePhotoChanges(resource);
  return (
    <Stack gap="sm" data-testid="resource-photo">
      <Text size="sm" c="dimmed">
        Shown with {resource.name} on the venue&apos;s public booking page.
      </Text>
      <PhotoFrame preview={preview} alt={`Photo of ${resource.name}`} />
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="photo-error">
          {problem}
        </Alert>
      ) : null}
      <FileInput
        label={photoUrl ? 'Replace the photo' : 'Choose a photo'}
        description={`JPEG, PNG, WebP or GIF, up to 8 MB. Stored as WebP, at most ${PHOTO_MAX_EDGE_PX} px a side, without the file's location data.`}
        placeholder="No file chosen"
        accept={PHOTO_ACCEPT}
        value={file}
        onChange={choose}
        clearable
      />
      <Group gap="sm">
        <Button onClick={send} disabled={!file || photoProblem(file) !== null} loading={upload.isPending}>
          Upload photo
        </Button>
        {photoUrl && !confirmRemove ? (
          <Button variant="light" color="red" onClick={() => setConfirmRemove(true)}>
            Remove photo
          </Button>
        ) : null}
      </Group>
      {confirmRemove ? (
        <RemoveConfirm busy={remove.isPending} onKeep={() => setConfirmRemove(false)} onRemove={drop} />
      ) : null}
    </Stack>
  );
}

/** The photo as the public page shows it, or why there is none to show. */
function PhotoFrame({ preview, alt }: { preview: AuthedImage; alt: string }) {
  return (
    <Box
      w={320}
      maw="100%"
      h={200}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {preview.state === 'shown' ? (
        <Image src={preview.url} alt={alt} fit="contain" h={200} w="100%" />
      ) : preview.state === 'loading' ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading the photo…</Text>
        </Group>
      ) : preview.state === 'failed' ? (
        <Text size="sm" c="red" role="status" px="sm" ta="center">
          The photo could not be loaded. Close and open the dialog to try again.
        </Text>
      ) : (
        <Text size="sm" c="dimmed" px="sm" ta="center">
          No photo yet. The public booking page shows the space without one.
        </Text>
      )}
    </Box>
  );
}

/** Asked in place before the photo is removed. */
function RemoveConfirm({
  busy,
  onKeep,
  onRemove,
}: {
  busy: boolean;
  onKeep: () => void;
  onRemove: () => void;
}) {
  return (
    <Group gap="sm" role="group" aria-label="Remove the photo">
      <Text size="sm">Remove this photo from the public booking page?</Text>
      <Button variant="default" size="xs" onClick={onKeep}>
        Keep it
      </Button>
      <Button color="red" size="xs" loading={busy} onClick={onRemove}>
        Remove
      </Button>
    </Group>
  );
}
