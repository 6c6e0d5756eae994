import { Button, Card, Group, List, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { PageHeader } from '@venue/ui';

const HIRE_STEPS: Array<[title: string, what: string]> = [
  ['Enquiry', 'Check availability, explain the rates, bond and cancellation policy.'],
  ['Booking confirmed', 'Deposit received; the hirer has the terms and conditions and the venue rules.'],
  [
    'One week before',
    'Confirm arrival time, numbers, setup needs and who holds the key; remind about the balance.',
  ],
  ['On the day', 'Volunteer opens up, walks the hirer through exits, lights, kitchen and alarms.'],
  [
    'After the event',
    'Inspect the hall with the checklist, note any damage, lock up, decide the bond refund.',
  ],
];

const OPENING = [
  'Disarm the alarm and switch on the main lights.',
  'Unlock and check every emergency exit; keep exit paths clear.',
  'Check the toilets, kitchen and first-aid kit are stocked.',
  'Meet the hirer and point out the fire extinguishers and evacuation plan.',
];

const LOCK_UP = [
  'Walk every room with the hirer; note damage or missing items.',
  'Turn off heaters, kitchen appliances and lights.',
  'Close windows, lock all doors and set the alarm.',
  'Report the inspection result to the venue manager the same day.',
];

/**
 * Static information for the venue manager and the volunteer on duty (spec 01 §2). It has no
 * product behaviour: nothing here reads or stores data.
 */
export function ManagementPage() {
  return (
    <>
      <style>{'@media print { .mgmt-no-print { display: none !important; } }'}</style>
      <PageHeader
        title="Management"
        subtitle="Information for the venue manager and the volunteer on duty."
        actions={
          <Button variant="default" className="mgmt-no-print" onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="md">
            Timeline of a hire
          </Title>
          <Timeline active={-1} bulletSize={18} lineWidth={2}>
            {HIRE_STEPS.map(([title, what]) => (
              <Timeline.Item key={title} title={title}>
                <Text size="sm" c="dimmed">
                  {what}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
        <Stack gap="lg">
          <ProcedureCard title="Opening procedure" steps={OPENING} />
          <ProcedureCard title="Lock-up procedure" steps={LOCK_UP} />
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="sm">
              In an emergency
            </Title>
            <Text size="sm">
              Call 000 first. Evacuate to the assembly point, then call the venue manager.
            </Text>
            <Group mt="xs">
              <Text size="xs" c="dimmed">
                Keep this page printed by the entrance.
              </Text>
            </Group>
          </Card>
        </Stack>
      </SimpleGrid>
    </>
  );
}

function ProcedureCard({ title, steps }: { title: string; steps: string[] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <List size="sm" spacing={4} type="ordered">
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
    </Card>
  );
}
