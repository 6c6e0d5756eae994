/** The server's price for the request, before it is sent (one date, or each date and the series). */
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney } from '@venue/ui/light';
import type { QuoteAnswer } from '../api/types.ts';
import { messageOf } from '../ui/states.tsx';
import type { VenueFormat } from '../ui/venue-format.ts';

export function QuoteBox({
  quote,
  priced,
  repeat,
  fmt,
}: {
  quote: UseQueryResult<QuoteAnswer>;
  priced: boolean;
  repeat: boolean;
  fmt: VenueFormat;
}) {
  return (
    <section
      className="quote"
      aria-labelledby="quote-heading"
      aria-live="polite"
      aria-busy={quote.isFetching}
    >
      <h3 id="quote-heading">Price</h3>
      {!priced ? (
        <p className="hint">Choose a date and times to see the price.</p>
      ) : quote.isError ? (
        <p className="error">No price for this choice: {messageOf(quote.error)}</p>
      ) : !quote.data ? (
        <p role="status">Working out the price…</p>
      ) : (
        <>
          <table className="quote-lines">
            <tbody>
              {quote.data.lines.map((l, i) => (
                <tr key={i}>
                  <th scope="row">{l.label}</th>
                  <td>{formatMoney(l.amountCents, fmt)}</td>
                </tr>
              ))}
              <tr className="total">
                <th scope="row">
                  {repeat && quote.data.seriesTotalCents !== undefined ? 'Each date' : 'Total'}
                </th>
                <td>{formatMoney(quote.data.totalCents, fmt)}</td>
              </tr>
              {repeat && quote.data.seriesTotalCents !== undefined && (
                <tr className="total">
                  <th scope="row">All free dates</th>
                  <td>{formatMoney(quote.data.seriesTotalCents, fmt)}</td>
                </tr>
              )}
            </tbody>
          </table>
          {quote.data.gstCents > 0 && (
            <p className="hint">
              {repeat && quote.data.seriesTotalCents !== undefined ? 'Each date includes' : 'Includes'} GST of{' '}
              {formatMoney(quote.data.gstCents, fmt)}.
            </p>
          )}
          <p className="hint">The venue confirms the final price with your booking.</p>
        </>
      )}
    </section>
  );
}
