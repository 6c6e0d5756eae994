import { Button, Card, Group, List, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { PageHeader } from '@venue/ui';

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
            <Timeline.Item title="Enquiry">
              <Text size="sm" c="dimmed">
                Check availability, explain the rates, bond and cancellation policy.
              </Text>
            </Timeline.Item>
            <Timeline.Item title="Booking confirmed">
              <Text size="sm" c="dimmed">
                Deposit received; the hirer has the terms and conditions and the venue rules.
              </Text>
            </Timeline.Item>
            <Timeline.Item title="One week before">
              <Text size="sm" c="dimmed">
                Confirm arrival time, numbers, setup needs and who holds the key; remind about the balance.
              </Text>
            </Timeline.Item>
            <Timeline.Item title="On the day">
              <Text size="sm" c="dimmed">
                Volunteer opens up, walks the hirer through exits, lights, kitchen and alarms.
              </Text>
            </Timeline.Item>
            <Timeline.Item title="After the event">
              <Text size="sm" c="dimmed">
                Inspect the hall with the checklist, note any damage, lock up, decide the bond refund.
              </Text>
            </Timeline.Item>
          </Timeline>
        </Card>
        <Stack gap="lg">
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="sm">
              Opening procedure
            </Title>
            <List size="sm" spacing={4} type="ordered">
              <List.Item>Disarm the alarm and switch on the main lights.</List.Item>
              <List.Item>Unlock and check every emergency exit; keep exit paths clear.</List.Item>
              <List.Item>Check the toilets, kitchen and first-aid kit are stocked.</List.Item>
              <List.Item>Meet the hirer and point out the fire extinguishers and evacuation plan.</List.Item>
            </List>
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="sm">
              Lock-up procedure
            </Title>
            <List size="sm" spacing={4} type="ordered">
              <List.Item>Walk every room with the hirer; note damage or missing items.</List.Item>
              <List.Item>Turn off heaters, kitchen appliances and lights.</List.Item>
              <List.Item>Close windows, lock all doors and set the alarm.</List.Item>
              <List.Item>Report the inspection result to the venue manager the same day.</List.Item>
            </List>
          </Card>
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
