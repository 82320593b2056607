import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from '../../lib/links.tsx';

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
          {/* Each link a whole 44 px target, not only its 20 px line of text. */}
          <Group gap="md" component="nav" aria-label="Legal">
            <Anchor
              component={Link}
              to="/terms-and-conditions"
              size="sm"
              mih={44}
              display="inline-flex"
              style={{ alignItems: 'center' }}
            >
              Terms and conditions
            </Anchor>
            <Anchor
              component={Link}
              to="/cookies-and-privacy-policy"
              size="sm"
              mih={44}
              display="inline-flex"
              style={{ alignItems: 'center' }}
            >
              Cookies and privacy policy
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
