export { cssVariablesResolver, theme, PRODUCT_NAME } from './theme.ts';
export {
  formatMoney,
  formatDate,
  formatTime,
  formatWallClock,
  formatDateTime,
  type FormatSettings,
  type MoneyOptions,
} from './format.ts';
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
export {
  SessionContext,
  useSession,
  type Profile,
  type SessionInfo,
  type SessionContextValue,
  type RemoteProps,
  type Navigate,
} from './session.tsx';
export { PageHeader, type PageHeaderProps } from './components/PageHeader.tsx';
export { DialogActions } from './components/DialogActions.tsx';
export { OnDemand } from './components/OnDemand.tsx';
export {
  NotAvailableYet,
  AccessDenied,
  ACCESS_DENIED_TEXT,
  PAGE_DENIALS,
  type Denial,
  LoadingState,
  ErrorState,
  EmptyState,
  RefreshFailedNotice,
  type ErrorStateProps,
} from './components/states.tsx';
export { RemoteRoot, type RemoteRootProps } from './RemoteRoot.tsx';
export { RemotePage, plannedPage } from './RemotePage.tsx';
export { RemoteErrorBoundary } from './components/RemoteErrorBoundary.tsx';
export { saveBlob, downloadText, downloadFromServer, todayStamp, exportStamp } from './download.ts';
export { createRemoteLifecycles, remoteCrashFallback } from './remote-lifecycles.ts';
export { fieldErrorsOf, focusFirstInvalid, useFocusFirstError } from './form-errors.ts';
