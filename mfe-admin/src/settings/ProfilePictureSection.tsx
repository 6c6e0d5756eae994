import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { ProfileImage } from '../shared/ProfileImage.tsx';
import { PictureField } from '../shared/PictureField.tsx';
import { pictureForm, pictureProblem } from '../shared/picture-rules.ts';
import { messageOr } from '../shared/errors.ts';

const UPLOAD_FAILED = 'Failed to upload profile picture. Please try again.';
const DELETE_FAILED = 'Failed to delete profile picture. Please try again.';

/** Hall owners only (spec 01 §6); the picture shows wherever the profile is shown. */
export function ProfilePictureSection() {
  const { api, profile, reload } = useSession();
  const flash = useFlash();
  const [file, setFile] = useState<File | null>(null);

  const upload = useMutation({
    mutationFn: (f: File) =>
      api.api('/api/users/upload-profile-picture', { method: 'POST', body: pictureForm(f) }),
    onSuccess: async () => {
      setFile(null);
      flash.success('Profile picture updated successfully!');
      await reload();
    },
    // The server's wording is specific (not an image, too large, unreadable); keep it.
    onError: (error) => flash.error(messageOr(error, UPLOAD_FAILED)),
  });
  const remove = useMutation({
    mutationFn: () => api.api('/api/users/delete-profile-picture', { method: 'DELETE' }),
    onSuccess: async () => {
      flash.success('Profile picture deleted successfully!');
      await reload();
    },
    onError: () => flash.error(DELETE_FAILED),
  });

  const choose = (f: File | null) => {
    flash.clear();
    if (f) {
      const problem = pictureProblem(f);
      if (problem) {
        flash.error(problem);
        setFile(null);
        return;
      }
    }
    setFile(f);
  };

  const picture = profile?.profilePicture ?? null;
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Profile Picture
      </Title>
      <FlashMessage flash={flash.flash} testId="picture-flash" />
      <Group align="flex-start" gap="lg">
        <ProfileImage
          src={picture}
          name={profile?.name ?? profile?.email}
          alt="Your profile picture"
          size={72}
          data-testid="own-picture"
          data-has-picture={picture ? 'true' : 'false'}
        />
        <Stack gap="xs" style={{ flex: 1 }}>
          <PictureField label="Choose a picture" value={file} onChange={choose} />
          <Group gap="sm">
            <Button onClick={() => file && upload.mutate(file)} disabled={!file} loading={upload.isPending}>
              Upload Picture
            </Button>
            {picture ? (
              <Button variant="light" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
                Delete Picture
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                No picture yet.
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
