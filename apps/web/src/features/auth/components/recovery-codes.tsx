import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { readableTitle } from '../../../components/readable-styles.ts';

/** A file the person keeps: the codes, one a line, with what they are for. */
function downloadCodes(codes: string[], businessName: string) {
  const text = [
    `Recovery codes for your ${businessName} account`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Recovery codes, shown once: the person saves them now or makes new ones later. */
export function RecoveryCodes({ codes, businessName }: { codes: string[]; businessName: string }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Save your recovery codes now" styles={readableTitle}>
        Each code lets you sign in once if you lose your phone. They are shown only this time: download them or write
        them down, and keep them somewhere safe.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes" role="list">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="sm" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="default" onClick={() => downloadCodes(codes, businessName)}>
          Download recovery codes
        </Button>
      </Group>
      <Text size="sm" c="var(--app-muted)">
        {codes.length} codes.
      </Text>
    </Stack>
  );
}
