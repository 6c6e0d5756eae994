import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, fieldRefusal, holdAnswer, renderWithProviders, server } from '@venue/ui/testing';
import { HALL_ID, makeResource } from '../testing/fixtures.ts';
import { PricingDialog } from './PricingDialog.tsx';

const HALL = makeResource();

async function renderDialog() {
  const onClose = jest.fn();
  const rendered = renderWithProviders(
    <PricingDialog opened pricing={null} resources={[HALL]} taken={[]} onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add Pricing' });
  // The modal has put the focus in itself (as it does once opened), so nothing takes it later.
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return { ...rendered, onClose, dialog };
}

async function fillCard(user: ReturnType<typeof renderWithProviders>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: /^Resource/ }));
  await user.click(await screen.findByRole('option', { name: 'Main Hall (MAIN-HALL)' }));
  await user.type(within(dialog).getByRole('textbox', { name: /^Weekday rate/ }), '100');
  await user.type(within(dialog).getByRole('textbox', { name: /^Weekend rate/ }), '150');
}

describe('Rate card form', () => {
  test('each missing field says so under itself, and a corrected one stops saying it', async () => {
    const posts = captureRequests('post', '/api/pricing', {});
    const { user, dialog } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create Pricing' }));

    const resource = within(dialog).getByRole('combobox', { name: /^Resource/ });
    const weekday = within(dialog).getByRole('textbox', { name: /^Weekday rate/ });
    const weekend = within(dialog).getByRole('textbox', { name: /^Weekend rate/ });
    await waitFor(() => expect(resource).toHaveAttribute('aria-invalid', 'true'));
    expect(resource).toHaveAccessibleDescription('Resource is required');
    expect(weekday).toHaveAccessibleDescription('Weekday rate is required');
    expect(weekend).toHaveAccessibleDescription('Weekend rate is required');
    expect(within(dialog).getByRole('combobox', { name: /^Rate type/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The first field with a problem is focused.
    expect(resource).toHaveFocus();

    await user.type(weekday, '80');
    await waitFor(() => expect(weekday).not.toHaveAttribute('aria-invalid', 'true'));
    expect(weekend).toHaveAccessibleDescription('Weekend rate is required');
    expect(posts).toHaveLength(0);
  });

  test('the server’s field error is said under the field it names; the dialog stays open', async () => {
    server.use(http.post('/api/pricing', () => fieldRefusal({ weekendRateCents: 'Amount is too large' })));
    const { user, dialog, onClose } = await renderDialog();
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Pricing' }));

    const weekend = within(dialog).getByRole('textbox', { name: /^Weekend rate/ });
    await waitFor(() => expect(weekend).toHaveAttribute('aria-invalid', 'true'));
    expect(weekend).toHaveAccessibleDescription('Amount is too large');
    expect(weekend).toHaveValue('150');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('Create waits while the card is sent, which carries the cents and the resource’s name', async () => {
    const { held: answered, release: answer } = holdAnswer();
    const posts = captureRequests('post', '/api/pricing', async () => {
      await answered;
      return HttpResponse.json({}, { status: 201 });
    });
    const { user, dialog, onClose } = await renderDialog();
    await fillCard(user, dialog);
    const create = within(dialog).getByRole('button', { name: 'Create Pricing' });
    await user.click(create);

    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() => expect(create).toBeDisabled());
    expect(create).toHaveAttribute('data-loading', 'true');
    expect(posts[0]!.body).toEqual({
      resourceId: HALL_ID,
      resourceName: 'Main Hall',
      rateType: 'hourly',
      weekdayRateCents: 10_000,
      weekendRateCents: 15_000,
      description: '',
    });
    answer();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Pricing created successfully!')).toBeInTheDocument();
  });
});
