import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  WEBHOOK_URL_PRIVATE,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '@venue/contracts/admin';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { WebhooksCard } from './WebhooksCard.tsx';

const ID = '5b1c1d4e-1111-4aaa-8aaa-000000000001';
const SECRET = 'whsec_' + 'A'.repeat(43);
const PATH = '/api/integrations/webhooks';

function hook(over: Partial<Webhook> = {}): Webhook {
  return {
    id: ID,
    url: 'https://crm.example.com/venuedesk',
    events: ['booking.confirmed', 'invoice.paid'],
    description: 'Our CRM',
    status: 'active',
    disabledAt: null,
    disabledReason: null,
    failingSince: null,
    lastSuccessAt: null,
    secretCreatedAt: '2026-11-20T00:00:00.000Z',
    previousSecretExpiresAt: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...over,
  };
}

function delivery(over: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: '6c1c1d4e-1111-4aaa-8aaa-000000000009',
    eventId: '7d1c1d4e-1111-8aaa-8aaa-000000000010',
    type: 'booking.confirmed',
    state: 'delivered',
    attemptCount: 2,
    createdAt: '2026-11-21T01:00:00.000Z',
    nextAttemptAt: null,
    deliveredAt: '2026-11-21T01:00:40.000Z',
    lastStatusCode: 200,
    body: '{}',
    attempts: [
      {
        at: '2026-11-21T01:00:40.000Z',
        statusCode: 200,
        durationMs: 87,
        error: null,
        answer: '{"received":true}',
        answerTruncated: false,
      },
      {
        at: '2026-11-21T01:00:00.000Z',
        statusCode: 503,
        durationMs: 120,
        error: null,
        answer: 'Service Unavailable',
        answerTruncated: false,
      },
    ],
    ...over,
  };
}

const SYDNEY = { timezone: 'Australia/Sydney', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } as const;

function list(hooks: Webhook[] | (() => Webhook[])) {
  server.use(http.get(PATH, () => HttpResponse.json(typeof hooks === 'function' ? hooks() : hooks)));
}

