import { Accordion, Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { rulesQuery } from '../api.ts';
import { AddOnsEditor } from '../components/add-ons-editor.tsx';
import { AvailabilityCalendar } from '../components/availability-calendar.tsx';
import { BlocksPanel } from '../components/blocks-panel.tsx';
import { CalendarFeeds } from '../components/calendar-feeds.tsx';
import { OutsideCalendarsPanel } from '../components/outside-calendars-panel.tsx';
import { OverridesPanel } from '../components/overrides-panel.tsx';
import { RulesForm } from '../components/rules-form.tsx';
import { ServicesEditor } from '../components/services-editor.tsx';

/** /availability — the diary's open and busy times; the admin edits hours, services, special days and blocks here. */
export function AvailabilityPage() {
  usePageTitle('Availability');
  const { role } = useCurrentUser();
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const admin = role === 'admin';
  const date = useSearchParams()[0].get('date');
  const rules = useQuery({ ...rulesQuery, enabled: admin });

  return (
    <BackOfficePage title="Availability" wide>
      <AvailabilityCalendar
        editable={admin}
        timeZone={timeZone}
        initialDate={date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined}
      />
      <Accordion variant="separated" multiple defaultValue={admin ? [] : ['feeds']}>
        {admin && (
          <>
            <Accordion.Item value="hours">
              <Accordion.Control>Opening hours and booking rules</Accordion.Control>
              <Accordion.Panel>
                {rules.isPending ? (
                  <Loader aria-label="Loading the hours" />
                ) : rules.isError ? (
                  <Alert color="red" title="Could not load the hours" role="alert">
                    {rules.error.message}
                  </Alert>
                ) : (
                  <RulesForm key={rules.dataUpdatedAt} rules={rules.data} />
                )}
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="overrides">
              <Accordion.Control>Special days</Accordion.Control>
              <Accordion.Panel>
                <OverridesPanel />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="services">
              <Accordion.Control>Services and prices</Accordion.Control>
              <Accordion.Panel>
                <ServicesEditor />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="add-ons">
              <Accordion.Control>Add-ons</Accordion.Control>
              <Accordion.Panel>
                <AddOnsEditor />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="blocks">
              <Accordion.Control>Blocked times</Accordion.Control>
              <Accordion.Panel>
                <BlocksPanel timeZone={timeZone} />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="outside-calendars">
              <Accordion.Control>Your other calendars</Accordion.Control>
              <Accordion.Panel>
                <OutsideCalendarsPanel timeZone={timeZone} />
              </Accordion.Panel>
            </Accordion.Item>
          </>
        )}
        <Accordion.Item value="feeds">
          <Accordion.Control>Calendar subscription</Accordion.Control>
          <Accordion.Panel>
            {role === 'admin' || role === 'lodger' ? (
              <CalendarFeeds role={role} timeZone={timeZone} />
            ) : (
              <Text size="sm">Sign in to subscribe.</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </BackOfficePage>
  );
}
