import { HOME_WORDS, type WebsiteSettings } from '@app/shared';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { NoteField } from '../../../components/note-field.tsx';
import { TextField } from '../../../components/text-field.tsx';

type Words = Pick<WebsiteSettings, 'headline' | 'intro' | 'steps' | 'callToAction'>;

/**
 * The home page's words: each empty field shows the product's own text (its placeholder), so the owner changes only
 * what they want to say differently.
 */
export function HomeWordsFields({ words, onChange }: { words: Words; onChange: (words: Partial<Words>) => void }) {
  const step = (index: number) => words.steps[index] ?? { title: '', text: '' };
  const setStep = (index: number, change: Partial<Words['steps'][number]>) =>
    onChange({
      steps: HOME_WORDS.steps.map((_, i) => (i === index ? { ...step(i), ...change } : step(i))),
    });
  /** One of the page's own words: the product's text as the placeholder, the owner's (if any) as the value. */
  const word = (key: 'headline' | 'intro' | 'callToAction') => ({
    placeholder: HOME_WORDS[key],
    value: words[key],
    onChange: (value: string) => onChange({ [key]: value }),
  });
  /** The same for a step of "How it works". */
  const stepWord = (index: number, key: 'title' | 'text') => ({
    placeholder: HOME_WORDS.steps[index]?.[key],
    value: step(index)[key],
    onChange: (value: string) => setStep(index, { [key]: value }),
  });
  return (
    <Stack gap="sm">
      <TextField
        label="Headline"
        description="The first words a visitor reads. Leave empty for the one shown."
        {...word('headline')}
        maxLength={80}
      />
      <NoteField label="Introduction" {...word('intro')} minRows={2} maxLength={400} />
      <TextField label="Button" description="What the booking button says." {...word('callToAction')} maxLength={30} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {HOME_WORDS.steps.map((fallback, index) => (
          <Fieldset key={fallback.title} legend={`How it works, step ${index + 1}`} variant="unstyled">
            <Stack gap="xs">
              <TextField label={`Step ${index + 1} title`} {...stepWord(index, 'title')} maxLength={60} />
              <NoteField label={`Step ${index + 1} text`} {...stepWord(index, 'text')} minRows={2} maxLength={200} />
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
