import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  TEMPLATE_CREATED,
  TEMPLATE_DELETE_CONFIRM,
  TEMPLATE_DELETED,
  TEMPLATE_UPDATED,
  extractVariables,
  previewOf,
  type EmailTemplate,
} from '@venue/contracts/comms';
import { captureRequests, fieldRefusal, renderWithProviders, server } from '@venue/ui/testing';
import { TemplatesPage } from './TemplatesPage.tsx';

const LONG_BODY = `Dear {{customerName}}, ${'thank you for booking with us. '.repeat(6)}`;

function template(over: Partial<EmailTemplate>): EmailTemplate {
  const t = {
    id: '3f1e2d3c-4b5a-4968-8776-655443322110',
    name: 'Welcome',
    type: 'email' as const,
    subject: 'Welcome to {{hallName}}',
    body: LONG_BODY,
    isActive: true,
    kind: null,
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
    ...over,
  };
  return { ...t, variables: extractVariables(t.subject, t.body), bodyPreview: previewOf(t.body, 100) };
}

function answerTemplates(templates: EmailTemplate[]) {
  server.use(http.get('/api/email-templates', () => HttpResponse.json({ templates })));
}

describe('Email Templates', () => {
  test('cards show type, active flag, variables and the body cut at 100 characters', async () => {
    answerTemplates([
      template({}),
      template({ id: 'a1e2d3c4-4b5a-4968-8776-655443322110', name: 'Text', type: 'sms', isActive: false }),
    ]);
    renderWithProviders(<TemplatesPage />);
    const cards = await screen.findAllByTestId('template-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Welcome');
    expect(cards[0]).toHaveTextContent('EmailActive');
    expect(cards[0]).toHaveTextContent(`${[...LONG_BODY].slice(0, 100).join('')}...`);
    expect(within(cards[0]!).getByRole('group', { name: 'Variables' })).toHaveTextContent(
      'hallNamecustomerName',
    );
    expect(cards[1]).toHaveTextContent('SMSInactive');
  });

  test('an empty list says so', async () => {
    answerTemplates([]);
    renderWithProviders(<TemplatesPage />);
    expect(await screen.findByText('No templates yet')).toBeInTheDocument();
  });

  test('a failed load says "Failed to load email templates" with the server’s words and Try Again', async () => {
    server.use(
      http.get('/api/email-templates', () =>
        HttpResponse.json(
          { message: 'Comms is unavailable right now.' },
          { status: 503, statusText: 'Service Unavailable' },
        ),
      ),
    );
    renderWithProviders(<TemplatesPage />);
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to load email templates');
    expect(error).toHaveTextContent(
      'Failed to fetch templates: 503 Service Unavailable - Comms is unavailable right now.',
    );
    expect(within(error).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  test('the form names every blank required field under "Validation Error" and sends nothing', async () => {
    answerTemplates([]);
    const posts = captureRequests('post', '/api/email-templates', {});
    const { user } = renderWithProviders(<TemplatesPage />);
    await screen.findByText('No templates yet');
    await user.click(screen.getAllByRole('button', { name: 'New Template' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Template' });
    // Blank means empty after trimming.
    await user.type(within(dialog).getByRole('textbox', { name: /Subject/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    expect(within(dialog).getByTestId('template-problems')).toHaveTextContent(
      'Validation Error' + 'Template name is required, Subject is required, Body is required',
    );
    expect(posts).toHaveLength(0);
  });

  test('a new template lists its variables as typed, is created with an Idempotency-Key and confirmed', async () => {
    answerTemplates([]);
    const posts = captureRequests('post', '/api/email-templates', (req) => ({
      template: template(req.body as Partial<EmailTemplate>),
      message: TEMPLATE_CREATED,
    }));
    const { user } = renderWithProviders(<TemplatesPage />);
    await screen.findByText('No templates yet');
    await user.click(screen.getAllByRole('button', { name: 'New Template' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Template' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Deposit due');
    await user.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Deposit for {{{{eventType}}');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Body/ }),
      'Hi {{{{customerName}}, please pay by {{{{bookingDate}}.',
    );
    expect(within(dialog).getByTestId('template-variables')).toHaveTextContent(
      'eventTypecustomerNamebookingDate',
    );

    // The unsaved text previews as the server fills it, with the venue's latest booking.
    const previews = captureRequests('post', '/api/email-templates/preview', {
      subject: 'Deposit for Wedding',
      html: '<p>Hi Ada Lovelace, please pay by 14/03/2031.</p>',
      text: 'Hi Ada Lovelace, please pay by 14/03/2031.',
      booking: {
        id: '7b0c1a5e-0c5d-4d7e-9f3a-2a1b3c4d5e6f',
        bookingCode: 'BK-0007',
        customerName: 'Ada Lovelace',
        bookingDate: '2031-03-14',
      },
      unfilled: [],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview: Deposit due' });
    expect(preview).toHaveTextContent('Filled with booking BK-0007 for Ada Lovelace (14/03/2031).');
    expect(preview).toHaveTextContent('Subject: Deposit for Wedding');
    expect(previews.map((p) => p.body)).toEqual([
      { subject: 'Deposit for {{eventType}}', body: 'Hi {{customerName}}, please pay by {{bookingDate}}.' },
    ]);
    await user.click(within(preview).getByRole('button', { name: /close/i }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Preview: Deposit due' })).not.toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    expect(await screen.findByText(TEMPLATE_CREATED)).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      {
        name: 'Deposit due',
        type: 'email',
        subject: 'Deposit for {{eventType}}',
        body: 'Hi {{customerName}}, please pay by {{bookingDate}}.',
        isActive: false,
      },
    ]);
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('editing PUTs the changed template and says so', async () => {
    const t = template({});
    answerTemplates([t]);
    const puts = captureRequests('put', `/api/email-templates/${t.id}`, (req) => ({
      template: { ...t, ...(req.body as object) },
      message: TEMPLATE_UPDATED,
    }));
    const { user } = renderWithProviders(<TemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Welcome');
    await user.clear(name);
    await user.type(name, 'Welcome back');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(TEMPLATE_UPDATED)).toBeInTheDocument();
    expect(puts[0]!.body).toMatchObject({
      name: 'Welcome back',
      subject: t.subject,
      body: t.body.trim(),
      isActive: true,
    });
  });

  test('deleting asks first, then deletes and says so', async () => {
    const t = template({});
    answerTemplates([t]);
    const deletes = captureRequests('delete', `/api/email-templates/${t.id}`, { message: TEMPLATE_DELETED });
    const { user } = renderWithProviders(<TemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Template' });
    expect(dialog).toHaveTextContent(TEMPLATE_DELETE_CONFIRM);
    expect(deletes).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEMPLATE_DELETED)).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
  });

  test('each problem is said under its field, and the server’s field error under the field it names', async () => {
    answerTemplates([]);
    server.use(
      http.post('/api/email-templates', () => fieldRefusal({ subject: 'Subject must be one line.' })),
    );
    const { user } = renderWithProviders(<TemplatesPage />);
    await screen.findByText('No templates yet');
    await user.click(screen.getAllByRole('button', { name: 'New Template' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Template' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    const subject = within(dialog).getByRole('textbox', { name: /Subject/ });
    const body = within(dialog).getByRole('textbox', { name: /Body/ });
    await user.type(body, 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Template name is required');
    expect(subject).toHaveAccessibleDescription('Subject is required');
    expect(body).not.toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Deposit due');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid', 'true'));
    await user.type(subject, 'Deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'));
    expect(subject).toHaveAccessibleDescription('Subject must be one line.');
    expect(screen.getByRole('dialog', { name: 'New Template' })).toBeInTheDocument();
  });
});
