import type { EmailKind } from '@app/shared';
import { Badge, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed, SkeletonRows } from '../../../components/page-skeleton.tsx';
import { templatesQuery } from '../api.ts';
import { DiscretionSetting } from './discretion-setting.tsx';
import { TemplateEditor } from './template-editor.tsx';

/** Every email the product sends, one at a time in the editor; the chosen one lives in the address. */
export function TemplatesPanel() {
  const [params, setParams] = useSearchParams();
  const templates = useQuery(templatesQuery);
  const [message, setMessage] = useState<string | null>(null);

  if (templates.isPending) return <SkeletonRows label="Loading templates" />;
  if (templates.isError)
    return <LoadFailed what="The templates" error={templates.error} onRetry={() => templates.refetch()} />;

  const chosen = templates.data.find((t) => t.kind === params.get('template')) ?? templates.data[0];
  if (!chosen) return <Text>No templates.</Text>;
  return (
    <Stack gap="md">
      <DiscretionSetting />
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Email"
          value={chosen.kind}
          data={templates.data.map((t) => ({
            value: t.kind,
            label: `${t.description}${t.isDefault ? '' : ' (edited)'}`,
          }))}
          onChange={(event) => {
            const kind = event.currentTarget.value as EmailKind;
            setMessage(null);
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                updated.set('template', kind);
                return updated;
              },
              { replace: true },
            );
          }}
          style={{ flex: '1 1 18rem', maxWidth: '36rem' }}
        />
        <Badge variant="outline" color="gray" radius="sm" c="var(--mantine-color-text)" mb={8}>
          {chosen.isDefault ? 'Default wording' : 'Your wording'}
        </Badge>
      </Group>
      <TemplateEditor
        key={`${chosen.kind}|${chosen.subject}|${chosen.body}`}
        template={chosen}
        message={message}
        onMessage={setMessage}
      />
    </Stack>
  );
}
