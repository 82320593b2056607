import type { Role } from '@app/shared';
import { Box, Divider, NavLink, Stack, Text } from '@mantine/core';
import { ColourSchemeSwitch } from '../../components/colour-scheme-switch.tsx';
import { Link } from '../../lib/links.tsx';
import '../../lib/styles/all-styles.ts';
import { NavDrawer } from './nav-drawer.tsx';
import type { NavLink as NavLinkItem } from './nav-links.ts';

const roleLabels: Record<Role, string> = { user: 'Client', lodger: 'Lodger', admin: 'Admin' };

type MenuDrawerProps = {
  opened: boolean;
  onClose: () => void;
  links: NavLinkItem[];
  role: Role | null;
  userName: string | null;
  pathname: string;
  onSignOut: () => void;
};

/** The mobile (and back-office) menu: every link of the visitor's role and the account actions. */
export function MenuDrawer({ opened, onClose, links, role, userName, pathname, onSignOut }: MenuDrawerProps) {
  return (
    <NavDrawer opened={opened} onClose={onClose} position="right" size="xs" title="Menu" closeLabel="Close menu">
      <Stack gap={4} component="nav" aria-label="Menu">
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={pathname === link.to}
            onClick={onClose}
          />
        ))}
        <Divider my="sm" />
        {role === null ? (
          <NavLink component={Link} to="/facebook_login" label="Sign in" onClick={onClose} />
        ) : (
          <>
            <Text size="sm" c="dimmed" px="sm">
              {userName ? `${userName} · ${roleLabels[role]}` : roleLabels[role]}
            </Text>
            <NavLink component={Link} to="/account" label="Account" onClick={onClose} />
            <NavLink component="button" label="Sign out" onClick={onSignOut} />
          </>
        )}
      </Stack>
      <Divider my="sm" />
      <Box px="sm">
        <ColourSchemeSwitch />
      </Box>
    </NavDrawer>
  );
}
