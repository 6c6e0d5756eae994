import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { captureRequests, fieldRefusal, renderWithProviders, server } from '@venue/ui/testing';
import { HolidayDialog } from './HolidayDialog.tsx';

async function renderDialog() {
  const onClose = jest.fn();
  const rendered = renderWithProviders(<HolidayDialog opened holiday={null} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'New Holiday' });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return { ...rendered, onClose, dialog };
}

describe('Holiday form', () => {
  test('each problem is said under its field, a source URL that is no web address too', async () => {
    const posts = captureRequests('post', '/api/holidays', {});
    const { user, dialog } = await renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Source URL' }), 'ftp://example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));

    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Holiday name is required');
    expect(within(dialog).getByRole('textbox', { name: /^Date/ })).toHaveAccessibleDescription(
      'Date is required',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Source URL' })).toHaveAccessibleDescription(
      'Source URL must start with http:// or https://',
    );
    expect(name).toHaveFocus();
    expect(posts).toHaveLength(0);
  });

  test('the server’s field error is said under the field it names', async () => {
    server.use(http.post('/api/holidays', () => fieldRefusal({ name: 'Holiday name must be one line' })));
    const { user, dialog, onClose } = await renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Picnic day');
    await user.type(within(dialog).getByRole('textbox', { name: /^Date/ }), '07/08/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Holiday name must be one line'));
    expect(name).toHaveValue('Picnic day');
    expect(onClose).not.toHaveBeenCalled();
  });
});
