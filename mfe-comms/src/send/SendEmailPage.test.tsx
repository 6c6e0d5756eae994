import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EMAIL_SENT, SEND_NEEDS_CONTENT, renderTemplate } from '@venue/contracts/comms';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { RouteSearch } from '@venue/ui/remote-root';
import { SendEmailPage } from './SendEmailPage.tsx';

const ADA = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  totalBookings: 1,
  totalSpent: 1100,
  totalSpentCents: 110_000,
  bounced: false,
};
const GRACE = { ...ADA, name: 'Grace Hopper', email: 'grace@example.com', bounced: true };
const BOOKING = {
  id: '7b0c1a5e-0c5d-4d7e-9f3a-2a1b3c4d5e6f',
  bookingCode: 'BK-0007',
  eventType: 'Wedding',
  bookingDate: '2031-03-14',
  startTime: '10:00',
  endTime: '14:00',
  hallName: 'Main Hall',
  selectedHall: 'Main Hall',
  calculatedPrice: 1100,
  calculatedPriceCents: 110_000,
  guestCount: 80,
  status: 'confirmed',
};
const TEMPLATE = {
  id: '3f1e2d3c-4b5a-4968-8776-655443322110',
  name: 'Friendly reminder',
  type: 'email',
  subject: 'Your {{eventType}} on {{bookingDate}}',
  body: 'Dear {{customerName}},\n\nSee you at {{hallName}}.',
  variables: ['eventType', 'bookingDate', 'customerName', 'hallName'],
  isActive: true,
  kind: null,
  bodyPreview: 'Dear {{customerName}},',
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
};

function nodeFile(parts: BlobPart[], name: string, type: string): File {
  return Object.assign(new Blob(parts, { type }), { name, lastModified: 0 }) as File;
}

function answerLookups() {
  server.use(
    http.get('/api/email-comms/customers', () => HttpResponse.json({ customers: [ADA, GRACE] })),
    http.get('/api/email-comms/bookings/:email', ({ params }) =>
      HttpResponse.json({ bookings: params.email === ADA.email ? [BOOKING] : [] }),
    ),
    http.get('/api/email-templates', () => HttpResponse.json({ templates: [TEMPLATE] })),
    // Send by SMS shows the booking's customer phone's opt-out
    http.get('/api/email-comms/sms/opt-outs', () =>
      HttpResponse.json({
        optOut: { phone: null, optedOut: false, source: null, word: null, optedOutAt: null, byName: null },
      }),
    ),
    // The server fills the text with the booking's values in its own wording.
    http.post('/api/email-templates/preview', async ({ request }) => {
      const { subject, body } = (await request.json()) as { subject: string; body: string };
      const r = renderTemplate(subject, body, {
        customerName: ADA.name,
        eventType: BOOKING.eventType,
        bookingDate: 'Fri 14 Mar 2031',
        hallName: BOOKING.hallName,
      });
      return HttpResponse.json({
        subject: r.subject,
        html: r.html,
        text: r.text,
        booking: {
          id: BOOKING.id,
          bookingCode: BOOKING.bookingCode,
          customerName: ADA.name,
          bookingDate: BOOKING.bookingDate,
        },
        unfilled: r.unfilled,
      });
    }),
    http.get('/api/email-comms/bounces', ({ request }) => {
      const email = new URL(request.url).searchParams.get('email');
      const bounced = email === GRACE.email;
      return HttpResponse.json({
        bounce: { email, bounced, reason: bounced ? '550 No such user' : null, bouncedAt: null },
        warning: bounced
          ? `Mail to ${email} bounced before (550 No such user). Check the address before sending.`
          : null,
      });
    }),
  );
}

