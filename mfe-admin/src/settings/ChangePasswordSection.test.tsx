import { describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import {
  OWN_PASSWORDS_DIFFER,
  OWN_PASSWORD_REQUIRED,
  OWN_PASSWORD_TOO_SHORT,
  OWN_PASSWORD_UNCHANGED,
} from '@venue/contracts';
import { captureRequests, fieldRefusal, renderWithProviders } from '@venue/ui/testing';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';

describe('Change password (issue 24 item 13)', () => {
  test('every field’s problem at once beside it, the first focused, and nothing sent', async () => {
    const posts = captureRequests('post', '/api/users/change-password', {});
    const { user } = renderWithProviders(<ChangePasswordSection />);
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    await user.type(next, 'short');
    await user.type(confirm, 'shorter');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(current).toHaveAccessibleDescription(OWN_PASSWORD_REQUIRED);
    expect(confirm).toHaveAccessibleDescription(OWN_PASSWORDS_DIFFER);
    expect(next).toHaveAccessibleDescription(OWN_PASSWORD_TOO_SHORT);
    await waitFor(() => expect(current).toHaveFocus());
    expect(posts).toHaveLength(0);
    // a message goes as its field is changed
    await user.type(current, 'old-password');
    expect(current).not.toHaveAccessibleDescription(OWN_PASSWORD_REQUIRED);
    expect(next).toHaveAccessibleDescription(OWN_PASSWORD_TOO_SHORT);
  });

  test('the server’s refusals: a wrong current password on its field, a 400’s field errors on theirs', async () => {
    let answer: 'wrong' | 'field' = 'wrong';
    const posts = captureRequests('post', '/api/users/change-password', () =>
      answer === 'wrong'
        ? HttpResponse.json({ message: 'Current password is incorrect' }, { status: 400 })
        : fieldRefusal({ newPassword: OWN_PASSWORD_UNCHANGED }),
    );
    const { user } = renderWithProviders(<ChangePasswordSection />);
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    await user.type(current, 'old-password');
    await user.type(next, 'a-new-password-1');
    // Enter in a field submits the form
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password-1{Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    const wrong = 'The current password you entered is incorrect. Please try again.';
    await waitFor(() => expect(current).toHaveAccessibleDescription(wrong));
    expect(screen.getByTestId('password-flash')).toHaveTextContent(wrong);
    await waitFor(() => expect(current).toHaveFocus());

    answer = 'field';
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    await waitFor(() => expect(next).toHaveAccessibleDescription(OWN_PASSWORD_UNCHANGED));
    expect(current).not.toHaveAttribute('aria-invalid', 'true');
  });
});
