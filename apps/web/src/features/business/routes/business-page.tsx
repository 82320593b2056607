import { type BusinessDetails, updateBusinessDetailsInput } from '@app/shared';
import { Container, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { readableDescription } from '../../../components/readable-styles.ts';
import { notifications } from '../../../lib/notifications.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { bankTransfersQuery, businessDetailsQuery, paymentPolicyQuery, useSaveBusinessDetails } from '../api.ts';
import { BankTransfersSection } from '../components/bank-transfers-section.tsx';
import { PageSection } from '../components/page-section.tsx';
import { PaymentPolicyForm } from '../components/payment-policy-form.tsx';
import { SettingsForm } from '../components/settings-form.tsx';
import { TextsSection } from '../components/texts-section.tsx';

/** The details after the name, each with a word on where it is used. */
const describedFields: {
  name: keyof BusinessDetails;
  label: string;
  description: string;
  type?: string;
  required?: boolean;
  maxLength: number;
  multiline?: boolean;
}[] = [
  {
    name: 'phone',
    label: 'Phone',
    description: 'Shown to clients who are asked to call, and on invoices',
    type: 'tel',
    maxLength: 40,
  },
  {
    name: 'email',
    label: 'Public email',
    description: 'Shown with the phone, and on invoices',
    type: 'email',
    maxLength: 254,
  },
  {
    name: 'streetAddress',
    label: 'Street address',
    description: 'Given to a client only once their booking is confirmed; printed on invoices',
    maxLength: 300,
    multiline: true,
  },
  {
    name: 'area',
    label: 'Area',
    description: 'What the public site shows instead of the address, such as London',
    required: true,
    maxLength: 80,
  },
];

function DetailsForm({ details }: { details: BusinessDetails }) {
  const save = useSaveBusinessDetails();
  const [values, setValues] = useState(details);
  const [errors, setErrors] = useState<Partial<Record<keyof BusinessDetails, string>>>({});
  const field = (name: keyof BusinessDetails) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name],
  });

  const submit = () => {
    const parsed = updateBusinessDetailsInput.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<keyof BusinessDetails, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof BusinessDetails] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: 'Business details saved: the site and emails now use them.' }),
    });
  };

  return (
    <SettingsForm
      label="Business details"
      gap="sm"
      onSubmit={submit}
      change={save}
      failureTitle="The details were not saved"
      saveLabel="Save details"
    >
      <TextInput label="Business name" required maxLength={80} {...field('businessName')} />
      {describedFields.map(({ name, multiline, ...props }) =>
        multiline ? (
          <Textarea key={name} {...props} styles={readableDescription} autosize minRows={2} {...field(name)} />
        ) : (
          <TextInput key={name} {...props} styles={readableDescription} {...field(name)} />
        ),
      )}
    </SettingsForm>
  );
}

/** Five fields and the save button, grey, while a form's data loads. */
function FormSkeleton({ label, buttonWidth }: { label: string; buttonWidth: number }) {
  return (
    <Paper withBorder p="md" role="status" aria-label={label}>
      <Stack gap="md">
        {[1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h={56} radius="sm" />
        ))}
        <Skeleton h={44} w={buttonWidth} ml="auto" radius="md" />
      </Stack>
    </Paper>
  );
}

/**
 * One of the page's forms waiting for its own data (`what`, as in 'the payment policy'): its skeleton, then what
 * failed and a retry, then the form; a failure leaves the other forms usable.
 */
function FormState<T>({
  query,
  what,
  buttonWidth,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  buttonWidth: number;
  children: (data: T) => ReactNode;
}) {
  const failedTitle = `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`;
  return (
    <QueryState
      query={query}
      loading={<FormSkeleton label={`Loading ${what}`} buttonWidth={buttonWidth} />}
      failedTitle={failedTitle}
    >
      {children}
    </QueryState>
  );
}

/** What clients pay when they book (decision 047): its own query, so a failure here leaves the details usable. */
function PaymentsSection() {
  const answer = useQuery(paymentPolicyQuery);
  const bankTransfers = useQuery(bankTransfersQuery);
  return (
    <PageSection
      id="payments-title"
      title="Payments"
      intro="What clients pay online when they book, per kind of massage and client, and until when they may cancel for free."
    >
      <FormState query={answer} what="the payment policy" buttonWidth={180}>
        {(data) => <PaymentPolicyForm answer={data} />}
      </FormState>
      <FormState query={bankTransfers} what="the deposit by bank transfer" buttonWidth={160}>
        {(data) => <BankTransfersSection answer={data} />}
      </FormState>
    </PageSection>
  );
}

/** /business — how clients know and reach the business; saved here, used by the site, emails and invoices. */
export function BusinessPage() {
  usePageTitle('Business details');
  const details = useQuery(businessDetailsQuery);
  return (
    <Container size="sm" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>Business details</Title>
          <Text c="var(--app-muted)">
            How clients know and reach you: the site, every email and every invoice use these.
          </Text>
        </Stack>
        <FormState query={details} what="the business details" buttonWidth={140}>
          {(data) => <DetailsForm details={data} />}
        </FormState>
        <PaymentsSection />
        <TextsSection />
      </Stack>
    </Container>
  );
}
