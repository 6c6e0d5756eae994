import { List, Stack, Text } from '@mantine/core';
import { P, type HelpSection } from './help-parts.tsx';

/** Tips, answers to common questions, and where to get more help. */
export const ANSWER_SECTIONS: HelpSection[] = [
  {
    id: 'tips',
    title: 'Tips',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>Give each staff member their own sub-user instead of sharing your password.</List.Item>
        <List.Item>Grant only the pages someone needs; you can add more at any time.</List.Item>
        <List.Item>Fill in Business Details and bank details before you send your first invoice.</List.Item>
        <List.Item>
          Export the audit log before your end-of-year review and keep it with your records.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'faqs',
    title: 'FAQs',
    body: (
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600}>
            A staff member says they were signed out.
          </Text>
          <P>
            That happens when their permissions, status or password change, or when they are deleted. Ask them
            to sign in again; if they were set to Inactive they cannot until you make them Active.
          </P>
        </div>
        <div>
          <Text size="sm" fw={600}>
            Why do dates show in a different format after I saved settings?
          </Text>
          <P>Dates, times and amounts everywhere follow Settings → General.</P>
        </div>
        <div>
          <Text size="sm" fw={600}>
            I forgot my password.
          </Text>
          <P>
            VenueDesk has no self-service password reset yet. Contact the platform administrator who set up
            your account.
          </P>
        </div>
        <div>
          <Text size="sm" fw={600}>
            Can I delete an audit entry that was made by mistake?
          </Text>
          <P>No. The audit log is permanent by design; a later change is recorded as a new entry.</P>
        </div>
      </Stack>
    ),
  },
  {
    id: 'more-help',
    title: 'Need More Help',
    body: (
      <P>
        Contact the VenueDesk platform administrator who set up your account. Include what you were doing, the
        page, and the time; the audit log entry for that time helps find the cause quickly.
      </P>
    ),
  },
];
