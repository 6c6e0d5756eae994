import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import type { AuditEntry } from '@venue/contracts/admin';
import { AuditPage } from './AuditPage.tsx';

const OWNER_ID = '00000000-0000-4000-8000-000000000001';
const STAFF_ID = '00000000-0000-4000-8000-000000000002';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: `e-${Math.random().toString(36).slice(2)}`,
  timestamp: '2026-11-20T01:30:00.000Z',
  userId: OWNER_ID,
  userEmail: 'owner@demo.local',
  userRole: 'hall_owner',
  action: 'booking_created',
  target: 'b1',
  targetLabel: 'Booking HH-2027-0004',
  targetType: 'booking',
  ipAddress: '127.0.0.1',
  additionalInfo: null,
  changes: null,
  source: 'bookings',
  ...over,
});

const ENTRIES: AuditEntry[] = [
  entry({
    additionalInfo: 'Jane Smith · Main Hall · 2027-01-20 18:00–23:00',
  }),
  entry({
    userId: STAFF_ID,
    userEmail: 'sam@harbourside.example',
    userRole: 'sub_user',
    action: 'booking_updated',
    changes: {
      bookingDate: { old: '2027-01-20', new: '2027-01-27' },
      startTime: { old: '18:00', new: '19:30' },
    },
  }),
  entry({
    userId: OWNER_ID,
    userEmail: 'quotation-accept',
    action: 'booking_created',
    targetLabel: 'Booking HH-2027-0005',
    additionalInfo: null,
  }),
];

function answer() {
  captureRequests('get', '/api/audit', {
    auditLogs: ENTRIES,
    pagination: {
      page: 1,
      limit: 50,
      total: ENTRIES.length,
      totalPages: 1,
      totalIsEstimate: false,
      hasMore: false,
      nextCursor: null,
    },
  });
  captureRequests('get', '/api/audit/stats', {
    totalLogs: 3,
    usersCount: { 'owner@demo.local': 1, 'sam@harbourside.example': 1, 'quotation-accept': 1 },
    actionsCount: { booking_created: 2, booking_updated: 1 },
    targetTypesCount: { booking: 3 },
  });
  captureRequests('get', '/api/audit/actions', { actions: ['booking_created', 'booking_updated'] });
  captureRequests('get', '/api/audit/target-types', { targetTypes: ['booking'] });
  captureRequests('get', '/api/users', [
    {
      id: STAFF_ID,
      email: 'sam@harbourside.example',
      name: 'Sam Staff',
      role: 'sub_user',
      parentUserId: OWNER_ID,
      status: 'active',
    },
  ]);
}

const render = () =>
  renderWithProviders(<AuditPage />, {
    session: {
      role: 'hall_owner',
      profile: {
        id: OWNER_ID,
        email: 'owner@demo.local',
        name: 'Olivia Harbour',
        role: 'hall_owner',
      } as never,
      settings: { dateFormat: 'DD/MM/YYYY', timeFormat: '12h', timezone: 'Australia/Sydney' },
    },
  });

describe('Audit log in people’s words (issue 24 item 15)', () => {
  test('people by name, the services’ own actors in words, never an internal id', async () => {
    answer();
    render();
    const rows = await screen.findAllByTestId('audit-row');
    const users = rows.map((r) => within(r).getByTestId('audit-user'));
    expect(users[0]).toHaveTextContent('Olivia Harbour');
    expect(users[0]).toHaveTextContent('owner@demo.local');
    expect(await within(rows[1]!).findByText('Sam Staff')).toBeVisible();
    expect(users[2]).toHaveTextContent('Quotation acceptance (automatic)');
    expect(users[2]).not.toHaveTextContent('quotation-accept');
    expect(screen.getByText('Most active users').parentElement).not.toHaveTextContent('quotation-accept');
  });

  test('dates and times inside an entry in the venue’s formats, not 2027-01-20 or 18:00', async () => {
    answer();
    const { user } = render();
    const rows = await screen.findAllByTestId('audit-row');
    const info = within(rows[0]!).getByTestId('audit-info');
    expect(info).toHaveTextContent('Jane Smith · Main Hall · 20/01/2027 6:00 PM–11:00 PM');
    expect(screen.getByTestId('audit-table')).not.toHaveTextContent('2027-01-20');

    await user.click(within(rows[1]!).getByRole('button', { name: /View entry/ }));
    const changes = await screen.findByTestId('audit-changes');
    expect(changes).toHaveTextContent('Booking date');
    expect(changes).toHaveTextContent('20/01/2027');
    expect(changes).toHaveTextContent('27/01/2027');
    expect(changes).toHaveTextContent('7:30 PM');
    expect(changes).not.toHaveTextContent('2027-01-27');
    expect(screen.getByTestId('audit-detail')).toHaveTextContent('Sam Staff (sam@harbourside.example)');
  });
});
