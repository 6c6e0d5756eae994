export { createService, defaultPort, startService, type Service, type StartOptions } from './service.ts';
export type { ServiceKit, ServiceOptions, JobDefinition } from './kit.ts';
export type { AppContext, AppMiddleware, AppRouter, AppState, AppCustom } from './http/context.ts';
export { tenantOf } from './http/context.ts';
export {
  HttpError,
  badRequest,
  unauthorized,
  forbidden,
  notFound,
  conflict,
  notImplemented,
  ACCESS_DENIED_MESSAGE,
  OWN_TENANT_ONLY_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  AUTH_REQUIRED_MESSAGE,
  INVALID_TOKEN_MESSAGE,
} from './errors.ts';
export {
  parseBody,
  parseQuery,
  isUuid,
  textField,
  oneLine,
  oneLineField,
  isOneLine,
  calendarDate,
  wallTime,
  queryInteger,
  queryBoolean,
  queryText,
  queryDate,
  pageParam,
  limitParam,
  MAX_PAGE,
  CALENDAR_DATE_MESSAGE,
  WALL_TIME_MESSAGE,
  type FieldError,
} from './validation.ts';
export { MAX_TEXT_LENGTH } from './http/hostile-input.ts';
export {
  operation,
  serveOperations,
  type Operation,
  type OperationArgs,
  type OperationKey,
  type OperationOptions,
} from './http/operations.ts';
export { addressKey } from './http/client-address.ts';
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  answerInTx,
  replayWithout,
} from './http/idempotency.ts';
export {
  requireAuth,
  withTx,
  withRead,
  inRequestRead,
  inRequestTx,
  requireInternal,
  requirePermission,
  requireRole,
  requireTenantParam,
  requireVisitor,
  requireCustomer,
  withCustomerTx,
  VISITOR_REQUIRED_MESSAGE,
} from './auth/middleware.ts';
export * from './auth/tokens.ts';
export { keyFromEnv } from './auth/keys.ts';
export {
  encodeVisitor,
  decodeVisitor,
  encodeCustomer,
  decodeCustomer,
  signCustomerToken,
  verifyCustomerToken,
  type CustomerClaims,
} from './auth/callers.ts';
export {
  CUSTOMER_EMAIL_SETTING,
  CUSTOMER_EMAIL_SQL,
  customerRowCondition,
  customerRowPolicy,
} from './db/customer-policy.ts';
export type {
  Tx,
  Database,
  DatabaseConfig,
  QueryResult,
  QueryParams,
  Queryable,
  PublishOptions,
  AuditEntry,
  AuditContext,
} from './db/types.ts';
export { UnsafeDatabaseRoleError } from './db/database.ts';
export {
  dateText,
  kyselyOf,
  NOW,
  sql,
  type ColumnType,
  type Expression,
  type ExpressionBuilder,
  type Generated,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type Insertable,
  type SqlBool,
  type Updateable,
} from './db/kysely.ts';
export type {
  CalendarDate,
  Cents,
  Computed,
  DefaultCents,
  DefaultTimestamp,
  GeneratedId,
  Json,
  JsonWithDefault,
  NullableDate,
  NullableJson,
  NullableTimestamp,
  Numeric,
  TenantSettingsTable,
  Timestamp,
} from './db/columns.ts';
export type { HasDefault, InsertOnly, Refine, RefineTables } from './db/refine.ts';
export { keysetAfterCursor, keysetColumns, keysetOrder } from './db/kysely-keyset.ts';
export { keepNewest, type NewestOptions } from './db/read-copy.ts';
export {
  defineConsumers,
  type Consumer,
  type ConsumerMap,
  type ConsumersOf,
  type ConsumeOutcome,
  type EventOf,
} from './events/consume.ts';
export type { NatsConfig } from './events/nats.ts';
export { serviceUrl } from './events/service-urls.ts';
export {
  readSettingsCopy,
  requireSettingsCopy,
  settingsCopyConsumer,
  settingsNotReceivedMessage,
  storeSettingsSnapshot,
  type SettingsCopy,
  type SettingsCopyColumns,
} from './settings-copy.ts';
export { createLogger, type Logger } from './log.ts';
export { toCsv, type CsvOptions } from './csv.ts';
export { cleanFileName } from './file-names.ts';
export { readUpload, type UploadReader, type UploadRefusals } from './http/upload.ts';
export { foldIcsLine } from './ics-lines.ts';
export { venueIso, venueToday, wallClock, zonedInstant } from './venue-clock.ts';
export { demoHistoryRoute, pathTenant, tenantExportRoute } from './tenant-routes.ts';
export {
  callService,
  callServiceBytes,
  InternalCallError,
  requestScope,
  type InternalCall,
  type InternalFailure,
  type InternalFile,
} from './http/internal-client.ts';
