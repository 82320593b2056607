import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { useEraseCustomer } from '../api.ts';

/** Erasure on request, after the owner has read what it does; then back to the list, where they are gone. */
export function EraseCustomerButton({ uid, name }: { uid: string; name: string }) {
  const [opened, setOpened] = useState(false);
  const erase = useEraseCustomer();
  const navigate = useNavigate();
  return (
    <>
      <Button color="red" variant="outline" onClick={() => setOpened(true)}>
        Erase customer
      </Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={`Erase ${name}?`} centered>
        <Stack gap="sm">
          <Text size="sm">This is for a customer who asks to be forgotten. It cannot be undone.</Text>
          <List size="sm" spacing={4}>
            <List.Item>Their account, sign-in, tags and private notes are deleted.</List.Item>
            <List.Item>Their upcoming bookings are cancelled, which frees those times in your diary.</List.Item>
            <List.Item>
              Their bookings and payments are kept for your accounts, anonymised as “Deleted client” with no email,
              phone or notes.
            </List.Item>
            <List.Item>The emails sent to them keep only their subject and status.</List.Item>
          </List>
          {erase.isError && (
            <Text size="sm" c="var(--app-danger-text)" role="alert">
              The customer was not erased: {erase.error.message}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep customer
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              onClick={() =>
                erase.mutate(uid, {
                  onSuccess: () => navigate('/customers', { replace: true, state: { erased: name } }),
                })
              }
            >
              Erase for good
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
