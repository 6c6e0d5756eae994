import { describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { OWN_PASSWORDS_DIFFER, OWN_PASSWORD_REQUIRED, OWN_PASSWORD_TOO_SHORT } from '@venue/contracts';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
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
});