describe('Settings → Integrations → Webhooks', () => {
  test('lists the venue’s webhooks with their events and state; a failing one says since when', async () => {
    list([
      hook(),
      hook({
        id: '5b1c1d4e-2222-4aaa-8aaa-000000000002',
        url: 'https://old.example.com/hook',
        description: null,
        events: ['*'],
        status: 'disabled',
        disabledAt: '2026-11-24T00:00:00.000Z',
        disabledReason: 'Switched off after failing for 3 days.',
      }),
      hook({
        id: '5b1c1d4e-3333-4aaa-8aaa-000000000003',
        url: 'https://flaky.example.com/hook',
        description: 'Flaky',
        failingSince: '2026-11-27T23:30:00.000Z',
      }),
    ]);
    renderWithProviders(<WebhooksCard />, { session: { settings: SYDNEY } });
    expect(screen.getByText('Loading webhooks...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('https://crm.example.com/venuedesk')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Booking confirmed, Invoice paid')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('All events')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Switched off')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByText(/Switched off after failing for 3 days\. Resume it/),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /Send test event/ })).toBeDisabled();
    expect(within(rows[1]!).getByRole('button', { name: /^Resume/ })).toBeInTheDocument();
    // 23:30 UTC is 10:30 the next morning in Sydney
    expect(within(rows[2]!).getByText(/Failing since 28\/11\/2026 10:30/)).toBeInTheDocument();
  });

  test('empty, and a failed load with Retry', async () => {
    let fail = true;
    server.use(
      http.get(PATH, () =>
        fail ? HttpResponse.json({ message: 'Service unavailable' }, { status: 503 }) : HttpResponse.json([]),
      ),
    );
    const { user } = renderWithProviders(<WebhooksCard />);
    expect(await screen.findByText('Could not load webhooks')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
  });

  test('add: URL, grouped events and a description; the secret is shown once with Copy', async () => {
    let hooks: Webhook[] = [];
    list(() => hooks);
    const posts = captureRequests('post', PATH, (req) => {
      const body = req.body as { url: string; events: string[]; description: string | null };
      const made = hook({ url: body.url, events: body.events, description: body.description });
      hooks = [made];
      return HttpResponse.json({ ...made, secret: SECRET }, { status: 201 });
    });
    const { user } = renderWithProviders(<WebhooksCard />);
    await screen.findByText(/No webhooks yet/);
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    // nothing filled: both problems at once, nothing sent (the form comes with the first opening)
    await user.click(await within(dialog).findByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Enter the address to send events to.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    // the groups are labelled, each event a labelled checkbox
    for (const group of ['Bookings', 'Booking page and portal', 'Quotations', 'Invoices and payments'])
      expect(within(dialog).getByText(group)).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Address \(URL\)/ }),
      'https://crm.example.com/vd',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Our CRM');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Booking confirmed' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Customer uploaded a document' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({
      url: 'https://crm.example.com/vd',
      events: ['booking.confirmed', 'booking.document_uploaded'],
      description: 'Our CRM',
    });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    const shown = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByText(/only time it is shown/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(await screen.findByText('https://crm.example.com/vd')).toBeInTheDocument();
  });

  test('"All events" sends ["*"]; the server’s refusal of the address is shown beside the URL', async () => {
    list([]);
    const posts = captureRequests('post', PATH, () =>
      HttpResponse.json(
        { message: WEBHOOK_URL_PRIVATE, errors: [{ path: 'url', message: WEBHOOK_URL_PRIVATE }] },
        { status: 400 },
      ),
    );
    const { user } = renderWithProviders(<WebhooksCard />);
    await screen.findByText(/No webhooks yet/);
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    const url = await within(dialog).findByRole('textbox', { name: /Address \(URL\)/ });
    await user.type(url, 'http://169.254.169.254/');
    await user.click(within(dialog).getByRole('checkbox', { name: /All events/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'Invoice paid' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0]!.body as { events: string[] }).events).toEqual(['*']);
    expect(await within(dialog).findByText(WEBHOOK_URL_PRIVATE)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
  });

  test('pause says events are held; a paused webhook says resume sends them; resume says so', async () => {
    let hooks = [hook()];
    list(() => hooks);
    const patches = captureRequests('patch', `${PATH}/${ID}`, (req) => {
      hooks = [hook(req.body as Partial<Webhook>)];
      return hooks[0]!;
    });
    const { user } = renderWithProviders(<WebhooksCard />);
    await screen.findByTestId('webhook-row');
    await user.click(screen.getByRole('button', { name: 'Pause Our CRM' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ status: 'paused' });
    expect(
      await screen.findByText('Webhook paused. Its events are held and sent when you resume it.'),
    ).toBeInTheDocument();
    const row = screen.getByTestId('webhook-row');
    expect(
      await within(row).findByText(/Paused: events are held, not sent\. Resume sends them in order/),
    ).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Resume Our CRM' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]!.body).toEqual({ status: 'active' });
    expect(
      await screen.findByText(
        'Webhook resumed. The events held while it was paused are being sent, in order.',
      ),
    ).toBeInTheDocument();
  });

  test('edit sends a PATCH; delete asks first', async () => {
    let hooks = [hook()];
    list(() => hooks);
    const patches = captureRequests('patch', `${PATH}/${ID}`, (req) => {
      hooks = [hook(req.body as Partial<Webhook>)];
      return hooks[0]!;
    });
    const deletes = captureRequests('delete', `${PATH}/${ID}`, () => {
      hooks = [];
      return { message: 'Webhook deleted.' };
    });
    const { user } = renderWithProviders(<WebhooksCard />);
    await screen.findByTestId('webhook-row');
    await user.click(screen.getByRole('button', { name: 'Edit Our CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Invoice paid' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invoice voided' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({
      url: 'https://crm.example.com/venuedesk',
      events: ['booking.confirmed', 'invoice.paid', 'invoice.voided'],
      description: 'Our CRM',
    });
    expect(await screen.findByText('Webhook saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Our CRM' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(deletes).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
  });

  test('rotate secret: says both sign for 24 hours, then shows the new secret once', async () => {
    list([hook()]);
    const rotations = captureRequests('post', `${PATH}/${ID}/rotate-secret`, () =>
      HttpResponse.json(
        { ...hook({ previousSecretExpiresAt: '2026-11-30T00:00:00.000Z' }), secret: SECRET },
        { status: 201 },
      ),
    );
    const { user } = renderWithProviders(<WebhooksCard />);
    await screen.findByTestId('webhook-row');
    await user.click(screen.getByRole('button', { name: 'Rotate secret of Our CRM' }));
    const ask = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(within(ask).getByText(/next 24 hours every delivery is signed with both/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(rotations).toHaveLength(1));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(SECRET);
  });

  test('delivery log: each attempt’s status, time and answer; Send again and Send test event', async () => {
    list([hook()]);
    const page: WebhookDeliveryPage = {
      deliveries: [
        delivery(),
        delivery({
          id: '6c1c1d4e-2222-4aaa-8aaa-000000000008',
          type: 'invoice.paid',
          state: 'pending',
          attemptCount: 1,
          nextAttemptAt: '2026-11-21T02:00:00.000Z',
          deliveredAt: null,
          lastStatusCode: null,
          attempts: [
            {
              at: '2026-11-21T01:59:00.000Z',
              statusCode: null,
              durationMs: 10000,
              error: 'No answer within 10 s.',
              answer: '',
              answerTruncated: false,
            },
          ],
        }),
      ],
      nextCursor: null,
    };
    server.use(http.get(`${PATH}/${ID}/deliveries`, () => HttpResponse.json(page)));
    const resends = captureRequests('post', `${PATH}/${ID}/deliveries/:deliveryId/resend`, () =>
      HttpResponse.json({ message: 'Sending again.', delivery: delivery() }, { status: 202 }),
    );
    const tests = captureRequests('post', `${PATH}/${ID}/test`, () =>
      HttpResponse.json(
        {
          message: 'Test event queued. It appears in the delivery log in a few seconds.',
          delivery: delivery(),
        },
        { status: 202 },
      ),
    );
    const { user } = renderWithProviders(<WebhooksCard />, { session: { settings: SYDNEY } });
    await screen.findByTestId('webhook-row');

    await user.click(screen.getByRole('button', { name: 'Send test event to Our CRM' }));
    await waitFor(() => expect(tests).toHaveLength(1));
    expect(await screen.findByText(/Test event queued/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delivery log of Our CRM' }));
    const log = await screen.findByRole('dialog', { name: 'Delivery log: Our CRM' });
    const items = await within(log).findAllByTestId('webhook-delivery');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Delivered (200)')).toBeInTheDocument();
    expect(within(items[0]!).getByText('2 attempts')).toBeInTheDocument();
    // times in the venue's zone and format: 01:00:40 UTC is 12:00 in Sydney
    expect(within(items[0]!).getByText(/21\/11\/2026 12:00 · HTTP 200 · 87 ms/)).toBeInTheDocument();
    expect(within(items[0]!).getByText(/21\/11\/2026 12:00 · HTTP 503 · 120 ms/)).toBeInTheDocument();
    expect(within(items[0]!).getByText('{"received":true}')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Service Unavailable')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Retrying')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/No answer within 10 s\./)).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Next attempt 21\/11\/2026 13:00/)).toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: /^Send again Invoice paid/ }));
    await waitFor(() => expect(resends).toHaveLength(1));
    expect(resends[0]!.url.pathname).toBe(
      `${PATH}/${ID}/deliveries/6c1c1d4e-2222-4aaa-8aaa-000000000008/resend`,
    );
    expect(await within(log).findByText('Sending again.')).toBeInTheDocument();
  });

  test('staff are told only the owner sets up webhooks, and nothing is asked of the server', async () => {
    const gets = captureRequests('get', PATH, []);
    renderWithProviders(<WebhooksCard />, { session: { role: 'sub_user' } });
    expect(screen.getByText('Only the hall owner can set up webhooks.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(gets).toHaveLength(0);
  });
});
