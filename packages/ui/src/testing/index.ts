/**
 * Helpers of the UI component tests (jest, `*.test.tsx`), imported as `@venue/ui/testing`.
 * Test code only: no page imports this, so it never reaches a bundle.
 */
export { renderWithProviders, type RenderOptions, type RenderWithProvidersResult } from './render.tsx';
export { server } from './msw.ts';
export { captureRequests, onlyBody, type CapturedRequest } from './capture.ts';
export { fieldRefusal, holdAnswer } from './answers.ts';
export { dialogFocused, problemOf } from './fields.ts';
export { atTime } from './clock.ts';