/** Every POST to the send route: its payload (from JSON or the multipart part) and file names. */
function captureSends() {
  const sent: { payload: Record<string, unknown>; files: string[]; key: string | null }[] = [];
  server.use(
    http.post('/api/email-comms/send', async ({ request }) => {
      const key = request.headers.get('idempotency-key');
      if ((request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
        const form = await request.formData();
        const files = form.getAll('attachments').map((f) => (f as File).name);
        sent.push({
          payload: JSON.parse(String(form.get('payload'))) as Record<string, unknown>,
          files,
          key,
        });
      } else {
        sent.push({ payload: (await request.json()) as Record<string, unknown>, files: [], key });
      }
      return HttpResponse.json({ message: EMAIL_SENT, email: {}, warning: null }, { status: 202 });
    }),
  );
  return sent;
}

describe('Send Email', () => {
  test('Send waits for a recipient, then refuses a message with neither template nor subject', async () => {
    answerLookups();
    const sent = captureSends();
    const { user } = renderWithProviders(<SendEmailPage />);

    const send = screen.getByRole('button', { name: 'Send Email' });
    expect(send).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: /Ada Lovelace/ }));
    expect(send).toBeEnabled();

    await user.click(send);
    expect(await screen.findByTestId('send-problems')).toHaveTextContent(SEND_NEEDS_CONTENT);

    // A subject without a body is still refused, in the contract's words.
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.click(send);
    expect(await screen.findByTestId('send-problems')).toHaveTextContent('Body is required');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  test('a template fills the editable fields, the preview shows the booking’s values, attachments are listed in KB and removable, and sending clears the form', async () => {
    answerLookups();
    const sent = captureSends();
    const { user } = renderWithProviders(<SendEmailPage />);

    await user.click(await screen.findByRole('radio', { name: /Ada Lovelace/ }));
    const booking = await screen.findByRole('combobox', { name: 'Booking (optional)' });
    await user.selectOptions(booking, BOOKING.id);
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Friendly reminder' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Template (optional)' }), TEMPLATE.id);
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(TEMPLATE.subject);
    await user.type(screen.getByRole('textbox', { name: 'Body' }), ' Bring your guests!');

    const preview = screen.getByTestId('email-preview');
    await waitFor(() =>
      expect(within(preview).getByTestId('preview-source')).toHaveTextContent('As it will be sent'),
    );
    expect(preview).toHaveTextContent('Subject: Your Wedding on Fri 14 Mar 2031');
    expect(within(preview).getByTestId('preview-body')).toHaveTextContent(
      'Dear Ada Lovelace, See you at Main Hall. Bring your guests!',
    );

    // Files made of Node's Blob: the test's fetch (Node's) builds the multipart body, and jsdom's
    // File is not a Blob to it; a browser has one kind.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [
      nodeFile([new Uint8Array(2048)], 'floor-plan.pdf', 'application/pdf'),
      nodeFile(['x'], 'notes.txt', 'text/plain'),
    ]);
    const attachments = screen.getByTestId('attachments');
    expect(attachments).toHaveTextContent('floor-plan.pdf (2.0 KB)');
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(attachments).not.toHaveTextContent('notes.txt');

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this e-mail?' });
    expect(dialog).toHaveTextContent(
      'To Ada Lovelace <ada@example.com>: “Your Wedding on Fri 14 Mar 2031” with 1 attachment(s).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(EMAIL_SENT)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.files).toEqual(['floor-plan.pdf']);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[0]!.payload).toMatchObject({
      recipientEmail: 'ada@example.com',
      recipientName: 'Ada Lovelace',
      bookingId: BOOKING.id,
      templateId: TEMPLATE.id,
      customSubject: TEMPLATE.subject,
      customBody: `${TEMPLATE.body} Bring your guests!`,
      purpose: 'general',
    });
    // Cleared: no customer, no content, no attachments.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(''));
    expect(screen.getByRole('radio', { name: /Ada Lovelace/ })).not.toBeChecked();
    expect(screen.queryByTestId('attachments')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Email' })).toBeDisabled();
  });

  test('an address that bounced is warned about before sending', async () => {
    answerLookups();
    captureSends();
    const { user } = renderWithProviders(<SendEmailPage />);
    await user.click(await screen.findByRole('radio', { name: /Grace Hopper/ }));
    expect(await screen.findByTestId('bounce-warning')).toHaveTextContent(
      'Mail to grace@example.com bounced before (550 No such user).',
    );
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Body' }), 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this e-mail?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('bounced before');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Corrected at the customer's end: the warning is cleared on the server.
    const deletes = captureRequests('delete', '/api/email-comms/bounces', {
      message: 'Mail to grace@example.com will be sent again.',
    });
    await user.click(screen.getByRole('button', { name: 'The address is correct now' }));
    expect(await screen.findByText('Mail to grace@example.com will be sent again.')).toBeInTheDocument();
    expect(deletes.map((d) => d.url.searchParams.get('email'))).toEqual([GRACE.email]);
  });

  test('the dashboard’s share link picks the customer and booking and starts the message', async () => {
    answerLookups();
    renderWithProviders(
      <RouteSearch.Provider
        value={`?toName=Ada%20Lovelace&invoice=INV-0042&amount=450&bookingId=${BOOKING.id}`}
      >
        <SendEmailPage />
      </RouteSearch.Provider>,
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: /Ada Lovelace/ })).toBeChecked());
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Booking (optional)' })).toHaveValue(BOOKING.id),
    );
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Invoice INV-0042');
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue(
      'Dear Ada Lovelace,\n\nThis is a note about your payment (invoice INV-0042 for $450.00).\n\nPlease reply to this e-mail if you have any questions.',
    );
  });

  test('Share by e-mail with an invoice attaches its PDF: the send names the invoice, the text its figures (issue 24 item 14)', async () => {
    answerLookups();
    const sent = captureSends();
    const invoiceId = '5d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
    const { user } = renderWithProviders(
      <RouteSearch.Provider
        value={`?toName=Ada%20Lovelace&invoice=INV-0042&amount=450&bookingId=${BOOKING.id}&invoiceId=${invoiceId}`}
      >
        <SendEmailPage />
      </RouteSearch.Provider>,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Booking (optional)' })).toHaveValue(BOOKING.id),
    );
    expect(screen.getByTestId('attached-invoice')).toHaveTextContent('Invoice INV-0042 (PDF');
    // the amounts are the PDF's, filled when sent; the preview shows the Dashboard's meanwhile
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue(
      'Dear Ada Lovelace,\n\nPlease find invoice {{invoiceNumber}} attached, with {{amountDue}} to pay.\n\nPlease reply to this e-mail if you have any questions.',
    );
    expect(screen.getByTestId('preview-body')).toHaveTextContent(
      'Please find invoice INV-0042 attached, with $450.00 to pay.',
    );
    expect(screen.getByTestId('preview-source')).toHaveTextContent(
      'Invoice INV-0042’s number and amount due are filled from its PDF when it is sent.',
    );
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this e-mail?' });
    expect(dialog).toHaveTextContent('with invoice INV-0042 (PDF)');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(EMAIL_SENT)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({ invoiceId, recipientEmail: ADA.email, purpose: 'general' });
  });

  test('the attached invoice can be taken off before sending', async () => {
    answerLookups();
    const sent = captureSends();
    const invoiceId = '5d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
    const { user } = renderWithProviders(
      <RouteSearch.Provider
        value={`?toName=Ada%20Lovelace&invoice=INV-0042&amount=450&invoiceId=${invoiceId}`}
      >
        <SendEmailPage />
      </RouteSearch.Provider>,
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: /Ada Lovelace/ })).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Remove invoice INV-0042' }));
    expect(screen.queryByTestId('attached-invoice')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(EMAIL_SENT)).toBeInTheDocument();
    expect(sent[0]!.payload.invoiceId).toBeUndefined();
  });

  test('Send Pay Link e-mails the venue’s pay-link template for the chosen booking', async () => {
    answerLookups();
    const sent = captureSends();
    const { user } = renderWithProviders(<SendEmailPage />);
    await user.click(await screen.findByRole('radio', { name: /Ada Lovelace/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Booking (optional)' }), BOOKING.id);
    await user.click(screen.getByRole('button', { name: 'Send Pay Link' }));
    expect(await screen.findByText('Payment Link Sent')).toBeInTheDocument();
    expect(sent.map((s) => s.payload)).toEqual([
      { recipientEmail: ADA.email, recipientName: ADA.name, bookingId: BOOKING.id, purpose: 'payment_link' },
    ]);

    server.use(
      http.post('/api/email-comms/send', () =>
        HttpResponse.json({ message: 'The Payment link template is missing or inactive.' }, { status: 400 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send Pay Link' }));
    expect(await screen.findByText('Failed to Send Pay Link')).toBeInTheDocument();
    expect(screen.getByText(/The Payment link template is missing or inactive\./)).toBeInTheDocument();
  });
});
