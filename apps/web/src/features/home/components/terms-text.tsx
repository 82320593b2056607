import { List, Stack, Text, Title } from '@mantine/core';

export function TermsText({ businessName }: { businessName: string }) {
  return (
    <Stack gap="sm">
      <Text>These terms apply to every appointment booked with {businessName}. By booking you accept them.</Text>
      <Title order={3} size="h5">
        Bookings
      </Title>
      <List spacing="xs">
        <List.Item>A booking is confirmed once you receive a confirmation email.</List.Item>
        <List.Item>
          Please arrive on time; a late start shortens the session so the next client is not delayed.
        </List.Item>
        <List.Item>Prices are those shown when you book, in pounds sterling, including any tax due.</List.Item>
      </List>
      <Title order={3} size="h5">
        Cancelling and moving an appointment
      </Title>
      <List spacing="xs">
        <List.Item>You can cancel or move an appointment free of charge up to 24 hours before it starts.</List.Item>
        <List.Item>Later cancellations and missed appointments may be charged in full.</List.Item>
        <List.Item>If we have to cancel, you get a full refund or a new time of your choice.</List.Item>
      </List>
      <Title order={3} size="h5">
        Your health and conduct
      </Title>
      <List spacing="xs">
        <List.Item>
          Tell us before the session about any medical condition, injury, pregnancy or medication that may matter.
        </List.Item>
        <List.Item>Massage is not a substitute for medical treatment; ask your doctor if you are unsure.</List.Item>
        <List.Item>
          We may end a session at once, without refund, if a client behaves inappropriately or is under the influence of
          alcohol or drugs.
        </List.Item>
        <List.Item>Clients must be 18 or over.</List.Item>
      </List>
      <Title order={3} size="h5">
        Complaints
      </Title>
      <Text>
        If something was not right, tell us within 14 days and we will do our best to put it right. Your statutory
        rights are not affected.
      </Text>
    </Stack>
  );
}
