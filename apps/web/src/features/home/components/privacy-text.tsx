import { List, Stack, Text, Title } from '@mantine/core';

export function PrivacyText({ businessName }: { businessName: string }) {
  return (
    <Stack gap="sm">
      <Text>
        {businessName} keeps only the personal data needed to take and manage your bookings, and never sells it.
      </Text>
      <Title order={3} size="h5">
        What we keep and why
      </Title>
      <List spacing="xs">
        <List.Item>Your name, email address and phone number, to confirm and remind you of appointments.</List.Item>
        <List.Item>Your bookings and payments, to run the business and keep the accounts the law requires.</List.Item>
        <List.Item>
          Notes you give us about your health, only to keep the treatment safe, and only with your consent.
        </List.Item>
      </List>
      <Title order={3} size="h5">
        Cookies
      </Title>
      <List spacing="xs">
        <List.Item>Strictly necessary cookies keep you signed in and remember your choices on this site.</List.Item>
        <List.Item>
          Analytics and advertising cookies are set only if you accept them in the cookie banner; you can change your
          mind at any time by clearing this site's cookies.
        </List.Item>
      </List>
      <Title order={3} size="h5">
        Your rights
      </Title>
      <Text>
        You can ask for a copy of your data, have it corrected, or have your account and data deleted from your account
        page or by contacting us. Records we must keep for tax are kept for six years and then deleted. You may also
        complain to the Information Commissioner's Office (ico.org.uk).
      </Text>
    </Stack>
  );
}
