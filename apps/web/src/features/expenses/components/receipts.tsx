import type { ExpenseReceipt } from '@app/shared';
import { Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useRef, useState } from 'react';
import { receiptUrl, useRemoveReceipt, useUploadReceipt } from '../api.ts';

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const RECEIPT_ACCEPT = 'image/*,application/pdf';

/** A file input for receipts: on a phone it offers the camera first. */
export function ReceiptFileInput({
  label,
  onFile,
  disabled,
}: {
  label: string;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const phone = useMediaQuery('(pointer: coarse)', undefined, { getInitialValueInEffect: false });
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} fw={500} size="sm">
        {label}
      </Text>
      <input
        id={id}
        type="file"
        accept={RECEIPT_ACCEPT}
        {...(phone ? { capture: 'environment' } : {})}
        disabled={disabled}
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
      />
      <Text size="xs" c="var(--app-muted)">
        A photo (JPEG, PNG, WebP, HEIC) or a PDF
      </Text>
    </Stack>
  );
}

function ReceiptCard({ expenseId, receipt }: { expenseId: string; receipt: ExpenseReceipt }) {
  const remove = useRemoveReceipt(expenseId);
  const image = receipt.contentType.startsWith('image/');
  return (
    <Paper withBorder p="xs" component="li">
      <Stack gap={6}>
        {image ? (
          <Anchor href={receiptUrl(receipt.fileId)} target="_blank" rel="noopener">
            <Image
              src={receiptUrl(receipt.fileId)}
              alt={`Receipt ${receipt.filename}`}
              h={160}
              fit="contain"
              radius="sm"
              bg="var(--app-surface-strong)"
            />
          </Anchor>
        ) : (
          <Anchor href={receiptUrl(receipt.fileId)} target="_blank" rel="noopener" fw={600}>
            Open {receipt.filename} (PDF)
          </Anchor>
        )}
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {receipt.filename} · {sizeOf(receipt.size)}
        </Text>
        <Group gap="xs">
          <Anchor
            href={receiptUrl(receipt.fileId, true)}
            size="sm"
            mih={44}
            display="inline-flex"
            style={{ alignItems: 'center' }}
          >
            Download
          </Anchor>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            c="var(--app-danger-text)"
            loading={remove.isPending}
            onClick={() => remove.mutate(receipt.fileId)}
            aria-label={`Remove receipt ${receipt.filename}`}
          >
            Remove
          </Button>
        </Group>
        {remove.isError && (
          <Text size="xs" c="var(--app-danger-text)" role="alert">
            Not removed: {remove.error.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The receipts of one expense: photos as thumbnails, PDFs as links; add one, remove one. */
export function Receipts({ expenseId, receipts }: { expenseId: string; receipts: ExpenseReceipt[] }) {
  const upload = useUploadReceipt(expenseId);
  const [inputKey, setInputKey] = useState(0);
  const [added, setAdded] = useState(false);
  const resetInput = useRef(() => setInputKey((key) => key + 1)).current;
  return (
    <Stack gap="sm">
      {receipts.length === 0 ? (
        <Text size="sm">No receipt yet.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {receipts.map((receipt) => (
            <ReceiptCard key={receipt.fileId} expenseId={expenseId} receipt={receipt} />
          ))}
        </SimpleGrid>
      )}
      <ReceiptFileInput
        key={inputKey}
        label="Add a receipt"
        disabled={upload.isPending}
        onFile={(file) => {
          setAdded(false);
          if (file)
            upload.mutate(file, {
              onSuccess: () => setAdded(true),
              onSettled: resetInput,
            });
        }}
      />
      {upload.isPending && (
        <Text size="sm" role="status">
          Uploading…
        </Text>
      )}
      {added && !upload.isPending && (
        <Text size="sm" role="status">
          Receipt added.
        </Text>
      )}
      {upload.isError && (
        <Text size="sm" c="var(--app-danger-text)" role="alert">
          The receipt was not added: {upload.error.message}
        </Text>
      )}
    </Stack>
  );
}
