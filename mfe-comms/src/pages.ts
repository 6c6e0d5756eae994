import type { ComponentType } from 'react';
import { plannedPage } from '@venue/ui';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/CommsSendEmail': plannedPage(
    '/CommsSendEmail',
    'Write and send an e-mail to a customer, optionally from a template.',
  ),
  '/CommsTemplates': plannedPage(
    '/CommsTemplates',
    'Reusable e-mail templates for confirmations, reminders and invoices.',
  ),
  '/CommsMessages': plannedPage('/CommsMessages', 'Every e-mail sent, with its delivery status.'),
};
