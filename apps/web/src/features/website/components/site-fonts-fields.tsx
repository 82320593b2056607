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
const options = (fonts: readonly (keyof typeof SITE_FONT_NAMES)[]) => [
  deviceOption,
  ...fonts.map((font) => ({ value: font, label: SITE_FONT_NAMES[font] })),
];

/**
 * The site's two typefaces (issue 26), from a short list that suits a spa, and a sample of both. The sample loads
 * the chosen files from the site itself, as the public pages do.
 */
export function SiteFontsFields({ fonts, onChange }: { fonts: SiteFonts; onChange: (fonts: SiteFonts) => void }) {
  const stacks = siteFontStacks(fonts);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Select
          label="Headings"
          description="A serif reads as calm and considered."
          data={options(HEADING_FONTS)}
          value={fonts.heading}
          allowDeselect={false}
          onChange={(value) => onChange({ ...fonts, heading: (value ?? DEVICE_FONT) as SiteFonts['heading'] })}
        />
        <Select
          label="Text"
          description="A clear sans for prices, times and paragraphs."
          data={options(TEXT_FONTS)}
          value={fonts.text}
          allowDeselect={false}
          onChange={(value) => onChange({ ...fonts, text: (value ?? DEVICE_FONT) as SiteFonts['text'] })}
        />
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
