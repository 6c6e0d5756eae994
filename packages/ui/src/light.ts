/**
 * The UI kit's parts that need no Mantine, for the customers' light app (`portal/`, decision 56),
 * imported as `@venue/ui/light`: the tenant's formats, the API client, form errors as the staff
 * forms show them, and downloads. The kit's root entry brings Mantine (150 kB gzipped) with it,
 * far over the public booking page's budget; these modules bring only React.
 */
export { formatMoney, formatDate, formatTime, formatWallClock, formatDateTime } from './format.ts';
export type { FormatSettings, MoneyOptions } from './format.ts';
export {
  createApiClient,
  ApiError,
  serverMessage,
  newIdempotencyKey,
  idempotencyKeys,
  type ApiClient,
  type ApiClientOptions,
  type HttpMethod,
  type RequestOptions,
} from './api-client.ts';
export { fieldErrorsOf, focusFirstInvalid, useFocusFirstError } from './form-errors.ts';
export { saveBlob, downloadFromServer } from './download.ts';
