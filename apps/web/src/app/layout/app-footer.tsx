import { Box, Container, Group, Text } from '@mantine/core';
import { TallLink } from '../../components/tall-link.tsx';

export function AppFooter({ businessName }: { businessName: string }) {
  return (
    <Box
      component="footer"
      py="lg"
      mt="xl"
      style={{ borderTop: '1px solid var(--app-border)', background: 'var(--app-surface)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="var(--app-muted)">
            © {new Date().getFullYear()} {businessName}
          </Text>
          <Group gap="md" component="nav" aria-label="Legal">
            <TallLink to="/terms-and-conditions">Terms and conditions</TallLink>
            <TallLink to="/cookies-and-privacy-policy">Cookies and privacy policy</TallLink>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
