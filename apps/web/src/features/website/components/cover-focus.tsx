import { COVER_SIZES, coverPosition, type WebsiteImage } from '@app/shared';
import { SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';

type Focus = { x: number; y: number };

/**
 * Where the cover photo is cropped around: the part that stays in view on a wide desk and a narrow phone alike. The
 * two previews crop as the home page does.
 */
export function CoverFocus({
  image,
  focus,
  onChange,
}: {
  image: WebsiteImage | null;
  focus: Focus;
  onChange: (focus: Focus) => void;
}) {
  const preview = (label: string, aspectRatio: string) =>
    image && (
      <Stack gap={4}>
        <Text size="sm">{label}</Text>
        <div style={{ aspectRatio, overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}>
          <ResponsivePicture
            image={image}
            alt=""
            sizes={COVER_SIZES}
            style={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: coverPosition(focus) }}
          />
        </div>
      </Stack>
    );
  /** How far along one axis the focus lies, in steps of 5%. */
  const slider = (axis: keyof Focus, label: string) => (
    <Stack gap={4}>
      <Text size="sm" id={`focus-${axis}-label`}>
        {label}
      </Text>
      <Slider
        value={focus[axis]}
        onChange={(value) => onChange({ ...focus, [axis]: value })}
        min={0}
        max={100}
        step={5}
        label={(value) => `${value}%`}
        // A thumb a finger can take on a phone: at least 24 px, as every other target (decision 092).
        thumbSize={24}
        thumbProps={{ 'aria-labelledby': `focus-${axis}-label` }}
      />
    </Stack>
  );
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Focal point: what stays in view when the photo is cropped
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {slider('x', 'Left to right')}
        {slider('y', 'Top to bottom')}
        {preview('On a desk', '16 / 6')}
        {preview('On a phone', '4 / 3')}
      </SimpleGrid>
    </Stack>
  );
}
