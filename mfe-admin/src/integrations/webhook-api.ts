/** Where Settings → Integrations → Webhooks reads and writes (issue 26), and its query key. */
export const WEBHOOKS_PATH = '/api/integrations/webhooks';
export const WEBHOOKS_QUERY = ['admin', 'integrations', 'webhooks'] as const;
