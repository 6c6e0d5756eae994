import { useState } from 'react';
import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import {
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_PRIVATE,
  WEBHOOK_URL_REQUIRED,
  type Webhook,
} from '@venue/contracts/admin';
import { ApiError } from '@venue/ui';
import { renderWithProviders } from '@venue/ui/testing';
import { WebhookDialog, type Draft } from './WebhookDialogs.tsx';

const refusal = (body: unknown) => new ApiError('Bad request', 400, body);

/** The Add dialog, once its form (loaded on first opening) is there. */
async function open(error: unknown = null) {
  const sent: Draft[] = [];
  const onSubmit = jest.fn((draft: Draft) => void sent.push(draft));
  const view = renderWithProviders(
    <WebhookDialog editing="new" busy={false} error={error} onClose={() => {}} onSubmit={onSubmit} />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
  const url = await within(dialog).findByRole('textbox', { name: /Address \(URL\)/ });
  return { ...view, sent, dialog, url };
}

describe('Add webhook: checked by the contract the service parses the create with', () => {
  test('a blank form names both fields, focuses the address and sends nothing; Enter submits', async () => {
    const { user, dialog, sent, url } = await open();
    await user.type(url, '{Enter}');
    expect(await within(dialog).findByText(WEBHOOK_URL_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(WEBHOOK_EVENTS_REQUIRED)).toBeInTheDocument();
    await waitFor(() => expect(url).toHaveFocus());
    expect(sent).toHaveLength(0);
  });

  test('an address that is not a web address is refused beside it, as the service would', async () => {
    const { user, dialog, sent, url } = await open();
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
    const named = await open(
      refusal({ message: WEBHOOK_URL_PRIVATE, errors: [{ path: 'url', message: WEBHOOK_URL_PRIVATE }] }),
    );
    const { url } = named;
    expect(await within(named.dialog).findByText(WEBHOOK_URL_PRIVATE)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(within(named.dialog).queryByRole('alert')).toBeNull();
    named.unmount();

    const other = await open(refusal({ message: 'Too many webhooks.' }));
    expect(within(other.dialog).getByRole('alert')).toHaveTextContent('Too many webhooks.');
  });

  test('edit: opens on the webhook with its address focused; each opening starts again from it', async () => {
    const hook = {
      id: '5b1c1d4e-1111-4aaa-8aaa-000000000001',
      url: 'https://crm.example.com/venuedesk',
      events: ['invoice.paid'],
      description: 'Our CRM',
      status: 'active',
    } as Webhook;
    function Harness() {
      const [editing, setEditing] = useState<Webhook | null>(null);
      return (
        <>
          <button type="button" onClick={() => setEditing(hook)}>
            Edit Our CRM
          </button>
          <WebhookDialog
            editing={editing}
            busy={false}
            error={null}
            onClose={() => setEditing(null)}
            onSubmit={() => {}}
          />
        </>
      );
    }
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Edit Our CRM' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    let url = await within(dialog).findByRole('textbox', { name: /Address \(URL\)/ });
    expect(url).toHaveValue(hook.url);
    await waitFor(() => expect(url).toHaveFocus());
    expect(within(dialog).getByRole('checkbox', { name: 'Invoice paid' })).toBeChecked();
    await user.clear(url);
    await user.type(url, 'https://elsewhere.example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invoice paid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit Our CRM' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    url = await within(dialog).findByRole('textbox', { name: /Address \(URL\)/ });
    expect(url).toHaveValue(hook.url);
    expect(within(dialog).getByRole('checkbox', { name: 'Invoice paid' })).toBeChecked();
  });
});
