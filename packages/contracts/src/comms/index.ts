/**
 * The comms API (spec 02 §2.10–2.12, §3.5, §5.3, §7, §8; issue 12): templates, sending,
 * history, recipients, reminders, bounces, Mail preview and the automatic e-mail settings.
 * `@venue/contracts/comms`; the comms service validates with these and mfe-comms infers its
 * types from them.
 *
 * Routes (all need the `comms` page permission; POSTs honour Idempotency-Key):
 * - GET    /api/email-templates                      templateListQuerySchema → templateListResponseSchema
 * - POST   /api/email-templates                      templateCreateSchema → 201 templateResponseSchema
 * - GET    /api/email-templates/{id}                 → templateResponseSchema
 * - PUT    /api/email-templates/{id}                 templateUpdateSchema → templateResponseSchema
 * - DELETE /api/email-templates/{id}                 → templateDeleteResponseSchema
 * - POST   /api/email-templates/preview              templatePreviewRequestSchema → templatePreviewResponseSchema
 * - POST   /api/email-comms/send                     sendEmailSchema (JSON, or multipart: part `payload` + `attachments` files)
 *                                                    → 202 sendEmailResponseSchema; 413 past 10 files / 10 MB
 * - GET    /api/email-comms/history                  historyQuerySchema → historyResponseSchema
 * - GET    /api/email-comms/history/{id}             → emailDetailResponseSchema
 * - GET    /api/email-comms/customers                customerSearchQuerySchema → customerListResponseSchema
 * - GET    /api/email-comms/bookings/{customerEmail} → customerBookingsResponseSchema
 * - POST   /api/email-comms/reminders                sendRemindersSchema → sendRemindersResponseSchema
 * - GET    /api/email-comms/bounces?email=           bounceQuerySchema → bounceResponseSchema
 * - DELETE /api/email-comms/bounces?email=           bounceQuerySchema → bounceClearedResponseSchema
 * - GET    /api/email-comms/settings                 → commsSettingsResponseSchema
 * - PUT    /api/email-comms/settings                 commsSettingsUpdateSchema → commsSettingsResponseSchema (hall owner only)
 * - GET    /api/email-comms/mail-preview             mailPreviewQuerySchema → mailPreviewListResponseSchema
 * - GET    /api/email-comms/mail-preview/{id}        → mailPreviewDetailResponseSchema
 * - GET    /api/email-comms/mail-preview/{id}/attachments/{index} → the file's bytes
 * - POST   /api/email-comms/sms                      sendSmsSchema → 202 sendSmsResponseSchema (issue 26)
 * - POST   /api/email-comms/sms/preview              smsCostPreviewSchema → smsCostPreviewResponseSchema
 * - GET    /api/email-comms/sms/settings             → smsSettingsResponseSchema
 * - GET    /api/email-comms/sms/opt-outs?phone|bookingId  smsOptOutQuerySchema → smsOptOutResponseSchema
 * - PUT    /api/email-comms/sms/opt-outs             smsOptOutPhoneSchema → smsOptOutChangedResponseSchema
 * - DELETE /api/email-comms/sms/opt-outs?phone=…     smsOptOutPhoneSchema (query) → smsOptOutChangedResponseSchema
 * - POST   /api/email-comms/sms/inbound/{token}      smsInboundSchema (form or JSON; no sign-in) → smsInboundResponseSchema
 */
export * from './templates.ts';
export * from './render.ts';
export * from './send.ts';
export * from './history.ts';
export * from './settings.ts';
export * from './routes.ts';
export * from './documents.ts';
export * from './sms.ts';
