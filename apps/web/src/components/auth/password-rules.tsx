import { type PasswordPolicy, passwordRules } from '@app/shared';
import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';

/** Each rule of the server's password policy, ticked off as the password meets it. */
export function PasswordRules({ policy, password }: { policy: PasswordPolicy; password: string }) {
  return (
    <List aria-label="Password rules" spacing={4} size="sm" center>
      {passwordRules(policy, password).map((rule) => (
        <List.Item
          key={rule.id}
          data-met={rule.met}
          c={rule.met ? 'var(--app-success-text)' : 'var(--app-muted)'}
          icon={
            <ThemeIcon size={18} radius="xl" color={rule.met ? 'teal' : 'gray'} variant={rule.met ? 'filled' : 'light'}>
              <span aria-hidden="true">{rule.met ? '✓' : '•'}</span>
            </ThemeIcon>
          }
        >
          {rule.label}
          <VisuallyHidden>{rule.met ? ' (met)' : ' (not met)'}</VisuallyHidden>
        </List.Item>
      ))}
    </List>
  );
}
