import {
  DEVICE_FONT,
  HEADING_FONTS,
  SITE_FONT_NAMES,
  type SiteFonts,
  siteFontFaceCss,
  siteFontStacks,
  TEXT_FONTS,
} from '@app/shared';
import { Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';

const deviceOption = { value: DEVICE_FONT, label: 'The device’s own (as now)' };
type SiteFontName = keyof typeof SITE_FONT_NAMES;
const options = (fonts: readonly SiteFontName[]) => [
  deviceOption,
  ...fonts.map((font) => ({ value: font, label: SITE_FONT_NAMES[font] })),
];

/**
 * The site's two typefaces, from a short list that suits a spa, and a sample of both. The sample loads
 * the chosen files from the site itself, as the public pages do.
 */
export function SiteFontsFields({ fonts, onChange }: { fonts: SiteFonts; onChange: (fonts: SiteFonts) => void }) {
  const stacks = siteFontStacks(fonts);
  /** The typeface of one role, from the fonts that suit it; none chosen is the device's own. */
  const picker = (role: keyof SiteFonts, label: string, description: string, suited: readonly SiteFontName[]) => (
    <Select
      label={label}
      description={description}
      data={options(suited)}
      value={fonts[role]}
      allowDeselect={false}
      onChange={(value) => onChange({ ...fonts, [role]: value ?? DEVICE_FONT })}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {picker('heading', 'Headings', 'A serif reads as calm and considered.', HEADING_FONTS)}
        {picker('text', 'Text', 'A clear sans for prices, times and paragraphs.', TEXT_FONTS)}
      </SimpleGrid>
      <style>{siteFontFaceCss(fonts)}</style>
      <Paper withBorder p="md" radius="md" aria-label="Sample of the typefaces">
        <Text fz={26} fw={600} style={{ fontFamily: stacks.heading }}>
          Massage that fits your day
        </Text>
        <Text style={{ fontFamily: stacks.text }}>60-minute Swedish massage, £65. Book a time that suits you.</Text>
      </Paper>
    </Stack>
  );
}
