import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { REPORT_SCHEDULE_MESSAGES as S, type ReportSchedule } from '@venue/contracts/insights';
import { captureRequests, fieldRefusal, onlyBody, renderWithProviders } from '@venue/ui/testing';
import { ScheduleEmailDialog } from './ScheduleEmailDialog.tsx';

const SCHEDULE: ReportSchedule = {
  id: '7a000000-0000-4000-8000-000000000001',
  frequency: 'monthly',
  recipients: ['owner@example.com', 'manager@example.com'],
  sendHour: 9,
  period: '90d',
  segments: ['all'],
  nextSendDate: '2026-12-24',
  nextSendAt: '2026-12-23T22:00:00.000Z',
  lastSentAt: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
};

function open(filters = { period: '30d' as const, segments: ['vip' as const] }) {
  const onClose = jest.fn();
  const result = renderWithProviders(<ScheduleEmailDialog opened onClose={onClose} filters={filters} />);
  return { ...result, onClose };
}

describe('Schedule Report Email', () => {
  test('recipients are checked before anything is sent: none, then one that is not an address', async () => {
    captureRequests('get', '/api/reports/schedules', { schedules: [] });
    const posts = captureRequests('post', '/api/reports/schedules', {});
    const { user } = open();
    const field = screen.getByRole('textbox', { name: /Recipients/ });
    // the dialog puts the focus on its first control a moment after it opens; a person acts after
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
    );

    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(S.recipientsRequired));
    // the refused field gets the focus (issue 24 item 13)
    await waitFor(() => expect(field).toHaveFocus());

    await user.type(field, 'owner@example.com, not-an-address');
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining(S.recipientsRequired));
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(S.recipientInvalid('not-an-address')));
    expect(await screen.findByText('No report e-mails are scheduled yet.')).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  test('a valid schedule is stored with the page’s range and segments, once per opening', async () => {
    captureRequests('get', '/api/reports/schedules', { schedules: [] });
    const posts = captureRequests('post', '/api/reports/schedules', () =>
      HttpResponse.json({ message: S.created, schedule: SCHEDULE }, { status: 201 }),
    );
    const { user, onClose } = open();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.type(
      screen.getByRole('textbox', { name: /Recipients/ }),
      'Owner@Example.com; manager@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The body as the contract parsed it: the addresses trimmed, lower-cased, as a list.
    expect(onlyBody(posts)).toEqual({
      frequency: 'monthly',
      recipients: ['owner@example.com', 'manager@example.com'],
      period: '30d',
      segments: ['vip'],
    });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByText(S.created)).toBeVisible();
  });

  test('the server’s refusal is shown in the dialog', async () => {
    captureRequests('get', '/api/reports/schedules', { schedules: [] });
    captureRequests('post', '/api/reports/schedules', () =>
      HttpResponse.json({ message: "The venue's settings have not reached Reports yet." }, { status: 503 }),
    );
    const { user, onClose } = open();
    await user.type(screen.getByRole('textbox', { name: /Recipients/ }), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The venue's settings have not reached Reports yet.",
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  test('the server’s problem with the recipients goes under them, focused', async () => {
    captureRequests('get', '/api/reports/schedules', { schedules: [] });
    const message = S.recipientInvalid('ops@closed.example');
    const posts = captureRequests('post', '/api/reports/schedules', () =>
      fieldRefusal({ recipients: message }),
    );
    const { user, onClose } = open();
    const field = screen.getByRole('textbox', { name: /Recipients/ });
    await user.type(field, 'ops@closed.example');
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
    await waitFor(() => expect(field).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
  });

  test('existing schedules are listed and Delete removes one', async () => {
    let schedules = [SCHEDULE];
    captureRequests('get', '/api/reports/schedules', () => HttpResponse.json({ schedules }));
    const deletes = captureRequests('delete', `/api/reports/schedules/${SCHEDULE.id}`, () => {
      schedules = [];
      return HttpResponse.json({ message: S.deleted });
    });
    const { user } = open();
    const row = await screen.findByTestId('schedule-row');
    expect(row).toHaveTextContent('Monthly');
    expect(row).toHaveTextContent('Last 90 days');
    expect(row).toHaveTextContent('owner@example.com, manager@example.com');
    expect(row).toHaveTextContent('24/12/2026 9:00 AM');

    await user.click(within(row).getByRole('button', { name: /Delete the monthly report/ }));
    expect(await screen.findByText('No report e-mails are scheduled yet.')).toBeVisible();
    expect(deletes).toHaveLength(1);
  });
});
