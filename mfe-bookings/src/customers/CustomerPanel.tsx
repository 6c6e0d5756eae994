import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSession } from '@venue/ui';
import { useBookingActions, useCustomer } from '../api/hooks.ts';
import type { CustomerDetail } from '../api/types.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { downloadFromServer } from '@venue/ui';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { usePhoneFormat } from '../shared/phone.ts';

const RECENT = 5;

export function CustomerPanel({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useCustomer(id);
  return (
    <Drawer opened={Boolean(id)} onClose={onClose} position="right" size="lg" title="Customer">
      {id ? (
        <QueryStatus query={query} loading="Loading customer...">
          {(c) => <CustomerDetails customer={c} />}
        </QueryStatus>
      ) : null}
    </Drawer>
  );
}

function CustomerDetails({ customer: c }: { customer: CustomerDetail }) {
  return (
    <Stack gap="md" data-testid="customer-panel">
      <CustomerHeading customer={c} />
      <AnalyticsSnapshot customer={c} />
      <RecentBookings customer={c} />
      <PrivacyActions customer={c} />
    </Stack>
  );
}

/** Name, contact, tags and segment. */
function CustomerHeading({ customer: c }: { customer: CustomerDetail }) {
  const phone = usePhoneFormat();
  return (
    <div>
      <Title order={3} fz="lg">
        {c.name}
      </Title>
      <Text size="sm">{c.email}</Text>
      {c.phone ? <Text size="sm">{phone(c.phone)}</Text> : null}
      <Group gap={4} mt={4}>
        {c.tags.map((t) => (
          <Badge key={t} variant="dot">
            {t}
          </Badge>
        ))}
        <Badge variant="outline">{c.segment}</Badge>
      </Group>
    </div>
  );
}

function AnalyticsSnapshot({ customer: c }: { customer: CustomerDetail }) {
  const fmt = useFormat();
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={600} size="sm" mb="xs">
        Analytics Snapshot
      </Text>
      <SimpleGrid cols={2}>
        <Text size="sm">
          RFM score: <strong>{c.rfm}</strong>
        </Text>
        <Text size="sm">
          CLV est.: <strong>{fmt.wholeMoney(c.clvCents)}</strong>
        </Text>
        <Text size="sm">
          Lifetime spend: <strong>{fmt.money(c.lifetimeSpendCents)}</strong>
        </Text>
        <Text size="sm">
          Total bookings: <strong>{c.totalBookings}</strong>
        </Text>
        <Text size="sm">
          Avg per booking: <strong>{fmt.money(c.avgSpendPerBookingCents)}</strong>
        </Text>
        <Text size="sm">
          Bookings (12 months): <strong>{c.frequency12m}</strong>
        </Text>
      </SimpleGrid>
    </Paper>
  );
}

/** The latest bookings, each wrapping on a narrow screen. */
function RecentBookings({ customer: c }: { customer: CustomerDetail }) {
  const fmt = useFormat();
  const recent = c.bookings.slice(0, RECENT);
  return (
    <div>
      <Text fw={600} size="sm" mb="xs">
        Recent Bookings
      </Text>
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bookings yet.
        </Text>
      ) : (
        // A list, not a five-column table: in the drawer on a phone the table ran off its right
        // edge and the status badges were cut off (issue 24 item 13). Each booking wraps instead.
        <Stack component="ul" aria-label="Recent bookings" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {recent.map((b) => (
            <Paper component="li" key={b.id} withBorder p="xs" radius="sm" data-testid="recent-booking">
              <Group justify="space-between" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {b.eventType} · {fmt.money(b.spendCents)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {fmt.slot({ bookingDate: b.date, startTime: b.startTime, endTime: b.endTime })} ·{' '}
                    {b.resource}
                  </Text>
                </div>
                <StatusBadge status={b.status} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </div>
  );
}

/** The exports, the correction e-mail and Anonymise with its confirmation. */
function PrivacyActions({ customer: c }: { customer: CustomerDetail }) {
  const session = useSession();
  const { anonymise } = useBookingActions();
  const [confirming, setConfirming] = useState(false);
  const anonymised = c.anonymised ?? c.name === 'Anonymous';

  async function download(path: string, name: string) {
    try {
      await downloadFromServer(session.getToken, path, name);
    } catch (err) {
      toastError('Export failed', errorText(err));
    }
  }
  async function runAnonymise() {
    try {
      await anonymise.mutateAsync(c.id);
      toastSuccess(
        'Customer anonymised',
        'Personal data was replaced in the customer and all their bookings.',
      );
      setConfirming(false);
    } catch (err) {
      toastError('Could not anonymise customer', errorText(err));
    }
  }
  return (
    <>
      <Paper withBorder p="sm" radius="md">
        <Text fw={600} size="sm" mb="xs">
          Privacy &amp; Actions
        </Text>
        <Group gap="xs">
          <ExportButtons id={c.id} download={(path, name) => void download(path, name)} />
          {!anonymised ? (
            <Anchor
              size="sm"
              href={`mailto:${encodeURIComponent(c.email)}?subject=${encodeURIComponent('Profile correction request')}`}
            >
              Correct profile by e-mail
            </Anchor>
          ) : null}
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={anonymised}
            onClick={() => setConfirming(true)}
          >
            {anonymised ? 'Anonymised' : 'Anonymise'}
          </Button>
        </Group>
      </Paper>
      <AnonymiseConfirm
        customer={c}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void runAnonymise()}
        busy={anonymise.isPending}
      />
    </>
  );
}

/** The customer's data as CSV (profile, bookings) or PDF. */
function ExportButtons({ id, download }: { id: string; download: (path: string, name: string) => void }) {
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => download(`/api/customers/${id}/export.csv?part=profile`, `customer_${id}_profile.csv`)}
      >
        Export profile (CSV)
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() =>
          download(`/api/customers/${id}/export.csv?part=bookings`, `customer_${id}_bookings.csv`)
        }
      >
        Export bookings (CSV)
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => download(`/api/customers/${id}/export.pdf`, `customer_${id}.pdf`)}
      >
        Export PDF
      </Button>
    </>
  );
}

/** Anonymising cannot be undone: said plainly, with Keep as the way out. */
function AnonymiseConfirm(p: {
  customer: CustomerDetail;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const c = p.customer;
  return (
    <Modal opened={p.opened} onClose={p.onClose} title="Anonymise customer?">
      <Stack>
        <Alert color="red" title="This cannot be undone">
          {c.name}'s name, e-mail address, phone number and notes will be permanently replaced in their
          customer record and in all {c.totalBookings} of their bookings. There is no way to restore them.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onClose}>
            Keep customer data
          </Button>
          <Button color="red" onClick={p.onConfirm} loading={p.busy}>
            Anonymise permanently
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
