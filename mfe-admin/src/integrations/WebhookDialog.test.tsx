import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import {
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_PRIVATE,
  WEBHOOK_URL_REQUIRED,
} from '@venue/contracts/admin';
import { ApiError } from '@venue/ui';
import { renderWithProviders } from '@venue/ui/testing';
import { WebhookDialog, type Draft } from './WebhookDialogs.tsx';

const refusal = (body: unknown) => new ApiError('Bad request', 400, body);

function open(error: unknown = null) {
  const sent: Draft[] = [];
  const onSubmit = jest.fn((draft: Draft) => void sent.push(draft));
  const view = renderWithProviders(
    <WebhookDialog editing="new" busy={false} error={error} onClose={() => {}} onSubmit={onSubmit} />,
  );
  return { ...view, sent, dialog: screen.getByRole('dialog', { name: 'Add webhook' }) };
}

describe('Add webhook: checked by the contract the service parses the create with', () => {
  test('a blank form names both fields, focuses the address and sends nothing; Enter submits', async () => {
    const { user, dialog, sent } = open();
    const url = within(dialog).getByRole('textbox', { name: /Address \(URL\)/ });
    await user.type(url, '{Enter}');
    expect(await within(dialog).findByText(WEBHOOK_URL_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(WEBHOOK_EVENTS_REQUIRED)).toBeInTheDocument();
    await waitFor(() => expect(url).toHaveFocus());
    expect(sent).toHaveLength(0);
  });

  test('an address that is not a web address is refused beside it, as the service would', async () => {
    const { user, dialog, sent } = open();
    const url = within(dialog).getByRole('textbox', { name: /Address \(URL\)/ });
    await user.type(url, 'ftp://crm.example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invoice paid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText(WEBHOOK_URL_INVALID)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(WEBHOOK_EVENTS_REQUIRED)).toBeNull();
    expect(sent).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'https://crm.example.com/vd');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: 'https://crm.example.com/vd', description: '', events: ['invoice.paid'] });
  });

  test('a refusal naming a field goes beside it (no headline); one naming none is the headline', async () => {
    const named = open(
      refusal({ message: WEBHOOK_URL_PRIVATE, errors: [{ path: 'url', message: WEBHOOK_URL_PRIVATE }] }),
    );
    const url = within(named.dialog).getByRole('textbox', { name: /Address \(URL\)/ });
    expect(await within(named.dialog).findByText(WEBHOOK_URL_PRIVATE)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(within(named.dialog).queryByRole('alert')).toBeNull();
    named.unmount();

    const other = open(refusal({ message: 'Too many webhooks.' }));
    expect(within(other.dialog).getByRole('alert')).toHaveTextContent('Too many webhooks.');
  });
});
