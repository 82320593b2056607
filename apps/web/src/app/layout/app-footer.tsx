import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function AppFooter({ businessName }: { businessName: string }) {
  return (
    <Box component="footer" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.7">
            © {new Date().getFullYear()} {businessName}
          </Text>
          <Group gap="md" component="nav" aria-label="Legal">
            <Anchor component={Link} to="/terms-and-conditions" size="sm">
              Terms and conditions
            </Anchor>
            <Anchor component={Link} to="/cookies-and-privacy-policy" size="sm">
              Cookies and privacy policy
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
