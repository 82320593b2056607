import { List, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ConfirmedDeleteButton } from '../../../components/detail-page.tsx';
import { useEraseCustomer } from '../api.ts';

/** Erasure on request, after the owner has read what it does; then back to the list, where they are gone. */
export function EraseCustomerButton({ uid, name }: { uid: string; name: string }) {
  const erase = useEraseCustomer();
  const navigate = useNavigate();
  return (
    <ConfirmedDeleteButton
      label="Erase customer"
      color="red"
      question={`Erase ${name}?`}
      keepLabel="Keep customer"
      confirmLabel="Erase for good"
      failed="The customer was not erased"
      mutation={erase}
      onConfirm={() =>
        erase.mutate(uid, { onSuccess: () => navigate('/customers', { replace: true, state: { erased: name } }) })
      }
    >
      <Text size="sm">This is for a customer who asks to be forgotten. It cannot be undone.</Text>
      <List size="sm" spacing={4}>
        <List.Item>Their account, sign-in, tags and private notes are deleted.</List.Item>
        <List.Item>Their upcoming bookings are cancelled, which frees those times in your diary.</List.Item>
        <List.Item>
          Their bookings and payments are kept for your accounts, anonymised as “Deleted client” with no email, phone or
          notes.
        </List.Item>
        <List.Item>The emails sent to them keep only their subject and status.</List.Item>
      </List>
    </ConfirmedDeleteButton>
  );
}
