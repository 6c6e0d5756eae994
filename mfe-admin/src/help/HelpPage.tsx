import { useState } from 'react';
import { Accordion, Anchor, Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { AccessDenied, PAGE_DENIALS, PageHeader, useSession } from '@venue/ui';
import { HELP_SECTIONS } from './help-sections.tsx';

export function HelpPage() {
  const { role } = useSession();
  if (role !== 'hall_owner') {
    return (
      <>
        <PageHeader title="Help" />
        <AccessDenied denial={PAGE_DENIALS['/Help']} />
      </>
    );
  }
  return <HelpDocs />;
}

function HelpDocs() {
  const [open, setOpen] = useState<string[]>(['getting-started']);
  const jump = (id: string) => {
    setOpen((o) => (o.includes(id) ? o : [...o, id]));
    document.getElementById(`help-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <>
      <PageHeader title="Help" subtitle="How VenueDesk works for your venue, area by area." />
      <Card withBorder padding="md" mb="md">
        <Text size="sm" fw={600} mb="xs">
          Contents
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={4} component="nav" aria-label="Help contents">
          {HELP_SECTIONS.map((s) => (
            <Anchor
              key={s.id}
              href={`#help-${s.id}`}
              size="sm"
              onClick={(e) => {
                e.preventDefault();
                jump(s.id);
              }}
            >
              {s.title}
            </Anchor>
          ))}
        </SimpleGrid>
      </Card>
      <Accordion multiple value={open} onChange={setOpen} variant="separated">
        {HELP_SECTIONS.map((s) => (
          <Accordion.Item key={s.id} value={s.id} id={`help-${s.id}`}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={600}>{s.title}</Text>
                {s.available === false ? (
                  <Badge color="gray" variant="light" size="sm">
                    Not available yet
                  </Badge>
                ) : null}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>{s.body}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
