import { describe, expect, jest, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { QUOTATION_MESSAGES as M } from '@venue/contracts/money-api';
import { EMPTY_DRAFT, QuotationForm, type QuotationDraft } from './QuotationForm.tsx';

const HALL = { id: '1a000000-0000-4000-8000-00000000000a', name: 'Main Hall' };
const FILLED: QuotationDraft = {
  ...EMPTY_DRAFT,
  customerName: 'Jane Smith',
  customerEmail: 'jane@example.com',
  customerPhone: '0412 345 678',
  eventType: 'Wedding',
  resource: HALL.id,
  resourceName: HALL.name,
  eventDate: '2026-12-12',
  startTime: '18:00',
  endTime: '23:00',
  totalAmount: '5500',
};

function open(initial: QuotationDraft) {
  captureRequests('get', '/api/resources', [HALL]);
  const onSaved = jest.fn();
  const view = renderWithProviders(
    <QuotationForm editing={null} initial={initial} onClose={jest.fn()} onSaved={onSaved} />,
  );
  return { ...view, onSaved };
}

describe('Quotation form (spec 03 §5)', () => {
  test('an empty form shows each required field’s message and sends nothing; a message clears when its field changes', async () => {
    const posts = captureRequests('post', '/api/quotations', {});
    const { user } = open(EMPTY_DRAFT);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    for (const message of [
      M.customerNameRequired,
      M.customerEmailRequired,
      M.customerPhoneRequired,
      M.eventTypeRequired,
      M.resourceRequired,
      M.eventDateRequired,
      M.totalPositive,
    ])
      expect(screen.getByText(message)).toBeVisible();
    expect(posts).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Customer Name/ }), 'J');
    expect(screen.queryByText(M.customerNameRequired)).toBeNull();
    expect(screen.getByText(M.customerEmailRequired)).toBeVisible();
  });

  test('email format, end after start, and both deposit rules', async () => {
    const { user } = open({ ...FILLED, customerEmail: 'jane@', endTime: '17:00', depositType: 'Fixed' });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(screen.getByText(M.invalidEmail)).toBeVisible();
    expect(screen.getByText(M.endAfterStart)).toBeVisible();
    expect(screen.getByText(M.fixedDeposit)).toBeVisible();
  });

  test('a percentage above 100 is refused with its message', async () => {
    const { user } = open({ ...FILLED, depositType: 'Percentage', depositValue: '101' });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(screen.getByText(M.percentDeposit)).toBeVisible();
  });

  test('a valid form is saved as a draft with the deposit the screen showed', async () => {
    const posts = captureRequests('post', '/api/quotations', { id: 'x' });
    const { user, onSaved } = open({ ...FILLED, depositType: 'Percentage', depositValue: '20' });
    expect(screen.getByText(/Deposit \$1,100\.00/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByRole('button', { name: 'Save Draft' });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ customerName: 'Jane Smith', totalAmount: 5500, depositValue: 20 });
    expect(onSaved).toHaveBeenCalled();
  });
});
