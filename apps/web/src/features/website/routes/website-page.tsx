import {
  DEFAULT_BRAND_COLOR,
  hexColorSchema,
  WEBSITE_GALLERY_MAX,
  type WebsiteAdmin,
  type WebsiteImage,
  type WebsiteSettings,
  websiteSettingsInput,
} from '@app/shared';
import {
  ActionIcon,
  Anchor,
  Button,
  ColorInput,
  Container,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { Link } from '../../../lib/links.tsx';
import { notifications } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSaveWebsite, websiteAdminQuery } from '../api.ts';
import { CoverFocus } from '../components/cover-focus.tsx';
import { HomeWordsFields } from '../components/home-words-fields.tsx';
import { BrandPreview, PhotoPicker } from '../components/photo-picker.tsx';
import { SiteFontsFields } from '../components/site-fonts-fields.tsx';

type Images = Record<string, WebsiteImage>;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {description && <Text size="sm">{description}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}

function WebsiteForm({ initial }: { initial: WebsiteAdmin }) {
  const [settings, setSettings] = useState<WebsiteSettings>(initial.settings);
  const [images, setImages] = useState<Images>(initial.images);
  const [colorText, setColorText] = useState(initial.settings.brandColor ?? '');
  const save = useSaveWebsite();
  const set = <K extends keyof WebsiteSettings>(key: K, value: WebsiteSettings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));
  const remember = (image: WebsiteImage) => setImages((current) => ({ ...current, [image.id]: image }));
  const imageOf = (id: string | null) => (id ? (images[id] ?? null) : null);
  /** What the picker of one of the single photos takes: the photo, and what uploading or removing one sets. */
  const photo = (key: 'logoId' | 'heroImageId' | 'therapistPhotoId' | 'mapImageId') => ({
    image: imageOf(settings[key]),
    onUploaded: (image: WebsiteImage) => {
      remember(image);
      set(key, image.id);
    },
    onRemove: () => set(key, null),
  });
  /** What the field of one of the texts takes. */
  const text = (
    key:
      | 'mapsLink'
      | 'heroAlt'
      | 'about'
      | 'therapistName'
      | 'therapistText'
      | 'therapistQualifications'
      | 'openingHoursText'
      | 'areaText',
  ) => ({
    value: settings[key],
    onChange: (value: string) => set(key, value),
  });
  const toggle = (key: 'listPrivateTreatments' | 'publishStreetAddress') => ({
    checked: settings[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.checked),
  });

  const colorError =
    colorText.trim() === '' || hexColorSchema.safeParse(colorText).success
      ? null
      : 'Enter the colour as # and six hexadecimal digits, for example #3d6b5e.';

  const submit = () => {
    const parsed = websiteSettingsInput.safeParse({ ...settings, brandColor: colorText.trim() || null });
    if (!parsed.success) {
      notifications.show({ color: 'red', message: parsed.error.issues[0]?.message ?? 'Check the form.' });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Saved: your website shows the changes now.' }),
    });
  };

  const moveGallery = (index: number, by: -1 | 1) =>
    setSettings((current) => {
      const gallery = [...current.gallery];
      const [item] = gallery.splice(index, 1);
      if (item) gallery.splice(index + by, 0, item);
      return { ...current, gallery };
    });

  const saveButton = (
    <Button onClick={submit} loading={save.isPending} disabled={colorError !== null} size="md">
      Save changes
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Website</Title>
          <Text size="sm">
            How your site looks to clients. The business name, phone, email and address are under{' '}
            <Anchor component={Link} to="/business" underline="always">
              Business details
            </Anchor>
            .
          </Text>
        </Stack>
        {saveButton}
      </Group>
      <FailureAlert error={save.error} title="Not saved" />

      <Section title="Brand" description="Your logo and colour appear on the site, in every email and on invoices.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Logo
            </Text>
            <PhotoPicker label="Logo" {...photo('logoId')} />
          </Stack>
          <Stack gap="xs">
            <ColorInput
              label="Brand colour"
              description="Leave empty for the calm sage the site uses out of the box."
              placeholder={DEFAULT_BRAND_COLOR}
              value={colorText}
              onChange={setColorText}
              error={colorError}
              format="hex"
              withEyeDropper={false}
              swatches={['#3d6b5e', '#0b7285', '#5f3dc4', '#a61e4d', '#8d5524', '#364fc7', '#2b8a3e', '#495057']}
            />
            <BrandPreview color={colorText.trim() || DEFAULT_BRAND_COLOR} />
          </Stack>
        </SimpleGrid>
      </Section>

      <Section
        title="Type"
        description="The typefaces of your site, served from it (no outside request). The device’s own keeps the site as it is."
      >
        <SiteFontsFields
          fonts={{ heading: settings.headingFont, text: settings.textFont }}
          onChange={({ heading, text }) =>
            setSettings((current) => ({ ...current, headingFont: heading, textFont: text }))
          }
        />
      </Section>

      <Section
        title="Your words"
        description="What the top of your home page says, in your voice. Empty fields show the words in grey."
      >
        <HomeWordsFields words={settings} onChange={(words) => setSettings((current) => ({ ...current, ...words }))} />
      </Section>

      <Section
        title="Home page"
        description="The cover photo across the top of your home page, and a few words about the place."
      >
        <PhotoPicker label="Hero photo" {...photo('heroImageId')} />
        {settings.heroImageId && (
          <CoverFocus
            image={imageOf(settings.heroImageId)}
            focus={{ x: settings.heroFocusX, y: settings.heroFocusY }}
            onChange={({ x, y }) => setSettings((current) => ({ ...current, heroFocusX: x, heroFocusY: y }))}
          />
        )}
        <TextField
          label="Hero photo description"
          description="For people who cannot see the photo, e.g. “A quiet treatment room with warm light”."
          {...text('heroAlt')}
          maxLength={200}
        />
        <NoteField label="About" {...text('about')} minRows={3} maxLength={1500} />
      </Section>

      <Section title="Your therapist">
        <TextField label="Name" {...text('therapistName')} maxLength={80} />
        <TextField
          label="Qualifications"
          placeholder="e.g. ITEC Level 3 in massage, member of the CThA"
          {...text('therapistQualifications')}
          maxLength={200}
        />
        <NumberInput
          label="Years in practice"
          value={settings.therapistYears ?? ''}
          onChange={(value) => set('therapistYears', typeof value === 'number' ? value : null)}
          min={0}
          max={60}
          allowDecimal={false}
          w={180}
        />
        <NoteField label="Profile" {...text('therapistText')} minRows={3} maxLength={1500} />
        <PhotoPicker label="Therapist photo" {...photo('therapistPhotoId')} />
      </Section>

      <Section
        title="Gallery"
        description={`Up to ${WEBSITE_GALLERY_MAX} photos, in this order. Describe each for people who cannot see it.`}
      >
        {settings.gallery.length === 0 && <Text size="sm">No photos yet: add a few of the room and the details.</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {settings.gallery.map((item, index) => {
            const image = imageOf(item.imageId);
            return (
              <Paper key={item.imageId} withBorder p="sm" aria-label={`Gallery photo ${index + 1}`} component="article">
                <Stack gap="xs">
                  {image && (
                    <ResponsivePicture
                      image={image}
                      alt={item.alt || `Gallery photo ${index + 1}`}
                      sizes="320px"
                      style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 8 }}
                    />
                  )}
                  <TextInput
                    label={`Description of photo ${index + 1}`}
                    value={item.alt}
                    maxLength={200}
                    onChange={(event) => {
                      const alt = event.currentTarget.value;
                      setSettings((current) => ({
                        ...current,
                        gallery: current.gallery.map((g, i) => (i === index ? { ...g, alt } : g)),
                      }));
                    }}
                  />
                  <Group justify="space-between" gap="xs">
                    <Group gap="xs">
                      <ActionIcon
                        variant="light"
                        size="lg"
                        aria-label={`Move photo ${index + 1} earlier`}
                        disabled={index === 0}
                        onClick={() => moveGallery(index, -1)}
                      >
                        ←
                      </ActionIcon>
                      <ActionIcon
                        variant="light"
                        size="lg"
                        aria-label={`Move photo ${index + 1} later`}
                        disabled={index === settings.gallery.length - 1}
                        onClick={() => moveGallery(index, 1)}
                      >
                        →
                      </ActionIcon>
                    </Group>
                    <Button
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        setSettings((current) => ({
                          ...current,
                          gallery: current.gallery.filter((_, i) => i !== index),
                        }))
                      }
                    >
                      Remove photo {index + 1}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
        {settings.gallery.length >= WEBSITE_GALLERY_MAX && (
          <Text size="sm" fw={600}>
            The gallery is full: {WEBSITE_GALLERY_MAX} photos at most. Remove one to add another.
          </Text>
        )}
        <PhotoPicker
          label="Add gallery photos"
          multiple
          disabled={settings.gallery.length >= WEBSITE_GALLERY_MAX}
          room={WEBSITE_GALLERY_MAX - settings.gallery.length}
          onUploaded={(image) => {
            remember(image);
            setSettings((current) =>
              current.gallery.length >= WEBSITE_GALLERY_MAX
                ? current
                : { ...current, gallery: [...current.gallery, { imageId: image.id, alt: '' }] },
            );
          }}
        />
      </Section>

      <Section
        title="Opening hours and area"
        description="As clients read them. Leave empty to show the hours of your diary and the area of your settings."
      >
        <NoteField
          label="Opening hours"
          placeholder={'Monday to Friday 10:00–21:00\nSaturday 10:00–18:00'}
          {...text('openingHoursText')}
          maxLength={500}
        />
        <TextField
          label="Area"
          description="Never the street address: that goes only with a confirmed booking."
          {...text('areaText')}
          maxLength={200}
        />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Map of the area
          </Text>
          <Text size="sm">
            A picture of the neighbourhood you make yourself (a screenshot of a map, with its credit), shown under the
            area. Nothing is fetched from a map server.
          </Text>
          <PhotoPicker label="Map of the area" {...photo('mapImageId')} />
        </Stack>
        <TextField
          label="Link to your maps app"
          description="Opens the area (not your door) in Google or Apple Maps."
          placeholder="https://maps.app.goo.gl/…"
          {...text('mapsLink')}
          maxLength={500}
        />
      </Section>

      <Section
        title="Search engines"
        description="The therapeutic treatments are always listed. The private ones stay out of search results and link previews unless you choose otherwise."
      >
        <Switch
          label="Let search engines list private treatments"
          description="Their pages are then titled by the treatment, listed in the sitemap and previewed under their own name when a link is shared."
          {...toggle('listPrivateTreatments')}
        />
        <Switch
          label="Publish the street address to search engines"
          description="Off, they read only the area. On, the business details' street address goes into the page's data for search engines, for a practice clients visit."
          {...toggle('publishStreetAddress')}
        />
      </Section>
      <Group justify="flex-end">{saveButton}</Group>
    </Stack>
  );
}

/** /website — the business's own look: logo, colour, photos and words of the public site (admin only). */
export function WebsitePage() {
  usePageTitle('Website');
  const website = useQuery(websiteAdminQuery);
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <QueryState
        query={website}
        loading={
          <Stack gap="lg" role="status" aria-label="Loading the website settings">
            <Skeleton height={36} width={200} />
            <Skeleton height={220} />
            <Skeleton height={220} />
          </Stack>
        }
        failedTitle="The website settings could not be loaded"
      >
        {(data) => <WebsiteForm initial={data} />}
      </QueryState>
    </Container>
  );
}
