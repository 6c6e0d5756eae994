import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { captureRequests, fieldRefusal, renderWithProviders, server } from '@venue/ui/testing';
import { HALL_ID, makeResource } from '../testing/fixtures.ts';
import { HallEditDialog } from './HallEditDialog.tsx';

const HALL = makeResource();

async function renderDialog(resource = HALL) {
  const onClose = jest.fn();
  const rendered = renderWithProviders(<HallEditDialog opened resource={resource} onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return { ...rendered, onClose, dialog };
}

describe('Hall/room form', () => {
  test('an hour or equipment problem is said under its own field, and listed on top', async () => {
    const puts = captureRequests('put', `/api/resources/${HALL_ID}`, {});
    const { user, dialog } = await renderDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Hours' }));
    const close = within(dialog).getByLabelText('Tuesday closing time');
    await user.clear(close);
    await user.type(close, '07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(close).toHaveAttribute('aria-invalid', 'true'));
    expect(close).toHaveAccessibleDescription('Tuesday closing time must be after opening time');
    expect(within(dialog).getByLabelText('Tuesday opening time')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByTestId('form-errors')).toHaveTextContent(
      'Tuesday closing time must be after opening time',
    );

    await user.click(within(dialog).getByRole('tab', { name: 'Equipment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add equipment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const name = await within(dialog).findByRole('textbox', { name: /^Equipment 1 name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Equipment name is required'));
    expect(within(dialog).getByTestId('form-errors')).toHaveTextContent('Equipment item 1 needs a name');
    expect(puts).toHaveLength(0);
  });

  test('the server’s field error is said under the field it names; the dialog stays open', async () => {
    server.use(
      http.put(`/api/resources/${HALL_ID}`, () => fieldRefusal({ name: 'Resource name must be one line' })),
    );
    const { user, dialog, onClose } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Resource name must be one line');
    expect(name).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });
});
