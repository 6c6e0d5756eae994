import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { GST_MESSAGE } from '@venue/contracts';
import { captureRequests, fieldRefusal, renderWithProviders, server } from '@venue/ui/testing';
import { TaxesPage } from './TaxesPage.tsx';

function answerSettings(taxRate: unknown) {
  server.use(http.get('/api/users/settings', () => HttpResponse.json({ taxRate })));
}

describe('Taxes (GST)', () => {
  test('a rate above 100 % is refused on the field and nothing is sent', async () => {
    answerSettings(10);
    const puts = captureRequests('put', '/api/users/settings', {});
    const { user } = renderWithProviders(<TaxesPage />);
    const rate = await screen.findByRole('textbox', { name: 'GST Rate (%)' });
    await waitFor(() => expect(rate).toHaveValue('10'));

    await user.clear(rate);
    await user.type(rate, '150');
    await user.click(screen.getByRole('button', { name: 'Save GST Settings' }));

    expect(rate).toHaveAccessibleDescription(GST_MESSAGE);
    expect(puts).toHaveLength(0);
  });

  test('a good rate is PUT, confirmed, and the session re-read so every screen uses it', async () => {
    answerSettings(10);
    const puts = captureRequests('put', '/api/users/settings', { taxRate: 12.5 });
    const reload = jest.fn(async () => {});
    const { user } = renderWithProviders(<TaxesPage />, { session: { reload } });
    const rate = await screen.findByRole('textbox', { name: 'GST Rate (%)' });
    await waitFor(() => expect(rate).toHaveValue('10'));

    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save GST Settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('GST settings saved.');
    expect(puts.map((p) => p.body)).toEqual([{ taxRate: 12.5 }]);
    expect(reload).toHaveBeenCalled();
  });

  test('an invalid stored rate falls back to the default 10 % (spec 01 §5)', async () => {
    answerSettings('abc');
    renderWithProviders(<TaxesPage />);
    const rate = await screen.findByRole('textbox', { name: 'GST Rate (%)' });
    await waitFor(() => expect(rate).toHaveValue('10'));
  });

  test('a blank rate is refused and focused; the server’s refusal of the rate lands on the field', async () => {
    answerSettings(10);
    const puts = captureRequests('put', '/api/users/settings', () =>
      fieldRefusal({ taxRate: 'Refused by the server.' }, 'Validation failed'),
    );
    const { user } = renderWithProviders(<TaxesPage />);
    const rate = await screen.findByRole('textbox', { name: 'GST Rate (%)' });
    await waitFor(() => expect(rate).toHaveValue('10'));

    await user.clear(rate);
    await user.click(screen.getByRole('button', { name: 'Save GST Settings' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription(GST_MESSAGE));
    await waitFor(() => expect(rate).toHaveFocus());
    expect(puts).toHaveLength(0);

    // Enter in the field submits
    await user.type(rate, '15{Enter}');
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() => expect(rate).toHaveAccessibleDescription('Refused by the server.'));
    expect(screen.getByTestId('gst-flash')).toHaveTextContent('Failed to save GST settings.');
  });
});
