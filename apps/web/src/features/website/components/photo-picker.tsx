import { brandPalette, hexColorSchema, WEBSITE_GALLERY_MAX, type WebsiteImage } from '@app/shared';
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import { uploadWebsiteImage } from '../api.ts';

/** Choose a photo, watch it go up, get it back resized; errors in plain words. */
export function PhotoPicker({
  label,
  image,
  onUploaded,
  onRemove,
  multiple = false,
  disabled = false,
  room = Number.POSITIVE_INFINITY,
}: {
  label: string;
  image?: WebsiteImage | null;
  onUploaded: (image: WebsiteImage) => void;
  onRemove?: () => void;
  multiple?: boolean;
  disabled?: boolean;
  /** How many more photos fit (the gallery's limit); the ones beyond are refused before any upload. */
  room?: number;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async (chosen: File[]) => {
    const files = chosen.slice(0, room);
    const refused = chosen.slice(room);
    setError(
      refused.length
        ? `The gallery holds at most ${WEBSITE_GALLERY_MAX} photos: ${refused.map((f) => f.name).join(', ')} not added. Remove a photo to make room.`
        : null,
    );
    for (const [index, file] of files.entries()) {
      setProgress(0);
      try {
        const uploaded = await uploadWebsiteImage(file, (share) => setProgress((index + share) / files.length));
        onUploaded(uploaded);
      } catch (cause) {
        setError(`${file.name}: ${cause instanceof Error ? cause.message : 'the upload failed.'}`);
        break;
      }
    }
    setProgress(null);
  };
  return (
    <Stack gap="xs">
      {image && (
        <ResponsivePicture
          image={image}
          alt={`${label} (preview)`}
          sizes="320px"
          style={{ maxHeight: 200, width: 'auto', borderRadius: 'var(--mantine-radius-md)' }}
        />
      )}
      <Group gap="sm">
        {multiple ? (
          <FileButton onChange={(files) => void upload(files)} accept="image/*" multiple>
            {(props) => (
              <Button {...props} variant="light" loading={progress !== null} disabled={disabled}>
                {label}
              </Button>
            )}
          </FileButton>
        ) : (
          <FileButton onChange={(file) => void (file && upload([file]))} accept="image/*">
            {(props) => (
              <Button {...props} variant="light" loading={progress !== null} disabled={disabled}>
                {image ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
              </Button>
            )}
          </FileButton>
        )}
        {image && onRemove && (
          <Button variant="subtle" color="red" onClick={onRemove}>
            Remove
          </Button>
        )}
      </Group>
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} aria-label={`Uploading ${label.toLowerCase()}`} animated />
      )}
      {error && (
        <Alert color="red" role="alert" title="The photo was not added">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

export function BrandPreview({ color }: { color: string }) {
  const valid = hexColorSchema.safeParse(color);
  if (!valid.success) return null;
  const palette = brandPalette(valid.data);
  const adjusted = palette.light !== valid.data;
  return (
    <Stack gap={6}>
      <Group gap={4} aria-hidden="true">
        {palette.shades.map((shade) => (
          <div key={shade} style={{ width: 24, height: 24, borderRadius: 4, background: shade }} />
        ))}
      </Group>
      <Text size="sm">
        {adjusted
          ? `White text does not read well on this colour, so buttons use a deeper shade of it (${palette.light}).`
          : 'Buttons and links use this colour; in dark mode links use a lighter shade so they stay readable.'}
      </Text>
    </Stack>
  );
}
