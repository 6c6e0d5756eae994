/** Webhooks' calls (issue 26, decision 60), part of the admin route table. */
import { z } from 'zod';
import { messageSchema } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import {
  replayedWebhookSchema,
  webhookCreateSchema,
  webhookDeliveriesQuery,
  webhookDeliveryPageSchema,
  webhookQueuedSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from './webhooks.ts';

const base = { service: 'admin', tag: 'Settings', access: 'owner' } as const;
const idParams = z.object({ id: z.string().meta({ description: "The webhook's id (a uuid)." }) });
const notFound = { 404: { description: 'No such webhook (another venue’s is unknown too).' } };
const refusedUrl = {
  400: {
    description:
      'A field is wrong (`errors` names it): among them a `url` that is not https, or that resolves to a loopback, private, link-local, CGNAT, multicast or reserved address (unless the operator allowlisted it).',
  },
};
const notActive = { 409: { description: 'The webhook is paused or switched off: resume it first.' } };
const secretAnswers = (what: string) => ({
  201: { description: `${what} (the only time \`secret\` is shown)`, schema: webhookWithSecretSchema },
  200: {
    description: 'Already done by a request with the same Idempotency-Key: the record without the secret',
    schema: replayedWebhookSchema,
  },
});

export const WEBHOOK_ROUTES = [
  {
    ...base,
    method: 'get',
    path: '/api/integrations/webhooks',
    summary: "The venue's webhooks (never their secrets)",
    responses: { 200: { description: 'OK', schema: z.array(webhookSchema) } },
  },
  {
    ...base,
    method: 'post',
    path: '/api/integrations/webhooks',
    summary: 'Subscribe a URL to events; the signing secret is shown once',
    description:
      'Deliveries are POSTs of `{id, type, createdAt, tenantId, data}` signed with `X-VenueDesk-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>` (docs/api/admin.md, "Webhooks"). The secret is in the 201 answer only; a retry with the same `Idempotency-Key` answers 200 without it.',
    body: webhookCreateSchema,
    responses: {
      ...secretAnswers('Created'),
      ...refusedUrl,
      409: { description: 'The venue already has 20 webhooks.' },
    },
  },
  {
    ...base,
    method: 'get',
    path: '/api/integrations/webhooks/{id}',
    summary: 'One webhook',
    params: idParams,
    responses: { 200: { description: 'OK', schema: webhookSchema }, ...notFound },
  },
  {
    ...base,
    method: 'patch',
    path: '/api/integrations/webhooks/{id}',
    summary: 'Change the URL, events or description; pause or resume',
    params: idParams,
    body: webhookUpdateSchema,
    responses: {
      200: { description: 'The webhook after the change', schema: webhookSchema },
      ...refusedUrl,
      ...notFound,
    },
  },
  {
    ...base,
    method: 'delete',
    path: '/api/integrations/webhooks/{id}',
    summary: 'Delete a webhook and its delivery log',
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: messageSchema }, ...notFound },
  },
  {
    ...base,
    method: 'post',
    path: '/api/integrations/webhooks/{id}/rotate-secret',
    summary: 'A new signing secret; the previous one also signs for 24 hours',
    description:
      'Until `previousSecretExpiresAt` every delivery carries both signatures (`v1=<new>,v1=<previous>`), so the receiver can switch at its own pace.',
    params: idParams,
    responses: { ...secretAnswers('Rotated'), ...notFound },
  },
  {
    ...base,
    method: 'post',
    path: '/api/integrations/webhooks/{id}/test',
    summary: 'Send a test event (`webhook.test`)',
    params: idParams,
    responses: { 202: { description: 'Queued', schema: webhookQueuedSchema }, ...notFound, ...notActive },
  },
  {
    ...base,
    method: 'get',
    path: '/api/integrations/webhooks/{id}/deliveries',
    summary:
      'The delivery log: each delivery with its attempts (status code, time, first 2 kB of the answer)',
    params: idParams,
    query: webhookDeliveriesQuery,
    responses: { 200: { description: 'Newest first', schema: webhookDeliveryPageSchema }, ...notFound },
  },
  {
    ...base,
    method: 'post',
    path: '/api/integrations/webhooks/{id}/deliveries/{deliveryId}/resend',
    summary: 'Send a delivery again (the same event id and body)',
    params: idParams.extend({ deliveryId: z.string().meta({ description: "The delivery's id." }) }),
    responses: {
      202: { description: 'Queued', schema: webhookQueuedSchema },
      404: { description: 'No such webhook or delivery.' },
      ...notActive,
    },
  },
] as const satisfies RouteTable;
