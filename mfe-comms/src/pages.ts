import { lazy, type ComponentType } from 'react';

/**
 * Each page is its own chunk, loaded when first shown: the contract's schemas (and zod with
 * them) reach the browser with the page that validates a form, never at the remote's start.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/CommsSendEmail': lazyPage(() => import('./send/SendEmailPage.tsx'), 'SendEmailPage'),
  '/CommsTemplates': lazyPage(() => import('./templates/TemplatesPage.tsx'), 'TemplatesPage'),
  '/CommsMessages': lazyPage(() => import('./messages/MessagesPage.tsx'), 'MessagesPage'),
  '/CommsMailPreview': lazyPage(() => import('./preview/MailPreviewPage.tsx'), 'MailPreviewPage'),
};
