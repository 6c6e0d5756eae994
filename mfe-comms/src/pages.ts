import { lazyPage, type SectionPages } from '@venue/ui/remote-root';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: SectionPages = {
  '/CommsSendEmail': lazyPage(() => import('./send/SendEmailPage.tsx'), 'SendEmailPage'),
  '/CommsTemplates': lazyPage(() => import('./templates/TemplatesPage.tsx'), 'TemplatesPage'),
  '/CommsMessages': lazyPage(() => import('./messages/MessagesPage.tsx'), 'MessagesPage'),
  '/CommsMailPreview': lazyPage(() => import('./preview/MailPreviewPage.tsx'), 'MailPreviewPage'),
};
